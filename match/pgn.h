/* kaki-match: PGN output with its tags.  White = sente (the first player, XBoard's
 * convention), Black = gote; 1-0 = sente won.  The game record itself (Hodges movetext with
 * the wire move in a comment) is board/pgn.h's; kaki-match's notes after the wire move are,
 * for engine moves, the score/depth and the time used: {h4h5 +0.35/12 1.234s}; book moves
 * {h4h5 book}. */
#ifndef KAKI_MATCH_PGN_H
#define KAKI_MATCH_PGN_H

#include <stdio.h>

#include "game.h"

/* Writes one game and flushes. */
void pgn_write_game(FILE *f, const Game *g, const char *event, int round);

#endif
