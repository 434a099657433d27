/* The Texel tuner (tuning/README.md): logistic fitting of every evaluation weight to the game
 * results (and optionally the search scores) of a data set by gradient descent. */
#ifndef KAKI_TUNING_TUNER_H
#define KAKI_TUNING_TUNER_H

#include <stdint.h>

typedef struct TuneConfig {
    const char **data;     /* data files */
    int ndata;
    const char *out;       /* weights file to write (eval/weights.c) */
    const char *loss_log;  /* if set: "epoch train validation" per line, for the plot */
    int epochs;
    int batch;             /* positions per gradient step */
    double rate;           /* Adam learning rate, centipawns per step */
    double lambda;         /* share of the search score in the target (0 = results only) */
    double l2;             /* regularisation towards the starting weights, per centipawn^2 */
    int validation_every;  /* games whose number is 0 modulo this are held out */
    int min_count;         /* features seen in fewer training positions keep their prior */
    unsigned terms;        /* bit t set: the features of EvalTerm t are fitted; the rest keep
                              their prior (all bits: every term) */
    uint64_t seed;         /* order of the positions */
    uint64_t max_positions;/* 0 = all */
} TuneConfig;

TuneConfig tune_config_default(void);
/* Returns 0, or 1 after printing an error. */
int tune_run(const TuneConfig *cfg);

#endif
