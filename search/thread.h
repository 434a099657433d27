/* Internal to search/: the state of one search thread and the Searcher that the threads share
 * (the hash table, the stop flag, the limits, the root).  search.c searches with it, thread.c
 * creates, starts and stops the threads and reports. */
#ifndef KAKI_SEARCH_THREAD_H
#define KAKI_SEARCH_THREAD_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "board/makemove.h"
#include "eval/eval.h"
#include "movepick.h"
#include "searcher.h"
#include "tt.h"

enum { SPLIT_PLIES = 16 }; /* the plies whose PV nodes a helper may split (search.c) */

/* A completed iteration: a thread's last, or the deepest of all threads (Lazy SMP). */
typedef struct Completed {
    int depth, score, seldepth, pv_len;
    Move pv[MAX_PLY];
} Completed;

typedef struct Thread {
    struct Searcher *searcher;
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
    Move quiets[MAX_PLY + 4][64];
    int16_t history[2][SQUARE_COUNT][SQUARE_COUNT];
    Move pv[MAX_PLY + 4][MAX_PLY + 4];
    int pv_len[MAX_PLY + 4];
    SplitList split[SPLIT_PLIES]; /* the PV nodes of the first plies, when split */
    _Atomic uint64_t nodes;
    int seldepth;
    int iter_depth; /* the iteration this thread is searching */
    Completed done; /* the last iteration this thread completed (or took over) */
} Thread;

struct Searcher {
    TT tt;
    int nthreads, hash_mb;
    SearchConfig config;
    Thread *threads[MAX_THREADS];
    pthread_t main_tid;
    bool joinable;
    _Atomic bool stop;
    _Atomic bool running;
    _Atomic bool infinite;
    _Atomic int64_t start_us, soft_ms, hard_ms; /* -1: no limit */
    _Atomic int progress_depth;
    SearchLimits limits;
    Position root;
    HistEntry *root_history;    /* the root's archive: the game before it (see copy_root_history) */
    int root_history_cap;
    MoveVec root_moves;         /* every legal root move */
    SearchReportFn report;
    void *ctx;
    Move best, ponder;
    int lmr[64][64];
    uint64_t big_promoters; /* kinds whose quiet promotions quiescence searches */
    /* Lazy SMP "breadcrumbs": (position, move) pairs some thread is searching right now */
    _Atomic uint64_t crumbs[4096];
    /* the deepest completed iteration (under completed_lock) and its depth, readable at once */
    pthread_mutex_t completed_lock;
    Completed completed;
    _Atomic int completed_depth;
};

static inline bool should_stop(const Searcher *e)
{
    return atomic_load_explicit(&e->stop, memory_order_relaxed);
}

/* Nodes searched by all threads so far. */
uint64_t total_nodes(const Searcher *e);
/* Milliseconds since the clock started (with "nps", nodes converted to time). */
int64_t elapsed_ms(const Searcher *e);
/* Reports thread t's last completed iteration through the searcher's callback. */
void report_iteration(const Searcher *e, const Thread *t);

/* search.c: one thread's iterative deepening on e->root (until done or stopped). */
void iterative_deepening(Thread *t);
/* search.c: may the side to move try a null move here?  Not with few pieces (zugzwang-like
   positions) and not with its lone royal in danger: a null move there would ignore the threat
   of losing the game. */
bool null_move_allowed(const Position *pos);
/* search.c: the kinds whose quiet promotions quiescence searches (bit = kind). */
uint64_t big_promoters(void);

#endif
