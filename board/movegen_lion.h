/* Internal to the move generator: the moves that capture on the way (docs/RULES.md §5.2-§5.4):
 * lion power (a capture on an adjacent square, then a stay or a second step), its line and
 * diagonal forms, and igui.  They are few, and calls. */
#ifndef KAKI_MOVEGEN_LION_H
#define KAKI_MOVEGEN_LION_H

#include "movegen_simple.h"
#include "movegen_state.h"

/* A move that captures on `mid` first (igui when to == from, otherwise a double move). */
MOVEGEN_CALL void add_mid_move(Gen *g, int from, int mid, int to, const PieceInfo *pi)
{
    Move m = move_make_mid(from, mid, to);
    add(g, m);
    if (!pi->promotes_to)
        return;
    bool eligible = bb_test(&g->zone, from) || bb_test(&g->zone, to) ||
                    (g->rs->rules.promo_any_square && bb_test(&g->zone, mid));
    if (eligible && !ends_burned(g, to, bb_square(mid)))
        add(g, m | MOVE_PROMO);
}

/* Lion power: capture an adjacent enemy X (taken from `victims`) and then stay (igui) or step
   on to any square in `second(X)` that is not the start and not friendly. */
MOVEGEN_CALL void add_lion_moves(Gen *g, int from, const PieceInfo *pi, Bitboard victims,
                                 const Bitboard *second)
{
    while (bb_any(victims)) {
        int x = bb_pop_for(&victims, g->us);
        add_mid_move(g, from, x, from, pi);
        Bitboard t = bb_andnot(second[x], g->own);
        bb_clear(&t, from);
        while (bb_any(t))
            add_mid_move(g, from, x, bb_pop_for(&t, g->us), pi);
    }
}

/* Line lion power (LION_LINE): in each of the piece's lion directions, capture the adjacent
   enemy and then stay (igui) or go on one square along the line, unless a friend stands there. */
MOVEGEN_CALL void add_line_lion_moves(Gen *g, int from, const PieceInfo *pi)
{
    for (int k = 0; k < 8; k++) {
        int d = dir_for(g->us, k);
        if (!(pi->lion_dirs & (1 << d)))
            continue;
        const RayInfo *ri = &geo.ray[from][d];
        if (ri->edge < 1)
            continue;
        int a = from + ri->delta;
        if (!bb_test(&g->enemy, a))
            continue;
        add_mid_move(g, from, a, from, pi);
        if (ri->edge >= 2 && !bb_test(&g->own, a + ri->delta))
            add_mid_move(g, from, a, a + ri->delta, pi);
    }
}

/* Lion power and igui against the adjacent enemies in `victims` (not empty), in the order the
   full generator lists them; a line lion's moves are found from its lines (they may take
   others: callers that want one victim filter). */
MOVEGEN_CALL void add_lion_type_moves(Gen *g, int from, const PieceInfo *pi, Bitboard victims)
{
    if (pi->lion == LION_FULL)
        add_lion_moves(g, from, pi, victims, geo.king_nbrs);
    else if (pi->lion == LION_DIAG)
        add_lion_moves(g, from, pi, bb_and(victims, geo.diag_nbrs[from]), geo.diag_nbrs);
    else if (pi->lion == LION_LINE)
        add_line_lion_moves(g, from, pi);
    if (pi->igui_all)
        while (bb_any(victims))
            add_mid_move(g, from, bb_pop_for(&victims, g->us), from, pi);
}

#endif
