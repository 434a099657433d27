/* Small helpers shared by the benchmark programs. */
#ifndef KAKI_BENCH_UTIL_H
#define KAKI_BENCH_UTIL_H

#include "util/clock.h"

/* qsort comparison for doubles (medians). */
static inline int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#endif
