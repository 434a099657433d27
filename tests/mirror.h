/* The colour-mirrored copy of a position: the board turned 180 degrees, every piece's colour
 * swapped, the other side to move.  The two are the same game seen from the other side, so the
 * evaluation and the search must score them alike.  Header-only, shared by tests. */
#ifndef KAKI_TEST_MIRROR_H
#define KAKI_TEST_MIRROR_H

#include "board/position.h"

static inline void mirror_position(const Position *src, Position *dst)
{
    position_clear(dst, src->rs);
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        if (src->board[sq]) {
            int pc = src->board[sq];
            put_piece(dst, SQUARE_COUNT - 1 - sq, make_piece(piece_kind(pc), piece_colour(pc) ^ 1));
        }
    if (src->side == BLACK) {
        dst->side = WHITE;
        dst->key ^= zobrist_side;
    }
    position_reset_history(dst);
}

#endif
