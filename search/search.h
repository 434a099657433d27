/* The search engine: iterative-deepening alpha-beta on N threads (Lazy SMP) sharing one
 * transposition table.  The caller (protocol, command line, tests) owns a Searcher, starts a
 * search on a position, may stop it at any time, and gets one report per completed iteration
 * through a callback. */
#ifndef KAKI_SEARCH_H
#define KAKI_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "board/move.h"
#include "board/position.h"

#define MAX_PLY 128
#define MAX_THREADS 64

/* Scores are centipawns from the side to move's view.  Capturing the last royal wins: a side
   that can do so on its move scores SCORE_MATE - 1; mate in n plies scores SCORE_MATE - n. */
#define SCORE_MATE 30000
#define SCORE_MATE_BOUND (SCORE_MATE - 1000)
#define SCORE_INFINITE 32000
static inline bool score_is_mate(int s) { return s > SCORE_MATE_BOUND || s < -SCORE_MATE_BOUND; }
/* Moves (not plies) to mate, positive when the side to move mates, negative when mated;
   0 for ordinary scores. */
static inline int score_mate_moves(int s)
{
    if (s > SCORE_MATE_BOUND)
        return (SCORE_MATE - s + 1) / 2;
    if (s < -SCORE_MATE_BOUND)
        return -((SCORE_MATE + s + 1) / 2);
    return 0;
}

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

/* Search features, all on by default; switched off one at a time to measure what each is
   worth (bench/selfplay), or all off for the 1-ply greedy opponent. */
typedef struct SearchConfig {
    bool tt;            /* transposition table cutoffs and hash move */
    bool nullmove;      /* null-move pruning */
    bool lmr;           /* late-move reductions */
    bool aspiration;    /* aspiration windows */
    bool killers;       /* killer moves */
    bool history;       /* history heuristic */
    bool qsearch;       /* quiescence search (off: static evaluation at the horizon) */
    bool futility;      /* futility pruning of quiet moves near the horizon */
    bool rfp;           /* reverse futility: a static evaluation far above beta cuts near the
                           horizon */
    bool lmp;           /* late-move pruning: near the horizon only the first quiet moves */
    bool check_ext;     /* search one ply deeper after a move that attacks a lone royal */
    int qs_full_plies;  /* quiescence plies that try every capture; deeper ones only recapture
                           (and take a royal) */
    bool qs_promotions; /* big quiet promotions at the first quiescence ply */
    int eval_terms;     /* EVAL_* mask (eval/eval.h) */
} SearchConfig;

SearchConfig search_config_default(void);

typedef struct Searcher Searcher;

Searcher *searcher_new(void);
void searcher_free(Searcher *e);
/* Both return the value actually used (clamped to 1..MAX_THREADS, 1..65536 MB). */
int searcher_set_threads(Searcher *e, int threads);
int searcher_set_hash_mb(Searcher *e, int mb);
/* A new game: empties the hash table and the histories. */
void searcher_new_game(Searcher *e);
void searcher_set_config(Searcher *e, const SearchConfig *config);
SearchConfig searcher_get_config(const Searcher *e);

/* Starts searching a copy of pos (history included) in the background; returns at once. */
void searcher_start(Searcher *e, const Position *pos, const SearchLimits *limits,
                  SearchReportFn report, void *ctx);
/* Asks a running search to stop as soon as possible; returns at once. */
void searcher_stop(Searcher *e);
/* A ponder search becomes a normal one: the clock starts now with these limits. */
void searcher_ponderhit(Searcher *e, const SearchLimits *limits);
/* Waits for the search to end; returns the best move (MOVE_NONE if there was no legal move)
   and, if ponder is not NULL, the expected reply. */
Move searcher_wait(Searcher *e, Move *ponder);
bool searcher_running(const Searcher *e);
/* Progress of the running search (for XBoard's "." in analysis mode). */
void searcher_progress(const Searcher *e, uint64_t *nodes, int *depth, int64_t *elapsed_ms);

/* Synchronous search: start + wait. */
Move searcher_search(Searcher *e, const Position *pos, const SearchLimits *limits,
                   SearchReportFn report, void *ctx, Move *ponder);

#endif
