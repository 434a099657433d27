/* The float form of the engine's network (eval/nnue_format.h) that the trainer learns, its
 * gradient, and its quantisation to the engine's integer net.
 *
 * Parameters, one float array (NnModel.p), in this order:
 *   ft[NNUE_INPUTS][H]   feature rows
 *   fk[2 * NNUE_KINDS][H] the factoriser (with NnModel.factor): one row per (relation, kind),
 *                        shared by the 256 squares; the engine's row of feature f is
 *                        ft[f] + fk[f / 256]
 *   ft_bias[H], out[2H] (the side to move's half first), out_bias[1]
 *   psqt[NNUE_INPUTS], pk[2 * NNUE_KINDS]: the psqt path, its factoriser likewise
 * acc = ft_bias + sum of the rows of the active features; a = clamp(acc, 0, 1)^2 (SCReLU) or
 * clamp(acc, 0, 1) (CReLU); out = sum a_us * out[i] + a_them * out[H + i] + out_bias +
 * (P_us - P_them) / 2, P the sum of psqt[f] (+ pk[f / 256]) over a perspective's features; the
 * prediction is out * NNUE_SCALE centipawns, and the loss of a position
 * (sigmoid(out * NNUE_SCALE / S) - target)^2, where target = lambda * sigmoid(score / S) +
 * (1 - lambda) * result and S is the sigmoid's scale in centipawns (TrainConfig.scale).
 */
#ifndef KAKI_TUNING_NNUE_MODEL_H
#define KAKI_TUNING_NNUE_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/geometry.h"
#include "eval/nnue_format.h"
#include "nnue_data.h"

/* Weights stay within these so that the engine's int16 rows and its fast output path (every
   |out weight| <= 127 after quantisation, eval/nnue_kernels.h) take them. */
#define NN_FT_CLIP 1.98f
#define NN_OUT_CLIP (127.0f / NNUE_QB)
/* psqt and pk each within half the file's bound (eval/nnue_format.h NNUE_PSQT_MAX), in net units */
#define NN_PSQT_CLIP (NNUE_PSQT_MAX / 2.0f / NNUE_SCALE)
#define NN_FK_ROWS (2 * NNUE_KINDS)

enum { NN_INIT_RANDOM, NN_INIT_MATERIAL, NN_INIT_GCSA, NN_INIT_NET /* nn_model_from_net */ };

typedef struct NnModel {
    int h, activation;
    bool factor;
    size_t nparams;
    size_t o_fk, o_bias, o_out, o_outb, o_psqt, o_pk; /* offsets in p of the parts after ft (at 0) */
    float *p;
} NnModel;

/* Allocates the parameters (zero). */
void nn_model_new(NnModel *m, int h, int activation, bool factor);
void nn_model_free(NnModel *m);
/* Sets the starting parameters: small random weights drawn from seed, and with
   NN_INIT_MATERIAL (the learnt material, eval/weights.c) or NN_INIT_GCSA (docs/RULES.md §7) the
   psqt path set to the material balance (the kinds' values in the factoriser, or in every
   square's row without it); NN_INIT_RANDOM leaves the psqt path 0. */
void nn_model_init(NnModel *m, uint64_t seed, int init);

/* Sets the parameters to an engine's net (fine-tuning from it): the integer weights divided
   by the quantisation constants, and with the factoriser each kind's mean over its squares
   moved into its shared row, so that nn_quantise gives the net back.  -1 with a message in err
   if the net's H, activation or constants are not the model's. */
int nn_model_from_net(NnModel *m, const NnueNet *net, char *err, size_t errsz);

/* The features of a position from one perspective; returns their number. */
int nn_features(const PackPos *pos, int perspective, uint16_t *out);

/* The rows the forward pass reads: ft[f] + fk[f / 256] for the rows with rows_used[f] (all if
   rows_used is NULL), into merged (NNUE_INPUTS x H).  Without the factoriser merged is unused. */
void nn_merge_rows(const NnModel *m, float *merged, const uint8_t *rows_used);
/* The rows the forward pass reads (merged or m->p). */
static inline const float *nn_rows(const NnModel *m, const float *merged) { return m->factor ? merged : m->p; }

/* Scratch of one thread for a forward and backward pass. */
typedef struct NnWork {
    float *acc[2], *d[2]; /* side to move, other side; H each */
    uint16_t feat[2][SQUARE_COUNT];
    int nfeat[2];
} NnWork;
void nn_work_new(NnWork *w, int h);
void nn_work_free(NnWork *w);

/* The forward pass: the output (prediction / NNUE_SCALE), keeping the accumulators in w. */
float nn_forward(const NnModel *m, const float *rows, const PackPos *pos, NnWork *w);
/* The target of a position: lambda * sigmoid(score / scale) + (1 - lambda) * result, the
   sigmoid alone for a position without a result (PACK_RESULT_NONE); scale in centipawns. */
float nn_target(const PackPos *pos, float lambda, float scale);
/* The loss of the output: (sigmoid(out * NNUE_SCALE / scale) - target)^2; *dout its
   derivative by out. */
float nn_loss(float out, float target, float scale, float *dout);
/* After nn_forward: adds g * d(out)/d(parameter) into grad (nparams floats, ft rows included,
   fk excluded: its gradient is the sum of its squares' ft gradients, nn_factor_grad), and
   marks the touched ft rows in touched. */
void nn_backward(const NnModel *m, const PackPos *pos, NnWork *w, float g, float *grad, uint8_t *touched);
/* grad's fk rows for the relation-kinds [k0, k1) from its ft rows. */
void nn_factor_grad(const NnModel *m, float *grad, const uint8_t *touched, int k0, int k1);

/* Keeps the parameters [from, to) within the clip bounds. */
void nn_clip(NnModel *m, size_t from, size_t to);

/* The engine's net: merged rows, rounded (ft x QA, out x QB, out_bias x QA x QB) and clamped.
   *clipped counts the weights that did not fit. */
NnueNet *nn_quantise(const NnModel *m, const char *description, long *clipped);
/* The engine's score of a position with a quantised net (eval/nnue_format.h's integer formula,
   accumulators wrapping in 16 bits as in the engine), side to move's view; *overflow set if an
   accumulator left the int16 range. */
int64_t nn_quant_eval(const NnueNet *net, const PackPos *pos, bool *overflow);

#endif
