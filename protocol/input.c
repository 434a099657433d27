/* The reader: the event queue through which input lines (from the stdin reader thread or
 * cecp_handle_line) and finished searches (from the waiter thread, thinking.c) reach the thread
 * that owns the session, and the stdin reader thread, which cuts standard input into lines
 * (docs/PROTOCOL.md §1.1).  What the lines mean is the dispatcher's business (dispatch.c).
 */
#include "input.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "platform/platform.h"
#include "util/deadline.h"
#include "util/strutil.h"

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

void cecp_events_init(EventQueue *q)
{
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->cond, NULL);
    pthread_cond_init(&q->room, NULL);
    q->q.head = q->q.tail = NULL;
    q->held = 0;
}

void cecp_events_destroy(EventQueue *q)
{
    Event *ev;
    while ((ev = cecp_queue_pop(&q->q)))
        cecp_free_event(ev);
    pthread_mutex_destroy(&q->lock);
    pthread_cond_destroy(&q->cond);
    pthread_cond_destroy(&q->room);
}

void cecp_post_event(EventQueue *q, Event *ev)
{
    pthread_mutex_lock(&q->lock);
    cecp_queue_push(&q->q, ev);
    pthread_cond_signal(&q->cond);
    pthread_mutex_unlock(&q->lock);
}

size_t cecp_input_cost(size_t len) { return len + 1 + sizeof(Event) + 32; /* malloc's share */ }

void cecp_post_input(EventQueue *q, Event *ev)
{
    pthread_mutex_lock(&q->lock);
    while (q->held > 0 && q->held + ev->held > CECP_PENDING_LIMIT)
        pthread_cond_wait(&q->room, &q->lock);
    q->held += ev->held;
    cecp_queue_push(&q->q, ev);
    pthread_cond_signal(&q->cond);
    pthread_mutex_unlock(&q->lock);
}

void cecp_release_input(EventQueue *q, size_t held)
{
    if (!held)
        return;
    pthread_mutex_lock(&q->lock);
    q->held -= held < q->held ? held : q->held;
    pthread_cond_signal(&q->room);
    pthread_mutex_unlock(&q->lock);
}

Event *cecp_next_event(EventQueue *q, int timeout_ms)
{
    pthread_mutex_lock(&q->lock);
    if (timeout_ms < 0) {
        while (!q->q.head)
            pthread_cond_wait(&q->cond, &q->lock);
    } else if (!q->q.head && timeout_ms > 0) {
        struct timespec ts = deadline_after_ms(CLOCK_REALTIME, timeout_ms);
        while (!q->q.head)
            if (pthread_cond_timedwait(&q->cond, &q->lock, &ts) == ETIMEDOUT)
                break;
    }
    Event *ev = cecp_queue_pop(&q->q);
    pthread_mutex_unlock(&q->lock);
    return ev;
}

/* Posts line[0..n) as an input line, waiting for room. */
static void post_line(EventQueue *q, const char *line, size_t n, bool too_long)
{
    Event *ev = cecp_line_event(line, n);
    ev->too_long = too_long;
    ev->held = cecp_input_cost(n);
    cecp_post_input(q, ev);
}

static void *reader_main(void *arg)
{
    EventQueue *q = arg;
    char *buf = xmalloc(CECP_LINE_LIMIT + 1);
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
                post_line(q, buf, n, overflow);
                n = 0;
                overflow = false;
            } else if (n < CECP_LINE_LIMIT) {
                buf[n++] = ch;
            } else {
                overflow = true;
            }
        }
    }
    if (n)
        post_line(q, buf, n, overflow);
    free(buf);
    Event *ev = xcalloc(1, sizeof *ev);
    ev->type = EV_EOF;
    cecp_post_event(q, ev);
    return NULL;
}

bool cecp_reader_start(EventQueue *q)
{
    platform_stdin_binary(); /* every byte reaches the line cutter, as on POSIX */
    pthread_t reader;
    if (pthread_create(&reader, NULL, reader_main, q) != 0)
        return false;
    pthread_detach(reader);
    return true;
}
