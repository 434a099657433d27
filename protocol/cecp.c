/* CECP v2 for XBoard 4.9.1 and WinBoard, tenjiku only (docs/PROTOCOL.md): the life of a
 * session (creation, resource limits, destruction), its front ends (cecp_handle_line and
 * cecp_wait_idle in-process, cecp_main on stdin/stdout) and the read-only views for tests.
 *
 * One concern per file, in layers that call one way: each file uses only files listed below it.
 *   cecp.c         the public interface (cecp.h): a session's life and its front ends
 *   dispatch.c     the dispatcher: the command table, input deferred while the engine thinks
 *   commands.c     handlers: the game's commands, play modes, thinking output
 *   moves.c        handlers: moves and highlight queries
 *   thinking.c     searches: start and stop, the waiter thread, thinking output, the move
 *   timecontrol.c  clock commands and the limits of the engine's search
 *   options.c      features, variant lines, options, the rule-set cache
 *   numbers.c      number arguments, clamped with one message
 *   game.c         the game record: start position and moves, setboard, undo, result claims
 *   output.c       writing lines
 *   command.h      what a handler receives: the command line cut up
 *   session.h      the session state all of them act on
 *   input.c        the reader: the event queue and the stdin reader thread
 *   highlight.c    move-entry help (lift/hover); xbvariant.c: tenjiku as an XBoard variant
 */
#include "cecp.h"

#include "analysis.h"
#include "dispatch.h"
#include "game.h"
#include "input.h"
#include "options.h"
#include "playlevel.h"
#include "output.h"
#include "session.h"
#include "thinking.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include "board/tfen.h"
#include "platform/platform.h"
#include "util/clock.h"
#include "util/strutil.h"

static long physical_mb(void)
{
    long mb = platform_physical_mb();
    return mb > 0 ? mb : 4096;
}

Cecp *cecp_new(CecpWriteFn write, void *ctx)
{
    Cecp *c = xcalloc(1, sizeof *c);
    c->write = write ? write : cecp_write_stdout;
    c->write_ctx = ctx;
    pthread_mutex_init(&c->out_lock, NULL);
    cecp_events_init(&c->events);
    pthread_mutex_init(&c->w_lock, NULL);
    pthread_cond_init(&c->w_cond, NULL);
    pthread_mutex_init(&c->info_lock, NULL);

    rules_default(&c->rules);
    c->rs = cecp_ruleset_for(c, &c->rules);
    c->scratch = xmalloc(sizeof *c->scratch);
    Position *start = xmalloc(sizeof *start);
    position_start(start, c->rs);
    game_record_init(&c->game, start);
    free(start);
    cecp_game_reset(c, NULL);

    c->searcher = searcher_new();
    long half = physical_mb() / 2;
    c->max_hash_mb = half < 1 ? 1 : half > 65536 ? 65536 : (int)half;
    c->max_threads = MAX_THREADS;
    c->hash_mb = searcher_set_hash_mb(c->searcher, 64 < c->max_hash_mb ? 64 : c->max_hash_mb);
    c->threads = searcher_set_threads(c->searcher, 1);

    c->mode = MODE_IDLE;
    c->engine_side = WHITE;
    c->ponder_on = false;
    atomic_store(&c->post, 0);
    atomic_store(&c->rank_offset, 0);
    c->mps = 40; /* XBoard's default: 40 moves in 5 minutes */
    c->base_ms = 5 * 60 * 1000;
    cecp_level_init(c);
    cecp_clear_lift(c);
    c->multipv = 1;
    if (pthread_create(&c->waiter, NULL, cecp_waiter_main, c) != 0)
        abort();
    return c;
}

void cecp_set_resource_limits(Cecp *c, int max_hash_mb, int max_threads)
{
    c->max_hash_mb = max_hash_mb < 1 ? 1 : max_hash_mb;
    c->max_threads = max_threads < 1 ? 1 : max_threads > MAX_THREADS ? MAX_THREADS : max_threads;
    if (c->hash_mb > c->max_hash_mb)
        cecp_set_hash(c, c->max_hash_mb);
    if (c->threads > c->max_threads)
        cecp_set_threads(c, c->max_threads);
}

void cecp_free(Cecp *c)
{
    if (!c)
        return;
    cecp_abort_search(c);
    pthread_mutex_lock(&c->w_lock);
    c->w_quit = true;
    pthread_cond_broadcast(&c->w_cond);
    pthread_mutex_unlock(&c->w_lock);
    pthread_join(c->waiter, NULL);
    searcher_free(c->searcher);
    cecp_events_destroy(&c->events);
    Event *ev;
    while ((ev = cecp_queue_pop(&c->deferred)))
        cecp_free_event(ev);
    for (int i = 0; i < RULESET_CACHE; i++)
        ruleset_free(c->rs_cache[i].rs);
    game_record_free(&c->game);
    cecp_analysis_free(c);
    free(c->scratch);
    pthread_mutex_destroy(&c->out_lock);
    pthread_mutex_destroy(&c->w_lock);
    pthread_cond_destroy(&c->w_cond);
    pthread_mutex_destroy(&c->info_lock);
    free(c);
}

/* Processes search results that are already in. */
static void drain(Cecp *c)
{
    Event *ev;
    while (!c->quit && (ev = cecp_next_event(&c->events, 0))) {
        cecp_dispatch_event(c, ev);
        cecp_free_event(ev);
    }
}

bool cecp_handle_line(Cecp *c, const char *line, size_t len)
{
    bool go_on = cecp_dispatch_line(c, line, len);
    drain(c);
    return go_on && !c->quit;
}

bool cecp_wait_idle(Cecp *c, int timeout_ms)
{
    int64_t deadline = mono_ms() + timeout_ms;
    while (!c->quit && (c->mode == MODE_THINK || c->deferred.head)) {
        int64_t left = deadline - mono_ms();
        if (left <= 0)
            return false;
        Event *ev = cecp_next_event(&c->events, (int)(left > 100 ? 100 : left));
        if (ev) {
            cecp_dispatch_event(c, ev);
            cecp_free_event(ev);
        }
        if (c->mode != MODE_THINK && c->deferred.head)
            cecp_run_deferred(c);
    }
    return true;
}

static Cecp *main_state; /* reachable until exit: the reader thread may still use it */

int cecp_main(void)
{
    signal(SIGINT, SIG_IGN); /* XBoard may interrupt engines that did not say sigint=0 */
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    Cecp *c = main_state = cecp_new(NULL, NULL);
    if (!cecp_reader_start(&c->events))
        return 1;
    for (;;) {
        Event *ev = cecp_next_event(&c->events, -1);
        bool go_on = true;
        if (ev->type == EV_EOF) {
            go_on = false;
            cecp_free_event(ev);
        } else if (ev->type == EV_LINE && ev->too_long) {
            char shown[64];
            cecp_emitf(c, "Error (line too long, over %d bytes): %s", CECP_LINE_LIMIT,
                       cecp_printable(ev->line, shown, 40));
            cecp_done_with_input(c, ev);
        } else if (ev->type == EV_LINE) {
            go_on = cecp_dispatch_input(c, ev); /* which takes the event over */
        } else {
            cecp_dispatch_event(c, ev);
            cecp_free_event(ev);
        }
        if (!go_on || c->quit)
            break;
    }
    cecp_abort_search(c);
    fflush(stdout);
    return 0;
}

const char *cecp_check(Cecp *c) { return cecp_game_check(c); }
const Position *cecp_position(const Cecp *c) { return c->game.pos; }
int cecp_game_length(const Cecp *c) { return c->game.nmoves; }
bool cecp_thinking(const Cecp *c) { return c->mode == MODE_THINK; }
