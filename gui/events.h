/* Server-sent events: the game publishes events (its state after every change, engine
 * thinking lines, notices), every open page receives them over its event stream.  The hub
 * keeps the last events in a ring with sequence numbers, so that a stream that was busy
 * sending catches up; one that fell too far behind is told to reload the state.
 *
 * It also knows which pages (client ids, one per browser tab) have a stream open, so that the
 * game can stop the searches of a tab that was closed. */
#ifndef KAKI_GUI_EVENTS_H
#define KAKI_GUI_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EVENTS_RING 64
#define EVENTS_MAX_STREAMS 16
#define EVENTS_CLIENT_ID_MAX 40

typedef struct EventHub EventHub;

EventHub *events_new(void);
void events_free(EventHub *h);

/* Publishes an event; data is JSON (one line). */
void events_publish(EventHub *h, const char *type, const char *data);

/* Waits up to timeout_ms for events after *seq and returns them as event-stream text (caller
   frees; NULL when there was none), advancing *seq.  Returns NULL at once when stopping. */
char *events_wait(EventHub *h, uint64_t *seq, int timeout_ms);
/* The sequence number of the newest event. */
uint64_t events_last(EventHub *h);

/* A stream of client id opens / closes.  enter fails (false) when EVENTS_MAX_STREAMS are open. */
bool events_enter(EventHub *h, const char *client);
void events_leave(EventHub *h, const char *client);
/* Milliseconds since the client's last stream closed (0 while one is open, -1 if never
   seen). */
int64_t events_absent_ms(EventHub *h, const char *client);

/* Wakes every waiting stream and makes events_wait return NULL from now on. */
void events_stop(EventHub *h);
bool events_stopping(EventHub *h);

/* Is s a valid client id (1-40 characters of [A-Za-z0-9_-])? */
bool events_valid_client(const char *s);

#endif
