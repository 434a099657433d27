/* The game record of a session (board/game.h) and what changes it: a new game or position, a
 * move, moves taken back, the claim of a result. */
#ifndef KAKI_PROTOCOL_GAME_H
#define KAKI_PROTOCOL_GAME_H

#include <stdbool.h>

#include "board/position.h"
#include "session.h"

/* dst = the board and side of src under the rule set rs, with a fresh history. */
void cecp_copy_board(Position *dst, const Position *src, const RuleSet *rs);
/* Forgets the highlight state (lifted piece, first leg). */
void cecp_clear_lift(Cecp *c);
/* A new game from `start` (NULL = the tenjiku start position). */
void cecp_game_reset(Cecp *c, const Position *start);
/* Appends a legal move to the record and makes it. */
void cecp_record_move(Cecp *c, Move m);
/* Claims the result if the game has ended; returns true if it has. */
bool cecp_claim_if_over(Cecp *c);
/* setboard FEN: the new position, or a tellusererror line and no valid position. */
void cecp_set_board(Cecp *c, const char *fen);
/* Takes back the last plies moves, or says there are not so many (shown: the command). */
void cecp_take_back(Cecp *c, int plies, const char *shown);
/* cecp_check() of cecp.h: the record against the replay of its moves; NULL or a message. */
const char *cecp_game_check(const Cecp *c);

#endif
