/* Internal to the move generator: the squares a piece reaches along its lines and by area moves.
 * A slide finds the first piece on its line from the line's 16-bit occupancy word, and two ray
 * masks give the squares up to it; a range jump (docs/RULES.md §6) goes on past the pieces it
 * may jump; an area move (§5.6) is a flood fill of up to three king steps over set operations.
 * The slides are inlined into the generators' loops; the rarer parts are calls. */
#ifndef KAKI_MOVEGEN_LINES_H
#define KAKI_MOVEGEN_LINES_H

#include <stdbool.h>

#include "movegen_state.h"

/* Distance along ray `ri` of the first occupied square at distance >= from, or edge + 1. */
static inline int next_occupied(const RayInfo *ri, unsigned w, int from)
{
    if (ri->up) {
        unsigned m = (w >> ri->bit) >> from;
        return m ? from + __builtin_ctz(m) : ri->edge + 1;
    }
    int top = ri->bit - from;
    if (top < 0)
        return ri->edge + 1;
    unsigned m = w & ((2u << top) - 1);
    return m ? ri->bit - (31 - __builtin_clz(m)) : ri->edge + 1;
}

/* docs/RULES.md §6: may a range-jumping general of rank `rank` capture the piece `victim`, having
   jumped over at least one piece when `jumped`? */
static inline bool jumper_may_capture(const Gen *g, int rank, int victim, bool jumped)
{
    const PieceInfo *v = &g->rs->piece[victim];
    switch (g->rs->rules.jumper_capture) {
    case JUMPCAP_TSA:
        return v->rank < rank;
    case JUMPCAP_NOJUMP:
        return !jumped || v->rank < rank;
    default: /* cvp: anything, but a royal only as the first piece on the line */
        return !jumped || !v->royal;
    }
}

/* Under jumper_capture=tsa a range-jumping general never captures a piece of equal or higher
   rank, by any move (docs/RULES.md §6): those captures leave `targets`. */
MOVEGEN_CALL Bitboard tsa_filter(const Gen *g, const PieceInfo *pi, Bitboard targets)
{
    if (g->rs->rules.jumper_capture != JUMPCAP_TSA)
        return targets;
    Bitboard caps = bb_and(targets, g->enemy);
    while (bb_any(caps)) {
        int t = bb_pop(&caps);
        if (g->rs->piece[g->pos->board[t]].rank >= pi->rank)
            bb_clear(&targets, t);
    }
    return targets;
}

/* Range-jumping general (docs/RULES.md §6): from the first piece, at distance b, go on past pieces of
   lower rank, capturing enemies met on the way as the jumper_capture option allows. */
MOVEGEN_CALL void add_jumps(const Gen *g, int from, int dir, const RayInfo *ri, unsigned w, int b,
                            int limit, int rank, Bitboard *targets)
{
    if (!g->rs->rules.jump_noncapture || g->noisy) {
        /* every enemy from the first piece b up to the first piece of the jumper's rank or
           higher (which ends the line and is taken only as the rules allow) */
        int hb = next_occupied(ri, g->pos->high_lines[rank - 1][ri->line], b);
        int end = hb < limit ? hb : limit;
        Bitboard seg = bb_andnot(geo.ray_bb[from + (b - 1) * ri->delta][dir],
                                 geo.ray_bb[from + end * ri->delta][dir]);
        Bitboard victims = bb_and(seg, g->pos->occ[g->us ^ 1]);
        int t = from + hb * ri->delta;
        if (hb <= limit && bb_test(&victims, t) &&
            !jumper_may_capture(g, rank, g->pos->board[t], hb > b))
            bb_clear(&victims, t);
        *targets = bb_or(*targets, victims);
        return;
    }
    bool jumped = false;
    int t = from + b * ri->delta;
    for (;;) {
        int victim = g->pos->board[t];
        if (piece_colour(victim) != g->us && jumper_may_capture(g, rank, victim, jumped))
            bb_set(targets, t);
        if (g->rs->piece[victim].rank >= rank)
            return;
        int nb = next_occupied(ri, w, b + 1);
        /* jump_noncapture: the empty squares up to the next piece, too */
        int stop = nb - 1 < limit ? nb - 1 : limit;
        for (int k = b + 1, e = from + (b + 1) * ri->delta; k <= stop; k++, e += ri->delta)
            bb_set(targets, e);
        if (nb > limit)
            return;
        b = nb;
        t = from + b * ri->delta;
        jumped = true;
    }
}

/* Where a ranging line of the piece on `from` ends: *limit = its reach (range and board edge),
   *b = the distance of the first piece from s->first on (limit + 1 or more if none).  False if
   the line has no square at all. */
static inline bool slide_scan(const Gen *g, int from, const Slide *s, const RayInfo **ri, unsigned *w,
                              int *limit, int *b)
{
    *ri = &geo.ray[from][s->dir];
    *w = g->pos->lines[(*ri)->line];
    *limit = s->max < (*ri)->edge ? s->max : (*ri)->edge;
    if (*limit < s->first)
        return false;
    *b = next_occupied(*ri, *w, s->first);
    return true;
}

/* Adds the squares of one ranging line of the piece on `from` to *targets: the line word finds
   the first piece, two ray masks give the squares up to and including it (a friendly blocker
   is removed by the caller). */
static inline __attribute__((always_inline)) void add_slide(const Gen *g, int from, const Slide *s,
                                                            int rank, Bitboard *targets)
{
    const RayInfo *ri;
    unsigned w;
    int limit, b;
    if (!slide_scan(g, from, s, &ri, &w, &limit, &b))
        return;
    int last = b < limit ? b : limit;
    if (last == s->first) { /* one square: common in crowded positions */
        bb_set(targets, from + last * ri->delta);
    } else {
        Bitboard span = bb_xor(geo.ray_bb[from][s->dir], geo.ray_bb[from + last * ri->delta][s->dir]);
        if (s->first == 2)
            bb_clear(&span, from + ri->delta);
        *targets = bb_or(*targets, span);
    }
    if (b <= limit && s->jumps)
        add_jumps(g, from, s->dir, ri, w, b, limit, rank, targets);
}

/* Captures only: the first piece on the line if it is an enemy (and, for a range jumper, the
   enemies it can take beyond). */
MOVEGEN_LOCAL void add_slide_captures(const Gen *g, int from, const Slide *s, int rank, Bitboard *targets)
{
    const RayInfo *ri;
    unsigned w;
    int limit, b;
    if (!slide_scan(g, from, s, &ri, &w, &limit, &b) || b > limit)
        return;
    if (s->jumps)
        add_jumps(g, from, s->dir, ri, w, b, limit, rank, targets);
    else if (bb_test(&g->enemy, from + b * ri->delta))
        bb_set(targets, from + b * ri->delta);
}

/* Squares reachable by up to n king steps through empty squares (docs/RULES.md §5.6); the start
   square counts as vacated. */
MOVEGEN_CALL Bitboard area_targets(const Gen *g, int from, int n)
{
    Bitboard passable = g->empty;
    bb_set(&passable, from);
    Bitboard frontier = bb_square(from), reach = BB_EMPTY;
    for (int i = 0; i < n; i++) {
        Bitboard nb = bb_king_expand(frontier);
        reach = bb_or(reach, nb);
        frontier = bb_and(nb, passable);
    }
    return reach;
}

#endif
