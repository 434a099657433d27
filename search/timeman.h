/* Time management: how long the search may think about one move, from the clock state alone.
 * A pure function of the limits, so that tests can call it. */
#ifndef KAKI_TIMEMAN_H
#define KAKI_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "limits.h"

#define MOVE_OVERHEAD_MS 15 /* kept in hand on every clock move for I/O latency */
/* Moves still to play when the time control does not say: tenjiku games are long, and with an
   increment the clock refills anyway. */
#define TIME_MOVES_LEFT 50

typedef struct TimeBudget {
    int64_t soft_ms; /* the target: an iteration is started only if it is predicted to end by
                        then; -1 = no limit */
    int64_t hard_ms; /* the search stops here, a small multiple of the target; -1 = no limit */
} TimeBudget;

/* The budget for one move: `movetime` exactly (less the overhead), both limits at once; with
   a clock, a target of the remaining time shared over the moves to go (TIME_MOVES_LEFT at
   most, or when unknown) plus most of the increment, and a hard limit of twice the target,
   never more than a quarter of what is left (80 % on the last move before a time control);
   nothing for infinite, depth-, node- or nps-limited searches. */
TimeBudget time_budget(const SearchLimits *limits);

/* Should the next iteration be started, `elapsed` ms after the clock started, the last two
   iterations having taken `last_ms` and `before_ms` (0 if unknown)?  Only if its predicted
   time (the last iteration's times the growth from the one before, between 1.5x and 5x; 2.5x
   when unknown) lets it end by the soft limit: an iteration that could not finish in time
   would be cut by the hard limit and its time lost. */
bool time_start_iteration(const TimeBudget *budget, int64_t elapsed, int64_t last_ms,
                          int64_t before_ms);

#endif
