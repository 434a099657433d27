/* The fast move generator.  Every piece is described by its PieceInfo (pieces.c, built from the
 * movement table): leap squares come from precomputed sets, ranging moves from the 16-bit
 * occupancy word of the line, area moves from a three-step flood fill over set operations.
 * All "simple" destinations of a piece (one from-to effect, capturing whatever stands on the
 * destination) are gathered in one set, so a square reached in two ways (lion hawk slide and
 * lion step, free eagle slide and jump, area move and slide) is generated once (docs/RULES.md §5.1).
 * Lion-type moves that capture on the way, igui and passes are added separately.
 *
 * This file holds the generators' loops.  Their parts are headers (movegen_state.h says why),
 * from the bottom up:
 *   movegen_state.h   the state of one generation (Gen) and the adding of moves to its list
 *   movegen_lines.h   slides along the line words, range jumps, area moves
 *   movegen_simple.h  simple moves to a set of targets: promotions, suicide, burns
 *   movegen_lion.h    lion power and igui (moves that capture on the way)
 *   movegen_sets.h    the noisy generator's captures of whole groups of pieces at once
 * captures_to.c (the captures of one piece) and attacks.c (attack maps) are built on them too. */
#include "movegen.h"

#include "makemove.h"
#include "movegen_lines.h"
#include "movegen_lion.h"
#include "movegen_sets.h"
#include "movegen_simple.h"
#include "movegen_state.h"

/* Every square the piece on `from` can reach with a one-leg move (steps, jumps, slides, range
   jumps, area moves), empty or enemy. */
static inline __attribute__((always_inline)) Bitboard piece_targets(Gen *g, int from,
                                                                    const PieceInfo *pi)
{
    Bitboard targets = pi->leap >= 0 ? g->rs->pattern[pi->leap][from] : BB_EMPTY;
    for (int i = 0; i < pi->nslides; i++)
        add_slide(g, from, &pi->slides[i], pi->rank, &targets);
    if (pi->area)
        targets = bb_or(targets, area_targets(g, from, pi->area));
    targets = bb_andnot(targets, g->own);
    return pi->range_jumps ? tsa_filter(g, pi, targets) : targets;
}

/* `noisy` and `quiet` are g's modes, passed apart so that the full generator's loop gets a copy
   with the mode tests compiled away (docs/SPEED.md). */
static inline __attribute__((always_inline)) void gen_piece_body(Gen *g, int from, bool noisy,
                                                                 bool quiet)
{
    const RuleSet *rs = g->rs;
    int pc = g->pos->board[from];
    const PieceInfo *pi = &rs->piece[pc];

    Bitboard targets;
    if (noisy && !pi->demon) { /* captures only: no need for the empty squares */
        targets = pi->leap >= 0 ? rs->pattern[pi->leap][from] : BB_EMPTY;
        for (int i = 0; i < pi->nslides; i++)
            add_slide_captures(g, from, &pi->slides[i], pi->rank, &targets);
        if (pi->area)
            targets = bb_or(targets, area_targets(g, from, pi->area));
        targets = bb_and(targets, g->enemy);
        if (pi->range_jumps)
            targets = tsa_filter(g, pi, targets);
    } else {
        targets = piece_targets(g, from, pi);
    }
    if (noisy)
        add_noisy_simple_moves(g, from, pi, targets);
    else
        add_simple_moves(g, from, pc, pi, targets, quiet);

    if (!quiet) /* lion-type captures and igui are all noisy */
    switch (pi->lion) {
    case LION_FULL:
        add_lion_moves(g, from, pi, bb_and(geo.king_nbrs[from], g->enemy), geo.king_nbrs);
        break;
    case LION_DIAG:
        add_lion_moves(g, from, pi, bb_and(geo.diag_nbrs[from], g->enemy), geo.diag_nbrs);
        break;
    case LION_LINE:
        add_line_lion_moves(g, from, pi);
        break;
    }
    if (pi->igui_all && !quiet) {
        Bitboard v = bb_and(geo.king_nbrs[from], g->enemy);
        while (bb_any(v))
            add_mid_move(g, from, bb_pop_for(&v, g->us), from, pi);
    }
    if (pi->pass >= 0 && bb_intersects(rs->pattern[pi->pass][from], g->empty)) {
        bool burns = pi->demon && bb_test(&g->enemy_near, from) && !bb_test(&g->burn, from);
        if (noisy ? burns : quiet ? !burns : true)
            add(g, move_make_pass(from));
    }
}

/* Out of line for the callers other than the full generator's loop. */
static void gen_piece(Gen *g, int from) { gen_piece_body(g, from, g->noisy, g->quiet); }

/* Noisy generation for one piece: captures only.  Fire demons (burns) and area movers take the
   general path. */
static void gen_piece_noisy(Gen *g, int from)
{
    const RuleSet *rs = g->rs;
    int pc = g->pos->board[from];
    const PieceInfo *pi = &rs->piece[pc];
    if (pi->demon) { /* burns: every move that ends next to an enemy */
        gen_piece(g, from);
        return;
    }
    Bitboard targets = pi->leap >= 0 && !(g->leaps && pi->leap_channels)
                           ? bb_and(rs->pattern[pi->leap][from], g->enemy)
                           : BB_EMPTY; /* else from the leaper sets */
    for (int i = 0; i < pi->nslides; i++) {
        unsigned bit = 1u << pi->slides[i].dir;
        if ((g->fills && (pi->fill_dirs & bit)) || (g->leaps && (pi->r2_dirs & bit)))
            continue; /* from the slider or range-2 sets */
        add_slide_captures(g, from, &pi->slides[i], pi->rank, &targets);
    }
    if (pi->area)
        targets = bb_or(targets, bb_and(area_targets(g, from, pi->area), g->enemy));
    if (pi->range_jumps)
        targets = tsa_filter(g, pi, targets);
    if (bb_any(targets))
        add_noisy_simple_moves(g, from, pi, targets);
    if (pi->lion | pi->igui_all) {
        Bitboard victims = bb_and(geo.king_nbrs[from], g->enemy);
        if (bb_any(victims))
            add_lion_type_moves(g, from, pi, victims);
    }
}

static void generate(const Position *pos, int side, MoveList *list, int mode)
{
    bool noisy = mode == GEN_NOISY;
    Gen g;
    gen_init(&g, pos, side, list, mode);
    list->overflow = false;
    if (position_game_over(pos))
        return;
    /* the captures of whole groups of pieces first: sliders, leapers, range 2.  They add at
       most FILL_CAPTURES_PER_PIECE per piece, unchecked; a side with more pieces than any game
       has (a hand-made TFEN) takes the piece-by-piece path instead, which checks the room */
    if (noisy && pos->count[side] <= MAX_MOVES / FILL_CAPTURES_PER_PIECE) {
        g.fills = true;
        scan_slider_captures(&g);
        g.leaps = true;
        add_leap_captures(&g);
        add_r2_captures(&g);
    }
    /* noisy: the pieces left after the slider, leaper and range-2 sets */
    Bitboard each = !noisy || !g.fills ? g.own : pos->solo[side];
    while (bb_any(each)) {
        if (!room_for_piece(&g))
            return;
        int from = bb_pop_for(&each, side);
        if (mode == GEN_ALL)
            gen_piece_body(&g, from, false, false);
        else if (!noisy)
            gen_piece(&g, from);
        else
            gen_piece_noisy(&g, from);
    }
}

void generate_moves_for(const Position *pos, int side, MoveList *list) { generate(pos, side, list, GEN_ALL); }
void generate_moves(const Position *pos, MoveList *list) { generate(pos, pos->side, list, GEN_ALL); }
void generate_noisy(const Position *pos, MoveList *list) { generate(pos, pos->side, list, GEN_NOISY); }
void generate_quiet(const Position *pos, MoveList *list) { generate(pos, pos->side, list, GEN_QUIET); }

void generate_piece_noisy(const Position *pos, int from, MoveList *list)
{
    Gen g;
    int start = list->count;
    gen_init(&g, pos, pos->side, list, GEN_NOISY);
    list->count = start;
    if (!position_game_over(pos) && bb_test(&g.own, from) && room_for_piece(&g))
        gen_piece_noisy(&g, from);
}

void generate_piece_moves(const Position *pos, int side, int from, MoveList *list)
{
    Gen g;
    int start = list->count;
    gen_init(&g, pos, side, list, GEN_ALL);
    list->count = start;
    if (!position_game_over(pos) && bb_test(&g.own, from) && room_for_piece(&g))
        gen_piece(&g, from);
}

void generate_quiet_promotions(const Position *pos, uint64_t kinds, MoveList *list)
{
    Gen g;
    int start = list->count;
    gen_init(&g, pos, pos->side, list, GEN_ALL);
    list->count = start;
    if (position_game_over(pos))
        return;
    Bitboard own = pieces_of_kinds(pos, pos->side, kinds);
    own = bb_andnot(own, g.zone); /* from inside, no quiet promotion */
    while (bb_any(own)) {
        int from = bb_pop_for(&own, pos->side);
        const PieceInfo *pi = &pos->rs->piece[pos->board[from]];
        if (!pi->promotes_to)
            continue;
        if (!room_for_piece(&g))
            return;
        /* only what can end on an empty square of the zone: leaps, the slides that point at the
           zone (a range jump ends on an empty square only under jump_noncapture), area moves */
        Bitboard targets = pi->leap >= 0 ? pos->rs->pattern[pi->leap][from] : BB_EMPTY;
        for (int i = 0; i < pi->nslides; i++) {
            if (!bb_intersects(geo.ray_bb[from][pi->slides[i].dir], g.zone))
                continue;
            Slide plain = pi->slides[i];
            plain.jumps = plain.jumps && pos->rs->rules.jump_noncapture;
            add_slide(&g, from, &plain, pi->rank, &targets);
        }
        if (pi->area)
            targets = bb_or(targets, area_targets(&g, from, pi->area));
        targets = bb_and(targets, bb_and(g.empty, g.zone));
        targets = bb_andnot(targets, suicide_targets(&g, targets));
        add_targets(&g, move_make(from, 0) | MOVE_PROMO, targets);
    }
}

bool move_is_pseudolegal(const Position *pos, Move m)
{
    int from = move_from(m);
    if (m == MOVE_NONE || from >= SQUARE_COUNT || !pos->board[from] ||
        piece_colour(pos->board[from]) != pos->side || position_game_over(pos))
        return false;
    MoveList list; /* one piece: a few hundred moves at most */
    Gen g;
    gen_init(&g, pos, pos->side, &list, GEN_ALL);
    gen_piece(&g, from);
    for (int i = 0; i < list.count; i++)
        if (list.moves[i] == m)
            return true;
    return false;
}
