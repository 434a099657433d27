/* Material won by moves: the immediate gain of one move (captures, burns, promotion, suicide)
 * for move ordering and pruning, and a capture search that judges whether a position is quiet
 * and balanced (kaki-match's random openings).  Values are docs/RULES.md §7 (board/pieces.h). */
#ifndef KAKI_EXCHANGE_H
#define KAKI_EXCHANGE_H

#include "move.h"
#include "position.h"

/* Value of the piece pc as a victim: its material value, ROYAL_VALUE for a king or prince. */
int victim_value(int pc);

/* Material the move m wins at once: its captures (displacement, igui, double capture), the
   promotion gain and the pieces a fire demon burns; minus the mover if it burns itself next to
   an enemy fire demon. */
int move_gain(const Position *pos, Move m);
/* The same, with `danger` = burn_zone(pos, them) precomputed: cheap for most moves. */
int move_gain_fast(const Position *pos, Move m, Bitboard danger);

/* The biggest promotion gain the quiet promotions of generate_quiet_promotions(pos, kinds)
   could bring (their pieces outside the zone; 0 if none). */
int quiet_promotion_bound(const Position *pos, uint64_t kinds);

/* Material of Black minus White (material_value: royals count nothing). */
int material_balance(const Position *pos);

/* The material the side to move can win by a sequence of captures and burns, the opponent
   answering in kind and either side free to stop (at most `plies` plies and `budget` nodes);
   taking a last royal counts ROYAL_VALUE.  pos is restored. */
int capture_search(Position *pos, int plies, long budget);

#endif
