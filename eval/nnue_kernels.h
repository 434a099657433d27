/* Internal to eval/: the NNUE's two inner loops, once per code path (docs/NNUE.md §4).  Every
 * path gives the same result bit for bit: int16 sums wrap alike in every path, and the output's
 * sums are exact (each path's partial sums provably fit their lanes). */
#ifndef KAKI_EVAL_NNUE_KERNELS_H
#define KAKI_EVAL_NNUE_KERNELS_H

#include <stdint.h>

typedef struct NnueKernels {
    /* dst[i] = src[i] + sum of add[k][i] - sum of sub[k][i] for i < h (a multiple of 16),
       wrapping in 16 bits.  dst and src may not overlap the rows. */
    void (*accumulate)(int16_t *dst, const int16_t *src, const int16_t *const *add, int nadd,
                       const int16_t *const *sub, int nsub, int h);
    /* The sum over i < h of a(us[i]) * w[i] + a(them[i]) * w[h + i], where a(x) = clamp(x, 0, qa)
       (screlu: its square), h <= NNUE_H_MAX and qa <= 255.  Exact for CReLU; for SCReLU only if
       every |w| <= NNUE_SMALL_WEIGHT (the scalar path is exact for every weight). */
    int64_t (*output)(const int16_t *us, const int16_t *them, const int16_t *w, int h, int qa, int screlu);
} NnueKernels;

/* With |w| <= 127, clamp * w fits in 16 bits (255 * 127 = 32,385). */
#define NNUE_SMALL_WEIGHT 127

/* The path's kernels, or NULL if this build or machine lacks it (NNUE_PATH_*, eval/nnue.h). */
const NnueKernels *nnue_kernels_scalar(void);
const NnueKernels *nnue_kernels_sse2(void);
const NnueKernels *nnue_kernels_avx2(void);

#endif
