/* The portable NNUE kernels (nnue_kernels.h): plain C (which the compiler may vectorise), the
 * reference for the others. */
#include "nnue_kernels.h"

/* Row by row, in unsigned arithmetic: it wraps like the vector instructions. */
static void accumulate(int16_t *dst, const int16_t *src, const int16_t *const *add, int nadd,
                       const int16_t *const *sub, int nsub, int h)
{
    for (int i = 0; i < h; i++)
        dst[i] = src[i];
    for (int k = 0; k < nadd; k++)
        for (int i = 0; i < h; i++)
            dst[i] = (int16_t)(uint16_t)((uint16_t)dst[i] + (uint16_t)add[k][i]);
    for (int k = 0; k < nsub; k++)
        for (int i = 0; i < h; i++)
            dst[i] = (int16_t)(uint16_t)((uint16_t)dst[i] - (uint16_t)sub[k][i]);
}

static int64_t output(const int16_t *us, const int16_t *them, const int16_t *w, int h, int qa, int screlu)
{
    int64_t v = 0;
    for (int half = 0; half < 2; half++) {
        const int16_t *x = half ? them : us, *wh = w + half * h;
        for (int i = 0; i < h; i++) {
            int64_t t = x[i] < 0 ? 0 : x[i] > qa ? qa : x[i];
            v += (screlu ? t * t : t) * wh[i];
        }
    }
    return v;
}

static const NnueKernels kernels = {accumulate, output};
const NnueKernels *nnue_kernels_scalar(void) { return &kernels; }
