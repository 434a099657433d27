/* The dispatcher: input lines and finished searches reach the command handlers, in the order
 * CECP wants (docs/PROTOCOL.md §1.4). */
#ifndef KAKI_PROTOCOL_DISPATCH_H
#define KAKI_PROTOCOL_DISPATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "input.h"
#include "session.h"

/* One input line (len bytes, NUL bytes allowed): run now, or deferred until the engine has
   moved.  False once quit was received. */
bool cecp_dispatch_line(Cecp *c, const char *line, size_t len);
/* The same for an EV_LINE event, which the dispatcher takes over: the pending input it holds
   (ev->held) is released once the line has run. */
bool cecp_dispatch_input(Cecp *c, Event *ev);
/* Releases the pending input an input line held and frees it. */
void cecp_done_with_input(Cecp *c, Event *ev);
/* An EV_DONE event of the current search: the engine's move, then the input that waited for
   it.  Other events do nothing. */
void cecp_dispatch_event(Cecp *c, Event *ev);
/* Runs deferred input while the engine is not thinking on its own move. */
void cecp_run_deferred(Cecp *c);

#endif
