/* Time management: how long the search may think about one move, from the clock state alone.
 * A pure function of the limits, so that tests can call it. */
#ifndef KAKI_TIMEMAN_H
#define KAKI_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "limits.h"
#include "params.h"

typedef struct TimeBudget {
    int64_t soft_ms; /* the target: an iteration is started only if it is predicted to end by
                        then; -1 = no limit */
    int64_t hard_ms; /* the search stops here, a small multiple of the target; -1 = no limit */
    int growth_min, growth_max, growth_unknown; /* tenths: the parameters' TIME_GROWTH_* */
} TimeBudget;

/* The budget for one move, with the parameters' MOVE_OVERHEAD_MS and TIME_* (params.h; the
   defaults in brackets): `movetime` exactly (less the overhead [15 ms]), both limits at once;
   with a clock, a target of the remaining time shared over the moves to go (TIME_MOVES_LEFT
   [30] at most, or when unknown) plus the increment [100 %], and a hard limit of twice
   the target, never more than a quarter [TIME_CAP_SHARE] of what is left (80 % [TIME_CAP_LAST]
   on the last move before a time control); nothing for infinite, depth-, node- or nps-limited
   searches. */
TimeBudget time_budget(const SearchLimits *limits, const SearchParams *p);

/* Should the next iteration be started, `elapsed` ms after the clock started, the last two
   iterations having taken `last_ms` and `before_ms` (0 if unknown)?  Only if its predicted
   time (the last iteration's times the growth from the one before, between 1.5x and 5x; 2.5x
   when unknown: the budget's growth_* fields) lets it end by the soft limit: an iteration that could not finish in time
   would be cut by the hard limit and its time lost. */
bool time_start_iteration(const TimeBudget *budget, int64_t elapsed, int64_t last_ms,
                          int64_t before_ms);

#endif
