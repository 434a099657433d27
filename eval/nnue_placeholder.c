/* The placeholder net (nnue_placeholder.h).
 *
 * CReLU with H = 32.  Every hidden unit counts material of the perspective's own pieces, in
 * pawns (each kind's value split over units), whatever their squares; the other side's pieces
 * weigh nothing.  Output weights: +W for the side to move's units, -W for the other's, so that
 * v = W * (own - other) / 100 and the score (v * SCALE / (QA * QB)) is own - other when
 * W = QA * QB / SCALE * 100 = 4,080.  A unit must stay within [0, QA] to be linear: a kind's
 * share in a unit times the most pieces of that kind a side can have (those it starts with and
 * those that promote to it) sums to at most QA over the kinds. */
#include "nnue_placeholder.h"

#include <stdio.h>

#include "board/pieces.h"
#include "board/tfen.h"

enum { PLACEHOLDER_H = 32 };

/* The most pieces of each kind one side can have: its start pieces of that kind and those that
   promote to it. */
static void most_pieces(int most[KIND_COUNT])
{
    static Position pos;
    position_start(&pos, ruleset_default());
    for (int k = 0; k < KIND_COUNT; k++)
        most[k] = 0;
    for (int sq = 0; sq < SQUARE_COUNT; sq++) {
        int pc = pos.board[sq];
        if (!pc || piece_colour(pc) != BLACK)
            continue;
        most[piece_kind(pc)]++;
        if (kind_can_promote(piece_kind(pc)))
            most[promoted_kind(piece_kind(pc))]++;
    }
}

/* share[k][u]: kind k's value in pawns spread over the units, the biggest (count x value)
   first; false if they do not fit. */
static bool spread(int share[KIND_COUNT][PLACEHOLDER_H])
{
    int most[KIND_COUNT], room[PLACEHOLDER_H], order[KIND_COUNT], n = 0;
    most_pieces(most);
    for (int u = 0; u < PLACEHOLDER_H; u++)
        room[u] = NNUE_QA;
    for (int k = 1; k < KIND_COUNT; k++) {
        for (int u = 0; u < PLACEHOLDER_H; u++)
            share[k][u] = 0;
        if (kind_move_type[k] != MT_NONE && material_value(k) > 0)
            order[n++] = k;
    }
    int load[KIND_COUNT];
    for (int k = 1; k < KIND_COUNT; k++)
        load[k] = (most[k] ? most[k] : 1) * material_value(k);
    for (int i = 1; i < n; i++) /* insertion sort, biggest load first, ties by kind */
        for (int j = i; j > 0 && load[order[j]] > load[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    int u = 0;
    for (int i = 0; i < n; i++) {
        int k = order[i], count = most[k] ? most[k] : 1, left = material_value(k) / 100;
        if (material_value(k) % 100)
            return false;
        while (left > 0) {
            if (u == PLACEHOLDER_H)
                return false;
            int take = room[u] / count < left ? room[u] / count : left;
            share[k][u] += take;
            room[u] -= take * count;
            left -= take;
            if (left > 0)
                u++;
        }
    }
    return true;
}

NnueNet *nnue_placeholder_net(void)
{
    static int share[KIND_COUNT][PLACEHOLDER_H];
    if (!spread(share))
        return NULL;
    NnueNet *net = nnue_net_new(PLACEHOLDER_H, NNUE_CRELU);
    if (!net)
        return NULL;
    snprintf(net->description, sizeof net->description, "placeholder: docs/RULES.md 7 material, CReLU H=%d",
             PLACEHOLDER_H);
    for (int k = 1; k < KIND_COUNT; k++)
        for (int sq = 0; sq < SQUARE_COUNT && kind_move_type[k] != MT_NONE; sq++) {
            int16_t *row = net->ft_weight + (size_t)nnue_feature(BLACK, k, BLACK, sq) * PLACEHOLDER_H;
            for (int u = 0; u < PLACEHOLDER_H; u++)
                row[u] = (int16_t)share[k][u];
        }
    int w = NNUE_QA * NNUE_QB * 100 / NNUE_SCALE; /* 4,080 */
    for (int u = 0; u < PLACEHOLDER_H; u++) {
        net->out_weight[u] = (int16_t)w;
        net->out_weight[PLACEHOLDER_H + u] = (int16_t)-w;
    }
    return net;
}
