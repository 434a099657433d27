/* kaki-match: PGN output with tenjiku tags.  White = sente (the first player, XBoard's
 * convention), Black = gote; 1-0 = sente won.  Moves in Hodges notation (docs/RULES.md §8), each
 * followed by a comment with the wire move (docs/PROTOCOL.md §3, 1-based ranks) and, for engine
 * moves, the score/depth and the time used: {h4h5 +0.35/12 1.234s}; book moves {h4h5 book}. */
#ifndef KAKI_MATCH_PGN_H
#define KAKI_MATCH_PGN_H

#include <stdio.h>

#include "game.h"

/* Writes one game and flushes. */
void pgn_write(FILE *f, const Game *g, const char *event, int round);

#endif
