/* Time control: XBoard's clock settings (docs/PROTOCOL.md §1.7), their commands, and the limits
 * they give the engine's own search. */
#ifndef KAKI_PROTOCOL_TIMECONTROL_H
#define KAKI_PROTOCOL_TIMECONTROL_H

#include "command.h"
#include "search/searcher.h"
#include "session.h"

/* The limits of a search on the engine's own move. */
SearchLimits cecp_own_limits(const Cecp *c);
/* Writes the debug line that says what the engine plans for its move ("# WHEN: ..."): the
   clock it was given in ms (or the fixed time a move), the increment, the moves to go, the
   depth and nps limits, and the target and hard limit search/timeman.c computes from them
   (docs/PROTOCOL.md §1.7, note). */
void cecp_emit_plan(Cecp *c, const char *when, const SearchLimits *l);

void cecp_cmd_time(Cecp *c, Command *cmd); /* time and otim */
void cecp_cmd_level(Cecp *c, Command *cmd);
void cecp_cmd_st(Cecp *c, Command *cmd);
void cecp_cmd_sd(Cecp *c, Command *cmd);
void cecp_cmd_nps(Cecp *c, Command *cmd);

#endif
