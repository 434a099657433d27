/* Time management: how long the search may think about one move, from the clock state alone.
 * A pure function of the limits, so that tests can call it. */
#ifndef KAKI_TIMEMAN_H
#define KAKI_TIMEMAN_H

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

#endif
