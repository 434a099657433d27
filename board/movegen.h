/* Move generation.  Tenjiku has no self-check rule, so every generated move is legal except
 * for the repetition rule (docs/RULES.md §5.11), which needs the game history: generate_moves gives
 * the moves before that filter, generate_legal applies it.
 *
 * The generators that fill a MoveList are the search's: a MoveList has a fixed size, and in a
 * position with more moves than it holds they leave the rest out and set `overflow` (move.h).
 * Whoever needs every move takes a MoveVec: generate_all_moves, generate_legal (legal.h).
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

/* Is m one of generate_moves' moves here?  (Checks a hash move from another position.) */
bool move_is_pseudolegal(const Position *pos, Move m);

#endif
