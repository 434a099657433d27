/* TEMPORARY stand-in for the search (issue 3 replaces this file): plays a legal move, a
 * capture if there is one, in a background thread, with the final API of search.h so that
 * the protocol and the match runner can be built against it. */
#include "search.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board/makemove.h"
#include "board/movegen.h"

struct Engine {
    pthread_t thread;
    bool running;
    volatile bool stop;
    Position pos;
    SearchLimits limits;
    SearchReportFn report;
    void *ctx;
    Move best;
    int threads, hash_mb;
    pthread_mutex_t lock;
};

Engine *engine_new(void)
{
    Engine *e = calloc(1, sizeof *e);
    if (!e)
        abort();
    e->threads = 1;
    e->hash_mb = 64;
    pthread_mutex_init(&e->lock, NULL);
    return e;
}

void engine_free(Engine *e)
{
    if (!e)
        return;
    engine_stop(e);
    engine_wait(e, NULL);
    pthread_mutex_destroy(&e->lock);
    free(e);
}

int engine_set_threads(Engine *e, int threads)
{
    e->threads = threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : threads;
    return e->threads;
}

int engine_set_hash_mb(Engine *e, int mb)
{
    e->hash_mb = mb < 1 ? 1 : mb > 65536 ? 65536 : mb;
    return e->hash_mb;
}

void engine_new_game(Engine *e) { (void)e; }

static void *worker(void *arg)
{
    Engine *e = arg;
    MoveList *list = malloc(sizeof *list);
    generate_legal(&e->pos, list);
    Move best = MOVE_NONE;
    for (int i = 0; i < list->count && !best; i++) {
        Move m = list->moves[i];
        if (move_has_mid(m) || (!move_is_pass(m) && e->pos.board[move_to(m)]))
            best = m;
    }
    if (!best && list->count)
        best = list->moves[0];
    e->best = best;
    if (e->report && best) {
        SearchReport r = {.depth = 1, .nodes = (uint64_t)list->count, .pv_length = 1};
        r.pv[0] = best;
        e->report(e->ctx, &e->pos, &r);
    }
    /* an infinite search (analysis, ponder) waits for stop */
    while (e->limits.infinite && !e->stop) {
        struct timespec ts = {0, 5 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    free(list);
    return NULL;
}

void engine_start(Engine *e, const Position *pos, const SearchLimits *limits,
                  SearchReportFn report, void *ctx)
{
    engine_stop(e);
    engine_wait(e, NULL);
    e->pos = *pos;
    e->limits = *limits;
    e->report = report;
    e->ctx = ctx;
    e->stop = false;
    e->best = MOVE_NONE;
    e->running = true;
    pthread_create(&e->thread, NULL, worker, e);
}

void engine_stop(Engine *e) { e->stop = true; }

void engine_ponderhit(Engine *e, const SearchLimits *limits)
{
    e->limits = *limits;
    e->stop = true;
}

Move engine_wait(Engine *e, Move *ponder)
{
    if (e->running) {
        pthread_join(e->thread, NULL);
        e->running = false;
    }
    if (ponder)
        *ponder = MOVE_NONE;
    return e->best;
}

bool engine_running(const Engine *e) { return e->running; }

void engine_progress(const Engine *e, uint64_t *nodes, int *depth, int64_t *elapsed_ms)
{
    (void)e;
    *nodes = 0;
    *depth = 1;
    *elapsed_ms = 0;
}

Move engine_search(Engine *e, const Position *pos, const SearchLimits *limits,
                   SearchReportFn report, void *ctx, Move *ponder)
{
    engine_start(e, pos, limits, report, ctx);
    return engine_wait(e, ponder);
}
