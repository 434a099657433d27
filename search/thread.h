/* Internal to search/: a search thread and what a searcher's threads share.  A Thread is one
 * thread's board, stacks and histories; struct Searcher is the state all of a searcher's
 * threads read (the hash table, the stop flag, the limits, the root, the features).  thread.c
 * holds what the threads do with the shared state: count nodes, read the clock, report an
 * iteration, and the Lazy SMP sharing (completed iterations, breadcrumbs, skipped depths).
 * search.c searches with a Thread; searcher.c creates and runs them. */
#ifndef KAKI_SEARCH_THREAD_H
#define KAKI_SEARCH_THREAD_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "board/makemove.h"
#include "eval/eval.h"
#include "config.h"
#include "convert.h"
#include "limits.h"
#include "movepick.h"
#include "params.h"
#include "report.h"
#include "score.h"
#include "tt.h"

enum {
    SPLIT_PLIES = 16,  /* the plies whose PV nodes a helper may split (search.c) */
    QUIETS_MAX = 64,   /* the quiet moves of a node remembered for the history (search.c) */
    LMR_TABLE = 64,    /* late-move reductions are tabled up to this depth and move number */
    CRUMB_SLOTS = 4096 /* Lazy SMP breadcrumbs (a power of two) */
};

/* The continuation history's size: a [kind][to] row for each side and square the opponent's
   last move went to. */
#define CONT_ENTRIES ((size_t)2 * SQUARE_COUNT * KIND_COUNT * SQUARE_COUNT)

/* A completed iteration: a thread's last, or the deepest of all threads (Lazy SMP). */
typedef struct Completed {
    int depth, score, seldepth, pv_len;
    Move pv[MAX_PLY];
} Completed;

typedef struct Searcher Searcher; /* the same as searcher.h's */

typedef struct Thread {
    Searcher *searcher;
    int id;
    Position pos;
    EvalState eval[MAX_PLY + 4];
    Undo undo[MAX_PLY + 4];
    MoveList lists[MAX_PLY + 4]; /* ply 0 (the root) uses root_moves instead */
    MoveList scratch;
    int scores[MAX_PLY + 4][MAX_MOVES];
    Move *root_moves;            /* this thread's copy of the root moves, however many */
    int *root_scores;
    int root_cap;
    Move killers[MAX_PLY + 4][2];
    Move made[MAX_PLY + 4];      /* the move made at each ply (MOVE_NONE: a null move) */
    Move capture_killer[MAX_PLY + 4]; /* the capture that last refuted a node at this ply */
    Move quiets[MAX_PLY + 4][QUIETS_MAX];
    int16_t history[2][SQUARE_COUNT][SQUARE_COUNT];
    Move counter[PIECE_CODE_COUNT][SQUARE_COUNT]; /* [piece][to] of the move refuted */
    int16_t *cont; /* continuation history [side][last move's to][kind][to] (CONT_ENTRIES) */
    bool cont_written[2 * SQUARE_COUNT]; /* its [side][to] rows written since the last clear */
    Move pv[MAX_PLY + 4][MAX_PLY + 4];
    int pv_len[MAX_PLY + 4];
    SplitList split[SPLIT_PLIES]; /* the PV nodes of the first plies, when split */
    _Atomic uint64_t nodes;
    int seldepth;
    int iter_depth; /* the iteration this thread is searching */
    Completed done; /* the last iteration this thread completed (or took over) */
    /* MultiPV (main thread only): the lines of the iteration under way, and those of the last
       completed one, best first; the search of line k leaves out the first moves of lines
       0..k-1 at the root (mpv_skip = k) */
    Completed mpv_new[MULTIPV_MAX], mpv_done[MULTIPV_MAX];
    int mpv_skip;
} Thread;

struct Searcher {
    TT tt;
    int nthreads, hash_mb;
    SearchConfig config;
    SearchParams params;
    Thread *threads[MAX_THREADS];
    pthread_t main_tid;
    bool joinable;
    _Atomic bool stop;
    _Atomic bool running;
    _Atomic bool infinite;
    _Atomic int64_t start_us, soft_ms, hard_ms; /* -1: no limit */
    _Atomic uint64_t start_nodes; /* nodes searched when the clock started (a ponder hit) */
    _Atomic int progress_depth;
    SearchLimits limits;
    int multipv;                /* lines searched (limits.multipv within 1..root moves) */
    Position root;
    HistEntry *root_history;    /* the root's archive: the game before it (see copy_root_history) */
    int root_history_cap;
    MoveVec root_moves;         /* every legal root move */
    SearchReportFn report;
    void *ctx;
    Move best, ponder;
    /* derived from params (search_init_tables) */
    int lmr[LMR_TABLE][LMR_TABLE]; /* late-move reductions by depth and move number */
    uint64_t big_promoters; /* kinds whose quiet promotions quiescence searches */
    ConvertTables convert;  /* the strong kinds of the conversion terms */
    ConvertGate convert_root; /* the terms' gate at the root (CONVERT_ROOT_GATE) */
    /* Lazy SMP "breadcrumbs": (position, move) pairs some thread is searching right now */
    _Atomic uint64_t crumbs[CRUMB_SLOTS];
    /* the deepest completed iteration (under completed_lock) and its depth, readable at once */
    pthread_mutex_t completed_lock;
    Completed completed;
    _Atomic int completed_depth;
};

static inline bool should_stop(const Searcher *e)
{
    return atomic_load_explicit(&e->stop, memory_order_relaxed);
}
/* Lazy SMP: another thread has completed the iteration this one is on, which is then
   abandoned for the next (iterative_deepening). */
static inline bool superseded(const Thread *t)
{
    const Searcher *e = t->searcher;
    return e->nthreads > 1 &&
           atomic_load_explicit(&e->completed_depth, memory_order_relaxed) >= t->iter_depth;
}
/* This thread stops searching: the search is stopped or its iteration superseded. */
static inline bool halted(const Thread *t) { return should_stop(t->searcher) || superseded(t); }

/* Nodes searched by all threads so far. */
uint64_t total_nodes(const Searcher *e);
/* Milliseconds since the clock started (with "nps", nodes converted to time). */
int64_t elapsed_ms(const Searcher *e);
/* Reports thread t's last completed iteration through the searcher's callback. */
void report_iteration(const Searcher *e, const Thread *t);

/* Lazy SMP: does thread t skip iteration `depth`?  The main thread and the first helper search
   every depth; further helpers skip some, so that the threads spread over two depths. */
bool thread_skips_depth(const Thread *t, int depth);
/* Lazy SMP: makes t's completed iteration (t->done) the deepest known, if it is. */
void thread_publish_completed(Thread *t);
/* The main thread takes over the iteration another thread completed first (into t->done);
   returns its score. */
int thread_adopt_completed(Thread *t);
/* Lazy SMP breadcrumbs: marks (position key, move) as being searched by this thread.  Returns
   the slot to clear afterwards with crumb_clear (NULL if nothing was marked) and sets *taken
   when another thread is already searching this very move. */
_Atomic uint64_t *crumb_mark(Searcher *e, uint64_t key, Move m, uint64_t *crumb, bool *taken);
/* Clears the mark crumb_mark set, unless another thread has marked the slot since. */
void crumb_clear(_Atomic uint64_t *slot, uint64_t crumb);

#endif
