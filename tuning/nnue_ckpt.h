/* The NNUE trainer's state between epochs and its checkpoint file, from which `kaki-tune train
 * --resume` continues exactly where the run stopped.
 *
 * File (native byte order: a checkpoint is for the machine that wrote it): magic "KAKINNCK",
 * u32 version, the run's settings that must match (CkptKey), the counters, the loss history,
 * then the float arrays: parameters, Adam's first and second moments, the parameters of the
 * best epoch, and one byte per feature row (used yet), and an FNV-1a of all before it.  Written
 * to FILE.tmp and renamed, so that a run killed while writing keeps the previous checkpoint. */
#ifndef KAKI_TUNING_NNUE_CKPT_H
#define KAKI_TUNING_NNUE_CKPT_H

#include <stddef.h>
#include <stdint.h>

/* What makes two runs the same run: a checkpoint only resumes a run with all of these equal. */
typedef struct CkptKey {
    uint32_t hidden, activation, factor, mirror, init, batch, threads, validation_every;
    uint32_t data_fingerprint;
    uint32_t init_net; /* the FNV-1a of the net started from (--init NET), else 0 */
    uint64_t seed, ntrain, nvalid;
    double rate, lambda, decay, scale;
} CkptKey;

typedef struct TrainState {
    size_t nparams, nrows;
    float *p, *m, *v, *best; /* nparams each */
    uint8_t *used;           /* nrows: the feature rows some batch has touched */
    uint64_t step;           /* Adam steps done */
    int epoch;               /* epochs done */
    int best_epoch;
    double best_loss;
    int max_epochs;          /* capacity of the loss arrays - 1 */
    double *loss_train, *loss_valid; /* per epoch, 0 .. epoch */
} TrainState;

/* Allocates the arrays (zero) for nparams parameters, nrows rows and epochs 0..max_epochs. */
void train_state_new(TrainState *s, size_t nparams, size_t nrows, int max_epochs);
void train_state_free(TrainState *s);

/* Writes the checkpoint; 0, or -1 with a message in err. */
int ckpt_save(const char *path, const CkptKey *key, const TrainState *s, char *err, size_t errsz);
/* Reads it into s (allocated for the same sizes; max_epochs must hold the saved epochs).
   Returns 0; 1 if the file does not exist; -1 with a message in err if it cannot be used (not
   a checkpoint, damaged, or another run: the message names the first setting that differs). */
int ckpt_load(const char *path, const CkptKey *key, TrainState *s, char *err, size_t errsz);

#endif
