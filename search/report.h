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
    int line, lines; /* MultiPV: this is line `line` (1 = the best) of `lines` */
} SearchReport;

/* Called from the main search thread after every iteration (and for the final result).
   `root` is the searched position, for printing the PV.  With MultiPV (limits.h) an
   iteration is reported as `lines` calls in a row, line 1 to `lines`, in falling score order,
   all of the same depth; only completed iterations are reported. */
typedef void (*SearchReportFn)(void *ctx, const Position *root, const SearchReport *report);

#endif
