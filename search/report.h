/* What a search tells its caller: one report per completed iteration, through a callback. */
#ifndef KAKI_SEARCH_REPORT_H
#define KAKI_SEARCH_REPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "board/move.h"
#include "board/position.h"
#include "score.h"

typedef struct SearchReport {
    int depth, seldepth;
    int score;               /* see SCORE_MATE */
    bool lowerbound, upperbound; /* fail-high / fail-low report inside an aspiration re-search */
    int64_t time_ms;
    uint64_t nodes, nps;
    int pv_length;
    Move pv[MAX_PLY];
} SearchReport;

/* Called from the main search thread after every iteration (and for the final result).
   `root` is the searched position, for printing the PV. */
typedef void (*SearchReportFn)(void *ctx, const Position *root, const SearchReport *report);

#endif
