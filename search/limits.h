/* What a search may spend: its depth, nodes and time (SearchLimits), and the most threads a
 * searcher runs. */
#ifndef KAKI_SEARCH_LIMITS_H
#define KAKI_SEARCH_LIMITS_H

#include <stdbool.h>
#include <stdint.h>

#define MAX_THREADS 64

typedef struct SearchLimits {
    int depth;            /* maximal depth in plies, 0 = none */
    uint64_t nodes;       /* node budget, 0 = none */
    int movetime_ms;      /* exactly this much time for the move, 0 = none */
    int time_ms;          /* remaining clock of the side to move, -1 = no clock */
    int inc_ms;           /* increment per move (Fischer) */
    int moves_to_go;      /* moves until the next time control, 0 = rest of the game */
    uint64_t nps;         /* if > 0, time is measured as nodes / nps (XBoard "nps") */
    bool infinite;        /* analyse or ponder until stopped */
} SearchLimits;

static inline SearchLimits limits_none(void)
{
    return (SearchLimits){.time_ms = -1};
}

#endif
