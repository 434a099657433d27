#include "timeman.h"

TimeBudget time_budget(const SearchLimits *l, const SearchParams *p)
{
    TimeBudget b = {-1, -1, p->time_growth_min, p->time_growth_max, p->time_growth_unknown};
    const int overhead = p->move_overhead_ms, moves_left = p->time_moves_left;
    if (l->infinite)
        return b;
    if (l->movetime_ms > 0) {
        b.soft_ms = b.hard_ms = l->movetime_ms > 2 * overhead
                                    ? l->movetime_ms - overhead
                                    : l->movetime_ms / 2 + 1;
    } else if (l->time_ms >= 0) {
        int64_t left = l->time_ms - overhead;
        if (left < 1)
            left = 1;
        int mtg = l->moves_to_go > 0 && l->moves_to_go < moves_left ? l->moves_to_go
                                                                           : moves_left;
        int64_t target = left / mtg + (int64_t)l->inc_ms * p->time_inc_share / 100;
        int64_t cap = mtg == 1 ? left * p->time_cap_last / 100 : left * p->time_cap_share / 100;
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
    int64_t growth = before_ms > 0 ? last_ms * 10 / before_ms : b->growth_unknown;
    growth = growth < b->growth_min ? b->growth_min : growth > b->growth_max ? b->growth_max : growth;
    return elapsed + last_ms * growth / 10 <= b->soft_ms;
}
