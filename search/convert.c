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

/* Squares closer than 15 to the nearest enemy royal, summed over c's strong pieces. */
static int approach(const Position *pos, const ConvertTables *ct, int c)
{
    Bitboard royals = pos->royalset[c ^ 1];
    int total = 0;
    for (int i = 0; i < ct->nstrong; i++)
        for (Bitboard b = pos->pieces[make_piece(ct->strong[i], c)]; bb_any(b);) {
            int sq = bb_pop(&b), nearest = 15;
            for (Bitboard r = royals; bb_any(r);) {
                int d = king_distance(sq, bb_pop(&r));
                nearest = d < nearest ? d : nearest;
            }
            total += 15 - nearest;
        }
    return total;
}

/* Plies since the last capture, burn or promotion (the repetition window), at most max. */
static int quiet_plies(const Position *pos, int max)
{
    const HistEntry *h = position_history(pos, pos->nhist - 1);
    int q = h ? pos->nhist - 1 - h->window : 0;
    return q < max ? q : max;
}

int convert_terms(const Position *pos, const EvalState *st, const SearchParams *p,
                  const ConvertTables *ct, int score)
{
    int weight = convert_weight(st, p);
    if (p->convert_approach) {
        int leader = st->material > 0 ? BLACK : WHITE;
        int64_t bonus = (int64_t)approach(pos, ct, leader) * p->convert_approach;
        int adjust = (int)(bonus * weight / 256);
        score = eval_clamp(score + (pos->side == leader ? adjust : -adjust));
    }
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
