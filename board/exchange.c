#include "exchange.h"

#include <stdlib.h>

#include "makemove.h"
#include "movegen.h"

int victim_value(int pc)
{
    int kind = piece_kind(pc);
    return kind_is_royal(kind) ? ROYAL_VALUE : material_value(kind);
}

int move_gain(const Position *pos, Move m)
{
    const PieceInfo *table = pos->rs->piece;
    int from = move_from(m), to = move_to(m), them = pos->side ^ 1;
    const PieceInfo *pi = &table[pos->board[from]];
    int gain = 0;
    Bitboard captured = BB_EMPTY;
    if (m & MOVE_MID) {
        gain += table[pos->board[move_mid(m)]].victim;
        bb_set(&captured, move_mid(m));
    }
    if (!(m & MOVE_PASS) && to != from && pos->board[to]) {
        gain += table[pos->board[to]].victim;
        bb_set(&captured, to);
    }
    if (m & MOVE_PROMO)
        gain += pi->promo_gain;
    Bitboard near = geo.king_nbrs[to];
    if (bb_intersects(near, bb_andnot(pos->demons[them], captured)))
        return gain - pi->material; /* suicide */
    if (pi->demon) {
        Bitboard victims = bb_andnot(bb_and(near, pos->occ[them]), captured);
        while (bb_any(victims))
            gain += table[pos->board[bb_pop(&victims)]].victim;
    }
    return gain;
}

int move_gain_fast(const Position *pos, Move m, Bitboard danger)
{
    const PieceInfo *table = pos->rs->piece;
    int from = move_from(m), to = move_to(m);
    const PieceInfo *pi = &table[pos->board[from]];
    if (pi->demon || bb_test(&danger, to))
        return move_gain(pos, m);
    int gain = (m & MOVE_MID) ? table[pos->board[move_mid(m)]].victim : 0;
    if (!(m & MOVE_PASS) && to != from)
        gain += table[pos->board[to]].victim; /* the empty square's entry is 0 */
    if (m & MOVE_PROMO)
        gain += pi->promo_gain;
    return gain;
}

int quiet_promotion_bound(const Position *pos, uint64_t kinds)
{
    int best = 0, us = pos->side;
    for (; kinds; kinds &= kinds - 1) {
        int pc = make_piece(__builtin_ctzll(kinds), us);
        if (bb_intersects(pos->pieces[pc], bb_not(geo.zone[us]))) {
            int g = pos->rs->piece[pc].promo_gain;
            if (g > best)
                best = g;
        }
    }
    return best;
}
int material_balance(const Position *pos)
{
    int sum = 0;
    for (int sq = 0; sq < SQUARE_COUNT; sq++) {
        int pc = pos->board[sq];
        if (pc)
            sum += piece_colour(pc) == BLACK ? material_value(piece_kind(pc))
                                             : -material_value(piece_kind(pc));
    }
    return sum;
}

/* Alpha-beta over the noisy moves with stand pat at 0 (scores relative to the root). */
static int capture_alphabeta(Position *pos, int alpha, int beta, int plies, long *budget)
{
    if (0 >= beta || plies == 0 || --*budget < 0)
        return 0;
    if (alpha < 0)
        alpha = 0;
    MoveList *list = malloc(sizeof *list);
    if (!list)
        abort();
    generate_noisy(pos, list);
    int *gains = malloc(sizeof(int) * (size_t)(list->count + 1));
    if (!gains)
        abort();
    for (int i = 0; i < list->count; i++) { /* insertion sort, biggest gain first */
        Move m = list->moves[i];
        int g = move_gain(pos, m), j = i;
        for (; j > 0 && gains[j - 1] < g; j--) {
            gains[j] = gains[j - 1];
            list->moves[j] = list->moves[j - 1];
        }
        gains[j] = g;
        list->moves[j] = m;
    }
    int best = 0;
    for (int i = 0; i < list->count && best < beta; i++) {
        Move m = list->moves[i];
        int gain = gains[i];
        Undo u;
        make_move(pos, m, &u);
        int score = gain;
        if (!position_game_over(pos))
            score = gain - capture_alphabeta(pos, gain - beta, gain - alpha, plies - 1, budget);
        unmake_move(pos, m, &u);
        if (score > best) {
            best = score;
            if (score > alpha)
                alpha = score;
        }
    }
    free(gains);
    free(list);
    return best;
}

int capture_search(Position *pos, int plies, long budget)
{
    return capture_alphabeta(pos, -4 * ROYAL_VALUE, 4 * ROYAL_VALUE, plies, &budget);
}
