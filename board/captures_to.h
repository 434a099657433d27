/* The captures of one piece: a move generator for the quiescence search's recaptures, built
 * from the parts of the full one (board/movegen_*.h). */
#ifndef KAKI_CAPTURES_TO_H
#define KAKI_CAPTURES_TO_H

#include "move.h"
#include "position.h"

/* The moves of generate_noisy that capture the piece on `target`, by displacement or igui
   (not lion double moves or burns): recaptures for the quiescence search, found from the
   target's lines and neighbourhood instead of from every piece.  Appends to the list. */
void generate_captures_to(const Position *pos, int target, MoveList *list);

#endif
