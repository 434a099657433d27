/* Handlers of moves: `usermove` (and bare moves), and the highlight queries `lift`, `put` and
 * `hover` (docs/PROTOCOL.md §3.6). */
#ifndef KAKI_PROTOCOL_MOVES_H
#define KAKI_PROTOCOL_MOVES_H

#include "command.h"

void cecp_cmd_usermove(Cecp *c, Command *cmd);
void cecp_cmd_lift(Cecp *c, Command *cmd);
void cecp_cmd_put(Cecp *c, Command *cmd);
void cecp_cmd_hover(Cecp *c, Command *cmd);

#endif
