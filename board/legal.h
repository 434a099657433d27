/* Legality: every move of a position however many (MoveVec), the repetition rule, check
 * (docs/RULES.md §5.11, §5.12).  Built on the generators of movegen.h. */
#ifndef KAKI_LEGAL_H
#define KAKI_LEGAL_H

#include <stdbool.h>

#include "makemove.h"
#include "move.h"
#include "position.h"

/* Makes room for n more moves (aborts when out of memory). */
void movevec_reserve(MoveVec *v, int n);
void movevec_free(MoveVec *v);

/* Every move of generate_moves (of generate_moves_for), however many, in the same
   order. */
void generate_all_moves(const Position *pos, MoveVec *v);
void generate_all_moves_for(const Position *pos, int side, MoveVec *v);

/* The legal moves, all of them: generate_all_moves minus moves that repeat a position
   (unless the in-check exception applies).  pos is restored before returning. */
void generate_legal(Position *pos, MoveVec *v);
/* Makes `move` (as returned by generate_moves) if it is legal, repetition included; otherwise
   leaves pos unchanged and returns false.  *incheck caches in_check(pos) for the exception of
   docs/RULES.md §5.11 across the moves of one position (start with -1). */
bool make_legal_move(Position *pos, Move move, Undo *u, int *incheck);
/* After make_move(pos, m, u): does the move break the repetition rule (it recreates an earlier
   position, and the mover was not in check with the exception of docs/RULES.md §5.11 on)?  pos is
   left with the move made; *incheck as for make_legal_move. */
bool repetition_forbids(Position *pos, Move m, Undo *u, int *incheck);
/* Is `move` (as returned by generate_moves) legal here, repetition included? */
bool move_is_legal(Position *pos, Move move);

/* docs/RULES.md §5.12: the side to move has exactly one royal and the opponent has a move
   (repetition ignored) that removes it by capture or burn. */
bool in_check(Position *pos);

#endif
