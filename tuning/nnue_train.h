/* The NNUE trainer (`kaki-tune train`, tuning/README.md): learns the float network of
 * nnue_model.h from pack files with Adam on mini-batches, a data-parallel gradient over
 * threads, held-out validation by game number, checkpoints after every epoch, and writes the
 * quantised net of the epoch with the lowest validation loss in the engine's format. */
#ifndef KAKI_TUNING_NNUE_TRAIN_H
#define KAKI_TUNING_NNUE_TRAIN_H

#include <stdbool.h>
#include <stdint.h>

typedef struct TrainConfig {
    const char *const *data;
    int ndata;
    const char *out;        /* the net (.nnue) */
    const char *loss_log;   /* "epoch training validation" lines, or NULL */
    const char *checkpoint; /* written after every epoch, or NULL */
    bool resume;            /* continue from the checkpoint if there is one */
    int hidden, activation, init, epochs, batch, threads, validation_every;
    const char *init_net;   /* with init NN_INIT_NET: a net file, or "builtin" */
    bool factor;
    bool mirror;            /* each epoch, half the positions read with the files turned */
    double rate, lambda;
    double scale;           /* the sigmoid's scale in centipawns (nnue_model.h) */
    double decay;           /* feature rows shrink by rate * decay a step (AdamW) */
    uint64_t seed;
} TrainConfig;

TrainConfig train_config_default(void);
/* Runs the training; 0, or 1 after printing an error. */
int train_run(const TrainConfig *cfg);

#endif
