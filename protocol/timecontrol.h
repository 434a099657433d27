/* Time control: XBoard's clock settings (docs/PROTOCOL.md §1.7), their commands, and the limits
 * they give the engine's own search. */
#ifndef KAKI_PROTOCOL_TIMECONTROL_H
#define KAKI_PROTOCOL_TIMECONTROL_H

#include "command.h"
#include "search/searcher.h"
#include "session.h"

/* The limits of a search on the engine's own move. */
SearchLimits cecp_own_limits(const Cecp *c);

void cecp_cmd_time(Cecp *c, Command *cmd); /* time and otim */
void cecp_cmd_level(Cecp *c, Command *cmd);
void cecp_cmd_st(Cecp *c, Command *cmd);
void cecp_cmd_sd(Cecp *c, Command *cmd);
void cecp_cmd_nps(Cecp *c, Command *cmd);

#endif
