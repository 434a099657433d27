/* Reproducible test positions: random games from the start position and random scattered
 * positions with every piece kind (promoted ones included).  Header-only, shared by tests. */
#ifndef KAKI_TEST_RANDPOS_H
#define KAKI_TEST_RANDPOS_H

#include <stdint.h>
#include <stdlib.h>

#include "board/makemove.h"
#include "board/movegen.h"
#include "board/tfen.h"

typedef struct Rng {
    uint64_t s;
} Rng;

static inline uint64_t rng_next(Rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static inline int rng_below(Rng *r, int n) { return (int)(rng_next(r) % (uint64_t)n); }

/* Picks a move: with probability capture_bias% a capturing or promoting move if there is one,
   otherwise any legal move.  Capture-hungry games reach sparse boards, promoted pieces and
   lone royals quickly. */
static inline bool random_move_takes(const Position *pos, Move m)
{
    return move_has_mid(m) || move_is_promo(m) || (!move_is_pass(m) && pos->board[move_to(m)]);
}
static inline Move random_move(Position *pos, const MoveVec *legal, Rng *r, int capture_bias)
{
    if (legal->count == 0)
        return MOVE_NONE;
    if (rng_below(r, 100) < capture_bias) {
        int n = 0;
        for (int i = 0; i < legal->count; i++)
            n += random_move_takes(pos, legal->moves[i]);
        if (n) {
            int k = rng_below(r, n);
            for (int i = 0;; i++)
                if (random_move_takes(pos, legal->moves[i]) && k-- == 0)
                    return legal->moves[i];
        }
    }
    return legal->moves[rng_below(r, legal->count)];
}

/* A random position with `npieces` pieces per side of random kinds (any kind, promoted or
   not) on random squares, one or two royals per side, side to move random. */
static inline void random_scatter(Position *pos, Rng *r, int npieces)
{
    const RuleSet *rs = pos->rs;
    position_clear(pos, rs);
    for (int c = 0; c < 2; c++) {
        int royals = 1 + rng_below(r, 4) / 3; /* mostly one, sometimes two */
        for (int i = 0; i < npieces + royals; i++) {
            int sq;
            do
                sq = rng_below(r, SQUARE_COUNT);
            while (pos->board[sq]);
            int kind;
            if (i < royals)
                kind = rng_below(r, 2) ? KING : promoted_kind(DRUNK_ELEPHANT);
            else
                do
                    kind = 1 + rng_below(r, KIND_COUNT - 1);
                while (kind_move_type[kind] == MT_NONE || kind == KING ||
                       kind == promoted_kind(DRUNK_ELEPHANT));
            put_piece(pos, sq, make_piece(kind, c));
        }
    }
    if (rng_below(r, 2)) {
        pos->side = WHITE;
        pos->key ^= zobrist_side;
    }
    position_reset_history(pos);
}

#endif
