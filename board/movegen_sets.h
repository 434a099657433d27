/* Internal to the move generator: the noisy generator's captures of whole groups of pieces at
 * once, from the sets the position keeps of its plain sliders, channelled leapers and plain
 * range-2 sliders (Position.sliders, leapers, ranged2), instead of piece by piece.  Each adds at
 * most FILL_CAPTURES_PER_PIECE for each piece, without checking the room; the pieces' own
 * generation must then leave those captures out (Gen.fills, Gen.leaps). */
#ifndef KAKI_MOVEGEN_SETS_H
#define KAKI_MOVEGEN_SETS_H

#include "movegen_lines.h"
#include "movegen_simple.h"
#include "movegen_state.h"

/* The most captures one piece adds through the slider, leaper and range-2 sets: one per slide
   direction, one per leap channel, one per range-2 direction. */
enum { FILL_CAPTURES_PER_PIECE = 8 + LEAP_CHANNELS + 8 };

/* The capture of the piece on `target` by the piece on `from` found from a set (a plain slider,
   a channelled leap, a range-2 slide): the promoting version alone where the rules allow one. */
MOVEGEN_CALL void add_fill_capture(Gen *g, int from, int target)
{
    const PieceInfo *pi = &g->rs->piece[g->pos->board[from]];
    Move m = move_make(from, target);
    if (pi->promotes_to && (bb_test(&g->zone, from) || bb_test(&g->zone, target)) &&
        !ends_burned(g, target, bb_square(target)))
        m |= MOVE_PROMO;
    add(g, m);
}

static inline uint64_t rep16(unsigned rank_bits) { return (uint64_t)(rank_bits & 0xFFFF) * 0x0001000100010001ULL; }

/* The set shifted k squares in direction d, squares that would wrap around an edge dropped.
   Always inlined with constant d and k, so that every shift is a constant one. */
static inline __attribute__((always_inline)) Bitboard shift_dir(Bitboard b, int dx, int dy, int k)
{
    int n = (dy * 16 + dx) * k;
    Bitboard r = n >= 0 ? bb_shl(b, n) : bb_shr(b, -n);
    if (dx) {
        uint64_t m = dx > 0 ? rep16(0xFFFFu << k) : rep16(0xFFFFu >> k);
        for (int i = 0; i < 4; i++)
            r.w[i] &= m;
    }
    return r;
}

/* The captures of all plain sliders, slider by slider: the first piece on each of their lines,
   from the line word.  (Whole-board Kogge-Stone fills find the same in fewer instructions but
   run slower: docs/SPEED.md.) */
MOVEGEN_LOCAL void scan_slider_captures(Gen *g)
{
    const Position *pos = g->pos;
    for (int k = 0; k < 8; k++) {
        int d = dir_for(g->us, k);
        Bitboard sliders = pos->sliders[g->us][d];
        while (bb_any(sliders)) {
            int from = bb_pop_for(&sliders, g->us);
            const RayInfo *ri = &geo.ray[from][d];
            int b = next_occupied(ri, pos->lines[ri->line], 1);
            if (b <= ri->edge && bb_test(&g->enemy, from + b * ri->delta))
                add_fill_capture(g, from, from + b * ri->delta);
        }
    }
}

/* The set shifted by the vector (dx, dy), |dx|, |dy| <= 2, squares that would wrap dropped.
   Always inlined with constant offsets. */
static inline __attribute__((always_inline)) Bitboard shift_vec(const Bitboard *b, int dx, int dy)
{
    int n = dy * 16 + dx;
    Bitboard r = n >= 0 ? bb_shl(*b, n) : bb_shr(*b, -n);
    if (dx) {
        uint64_t m = dx > 0 ? rep16((0xFFFFu << dx) & 0xFFFFu) : rep16(0xFFFFu >> -dx);
        for (int i = 0; i < 4; i++)
            r.w[i] &= m;
    }
    return r;
}

/* One channel of add_leap_captures, inlined with a constant offset. */
static inline __attribute__((always_inline)) void leap_captures_channel(Gen *g, int k, int dx, int dy)
{
    const Bitboard *leapers = &g->pos->leapers[g->us][k];
    if (bb_none(*leapers))
        return;
    Bitboard hits = bb_and(shift_vec(leapers, dx, dy), g->enemy);
    while (bb_any(hits)) {
        int t = bb_pop_for(&hits, g->us);
        add_fill_capture(g, t - (dy * 16 + dx), t);
    }
}

/* Captures of all channelled leaps at once (quiescence): shift each channel's leapers by its
   offset onto the enemy; the leaper is the square the offset back. */
MOVEGEN_CALL void add_leap_captures(Gen *g)
{
    /* the order of leap_dx/leap_dy (geometry.c); White takes the channels in reverse order,
       which is the same order seen from its side (channel 23 - k is channel k's offset
       negated) */
    if (g->us == BLACK) {
        leap_captures_channel(g, 0, -2, -2);
        leap_captures_channel(g, 1, -1, -2);
        leap_captures_channel(g, 2, 0, -2);
        leap_captures_channel(g, 3, 1, -2);
        leap_captures_channel(g, 4, 2, -2);
        leap_captures_channel(g, 5, -2, -1);
        leap_captures_channel(g, 6, -1, -1);
        leap_captures_channel(g, 7, 0, -1);
        leap_captures_channel(g, 8, 1, -1);
        leap_captures_channel(g, 9, 2, -1);
        leap_captures_channel(g, 10, -2, 0);
        leap_captures_channel(g, 11, -1, 0);
        leap_captures_channel(g, 12, 1, 0);
        leap_captures_channel(g, 13, 2, 0);
        leap_captures_channel(g, 14, -2, 1);
        leap_captures_channel(g, 15, -1, 1);
        leap_captures_channel(g, 16, 0, 1);
        leap_captures_channel(g, 17, 1, 1);
        leap_captures_channel(g, 18, 2, 1);
        leap_captures_channel(g, 19, -2, 2);
        leap_captures_channel(g, 20, -1, 2);
        leap_captures_channel(g, 21, 0, 2);
        leap_captures_channel(g, 22, 1, 2);
        leap_captures_channel(g, 23, 2, 2);
    } else {
        leap_captures_channel(g, 23, 2, 2);
        leap_captures_channel(g, 22, 1, 2);
        leap_captures_channel(g, 21, 0, 2);
        leap_captures_channel(g, 20, -1, 2);
        leap_captures_channel(g, 19, -2, 2);
        leap_captures_channel(g, 18, 2, 1);
        leap_captures_channel(g, 17, 1, 1);
        leap_captures_channel(g, 16, 0, 1);
        leap_captures_channel(g, 15, -1, 1);
        leap_captures_channel(g, 14, -2, 1);
        leap_captures_channel(g, 13, 2, 0);
        leap_captures_channel(g, 12, 1, 0);
        leap_captures_channel(g, 11, -1, 0);
        leap_captures_channel(g, 10, -2, 0);
        leap_captures_channel(g, 9, 2, -1);
        leap_captures_channel(g, 8, 1, -1);
        leap_captures_channel(g, 7, 0, -1);
        leap_captures_channel(g, 6, -1, -1);
        leap_captures_channel(g, 5, -2, -1);
        leap_captures_channel(g, 4, 2, -2);
        leap_captures_channel(g, 3, 1, -2);
        leap_captures_channel(g, 2, 0, -2);
        leap_captures_channel(g, 1, -1, -2);
        leap_captures_channel(g, 0, -2, -2);
    }
}

/* Captures of all plain range-2 slides at once: onto the first square, or onto the second over
   an empty first one. */
MOVEGEN_LOCAL void add_r2_captures(Gen *g)
{
    const Position *pos = g->pos;
    for (int k = 0; k < 8; k++) {
        int d = dir_for(g->us, k);
        const Bitboard *set = &pos->ranged2[g->us][d];
        if (bb_none(*set))
            continue;
        Bitboard one, two, gap;
        switch (d) {
#define R2(D, DX, DY)                                                                              \
    case D:                                                                                    \
        one = shift_dir(*set, DX, DY, 1);                                                      \
        two = shift_dir(*set, DX, DY, 2);                                                      \
        gap = shift_dir(g->empty, DX, DY, 1);                                                  \
        break;
            R2(DIR_N, 0, 1) R2(DIR_NE, 1, 1) R2(DIR_E, 1, 0) R2(DIR_SE, 1, -1)
            R2(DIR_S, 0, -1) R2(DIR_SW, -1, -1) R2(DIR_W, -1, 0) default: R2(DIR_NW, -1, 1)
#undef R2
        }
        int step = dir_dy[d] * 16 + dir_dx[d];
        Bitboard hits = bb_and(one, g->enemy);
        while (bb_any(hits)) {
            int t = bb_pop_for(&hits, g->us);
            add_fill_capture(g, t - step, t);
        }
        hits = bb_and(bb_and(two, gap), g->enemy);
        while (bb_any(hits)) {
            int t = bb_pop_for(&hits, g->us);
            add_fill_capture(g, t - 2 * step, t);
        }
    }
}

#endif
