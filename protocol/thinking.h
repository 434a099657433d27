/* The engine's searches: thinking on its own move, pondering and analysing, the waiter thread
 * that turns a finished search into an event, the thinking output, and the engine's move. */
#ifndef KAKI_PROTOCOL_THINKING_H
#define KAKI_PROTOCOL_THINKING_H

#include "board/move.h"
#include "session.h"

/* The waiter thread (arg: the Cecp): posts an EV_DONE event for every search that ends. */
void *cecp_waiter_main(void *arg);
/* Stops the running search and forgets its result. */
void cecp_abort_search(Cecp *c);
/* Thinks on the engine's own move (go, or the opponent moved). */
void cecp_start_thinking(Cecp *c);
/* Analyses the current position (analyze mode), if there is something to analyse. */
void cecp_start_analysis(Cecp *c);
/* A search on the engine's move ended with `best`: plays it (or resigns, or claims). */
void cecp_engine_moved(Cecp *c, Move best, Move ponder);

#endif
