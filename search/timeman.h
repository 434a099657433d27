/* Time management: how long the search may think about one move, from the clock state alone.
 * A pure function of the limits, so that tests can call it. */
#ifndef KAKI_TIMEMAN_H
#define KAKI_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "search.h"

#define MOVE_OVERHEAD_MS 15 /* kept in hand on every clock move for I/O latency */

typedef struct TimeBudget {
    int64_t soft_ms; /* no new iteration is started after this; -1 = no limit */
    int64_t hard_ms; /* the search stops here; -1 = no limit */
} TimeBudget;

/* The budget for one move: `movetime` exactly (less the overhead); with a clock, a share of the
   remaining time (moves to go, else 50) plus most of the increment, never more than a third
   of what is left (80 % on the last move before a time control); nothing for infinite,
   depth-, node- or nps-limited searches. */
TimeBudget time_budget(const SearchLimits *limits);

/* Should the next iteration be started, `elapsed` ms after the clock started, the last two
   iterations having taken `last_ms` and `before_ms` (0 if unknown)?  Not once the soft limit
   has passed, and not when its predicted time (the last iteration's times the growth from the
   one before, between 1.5x and 4x; 2x when unknown) would run past the hard limit: it could
   not finish, and its time would be lost. */
bool time_start_iteration(const TimeBudget *budget, int64_t elapsed, int64_t last_ms,
                          int64_t before_ms);

#endif
