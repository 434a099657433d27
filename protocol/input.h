/* The reader: the event queue through which input lines and finished searches reach the thread
 * that owns a CECP session, and the thread that cuts standard input into lines
 * (docs/PROTOCOL.md §1.1).  It knows nothing of commands or of the session: the dispatcher
 * (dispatch.c) decides what a line does. */
#ifndef KAKI_PROTOCOL_INPUT_H
#define KAKI_PROTOCOL_INPUT_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "board/move.h"

/* Longer input lines are refused: the reader keeps their first CECP_LINE_LIMIT bytes and marks
   them too_long. */
#define CECP_LINE_LIMIT 65536

enum EventType { EV_LINE, EV_DONE, EV_EOF };

/* An input line (EV_LINE), the end of input (EV_EOF) or a finished search (EV_DONE). */
typedef struct Event {
    struct Event *next;
    int type;
    bool too_long;    /* EV_LINE: cut at CECP_LINE_LIMIT */
    char *line;       /* EV_LINE: len bytes (NUL bytes possible), then a terminating NUL */
    size_t len;
    unsigned serial;  /* EV_DONE: which search ended, its move and the move to ponder on */
    Move best, ponder;
} Event;

/* Events first in, first out, used by one thread. */
typedef struct Queue {
    Event *head, *tail;
} Queue;

void cecp_queue_push(Queue *q, Event *ev);
/* The oldest event, taken off the queue, or NULL. */
Event *cecp_queue_pop(Queue *q);

/* An EV_LINE event holding a copy of line[0..len). */
Event *cecp_line_event(const char *line, size_t len);
void cecp_free_event(Event *ev);

/* A Queue shared by threads: any thread posts, the owning thread takes events off. */
typedef struct EventQueue {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    Queue q;
} EventQueue;

void cecp_events_init(EventQueue *q);
/* Frees the events left; no thread may post any more. */
void cecp_events_destroy(EventQueue *q);
void cecp_post_event(EventQueue *q, Event *ev);
/* The oldest event, waiting up to timeout_ms for one (< 0: forever); NULL if none came. */
Event *cecp_next_event(EventQueue *q, int timeout_ms);

/* Starts the reader thread: it posts every line of standard input (read as bytes, the newline
   and a CR before it removed) to q, then an EV_EOF event.  The thread is never joined: q must
   stay until the process exits.  False if the thread cannot be started. */
bool cecp_reader_start(EventQueue *q);

#endif
