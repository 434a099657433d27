/* What a searcher's threads do with the state they share (thread.h): count nodes, read the
 * clock, report an iteration, and the Lazy SMP sharing: every thread searches the same root
 * with its own board and histories; they share the hash table, the stop flag, the deepest
 * completed iteration and the breadcrumbs of the moves being searched. */
#include "thread.h"

#include <string.h>

#include "util/clock.h"

uint64_t total_nodes(const Searcher *e)
{
    uint64_t n = 0;
    for (int i = 0; i < e->nthreads; i++)
        if (e->threads[i])
            n += atomic_load_explicit(&e->threads[i]->nodes, memory_order_relaxed);
    return n;
}

int64_t elapsed_ms(const Searcher *e)
{
    if (e->limits.nps) /* the nodes searched since the clock started */
        return (int64_t)((total_nodes(e) - atomic_load(&e->start_nodes)) * 1000 / e->limits.nps);
    return (mono_us() - atomic_load(&e->start_us)) / 1000;
}

static void fill_report(const Searcher *e, const Completed *c, int line, int lines,
                        SearchReport *r)
{
    memset(r, 0, sizeof *r);
    r->depth = c->depth;
    r->seldepth = c->seldepth;
    r->score = c->score;
    r->time_ms = elapsed_ms(e);
    r->nodes = total_nodes(e);
    r->nps = r->time_ms > 0 ? r->nodes * 1000 / (uint64_t)r->time_ms : r->nodes * 1000;
    r->pv_length = c->pv_len;
    memcpy(r->pv, c->pv, sizeof(Move) * (size_t)c->pv_len);
    r->line = line;
    r->lines = lines;
}

void report_iteration(const Searcher *e, const Thread *t)
{
    if (!e->report)
        return;
    SearchReport r;
    /* MultiPV: every line, if this iteration completed them all (else its first line only) */
    int lines = e->multipv > 1 && t->mpv_done[0].depth == t->done.depth ? e->multipv : 1;
    for (int i = 0; i < lines; i++) {
        fill_report(e, lines > 1 ? &t->mpv_done[i] : &t->done, i + 1, lines, &r);
        e->report(e->ctx, &e->root, &r);
    }
}

/* Lazy SMP: the first helper searches every depth, as the main thread does (with 2 threads
   that reached depth 10 about 1.2x sooner than skipping the odd depths: docs/SPEED.md); further
   helpers skip some depths so that the threads spread over two depths (the skip pattern of
   Stockfish's classic Lazy SMP). */
enum { SKIP_PATTERNS = 20 };
static const int skip_size[SKIP_PATTERNS] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                             3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
static const int skip_phase[SKIP_PATTERNS] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3,
                                              4, 5, 0, 1, 2, 3, 4, 5, 6, 7};

bool thread_skips_depth(const Thread *t, int depth)
{
    if (t->id <= 1)
        return false;
    int k = (t->id - 2) % SKIP_PATTERNS;
    return ((depth + skip_phase[k]) / skip_size[k]) % 2;
}

void thread_publish_completed(Thread *t)
{
    Searcher *e = t->searcher;
    /* with MultiPV the main thread completes every iteration itself (its lines), and the
       helpers only fill the hash table */
    if (e->nthreads < 2 || e->multipv > 1)
        return;
    pthread_mutex_lock(&e->completed_lock);
    if (t->done.depth > e->completed.depth) {
        e->completed = t->done;
        atomic_store(&e->completed_depth, t->done.depth);
    }
    pthread_mutex_unlock(&e->completed_lock);
}

int thread_adopt_completed(Thread *t)
{
    Searcher *e = t->searcher;
    pthread_mutex_lock(&e->completed_lock);
    t->done = e->completed;
    pthread_mutex_unlock(&e->completed_lock);
    return t->done.score;
}

/* A move another thread is searching is then searched less deeply by this one, and that
   thread's result comes through the hash table. */
_Atomic uint64_t *crumb_mark(Searcher *e, uint64_t key, Move m, uint64_t *crumb, bool *taken)
{
    *crumb = (key ^ (0x9E3779B97F4A7C15ULL * (m + 1))) | 1;
    _Atomic uint64_t *slot = &e->crumbs[*crumb & (CRUMB_SLOTS - 1)];
    *taken = atomic_load_explicit(slot, memory_order_relaxed) == *crumb;
    if (*taken)
        return NULL;
    atomic_store_explicit(slot, *crumb, memory_order_relaxed);
    return slot;
}

void crumb_clear(_Atomic uint64_t *slot, uint64_t crumb)
{
    if (atomic_load_explicit(slot, memory_order_relaxed) == crumb)
        atomic_store_explicit(slot, 0, memory_order_relaxed);
}
