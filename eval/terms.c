/* The evaluation's terms computed at each call, in two parts: the early part (the fire demons'
 * mobility and burn targets, the tempo), always computed, and the late part (the other mobility
 * and the range jumps, royal safety, attacked demons), which a lazy evaluation may skip.  Each
 * term body is written once, always inlined into an evaluating and a tracing instance
 * (TermSums.counts NULL or not). */
#include "terms.h"

#include <stdlib.h>

#include "board/attacks.h"
#include "weights.h"

#define INLINE static inline __attribute__((always_inline))

bool kind_has_mobility(int kind)
{
    int mt = kind_move_type[kind], group = kind_group(kind);
    if (!mt || !(group == GROUP_QUEEN || group == GROUP_LION || group == GROUP_JUMPER))
        return false;
    const MoveSpec *ms = &ruleset_default()->spec[mt];
    for (int g = 0; g < GRP_COUNT; g++)
        if (ms->group[g] & (MV_RANGE | MV_SKIPR))
            return true;
    return false;
}

/* The squares within two and within four king steps of each square, the group of each piece
   code (immutable after eval_init). */
static Bitboard box2[SQUARE_COUNT], box4[SQUARE_COUNT];
static uint8_t group_of_piece[PIECE_CODE_COUNT];
/* Whether any feature computed at each call (those from F_MOBILITY_BASE on; the ones before are
   in the piece-square tables) has a non-zero weight: weights that leave them all at 0 (material
   and tables only) make computing them a waste of search time. */
static bool terms_weighted;

void terms_init(void)
{
    for (int f = F_MOBILITY_BASE; f < FEATURE_COUNT; f++)
        terms_weighted |= eval_weights[f].mg != 0 || eval_weights[f].eg != 0;
    for (int pc = 0; pc < PIECE_CODE_COUNT; pc++)
        group_of_piece[pc] = (uint8_t)kind_group(piece_kind(pc));
    for (int sq = 0; sq < SQUARE_COUNT; sq++) {
        box2[sq] = bb_king_expand(geo.king_nbrs[sq]);
        box4[sq] = bb_king_expand(bb_king_expand(box2[sq]));
    }
}

INLINE void add(TermSums *s, int f, int colour, int n)
{
    int v = colour == BLACK ? n : -n;
    s->mg += v * eval_weights[f].mg;
    s->eg += v * eval_weights[f].eg;
    if (s->counts)
        s->counts[f][colour] = (int16_t)(s->counts[f][colour] + n);
}

/* Distance along ray ri of the first piece at distance >= from, or a value beyond the edge. */
INLINE int first_piece(const RayInfo *ri, unsigned w, int from)
{
    if (ri->up) {
        unsigned m = (w >> ri->bit) >> from;
        return m ? from + __builtin_ctz(m) : 16;
    }
    int top = ri->bit - from;
    if (top < 0)
        return 16;
    unsigned m = w & ((2u << top) - 1);
    return m ? ri->bit - (31 - __builtin_clz(m)) : 16;
}

static int chebyshev(int a, int b)
{
    int dx = abs(sq_file(a) - sq_file(b)), dy = abs(sq_rank(a) - sq_rank(b));
    return dx > dy ? dx : dy;
}

/* Direction from a to b if they share a line, else -1. */
static int direction_to(int a, int b)
{
    static const int8_t dirs[3][3] = {{DIR_SW, DIR_S, DIR_SE}, {DIR_W, -1, DIR_E}, {DIR_NW, DIR_N, DIR_NE}};
    int dx = sq_file(b) - sq_file(a), dy = sq_rank(b) - sq_rank(a);
    if (dx && dy && abs(dx) != abs(dy))
        return -1;
    return dirs[(dy > 0) - (dy < 0) + 1][(dx > 0) - (dx < 0) + 1];
}

/* Does the range jumper on sq aim at the royal on `royal` through one or more pieces it could
   jump (all of lower rank)? */
static bool jumper_aims_at(const Position *pos, int sq, const PieceInfo *pi, int royal)
{
    int d = direction_to(sq, royal);
    if (d < 0)
        return false;
    int dist = chebyshev(sq, royal);
    if (pi->slide_max[d] < dist)
        return false;
    const RayInfo *ri = &geo.ray[sq][d];
    unsigned w = pos->lines[ri->line];
    int b = first_piece(ri, w, 1);
    if (b >= dist)
        return false; /* nothing in between: a direct attack, not a quiet feature */
    for (; b < dist; b = first_piece(ri, w, b + 1))
        if (pos->rs->piece[pos->board[sq + b * ri->delta]].rank >= pi->rank)
            return false;
    return true;
}

/* Empty squares along ray ri from its square (whose bit in the line word w is ri->bit) to the
   first piece or the edge, without a branch on the direction: the squares beyond the edge are
   a sentinel bit. */
INLINE int free_run(const RayInfo *ri, unsigned w)
{
    unsigned up = (w >> ri->bit >> 1) | (1u << ri->edge);
    unsigned down = (unsigned)(((uint64_t)w << 32) >> ri->bit) | (1u << (31 - ri->edge));
    return ri->up ? __builtin_ctz(up) : __builtin_clz(down);
}

/* Squares the ranging piece pi on sq can move to along its lines (empty squares up to the
   first piece, plus that piece if it is an enemy); *jumps gains the enemy pieces its range-jump
   lines hold beyond the first piece (what jumps may capture: the ranks of the pieces in between
   are not looked at, for speed). */
INLINE int piece_mobility(const Position *pos, int sq, const PieceInfo *pi, int them, int *jumps)
{
    int squares = 0;
    for (int i = 0; i < pi->nslides; i++) {
        const Slide *sl = &pi->slides[i];
        if (sl->max < 3)
            continue;
        const RayInfo *ri = &geo.ray[sq][sl->dir];
        int run = free_run(ri, pos->lines[ri->line]), reach = sl->max < ri->edge ? sl->max : ri->edge;
        if (run >= reach) {
            squares += reach;
            continue;
        }
        int blocked_by_enemy = piece_colour(pos->board[sq + (run + 1) * ri->delta]) == them;
        squares += run + blocked_by_enemy;
        if (sl->jumps)
            *jumps += bb_count(bb_and(geo.ray_bb[sq][sl->dir], pos->occ[them])) - blocked_by_enemy;
    }
    return squares;
}

/* Mobility of c's queens, lion hawk and range jumpers by group, the enemy pieces on its
   jumpers' lines, and the jumpers that aim at the enemy's lone royal (a feature of that
   royal). */
INLINE void ranging_terms(const Position *pos, const Bitboard rangers[2], int c, TermSums *s)
{
    int them = c ^ 1, enemy_royal = pos->royals[them] == 1 ? bb_lsb(pos->royalset[them]) : -1;
    int mobility[GROUP_COUNT] = {0}, jumps = 0, aims = 0;
    for (Bitboard b = rangers[c]; bb_any(b);) {
        int sq = bb_pop(&b), pc = pos->board[sq];
        const PieceInfo *pi = &pos->rs->piece[pc];
        mobility[group_of_piece[pc]] += piece_mobility(pos, sq, pi, them, &jumps);
        if (pi->range_jumps && enemy_royal >= 0)
            aims += jumper_aims_at(pos, sq, pi, enemy_royal);
    }
    add(s, F_MOBILITY(GROUP_QUEEN), c, mobility[GROUP_QUEEN]);
    add(s, F_MOBILITY(GROUP_LION), c, mobility[GROUP_LION]);
    add(s, F_MOBILITY(GROUP_JUMPER), c, mobility[GROUP_JUMPER]);
    add(s, F_JUMP_TARGETS, c, jumps);
    add(s, F_ROYAL_JUMPER_XRAY, them, aims);
}

/* c's fire demons: their mobility, and the enemy pieces they could burn after a step (within
   two squares) or an area move (three or four squares), enemy demons apart (moving next to one
   is suicide). */
INLINE void demon_activity(const Position *pos, int c, TermSums *s)
{
    int them = c ^ 1, near = 0, far = 0, squares = 0, jumps = 0;
    Bitboard victims = bb_andnot(pos->occ[them], pos->demons[them]);
    for (Bitboard b = pos->demons[c]; bb_any(b);) {
        int sq = bb_pop(&b);
        squares += piece_mobility(pos, sq, &pos->rs->piece[pos->board[sq]], them, &jumps);
        near += bb_count(bb_and(box2[sq], victims));
        far += bb_count(bb_and(bb_andnot(box4[sq], box2[sq]), victims));
    }
    add(s, F_MOBILITY(GROUP_DEMON), c, squares);
    add(s, F_DEMON_NEAR, c, near);
    add(s, F_DEMON_FAR, c, far);
}

/* Safety of c's royals: a spare royal; for a lone royal the enemies near it (lion-type and
   area movers apart), its guards, the open lines from it, and enemy fire demons by distance
   (three area steps and a burn reach a royal four squares away). */
INLINE void royal_terms(const Position *pos, int c, TermSums *s)
{
    int n = pos->royals[c], them = c ^ 1;
    if (n >= 2)
        add(s, F_ROYAL_SPARE, c, n - 1);
    if (n != 1)
        return;
    int royal = bb_lsb(pos->royalset[c]);
    int near = 0, lions = 0, open = 0, bands[ROYAL_DEMON_BANDS] = {0};
    for (Bitboard b = bb_and(box2[royal], pos->occ[them]); bb_any(b);) {
        const PieceInfo *pi = &pos->rs->piece[pos->board[bb_pop(&b)]];
        if (pi->lion || pi->area)
            lions++;
        else
            near++;
    }
    for (int d = 0; d < 8; d++) {
        const RayInfo *ri = &geo.ray[royal][d];
        open += ri->edge >= 3 && first_piece(ri, pos->lines[ri->line], 1) > 3;
    }
    for (Bitboard b = pos->demons[them]; bb_any(b);) {
        int dist = chebyshev(bb_pop(&b), royal);
        if (dist <= 6)
            bands[dist <= 2 ? 0 : dist <= 4 ? dist - 2 : 3]++;
    }
    add(s, F_ROYAL_NEAR, c, near);
    add(s, F_ROYAL_NEAR_LION, c, lions);
    add(s, F_ROYAL_GUARD, c, bb_count(bb_and(geo.king_nbrs[royal], pos->occ[c])));
    add(s, F_ROYAL_OPEN_LINE, c, open);
    for (int i = 0; i < ROYAL_DEMON_BANDS; i++)
        add(s, F_ROYAL_DEMON(i), c, bands[i]);
}

/* The side to move's fire demons that the enemy attacks (to be saved now; the other side's
   attacked demons are captures the side to move has, which quiet positions do not hold). */
INLINE void demon_safety(const Position *pos, TermSums *s)
{
    int attacked = 0;
    for (Bitboard b = pos->demons[pos->side]; bb_any(b);)
        attacked += square_attacked_by(pos, bb_pop(&b), pos->side ^ 1);
    add(s, F_DEMON_ATTACKED, pos->side, attacked);
}

/* The terms of one part (TermPart). */
INLINE void part_terms(const Position *pos, const Bitboard rangers[2], TermSums *s, int part)
{
    if (part == TERMS_EARLY) {
        demon_activity(pos, BLACK, s);
        demon_activity(pos, WHITE, s);
        add(s, F_TEMPO, pos->side, 1);
        return;
    }
    for (int c = 0; c < 2; c++) {
        ranging_terms(pos, rangers, c, s);
        royal_terms(pos, c, s);
    }
    demon_safety(pos, s);
}

void eval_terms(const Position *pos, const Bitboard rangers[2], TermSums *sums, int part)
{
    TermSums s = {0, 0, NULL}; /* no counts: the compiler drops the counting */
    if (!terms_weighted)
        return; /* every weight they would sum is 0 */
    if (part == TERMS_EARLY)
        part_terms(pos, rangers, &s, TERMS_EARLY);
    else
        part_terms(pos, rangers, &s, TERMS_LATE);
    sums->mg += s.mg;
    sums->eg += s.eg;
}

void eval_terms_traced(const Position *pos, const Bitboard rangers[2], TermSums *sums)
{
    part_terms(pos, rangers, sums, TERMS_EARLY);
    part_terms(pos, rangers, sums, TERMS_LATE);
}
