/* Handlers of the game's commands, the play modes, the thinking output and the session's small
 * commands (the table in dispatch.c says which runs which). */
#ifndef KAKI_PROTOCOL_COMMANDS_H
#define KAKI_PROTOCOL_COMMANDS_H

#include "command.h"

/* the game */
void cecp_cmd_new(Cecp *c, Command *cmd);
void cecp_cmd_variant(Cecp *c, Command *cmd);
void cecp_cmd_setboard(Cecp *c, Command *cmd);
void cecp_cmd_undo(Cecp *c, Command *cmd);
void cecp_cmd_remove(Cecp *c, Command *cmd);
void cecp_cmd_result(Cecp *c, Command *cmd);
/* play modes */
void cecp_cmd_force(Cecp *c, Command *cmd);
void cecp_cmd_go(Cecp *c, Command *cmd);
void cecp_cmd_playother(Cecp *c, Command *cmd);
void cecp_cmd_move_now(Cecp *c, Command *cmd);  /* ? */
void cecp_cmd_ponder(Cecp *c, Command *cmd);    /* hard and easy */
void cecp_cmd_analyze(Cecp *c, Command *cmd);
void cecp_cmd_exit(Cecp *c, Command *cmd);
/* thinking output */
void cecp_cmd_post(Cecp *c, Command *cmd);      /* post and nopost */
void cecp_cmd_stat(Cecp *c, Command *cmd);      /* . */
void cecp_cmd_hint(Cecp *c, Command *cmd);
void cecp_cmd_bk(Cecp *c, Command *cmd);
/* the session */
void cecp_cmd_nothing(Cecp *c, Command *cmd);   /* commands Kaki accepts and ignores */
void cecp_cmd_rejected(Cecp *c, Command *cmd);
void cecp_cmd_ping(Cecp *c, Command *cmd);
void cecp_cmd_quit(Cecp *c, Command *cmd);

#endif
