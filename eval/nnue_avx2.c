/* The AVX2 NNUE kernels (nnue_kernels.h): compiled for AVX2 with a target attribute and used
 * when the processor has it (nnue.c asks), or throughout in a build for such a machine
 * (KAKI_NATIVE).  Not in Windows builds made for any x86-64 machine: MinGW-w64's GCC does not
 * align the stack for 32-byte spills (GCC bug 54412). */
#include "nnue_kernels.h"

#include <stddef.h>

#if defined(__x86_64__) && (defined(__AVX2__) || !defined(_WIN32))
#include <immintrin.h>

#define TARGET __attribute__((target("avx2")))
#define LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)

/* Lanes [i, i + 16 * nreg) in registers: every row added or subtracted, then stored. */
static inline TARGET __attribute__((always_inline)) void block(int nreg, int16_t *dst, const int16_t *src,
                                                                 const int16_t *const *add, int nadd,
                                                                 const int16_t *const *sub, int nsub, int i)
{
    __m256i r[4];
    for (int j = 0; j < nreg; j++)
        r[j] = LOAD(src + i + 16 * j);
    for (int k = 0; k < nadd; k++)
        for (int j = 0; j < nreg; j++)
            r[j] = _mm256_add_epi16(r[j], LOAD(add[k] + i + 16 * j));
    for (int k = 0; k < nsub; k++)
        for (int j = 0; j < nreg; j++)
            r[j] = _mm256_sub_epi16(r[j], LOAD(sub[k] + i + 16 * j));
    for (int j = 0; j < nreg; j++)
        STORE(dst + i + 16 * j, r[j]);
}

static TARGET void accumulate(int16_t *dst, const int16_t *src, const int16_t *const *add, int nadd,
                              const int16_t *const *sub, int nsub, int h)
{
    int i = 0;
    for (; i + 64 <= h; i += 64)
        block(4, dst, src, add, nadd, sub, nsub, i);
    for (; i + 32 <= h; i += 32)
        block(2, dst, src, add, nadd, sub, nsub, i);
    for (; i < h; i += 16)
        block(1, dst, src, add, nadd, sub, nsub, i);
}

/* As in nnue_sse2.c, with half as many madd results per lane. */
static TARGET int64_t output(const int16_t *us, const int16_t *them, const int16_t *w, int h, int qa, int screlu)
{
    const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16((int16_t)qa);
    __m256i sum = zero;
    for (int half = 0; half < 2; half++) {
        const int16_t *x = half ? them : us, *wh = w + half * h;
        for (int i = 0; i < h; i += 16) {
            __m256i t = _mm256_min_epi16(_mm256_max_epi16(LOAD(x + i), zero), top), wv = LOAD(wh + i);
            sum = _mm256_add_epi32(sum, screlu ? _mm256_madd_epi16(_mm256_mullo_epi16(t, wv), t)
                                               : _mm256_madd_epi16(t, wv));
        }
    }
    int32_t lane[8];
    STORE(lane, sum);
    int64_t v = 0;
    for (int j = 0; j < 8; j++)
        v += lane[j];
    return v;
}

static const NnueKernels kernels = {accumulate, output};
const NnueKernels *nnue_kernels_avx2(void)
{
#ifndef __AVX2__
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2"))
        return NULL;
#endif
    return &kernels;
}
#else
const NnueKernels *nnue_kernels_avx2(void) { return NULL; }
#endif
