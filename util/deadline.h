/* Deadlines for pthread_cond_timedwait, which takes the absolute time at which to give up, on
 * the clock of the condition variable: CLOCK_REALTIME unless it was created with
 * pthread_condattr_setclock (CLOCK_MONOTONIC, which does not jump with the wall clock). */
#ifndef KAKI_UTIL_DEADLINE_H
#define KAKI_UTIL_DEADLINE_H

#include <pthread.h> /* before time.h: MinGW-w64 declares clockid_t with the pthreads */
#include <time.h>

/* The time ms >= 0 milliseconds from now on `clock`. */
struct timespec deadline_after_ms(clockid_t clock, int ms);

#endif
