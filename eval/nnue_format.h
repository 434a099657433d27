/* The NNUE network's definition shared by the engine (eval/nnue.h) and the trainer (tuning/):
 * the feature set, the architecture's constants, the net in memory and its file format
 * (docs/NNUE.md).  Nothing here knows about searching or evaluating; the trainer includes this
 * header to write nets the engine reads.
 *
 * Features (feature set 1, "kind x square"): from the point of view of perspective p (BLACK = 0,
 * WHITE = 1), a piece of kind k and colour c on square s is feature
 *     ((c == p ? 0 : 1) * NNUE_KINDS + dense(k)) * 256 + (p == BLACK ? s : 255 - s)
 * where dense(k) numbers the kinds that exist (board/pieces.h kind_move_type[k] != MT_NONE) in
 * increasing k from 0.  Both perspectives use the same weights.
 *
 * Network: acc[p][i] = ft_bias[i] + sum of ft_weight[f][i] over the active features f of p
 * (int16, wrapping), i < H, and psqt[p] = sum of psqt_weight[f] over them (int32).  a(x) =
 * clamp(x, 0, QA) (CReLU) or its square (SCReLU).  With us = the side to move, them = the
 * other: v = sum a(acc[us][i]) * out_weight[i] + sum a(acc[them][i]) * out_weight[H + i],
 * exactly (64-bit); SCReLU then v /= QA (toward zero); the score is
 * (v + out_bias) * SCALE / (QA * QB) + (psqt[us] - psqt[them]) / 2 centipawns (each division
 * toward zero), the side to move's.  The psqt path carries the material (a tenjiku piece is
 * worth up to a hundred pawns), the hidden layer what material does not say.
 *
 * File (version 2), little-endian, NNUE_HEADER_SIZE bytes of header then the weights:
 *   0 magic "KAKINNUE" | 8 u32 version | 12 u32 feature set | 16 u32 inputs | 20 u32 H |
 *   24 u32 activation | 28 u32 QA | 32 u32 QB | 36 u32 SCALE | 40 description[64] (UTF-8, NUL
 *   padded) | 104 i16 ft_bias[H] | i16 ft_weight[inputs][H] | i16 out_weight[2H] |
 *   i32 psqt_weight[inputs] (centipawns) | i32 out_bias | u32 FNV-1a of every byte before it.
 * Version 1 had no psqt_weight; it is refused.
 */
#ifndef KAKI_EVAL_NNUE_FORMAT_H
#define KAKI_EVAL_NNUE_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NNUE_MAGIC "KAKINNUE" /* 8 bytes, no NUL in the file */
#define NNUE_VERSION 2
#define NNUE_FEATURE_SET 1
#define NNUE_KINDS 66   /* kinds that exist, promoted ones included */
#define NNUE_SQUARES 256
#define NNUE_INPUTS (2 * NNUE_KINDS * NNUE_SQUARES) /* 33,792 */
/* H: a multiple of NNUE_H_STEP in [NNUE_H_MIN, NNUE_H_MAX] */
#define NNUE_H_MIN 32
#define NNUE_H_MAX 512
#define NNUE_H_STEP 16
enum { NNUE_CRELU = 0, NNUE_SCRELU = 1 };
/* The quantisation constants the trainer uses; a file may carry others within these ranges:
   QA 1..255, QB 1..NNUE_QB_MAX, SCALE 1..NNUE_SCALE_MAX. */
#define NNUE_QA 255
#define NNUE_QB 64
#define NNUE_SCALE 400
#define NNUE_QB_MAX 4096
#define NNUE_SCALE_MAX 100000
#define NNUE_DESC_SIZE 64
#define NNUE_HEADER_SIZE 104

/* psqt_weight's bound: a sum over 256 pieces stays far inside int32. */
#define NNUE_PSQT_MAX 1000000
/* The exact size of a version-2 file with H hidden units. */
static inline size_t nnue_file_size(int h)
{
    return NNUE_HEADER_SIZE + 2 * (size_t)h + 2 * (size_t)NNUE_INPUTS * (size_t)h + 4 * (size_t)h +
           4 * (size_t)NNUE_INPUTS + 4 + 4;
}

/* The dense index of a kind (0..NNUE_KINDS-1), or -1 for a number that is no kind. */
int nnue_dense_kind(int kind);
/* The feature of a piece of kind `kind` and colour `colour` on square sq, seen from
   `perspective`; -1 if the kind does not exist. */
int nnue_feature(int perspective, int kind, int colour, int sq);

/* FNV-1a, 32 bits. */
uint32_t nnue_fnv1a(const void *data, size_t n);

/* A net in memory.  The arrays are one allocation owned by the net. */
typedef struct NnueNet {
    int hidden;     /* H */
    int activation; /* NNUE_CRELU or NNUE_SCRELU */
    int qa, qb, scale;
    char description[NNUE_DESC_SIZE + 1];
    int16_t *ft_bias;    /* [H] */
    int16_t *ft_weight;  /* [NNUE_INPUTS][H], one row per feature */
    int16_t *out_weight; /* [2H]: the side to move's half first */
    int32_t *psqt_weight; /* [NNUE_INPUTS], centipawns, |w| <= NNUE_PSQT_MAX */
    int32_t out_bias;
} NnueNet;

/* A net of H hidden units with every weight 0 and the default constants; NULL if h is out of
   range or memory is short. */
NnueNet *nnue_net_new(int h, int activation);
void nnue_net_free(NnueNet *net);

/* Reads a net from the bytes of a file.  NULL with a message in err ("inputs 100, not 33792")
   if anything does not match the format: magic, version, feature set, inputs, H, activation,
   QA/QB/SCALE, size, checksum, a psqt weight out of bounds. */
NnueNet *nnue_net_read(const void *data, size_t size, char *err, size_t errsz);
/* The same from a file ("cannot open PATH: ..." if it cannot be read). */
NnueNet *nnue_net_load(const char *path, char *err, size_t errsz);

/* The file's bytes (nnue_file_size(H) of them, malloc'd, checksum included), or NULL if the
   net's fields are out of range. */
uint8_t *nnue_net_write(const NnueNet *net, size_t *size);
/* Writes the file; 0, or -1 with a message in err. */
int nnue_net_save(const NnueNet *net, const char *path, char *err, size_t errsz);

#endif
