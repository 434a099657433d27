/* Move generation.  Tenjiku has no self-check rule, so every generated move is legal except
 * for the repetition rule (docs/RULES.md §5.11), which needs the game history: generate_moves gives
 * the moves before that filter, generate_legal applies it.
 *
 * The generators that fill a MoveList are the search's: a MoveList has a fixed size, and in a
 * position with more moves than it holds they leave the rest out and set `overflow` (move.h).
 * Whoever needs every move takes a MoveVec: generate_all_moves, generate_legal (legal.c).
 *
 * The attack maps (attacks.h) and the generator of the captures of one piece (captures_to.h)
 * come with it. */
#ifndef KAKI_MOVEGEN_H
#define KAKI_MOVEGEN_H

#include <stdbool.h>

#include "attacks.h"
#include "captures_to.h"
#include "makemove.h"
#include "move.h"
#include "position.h"

/* All moves of the side to move, ignoring repetition; none if either side has no royal.  At
   most what the list holds (see above). */
void generate_moves(const Position *pos, MoveList *list);
/* The same for `side` (which need not be on move): used to find threats. */
void generate_moves_for(const Position *pos, int side, MoveList *list);
/* Appends the moves of generate_moves_for(side) made by the piece on `from` (at most
   MAX_PIECE_MOVES). */
void generate_piece_moves(const Position *pos, int side, int from, MoveList *list);

/* legal.c: every move of generate_moves (of generate_moves_for), however many, in the same
   order. */
void generate_all_moves(const Position *pos, MoveVec *v);
void generate_all_moves_for(const Position *pos, int side, MoveVec *v);

/* The moves that take material (quiescence search): every capture (the promoting version alone
   where one exists), and fire-demon moves and passes that burn.  A subset of generate_moves;
   none of them can repeat a position. */
void generate_noisy(const Position *pos, MoveList *list);

/* The rest: the moves of generate_moves that generate_noisy leaves out (move_is_noisy is false
   for each), in generate_moves' order.  The main search's quiet stage. */
void generate_quiet(const Position *pos, MoveList *list);

/* Appends the moves of generate_noisy made by the piece on `from` (of the side to move). */
void generate_piece_noisy(const Position *pos, int from, MoveList *list);

/* Appends the promoting versions of the non-capturing moves into the zone of the pieces whose
   kind has its bit set in `kinds` (bit = kind number): the big promotions (a water buffalo
   becoming a fire demon) for the quiescence search. */
void generate_quiet_promotions(const Position *pos, uint64_t kinds, MoveList *list);

/* Would generate_noisy produce this move (a move of generate_moves)?  Lets the search try the
   noisy moves first and then the rest without trying a move twice. */
bool move_is_noisy(const Position *pos, Move m);

/* Is m one of generate_moves' moves here?  (Checks a hash move from another position.) */
bool move_is_pseudolegal(const Position *pos, Move m);
/* Is m (any value, MOVE_NONE included) one of generate_noisy's moves here?  Checks a capture
   remembered from another position (the quiescence search's hash move and killer). */
bool move_is_noisy_pseudolegal(const Position *pos, Move m);

/* legal.c: the legal moves, all of them: generate_all_moves minus moves that repeat a position
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

/* Would the piece making `move` end next to an enemy fire demon that survives the move's
   captures (and so be burned)?  Such a move has no promoting version. */
bool move_is_suicide(const Position *pos, Move move);

#endif
