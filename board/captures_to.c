/* The captures of one piece (captures_to.h). */
#include "captures_to.h"

#include <stdlib.h>

#include "movegen_lines.h"
#include "movegen_lion.h"
#include "movegen_sets.h"
#include "movegen_simple.h"
#include "movegen_state.h"

/* What gen_piece_noisy gives for the piece on `from` (a solo piece, with the slider, leaper and
   range-2 sets taken as found: g->fills and g->leaps), as far as it can take the enemy on
   `target`, in the same order: only the slides that point at the target, the leap, the area
   move if the target is within its reach, and the lion-type moves if it is adjacent.  The
   caller keeps the displacement captures and igui of the target from what this adds. */
static void add_piece_captures_of(Gen *g, int from, int target)
{
    const RuleSet *rs = g->rs;
    const PieceInfo *pi = &rs->piece[g->pos->board[from]];
    bool general = pi->demon; /* fire demons take gen_piece_body's path: every slide and leap */
    Bitboard reach = BB_EMPTY;
    if (pi->leap >= 0 && (general || !pi->leap_channels))
        reach = bb_and(rs->pattern[pi->leap][from], bb_square(target));
    for (int i = 0; i < pi->nslides; i++) {
        const Slide *sl = &pi->slides[i];
        unsigned bit = 1u << sl->dir;
        if (!bb_test(&geo.ray_bb[from][sl->dir], target))
            continue;
        if (general)
            add_slide(g, from, sl, pi->rank, &reach);
        else if (!(pi->fill_dirs & bit) && !(pi->r2_dirs & bit))
            add_slide_captures(g, from, sl, pi->rank, &reach);
    }
    int dx = abs((from & 15) - (target & 15)), dy = abs((from >> 4) - (target >> 4));
    if (pi->area && dx <= pi->area && dy <= pi->area)
        reach = bb_or(reach, area_targets(g, from, pi->area));
    reach = bb_and(reach, bb_square(target)); /* an enemy: neither own nor empty */
    if (pi->range_jumps)
        reach = tsa_filter(g, pi, reach);
    if (bb_any(reach))
        add_noisy_simple_moves(g, from, pi, reach);
    if (!bb_test(&geo.king_nbrs[from], target))
        return; /* no lion-type capture of it */
    add_lion_type_moves(g, from, pi, bb_square(target));
}

void generate_captures_to(const Position *pos, int target, MoveList *list)
{
    Gen g;
    int start = list->count;
    gen_init(&g, pos, pos->side, list, GEN_NOISY);
    g.fills = g.leaps = true; /* set captures are found below; the rest piece by piece */
    list->count = start;
    /* (room for the eight lines' captures, and then for each candidate piece) */
    if (position_game_over(pos) || !bb_test(&g.enemy, target) || !room_for_piece(&g))
        return;
    const RuleSet *rs = pos->rs;
    /* the first piece on every line through the target (plain and range-2 slides stop there),
       jumpers and tetrarchs further along */
    Bitboard solo = BB_EMPTY;
    for (int k = 0; k < 8; k++) {
        int d = dir_for(g.us, k);
        const RayInfo *ri = &geo.ray[target][d];
        unsigned w = pos->lines[ri->line];
        unsigned back = 1u << ((d + 4) & 7);
        for (int b = next_occupied(ri, w, 1), first = 1; b <= ri->edge;
             b = next_occupied(ri, w, b + 1), first = 0) {
            int sq = target + b * ri->delta;
            int pc = pos->board[sq];
            if (piece_colour(pc) != g.us)
                continue;
            const PieceInfo *pi = &rs->piece[pc];
            if (first && ((pi->fill_dirs & back) || (b <= 2 && (pi->r2_dirs & back))))
                add_fill_capture(&g, sq, target);
            else if (pi->noisy_rest && (first || pi->range_jumps || pi->igui_all))
                bb_set(&solo, sq);
        }
    }
    /* within two squares: channelled leaps at once, the rest piece by piece; area movers from
       three squares away */
    Bitboard box = bb_king_expand(geo.king_nbrs[target]);
    Bitboard near = bb_and(box, g.own);
    while (bb_any(near)) {
        int sq = bb_pop_for(&near, g.us);
        const PieceInfo *pi = &rs->piece[pos->board[sq]];
        if (pi->leap_channels && bb_test(&rs->pattern[pi->leap][sq], target))
            add_fill_capture(&g, sq, target);
        if (pi->noisy_rest)
            bb_set(&solo, sq);
    }
    Bitboard far = bb_andnot(bb_and(bb_king_expand(box), pos->solo[g.us]), box);
    while (bb_any(far)) {
        int sq = bb_pop_for(&far, g.us);
        if (rs->piece[pos->board[sq]].area >= 3)
            bb_set(&solo, sq);
    }
    int direct = list->count;
    while (bb_any(solo)) {
        int sq = bb_pop_for(&solo, g.us);
        if (room_for_piece(&g))
            add_piece_captures_of(&g, sq, target);
    }
    /* of those, keep the captures of the target: by displacement, or igui */
    int n = direct;
    for (int i = direct; i < list->count; i++) {
        Move m = list->moves[i];
        bool takes = (m & MOVE_MID) ? move_mid(m) == target && move_to(m) == move_from(m)
                                    : !(m & MOVE_PASS) && move_to(m) == target;
        if (takes)
            list->moves[n++] = m;
    }
    list->count = n;
}
