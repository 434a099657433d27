/* The monotonic clock and sleeping: the one place every executable reads time from. */
#ifndef KAKI_UTIL_CLOCK_H
#define KAKI_UTIL_CLOCK_H

#include <stdint.h>

/* Monotonic time (not wall-clock time: it never jumps) in microseconds and milliseconds. */
int64_t mono_us(void);
int64_t mono_ms(void);
/* Monotonic time in seconds, for benchmarks. */
double mono_seconds(void);

/* Sleeps for ms milliseconds (resumed after a signal); nothing for ms <= 0. */
void sleep_ms(int64_t ms);

#endif
