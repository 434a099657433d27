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
/* An EV_DONE event of the current search: the engine's move, then the input that waited for
   it.  Other events do nothing. */
void cecp_dispatch_event(Cecp *c, Event *ev);
/* Runs deferred input while the engine is not thinking on its own move. */
void cecp_run_deferred(Cecp *c);

#endif
