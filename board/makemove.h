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

/* Is change i of u the first one of its square?  That record holds the square's occupant
   before the move; later records of the same square are to be skipped. */
static inline bool undo_first_change(const Undo *u, int i)
{
    for (int j = 0; j < i; j++)
        if (u->sq[j] == u->sq[i])
            return false;
    return true;
}

/* The hash key after m, without making it: exact unless the move burns (a fire demon's move,
   or a suicide); then the key without the burns.  For prefetching the hash table early. */
static inline uint64_t key_after(const Position *pos, Move m)
{
    int from = move_from(m), to = move_to(m), pc = pos->board[from];
    uint64_t k = pos->key ^ zobrist_side ^ zobrist_piece[pc][from];
    if (m & MOVE_MID)
        k ^= zobrist_piece[pos->board[move_mid(m)]][move_mid(m)];
    if (to != from && pos->board[to])
        k ^= zobrist_piece[pos->board[to]][to];
    return k ^ zobrist_piece[(m & MOVE_PROMO) ? pos->rs->piece[pc].promotes_to : pc][to];
}
void unmake_move(Position *pos, Move m, Undo *u);

/* Passes the turn without a move (search heuristics and threat detection only; not a legal
   move and not recorded in the history). */
void make_null_move(Position *pos);
void unmake_null_move(Position *pos);

/* Did the move just made (with this undo record) remove a piece or promote?  Such a position
   can never repeat an earlier one. */
static inline bool undo_irreversible(const Undo *u, Move m) { return u->removed || (m & MOVE_PROMO); }

#endif
