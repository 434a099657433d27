#include "timeman.h"

TimeBudget time_budget(const SearchLimits *l)
{
    TimeBudget b = {-1, -1};
    if (l->infinite)
        return b;
    if (l->movetime_ms > 0) {
        b.soft_ms = b.hard_ms = l->movetime_ms > 2 * MOVE_OVERHEAD_MS
                                    ? l->movetime_ms - MOVE_OVERHEAD_MS
                                    : l->movetime_ms / 2 + 1;
    } else if (l->time_ms >= 0) {
        int64_t left = l->time_ms - MOVE_OVERHEAD_MS;
        if (left < 1)
            left = 1;
        int mtg = l->moves_to_go > 0 && l->moves_to_go < TIME_MOVES_LEFT ? l->moves_to_go
                                                                           : TIME_MOVES_LEFT;
        int64_t target = left / mtg + (int64_t)l->inc_ms * 3 / 4;
        int64_t cap = mtg == 1 ? left * 8 / 10 : left / 4;
        b.hard_ms = 2 * target < cap ? 2 * target : cap;
        b.soft_ms = target < b.hard_ms ? target : b.hard_ms;
        if (b.hard_ms < 1)
            b.hard_ms = 1;
    }
    return b;
}

bool time_start_iteration(const TimeBudget *b, int64_t elapsed, int64_t last_ms, int64_t before_ms)
{
    if (b->soft_ms < 0)
        return true;
    /* growth in tenths: the ratio of the last two iterations, clamped */
    int64_t growth = before_ms > 0 ? last_ms * 10 / before_ms : 25;
    growth = growth < 15 ? 15 : growth > 50 ? 50 : growth;
    return elapsed + last_ms * growth / 10 <= b->soft_ms;
}
