/* Attack maps (attacks.h). */
#include "attacks.h"

#include "movegen_lines.h"
#include "movegen_state.h"

bool square_attacked_by(const Position *pos, int sq, int side)
{
    const RuleSet *rs = pos->rs;
    /* ranging pieces: the first piece on each line from sq, if it ranges back far enough */
    for (int d = 0; d < 8; d++) {
        const RayInfo *ri = &geo.ray[sq][d];
        int b = next_occupied(ri, pos->lines[ri->line], 1);
        if (b > ri->edge)
            continue;
        int pc = pos->board[sq + b * ri->delta];
        if (piece_colour(pc) != side)
            continue;
        const PieceInfo *pi = &rs->piece[pc];
        int back = (d + 4) & 7;
        if (pi->slide_max[back] >= b && pi->slide_first[back] <= b)
            return true;
    }
    /* leaps, lion power, igui and area moves all come from within three squares */
    Bitboard near = bb_and(geo.king_nbrs[sq], pos->occ[side]);
    Bitboard box = bb_king_expand(geo.king_nbrs[sq]);
    Bitboard far = bb_andnot(bb_and(bb_king_expand(box), pos->occ[side]), box);
    Bitboard mid = bb_andnot(bb_and(box, pos->occ[side]), near);
    Bitboard cand = bb_or(near, mid);
    while (bb_any(cand)) {
        int from = bb_pop(&cand);
        const PieceInfo *pi = &rs->piece[pos->board[from]];
        if (pi->leap >= 0 && bb_test(&rs->pattern[pi->leap][from], sq))
            return true;
        if (pi->igui_all && bb_test(&geo.king_nbrs[from], sq))
            return true;
        if (pi->area) {
            Gen g = {.pos = pos, .rs = rs, .us = side};
            g.empty = bb_not(position_occupied(pos));
            if (bb_test((Bitboard[]){area_targets(&g, from, pi->area)}, sq))
                return true;
        }
    }
    while (bb_any(far)) { /* area movers three squares away */
        int from = bb_pop(&far);
        const PieceInfo *pi = &rs->piece[pos->board[from]];
        if (pi->area >= 3) {
            Gen g = {.pos = pos, .rs = rs, .us = side};
            g.empty = bb_not(position_occupied(pos));
            if (bb_test((Bitboard[]){area_targets(&g, from, pi->area)}, sq))
                return true;
        }
    }
    return false;
}

Bitboard attacks_by(const Position *pos, int side)
{
    const RuleSet *rs = pos->rs;
    Gen g = {.pos = pos, .rs = rs, .us = side};
    g.own = pos->occ[side];
    g.enemy = pos->occ[side ^ 1];
    g.empty = bb_not(bb_or(g.own, g.enemy));
    Bitboard all = BB_EMPTY;
    for (int i = 0; i < 4; i++)
        for (uint64_t w = g.own.w[i]; w; w &= w - 1) {
            int from = i * 64 + __builtin_ctzll(w);
            const PieceInfo *pi = &rs->piece[pos->board[from]];
            Bitboard t = pi->leap >= 0 ? rs->pattern[pi->leap][from] : BB_EMPTY;
            for (int k = 0; k < pi->nslides; k++) {
                Slide plain = pi->slides[k];
                plain.jumps = 0; /* jumps only matter for captures far away; ignore */
                add_slide(&g, from, &plain, pi->rank, &t);
            }
            if (pi->area)
                t = bb_or(t, area_targets(&g, from, pi->area));
            if (pi->igui_all)
                t = bb_or(t, geo.king_nbrs[from]);
            all = bb_or(all, t);
        }
    return all;
}
