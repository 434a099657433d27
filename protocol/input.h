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
/* The input the reader may have handed over and the session not yet run (lines waiting for the
   engine's move included), in bytes counted by cecp_input_cost: the reader stops reading while
   it is full, so that a flood waits in the pipe instead of in memory. */
#define CECP_PENDING_LIMIT (4 << 20)

enum EventType { EV_LINE, EV_DONE, EV_EOF };

/* An input line (EV_LINE), the end of input (EV_EOF) or a finished search (EV_DONE). */
typedef struct Event {
    struct Event *next;
    int type;
    bool too_long;    /* EV_LINE: cut at CECP_LINE_LIMIT */
    char *line;       /* EV_LINE: len bytes (NUL bytes possible), then a terminating NUL */
    size_t len;
    size_t held;      /* EV_LINE from the reader: its share of CECP_PENDING_LIMIT, given back
                         by cecp_release_input once the line has run */
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
    pthread_cond_t cond; /* an event was posted */
    pthread_cond_t room; /* pending input was released */
    Queue q;
    size_t held;         /* pending input: the sum of the held shares of the lines not yet run */
} EventQueue;

void cecp_events_init(EventQueue *q);
/* Frees the events left; no thread may post any more. */
void cecp_events_destroy(EventQueue *q);
void cecp_post_event(EventQueue *q, Event *ev);
/* What an input line of len bytes counts against CECP_PENDING_LIMIT: its bytes and its event. */
size_t cecp_input_cost(size_t len);
/* Posts an input line, first waiting while the pending input is full: ev->held is added to the
   pending input once it fits (at once when nothing is pending, however long the line). */
void cecp_post_input(EventQueue *q, Event *ev);
/* The owner has run (or dropped) a line that held `held` bytes: the reader may read on. */
void cecp_release_input(EventQueue *q, size_t held);
/* The oldest event, waiting up to timeout_ms for one (< 0: forever); NULL if none came. */
Event *cecp_next_event(EventQueue *q, int timeout_ms);

/* Starts the reader thread: it posts every line of standard input (read as bytes, the newline
   and a CR before it removed) to q with cecp_post_input, then an EV_EOF event.  The thread is never joined: q must
   stay until the process exits.  False if the thread cannot be started. */
bool cecp_reader_start(EventQueue *q);

#endif
