/* What kind of move a move is: noisy (what the quiescence search tries) or a suicide. */
#ifndef KAKI_MOVECLASS_H
#define KAKI_MOVECLASS_H

#include <stdbool.h>

#include "move.h"
#include "position.h"

/* Would generate_noisy produce this move (a move of generate_moves)?  Lets the search try the
   noisy moves first and then the rest without trying a move twice. */
bool move_is_noisy(const Position *pos, Move m);

/* Is m (any value, MOVE_NONE included) one of generate_noisy's moves here?  Checks a capture
   remembered from another position (the quiescence search's hash move and killer). */
bool move_is_noisy_pseudolegal(const Position *pos, Move m);

/* Would the piece making `move` end next to an enemy fire demon that survives the move's
   captures (and so be burned)?  Such a move has no promoting version. */
bool move_is_suicide(const Position *pos, Move move);

#endif
