/* Attack maps: the squares a side could capture on, computed from the same piece descriptions
 * and line words as the move generator, for the search's pruning and the evaluation. */
#ifndef KAKI_ATTACKS_H
#define KAKI_ATTACKS_H

#include <stdbool.h>

#include "bitboard.h"
#include "position.h"

/* Squares `side` attacks or defends: where its pieces could capture if an enemy stood there
   (steps, jumps, lion squares, slides up to and including the first piece, area moves).  Range
   jumps past the first piece and burns are left out: a cheap map for pruning, not a rule. */
Bitboard attacks_by(const Position *pos, int side);

/* Could `side` capture a piece standing on sq (the same approximation as attacks_by)? */
bool square_attacked_by(const Position *pos, int sq, int side);

#endif
