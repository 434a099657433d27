/* Making and unmaking moves, with the end-of-move resolution of docs/RULES.md §5.9 (captures,
 * passive burn, active burn) and the repetition history. */
#ifndef KAKI_MAKEMOVE_H
#define KAKI_MAKEMOVE_H

#include <stdbool.h>

#include "move.h"
#include "position.h"

/* Every square a move changed, with what stood there before, so that unmake is exact:
   at most the mid capture, the destination, the start, the mover's own burn and 8 burns. */
#define UNDO_MAX_CHANGES 12

typedef struct Undo {
    uint64_t key;
    int nchanges;
    uint8_t sq[UNDO_MAX_CHANGES];
    uint8_t old[UNDO_MAX_CHANGES];
    uint8_t removed;    /* pieces removed by the move (captured, burned, suicide) */
} Undo;

void make_move(Position *pos, Move m, Undo *u);
void unmake_move(Position *pos, Move m, Undo *u);

/* Passes the turn without a move (search heuristics and threat detection only; not a legal
   move and not recorded in the history). */
void make_null_move(Position *pos);
void unmake_null_move(Position *pos);

/* Did the move just made (with this undo record) remove a piece or promote?  Such a position
   can never repeat an earlier one. */
static inline bool undo_irreversible(const Undo *u, Move m) { return u->removed || (m & MOVE_PROMO); }

#endif
