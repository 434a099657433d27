/* Conversion terms and the root's undo test (convert.h). */
#include "convert.h"

#include <stdlib.h>

#include "board/makemove.h"
#include "board/pieces.h"
#include "util/strutil.h"

void convert_init_tables(ConvertTables *ct, const SearchParams *p)
{
    ct->nstrong = 0;
    for (int k = 1; k < KIND_COUNT; k++)
        if (kind_move_type[k] && !kind_is_royal(k) && material_value(k) >= p->convert_strong)
            ct->strong[ct->nstrong++] = (uint8_t)k;
}

static int king_distance(int a, int b)
{
    int dx = abs(sq_file(a) - sq_file(b)), dy = abs(sq_rank(a) - sq_rank(b));
    return dx > dy ? dx : dy;
}

/* How far below 15 the king distance from sq to the nearest of the royals is (0 if none). */
static int nearness(int sq, Bitboard royals)
{
    int nearest = 15;
    for (Bitboard r = royals; bb_any(r);) {
        int d = king_distance(sq, bb_pop(&r));
        nearest = d < nearest ? d : nearest;
    }
    return 15 - nearest;
}

/* Squares closer than 15 to the nearest enemy royal, summed over c's strong pieces. */
static int approach(const Position *pos, const ConvertTables *ct, int c)
{
    int total = 0;
    for (int i = 0; i < ct->nstrong; i++)
        for (Bitboard b = pos->pieces[make_piece(ct->strong[i], c)]; bb_any(b);)
            total += nearness(bb_pop(&b), pos->royalset[c ^ 1]);
    return total;
}

/* The squares within r king steps of square sq (a box cut at the board's edges).  Word i of a
   bitboard holds ranks 4i..4i+3, 16 squares each. */
static Bitboard box(int sq, int r)
{
    static const uint64_t rank_words[16] = {
        0x0000000000000000ULL, 0x000000000000FFFFULL, 0x00000000FFFF0000ULL, 0x00000000FFFFFFFFULL,
        0x0000FFFF00000000ULL, 0x0000FFFF0000FFFFULL, 0x0000FFFFFFFF0000ULL, 0x0000FFFFFFFFFFFFULL,
        0xFFFF000000000000ULL, 0xFFFF00000000FFFFULL, 0xFFFF0000FFFF0000ULL, 0xFFFF0000FFFFFFFFULL,
        0xFFFFFFFF00000000ULL, 0xFFFFFFFF0000FFFFULL, 0xFFFFFFFFFFFF0000ULL, 0xFFFFFFFFFFFFFFFFULL};
    int rk = sq_rank(sq), fl = sq_file(sq);
    int rlo = rk - r < 0 ? 0 : rk - r, rhi = rk + r > 15 ? 15 : rk + r;
    int flo = fl - r < 0 ? 0 : fl - r, fhi = fl + r > 15 ? 15 : fl + r;
    uint64_t files = ((2ULL << fhi) - (1ULL << flo)) * 0x0001000100010001ULL;
    unsigned ranks = (unsigned)((2ULL << rhi) - (1ULL << rlo));
    Bitboard b;
    for (int i = 0; i < 4; i++)
        b.w[i] = rank_words[(ranks >> (4 * i)) & 15] & files;
    return b;
}

/* A piece at king distance d from the nearest enemy royal lies in the boxes of radius d..14
   around the royals: counting the pieces in each box counts 15 - d for it. */
int convert_approach_all(const Position *pos, int c)
{
    Bitboard pieces = bb_andnot(pos->occ[c], pos->royalset[c]);
    int total = 0;
    for (int r = 0; r < 15; r++) {
        Bitboard area = BB_EMPTY;
        for (Bitboard roy = pos->royalset[c ^ 1]; bb_any(roy);)
            area = bb_or(area, box(bb_pop(&roy), r));
        total += bb_count(bb_and(area, pieces));
    }
    return total;
}

/* Is the side behind down to at most CONVERT_DEFENDER_MAX of material (an ending)? */
static bool ending(const EvalState *st, const SearchParams *p)
{
    int lead = st->material < 0 ? -st->material : st->material;
    return (st->total - lead) / 2 <= p->convert_defender_max;
}

/* Plies since the last capture, burn or promotion (the repetition window), at most max. */
static int quiet_plies(const Position *pos, int max)
{
    const HistEntry *h = position_history(pos, pos->nhist - 1);
    int q = h ? pos->nhist - 1 - h->window : 0;
    return q < max ? q : max;
}

/* score with `amount` added to the leader's side, scaled by weight/256 (the side to move's
   view). */
static int for_leader(const Position *pos, int leader, int score, int64_t amount, int weight)
{
    int adjust = (int)(amount * weight / 256);
    return eval_clamp(score + (pos->side == leader ? adjust : -adjust));
}

int convert_terms(const Position *pos, const EvalState *st, const SearchParams *p,
                  const ConvertTables *ct, ConvertGate gate, int score)
{
    int weight = gate.weight, leader = gate.leader;
    if (p->convert_approach)
        score = for_leader(pos, leader, score,
                           (int64_t)approach(pos, ct, leader) * p->convert_approach, weight);
    if (p->convert_danger)
        score = for_leader(pos, leader, score,
                           -(int64_t)approach(pos, ct, leader ^ 1) * p->convert_danger, weight);
    if (p->convert_ending_approach && ending(st, p))
        score = for_leader(pos, leader, score,
                           (int64_t)convert_approach_all(pos, leader) * p->convert_ending_approach,
                           weight);
    if (p->convert_shuffle) {
        int64_t shrink = (int64_t)quiet_plies(pos, p->convert_shuffle_max) * p->convert_shuffle;
        shrink = shrink < 10000 ? shrink : 10000; /* at most down to 0 */
        score -= (int)((int64_t)score * shrink * weight / (256 * 10000));
    }
    return score;
}

bool convert_undoes_last_move(const Position *pos, Move m)
{
    int now = pos->nhist - 1;
    if (quiet_plies(pos, 2) < 2)
        return false; /* one of the last two moves removed a piece or promoted */
    const HistEntry *before = position_history(pos, now - 2), *after = position_history(pos, now - 1);
    if (!before || !after)
        return false;
    /* the keys are sums of (piece, square) terms: a move that takes the previous one back
       changes the key by exactly what that move changed it by */
    if ((key_after(pos, m) ^ pos->key) != (after->key ^ before->key))
        return false;
    /* key_after leaves burns out: the move must remove nothing */
    Position *copy = xmalloc(sizeof *copy);
    *copy = *pos;
    Undo u;
    make_move(copy, m, &u);
    bool removes = u.removed != 0;
    free(copy);
    return !removes;
}
