/* The evaluation's weights: one opening and one endgame value per feature (eval/feature_set.h),
 * in centipawns.  eval/weights.c is written by the tuner (`kaki-tune tune`, tuning/README.md)
 * and compiled in. */
#ifndef KAKI_EVAL_WEIGHTS_H
#define KAKI_EVAL_WEIGHTS_H

#include <stdint.h>

#include "feature_set.h"

typedef struct EvalWeight {
    int32_t mg, eg; /* opening (middlegame) and endgame weight */
} EvalWeight;

extern const EvalWeight eval_weights[FEATURE_COUNT];
/* Where the weights come from (data, tuner settings, losses): one line, for `kaki eval`. */
extern const char eval_weights_origin[];

#endif
