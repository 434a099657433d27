/* Input and events: the one queue through which input lines (from the stdin reader thread or
 * cecp_handle_line) and finished searches (from the waiter thread, thinking.c) reach the owning
 * thread, which hands them to the dispatcher (dispatch.c: run now or after the engine's move).
 *
 * cecp_main() is the stdin/stdout front end: a reader thread cuts stdin into lines
 * (docs/PROTOCOL.md §1.1) and posts them as events.
 */
#include "cecp.h"
#include "session.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/platform.h"
#include "util/clock.h"
#include "util/deadline.h"
#include "util/strutil.h"

#define LINE_LIMIT 65536   /* longer input lines are refused */

void cecp_queue_push(Queue *q, Event *ev)
{
    ev->next = NULL;
    if (q->tail)
        q->tail->next = ev;
    else
        q->head = ev;
    q->tail = ev;
}

Event *cecp_queue_pop(Queue *q)
{
    Event *ev = q->head;
    if (ev) {
        q->head = ev->next;
        if (!q->head)
            q->tail = NULL;
    }
    return ev;
}

void cecp_post_event(Cecp *c, Event *ev)
{
    pthread_mutex_lock(&c->q_lock);
    cecp_queue_push(&c->events, ev);
    pthread_cond_signal(&c->q_cond);
    pthread_mutex_unlock(&c->q_lock);
}

/* Waits up to timeout_ms (< 0: forever) for an event. */
static Event *next_event(Cecp *c, int timeout_ms)
{
    pthread_mutex_lock(&c->q_lock);
    if (timeout_ms < 0) {
        while (!c->events.head)
            pthread_cond_wait(&c->q_cond, &c->q_lock);
    } else if (!c->events.head && timeout_ms > 0) {
        struct timespec ts = deadline_after_ms(CLOCK_REALTIME, timeout_ms);
        while (!c->events.head)
            if (pthread_cond_timedwait(&c->q_cond, &c->q_lock, &ts) == ETIMEDOUT)
                break;
    }
    Event *ev = cecp_queue_pop(&c->events);
    pthread_mutex_unlock(&c->q_lock);
    return ev;
}

Event *cecp_line_event(const char *line, size_t len)
{
    Event *ev = xcalloc(1, sizeof *ev);
    ev->line = xmalloc(len + 1);
    memcpy(ev->line, line, len);
    ev->line[len] = '\0';
    ev->len = len;
    ev->type = EV_LINE;
    return ev;
}

void cecp_free_event(Event *ev)
{
    if (ev) {
        free(ev->line);
        free(ev);
    }
}

/* Processes search results that are already in. */
static void drain(Cecp *c)
{
    Event *ev;
    while (!c->quit && (ev = next_event(c, 0))) {
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
        Event *ev = next_event(c, (int)(left > 100 ? 100 : left));
        if (ev) {
            cecp_dispatch_event(c, ev);
            cecp_free_event(ev);
        }
        if (c->mode != MODE_THINK && c->deferred.head)
            cecp_run_deferred(c);
    }
    return true;
}

static void *reader_main(void *arg)
{
    Cecp *c = arg;
    char *buf = xmalloc(LINE_LIMIT + 1);
    char chunk[4096];
    size_t n = 0;
    bool overflow = false;
    for (;;) {
        long r = platform_read_stdin(chunk, sizeof chunk);
        if (r <= 0)
            break;
        for (long i = 0; i < r; i++) {
            char ch = chunk[i];
            if (ch == '\n') {
                if (n && buf[n - 1] == '\r')
                    n--;
                Event *ev = cecp_line_event(buf, n);
                ev->too_long = overflow;
                cecp_post_event(c, ev);
                n = 0;
                overflow = false;
            } else if (n < LINE_LIMIT) {
                buf[n++] = ch;
            } else {
                overflow = true;
            }
        }
    }
    if (n) {
        Event *ev = cecp_line_event(buf, n);
        ev->too_long = overflow;
        cecp_post_event(c, ev);
    }
    free(buf);
    Event *ev = xcalloc(1, sizeof *ev);
    ev->type = EV_EOF;
    cecp_post_event(c, ev);
    return NULL;
}

static Cecp *main_state; /* reachable until exit: the reader thread may still use it */

int cecp_main(void)
{
    signal(SIGINT, SIG_IGN); /* XBoard may interrupt engines that did not say sigint=0 */
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    platform_stdin_binary(); /* every byte reaches the line cutter, as on POSIX */
    Cecp *c = main_state = cecp_new(NULL, NULL);
    pthread_t reader;
    if (pthread_create(&reader, NULL, reader_main, c) != 0)
        return 1;
    pthread_detach(reader);
    for (;;) {
        Event *ev = next_event(c, -1);
        bool go_on = true;
        if (ev->type == EV_EOF) {
            go_on = false;
        } else if (ev->type == EV_LINE) {
            if (ev->too_long) {
                char shown[64];
                cecp_emitf(c, "Error (line too long, over %d bytes): %s", LINE_LIMIT,
                           cecp_printable(ev->line, shown, 40));
            } else {
                go_on = cecp_dispatch_line(c, ev->line, ev->len);
            }
        } else {
            cecp_dispatch_event(c, ev);
        }
        cecp_free_event(ev);
        if (!go_on || c->quit)
            break;
    }
    cecp_abort_search(c);
    fflush(stdout);
    return 0;
}
