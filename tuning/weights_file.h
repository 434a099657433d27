/* Writing the evaluation's weights as the C source eval/weights.c. */
#ifndef KAKI_TUNING_WEIGHTS_FILE_H
#define KAKI_TUNING_WEIGHTS_FILE_H

#include "eval/weights.h"

/* Writes the weights (zero entries left out) with `origin` as eval_weights_origin and as a
   comment; via a temporary file renamed into place.  Returns 0, or -1 with a message on
   stderr. */
int weights_write(const char *path, const EvalWeight *w, const char *origin);

/* The tuner's starting point: feature_prior() in both phases. */
void weights_prior(EvalWeight *w);
/* The hand-set weights that played the first round of training games (tuning/README.md): the
   terms Kaki had before the tuner, rewritten as features (docs/BENCHMARKS.md lists them). */
void weights_bootstrap(EvalWeight *w);

#endif
