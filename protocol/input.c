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
    q->q.head = q->q.tail = NULL;
}

void cecp_events_destroy(EventQueue *q)
{
    Event *ev;
    while ((ev = cecp_queue_pop(&q->q)))
        cecp_free_event(ev);
    pthread_mutex_destroy(&q->lock);
    pthread_cond_destroy(&q->cond);
}

void cecp_post_event(EventQueue *q, Event *ev)
{
    pthread_mutex_lock(&q->lock);
    cecp_queue_push(&q->q, ev);
    pthread_cond_signal(&q->cond);
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
                Event *ev = cecp_line_event(buf, n);
                ev->too_long = overflow;
                cecp_post_event(q, ev);
                n = 0;
                overflow = false;
            } else if (n < CECP_LINE_LIMIT) {
                buf[n++] = ch;
            } else {
                overflow = true;
            }
        }
    }
    if (n) {
        Event *ev = cecp_line_event(buf, n);
        ev->too_long = overflow;
        cecp_post_event(q, ev);
    }
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
