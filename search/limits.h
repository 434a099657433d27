/* What a search may spend: its depth, nodes and time (SearchLimits), and the most threads a
 * searcher runs. */
#ifndef KAKI_SEARCH_LIMITS_H
#define KAKI_SEARCH_LIMITS_H

#include <stdbool.h>
#include <stdint.h>

#include "board/move.h"

#define MAX_THREADS 64
#define MULTIPV_MAX 8 /* the most lines a search keeps (SearchLimits.multipv) */

typedef struct SearchLimits {
    int depth;            /* maximal depth in plies, 0 = none */
    uint64_t nodes;       /* node budget, 0 = none */
    int movetime_ms;      /* exactly this much time for the move, 0 = none */
    int time_ms;          /* remaining clock of the side to move, -1 = no clock */
    int inc_ms;           /* increment per move (Fischer) */
    int moves_to_go;      /* moves until the next time control, 0 = rest of the game */
    uint64_t nps;         /* if > 0, time is measured as nodes / nps (XBoard "nps") */
    bool infinite;        /* analyse or ponder until stopped */
    /* MultiPV: how many root moves are searched to the end, each with its own line and score
       (the best, then the best of the others, ...); 0 or 1 = one line, at most MULTIPV_MAX and
       the number of root moves.  Every line is reported, best first (report.h). */
    int multipv;
    /* Root moves never searched (XBoard "exclude"); read by searcher_start only, so the array
       need not outlive that call.  Moves that are not legal there are ignored. */
    const Move *excluded;
    int excluded_count;
    int root_noise;       /* playing levels: a root move's score gets a bonus of 0..root_noise
                             centipawns, a hash of noise_seed, position and move (level.h) */
    uint64_t noise_seed;
} SearchLimits;

static inline SearchLimits limits_none(void)
{
    return (SearchLimits){.time_ms = -1};
}

#endif
