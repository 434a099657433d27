/* The Searcher API (searcher.h): creating the threads, starting a search on all of them (Lazy
 * SMP: every thread runs the tree search, search.c, on the same root with its own board and
 * histories; thread.h), stopping, waiting, and taking the deepest thread's result. */
#include "searcher.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board/legal.h"
#include "board/movegen.h"
#include "board/result.h"
#include "params.h"
#include "search.h"
#include "thread.h"
#include "timeman.h"
#include "util/clock.h"
#include "util/strutil.h"

static void allocate_time(Searcher *e, const SearchLimits *l)
{
    TimeBudget b = time_budget(l, &e->params);
    atomic_store(&e->soft_ms, b.soft_ms);
    atomic_store(&e->hard_ms, b.hard_ms);
}

void searcher_time_budget(const Searcher *e, const SearchLimits *l, int64_t *soft_ms,
                          int64_t *hard_ms)
{
    TimeBudget b = time_budget(l, &e->params);
    *soft_ms = b.soft_ms;
    *hard_ms = b.hard_ms;
}

static void *helper_main(void *arg)
{
    iterative_deepening(arg);
    return NULL;
}

static void *main_thread(void *arg)
{
    Searcher *e = arg;
    Thread *t = e->threads[0];
    pthread_t helpers[MAX_THREADS];
    int nhelpers = 0;
    if (e->root_moves.count > 0) {
        for (int i = 1; i < e->nthreads; i++)
            if (pthread_create(&helpers[nhelpers], NULL, helper_main, e->threads[i]) == 0)
                nhelpers++;
        iterative_deepening(t);
    }
    /* an analysis or ponder search never ends by itself */
    while (atomic_load(&e->infinite) && !should_stop(e)) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    atomic_store(&e->stop, true);
    for (int i = 0; i < nhelpers; i++)
        pthread_join(helpers[i], NULL);

    /* the deepest completed iteration wins; the main thread on ties (and always with
       MultiPV, whose lines only the main thread has) */
    Thread *best = t;
    for (int i = 1; i <= nhelpers && e->multipv == 1; i++) {
        Thread *h = e->threads[i];
        if (h->done.depth > best->done.depth && h->done.pv_len > 0)
            best = h;
    }
    if (best->done.pv_len > 0) {
        e->best = best->done.pv[0];
        e->ponder = best->done.pv_len > 1 ? best->done.pv[1] : MOVE_NONE;
        if (best != t)
            report_iteration(e, best);
    } else {
        e->best = e->root_moves.count ? e->root_moves.moves[0] : MOVE_NONE;
        e->ponder = MOVE_NONE;
    }
    atomic_store(&e->running, false);
    return NULL;
}

/* The positions before the root that can still repeat (from the root's window on), copied into
   the searcher's own archive: the search then depends neither on the caller's storage, which
   may change while it runs, nor on the ring of the root, which a search line overwrites. */
static void copy_root_history(Searcher *e)
{
    Position *root = &e->root;
    int n = root->nhist;
    if (n > e->root_history_cap) {
        e->root_history = xrealloc(e->root_history, (size_t)n * sizeof *e->root_history);
        e->root_history_cap = n;
    }
    int window = position_history(root, n - 1)->window;
    for (int i = window; i < n; i++) {
        const HistEntry *h = position_history(root, i);
        e->root_history[i] = h ? *h : (HistEntry){0, window}; /* forgotten by the caller */
    }
    position_attach_archive(root, e->root_history, n);
}

/* Leaves out of the root moves those the caller excluded (SearchLimits.excluded). */
static void drop_excluded(Searcher *e, const SearchLimits *l)
{
    MoveVec *v = &e->root_moves;
    int n = 0;
    for (int i = 0; i < v->count; i++) {
        bool excluded = false;
        for (int k = 0; k < l->excluded_count && !excluded; k++)
            excluded = l->excluded[k] == v->moves[i];
        if (!excluded)
            v->moves[n++] = v->moves[i];
    }
    v->count = n;
}

/* Conversion (convert.h): a side far ahead (by the root's gate, e->convert_root) does not
   take back its own last move at the root, unless nothing else is legal. */
static void drop_undoing_moves(Searcher *e)
{
    MoveVec *v = &e->root_moves;
    if (!e->params.convert_no_undo || v->count < 2 || !e->convert_root.weight)
        return;
    int n = 0;
    for (int i = 0; i < v->count; i++)
        if (!convert_undoes_last_move(&e->root, v->moves[i]))
            v->moves[n++] = v->moves[i];
    if (n > 0)
        v->count = n;
}

Searcher *searcher_new(void)
{
    Searcher *e = calloc(1, sizeof *e);
    if (!e)
        abort();
    eval_init();
    e->config = search_config_default();
    e->nthreads = 1;
    pthread_mutex_init(&e->completed_lock, NULL);
    e->hash_mb = 64; /* allocated by the first searcher_set_hash_mb or search */
    e->params = search_params_default();
    search_init_tables(e);
    atomic_store(&e->soft_ms, -1);
    atomic_store(&e->hard_ms, -1);
    return e;
}

void searcher_free(Searcher *e)
{
    if (!e)
        return;
    searcher_stop(e);
    searcher_wait(e, NULL);
    for (int i = 0; i < MAX_THREADS; i++) {
        if (e->threads[i]) {
            free(e->threads[i]->root_moves);
            free(e->threads[i]->root_scores);
            free(e->threads[i]->cont);
        }
        free(e->threads[i]);
    }
    tt_free(&e->tt);
    pthread_mutex_destroy(&e->completed_lock);
    free(e->root_history);
    movevec_free(&e->root_moves);
    free(e);
}

int searcher_set_threads(Searcher *e, int threads)
{
    searcher_stop(e);
    searcher_wait(e, NULL);
    e->nthreads = threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : threads;
    return e->nthreads;
}

int searcher_set_hash_mb(Searcher *e, int mb)
{
    searcher_stop(e);
    searcher_wait(e, NULL);
    if (mb < 1)
        mb = 1;
    if (mb > 65536)
        mb = 65536;
    if (e->tt.entries && mb == e->hash_mb) { /* the same table, emptied: no new pages to map */
        tt_clear(&e->tt);
        return e->hash_mb;
    }
    size_t got = tt_resize(&e->tt, (size_t)mb);
    if (got)
        e->hash_mb = (int)got;
    return e->hash_mb;
}

void searcher_set_config(Searcher *e, const SearchConfig *config)
{
    searcher_stop(e);
    searcher_wait(e, NULL);
    e->config = *config;
}

SearchConfig searcher_get_config(const Searcher *e) { return e->config; }

bool searcher_set_param(Searcher *e, const char *name, int value)
{
    searcher_stop(e);
    searcher_wait(e, NULL);
    if (!search_params_set(&e->params, name, value))
        return false;
    search_init_tables(e);
    return true;
}

void searcher_set_params(Searcher *e, const SearchParams *p)
{
    searcher_stop(e);
    searcher_wait(e, NULL);
    e->params = *p;
    search_init_tables(e);
}

/* Zero the continuation history's rows written since the last clear: a new game no longer
   pays for clearing all of it (19 MB a thread; 22 new games in `kaki bench`). */
static void clear_cont_history(Thread *t)
{
    const size_t row = (size_t)KIND_COUNT * SQUARE_COUNT;
    for (size_t ctx = 0; ctx < 2 * SQUARE_COUNT; ctx++)
        if (t->cont_written[ctx]) {
            memset(t->cont + ctx * row, 0, row * sizeof *t->cont);
            t->cont_written[ctx] = false;
        }
}

void searcher_new_game(Searcher *e)
{
    searcher_stop(e);
    searcher_wait(e, NULL);
    tt_clear(&e->tt);
    for (int i = 0; i < MAX_THREADS; i++)
        if (e->threads[i]) {
            Thread *t = e->threads[i];
            memset(t->history, 0, sizeof t->history);
            memset(t->counter, 0, sizeof t->counter);
            clear_cont_history(t);
        }
}

/* The table of the size asked for, or failing that the largest that can be had. */
static void ensure_table(Searcher *e)
{
    for (int mb = e->hash_mb; !e->tt.entries; mb /= 2) {
        size_t got = tt_resize(&e->tt, (size_t)mb);
        if (got)
            e->hash_mb = (int)got;
        else if (mb <= 1)
            abort(); /* not even one megabyte */
    }
}

void searcher_start(Searcher *e, const Position *pos, const SearchLimits *limits,
                  SearchReportFn report, void *ctx)
{
    searcher_stop(e);
    searcher_wait(e, NULL);
    ensure_table(e);
    e->root = *pos;
    copy_root_history(e);
    e->limits = *limits;
    e->limits.excluded = NULL; /* the caller's array: read below only */
    e->limits.excluded_count = 0;
    e->report = report;
    e->ctx = ctx;
    e->best = e->ponder = MOVE_NONE;

    /* root moves: legal, and never a move that leaves a piece dead unless nothing else */
    generate_legal(&e->root, &e->root_moves);
    if (limits->excluded_count > 0)
        drop_excluded(e, limits);
    int n = 0;
    for (int i = 0; i < e->root_moves.count; i++)
        if (!move_leaves_dead_piece(&e->root, e->root_moves.moves[i]))
            e->root_moves.moves[n++] = e->root_moves.moves[i];
    if (n > 0)
        e->root_moves.count = n;
    EvalState root_state;
    eval_state_init(&root_state, &e->root);
    e->convert_root = convert_gate(&root_state, &e->params);
    drop_undoing_moves(e);
    e->multipv = limits->multipv < 1 ? 1 : limits->multipv > MULTIPV_MAX ? MULTIPV_MAX
                                                                         : limits->multipv;
    if (e->multipv > e->root_moves.count)
        e->multipv = e->root_moves.count > 0 ? e->root_moves.count : 1;

    for (int i = 0; i < e->nthreads; i++) {
        if (!e->threads[i]) {
            e->threads[i] = calloc(1, sizeof(Thread));
            if (!e->threads[i] || !(e->threads[i]->cont = calloc(CONT_ENTRIES, sizeof(int16_t))))
                abort();
        }
        Thread *t = e->threads[i];
        if (t->root_cap < e->root_moves.count) {
            t->root_cap = e->root_moves.count;
            t->root_moves = xrealloc(t->root_moves, (size_t)t->root_cap * sizeof *t->root_moves);
            t->root_scores = xrealloc(t->root_scores, (size_t)t->root_cap * sizeof *t->root_scores);
        }
        t->searcher = e;
        t->id = i;
        t->pos = e->root;
        eval_state_init(&t->eval[0], &t->pos);
        atomic_store(&t->nodes, 0);
        t->done.depth = 0;
        t->done.pv_len = 0;
        t->mpv_done[0].depth = 0;
        t->mpv_skip = 0;
        memset(t->killers, 0, sizeof t->killers);
        memset(t->capture_killer, 0, sizeof t->capture_killer);
        for (int s = 0; s < 2; s++) /* age the history between searches */
            for (int a = 0; a < SQUARE_COUNT; a++)
                for (int b = 0; b < SQUARE_COUNT; b++)
                    t->history[s][a][b] /= 2;
    }
    tt_new_search(&e->tt);
    atomic_store(&e->progress_depth, 0);
    atomic_store(&e->completed_depth, 0);
    e->completed.depth = 0;
    atomic_store(&e->infinite, limits->infinite);
    atomic_store(&e->start_us, mono_us());
    atomic_store(&e->start_nodes, 0);
    allocate_time(e, limits);
    atomic_store(&e->stop, false);
    atomic_store(&e->running, true);
    if (pthread_create(&e->main_tid, NULL, main_thread, e) != 0) {
        main_thread(e); /* no thread to be had: search in the caller */
        e->joinable = false;
        return;
    }
    e->joinable = true;
}

void searcher_stop(Searcher *e) { atomic_store(&e->stop, true); }

void searcher_ponderhit(Searcher *e, const SearchLimits *limits)
{
    atomic_store(&e->start_us, mono_us());
    atomic_store(&e->start_nodes, total_nodes(e));
    allocate_time(e, limits);
    atomic_store(&e->infinite, false);
}

Move searcher_wait(Searcher *e, Move *ponder)
{
    if (e->joinable) {
        pthread_join(e->main_tid, NULL);
        e->joinable = false;
    }
    if (ponder)
        *ponder = e->ponder;
    return e->best;
}

bool searcher_running(const Searcher *e) { return atomic_load(&e->running); }

void searcher_progress(const Searcher *e, uint64_t *nodes, int *depth, int64_t *elapsed)
{
    *nodes = total_nodes(e);
    *depth = atomic_load(&e->progress_depth);
    *elapsed = elapsed_ms(e);
}

Move searcher_search(Searcher *e, const Position *pos, const SearchLimits *limits,
                   SearchReportFn report, void *ctx, Move *ponder)
{
    searcher_start(e, pos, limits, report, ctx);
    return searcher_wait(e, ponder);
}
