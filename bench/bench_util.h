/* Small helpers shared by the benchmark programs. */
#ifndef KAKI_BENCH_UTIL_H
#define KAKI_BENCH_UTIL_H

#include <time.h>

/* Monotonic wall clock in seconds. */
static inline double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* qsort comparison for doubles (medians). */
static inline int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#endif
