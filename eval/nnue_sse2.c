/* The SSE2 NNUE kernels (nnue_kernels.h): in every x86-64 build (SSE2 is part of x86-64). */
#include "nnue_kernels.h"

#include <stddef.h>

#if defined(__SSE2__)
#include <emmintrin.h>

#define LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)

/* Lanes [i, i + 8 * nreg) in registers: every row added or subtracted, then stored. */
static inline __attribute__((always_inline)) void block(int nreg, int16_t *dst, const int16_t *src,
                                                          const int16_t *const *add, int nadd,
                                                          const int16_t *const *sub, int nsub, int i)
{
    __m128i r[4];
    for (int j = 0; j < nreg; j++)
        r[j] = LOAD(src + i + 8 * j);
    for (int k = 0; k < nadd; k++)
        for (int j = 0; j < nreg; j++)
            r[j] = _mm_add_epi16(r[j], LOAD(add[k] + i + 8 * j));
    for (int k = 0; k < nsub; k++)
        for (int j = 0; j < nreg; j++)
            r[j] = _mm_sub_epi16(r[j], LOAD(sub[k] + i + 8 * j));
    for (int j = 0; j < nreg; j++)
        STORE(dst + i + 8 * j, r[j]);
}

static void accumulate(int16_t *dst, const int16_t *src, const int16_t *const *add, int nadd,
                       const int16_t *const *sub, int nsub, int h)
{
    int i = 0;
    for (; i + 32 <= h; i += 32)
        block(4, dst, src, add, nadd, sub, nsub, i);
    for (; i < h; i += 16)
        block(2, dst, src, add, nadd, sub, nsub, i);
}

/* Each 32-bit lane receives at most 2h / 8 madd results of two products, each product at most
   255 * 32,768 in size (CReLU) or 255 * 32,385 (SCReLU with small weights): below 2^31 for
   h <= 512, so the lanes never overflow. */
static int64_t output(const int16_t *us, const int16_t *them, const int16_t *w, int h, int qa, int screlu)
{
    const __m128i zero = _mm_setzero_si128(), top = _mm_set1_epi16((int16_t)qa);
    __m128i sum = zero;
    for (int half = 0; half < 2; half++) {
        const int16_t *x = half ? them : us, *wh = w + half * h;
        for (int i = 0; i < h; i += 8) {
            __m128i t = _mm_min_epi16(_mm_max_epi16(LOAD(x + i), zero), top), wv = LOAD(wh + i);
            sum = _mm_add_epi32(sum, screlu ? _mm_madd_epi16(_mm_mullo_epi16(t, wv), t) : _mm_madd_epi16(t, wv));
        }
    }
    int32_t lane[4];
    STORE(lane, sum);
    return (int64_t)lane[0] + lane[1] + lane[2] + lane[3];
}

static const NnueKernels kernels = {accumulate, output};
const NnueKernels *nnue_kernels_sse2(void) { return &kernels; }
#else
const NnueKernels *nnue_kernels_sse2(void) { return NULL; }
#endif
