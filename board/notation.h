/* Move notation: the XBoard wire syntax (docs/PROTOCOL.md §3) and Hodges notation (docs/RULES.md §8). */
#ifndef KAKI_NOTATION_H
#define KAKI_NOTATION_H

#include <stddef.h>

#include "move.h"
#include "position.h"

#define MOVE_STR_MAX 64

/* Wire syntax of a move in pos (before it is made): "h4h5", "h8i9,i9h10+", a pass as
   "s v,v s" with the lowest-index valid v.  rank_offset 1 prints 0-based ranks. */
char *move_to_wire(const Position *pos, Move m, int rank_offset, char *out);

/* Parses a wire move and finds the legal move it denotes.  Returns the move, or MOVE_NONE with
   a reason in err.  Accepts '=' on any move, '+' on a suicide move (ignored), "@@@@" when all
   legal passes lead to the same position, and a leg through an empty square as the plain
   move with the same effect.  pos is restored before returning. */
Move move_from_wire(Position *pos, const char *s, int rank_offset, char *err, size_t errsz);

/* Hodges notation (docs/RULES.md §8) of a legal move in pos, including burns, promotion suffix and
   suicide mark; the start square only when needed.  pos is restored before returning. */
char *move_to_hodges(Position *pos, Move m, char *out);
/* The same with pos's legal moves given (generate_legal), to write many moves of one position. */
char *move_to_hodges_in(Position *pos, Move m, const MoveVec *legal, char *out);
/* Parses Hodges notation by matching it against the legal moves; aliases accepted. */
Move move_from_hodges(Position *pos, const char *s, char *err, size_t errsz);

/* "9p" style Hodges square. */
int hodges_square(int sq, char *out);

#endif
