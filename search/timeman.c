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
        int mtg = l->moves_to_go > 0 ? (l->moves_to_go < 50 ? l->moves_to_go : 50) : 50;
        int64_t base = left / mtg + (int64_t)l->inc_ms * 3 / 4;
        int64_t cap = mtg == 1 ? left * 8 / 10 : left / 3;
        b.hard_ms = base * 3 < cap ? base * 3 : cap;
        b.soft_ms = base * 6 / 10 < b.hard_ms ? base * 6 / 10 : b.hard_ms;
        if (b.hard_ms < 1)
            b.hard_ms = 1;
    }
    return b;
}
