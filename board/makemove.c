#include "makemove.h"

#include <string.h>

/* Puts `pc` (0 = nothing) on sq, remembering what was there. */
static inline void change(Position *pos, Undo *u, int sq, int pc)
{
    int old = pos->board[sq];
    u->sq[u->nchanges] = (uint8_t)sq;
    u->old[u->nchanges] = (uint8_t)old;
    u->nchanges++;
    if (old)
        remove_piece(pos, sq);
    if (pc)
        put_piece(pos, sq, pc);
}

/* Drops the positions that can no longer repeat; if the repetition window alone fills the
   history (thousands of reversible moves in a row), the oldest half of it is forgotten. */
static void history_compact(Position *pos)
{
    int window = pos->hist[pos->nhist - 1].window;
    int drop = window > 0 ? window : HISTORY_MAX / 2;
    memmove(pos->hist, pos->hist + drop, (size_t)(pos->nhist - drop) * sizeof pos->hist[0]);
    pos->nhist -= drop;
    for (int i = 0; i < pos->nhist; i++)
        pos->hist[i].window = (int16_t)(pos->hist[i].window > drop ? pos->hist[i].window - drop : 0);
}

void make_move(Position *pos, Move m, Undo *u)
{
    const RuleSet *rs = pos->rs;
    int us = pos->side, them = us ^ 1;
    int from = move_from(m), to = move_to(m);
    int pc = pos->board[from];
    const PieceInfo *pi = &rs->piece[pc];
    int before = pos->count[0] + pos->count[1];

    u->key = pos->key;
    u->nchanges = 0;

    /* 1. captures, the mover to its final square, promotion */
    if (m & MOVE_MID)
        change(pos, u, move_mid(m), 0);
    int final_pc = (m & MOVE_PROMO) ? pi->promotes_to : pc;
    if (to != from) {
        change(pos, u, from, 0);
        change(pos, u, to, final_pc);
    } else if (final_pc != pc) {
        change(pos, u, from, final_pc); /* igui with promotion */
    }

    /* 2.-3. passive burn (suicide) or active burn */
    bool burns = pi->demon || (rs->rules.promo_burn && rs->piece[final_pc].demon);
    Bitboard near = geo.king_nbrs[to];
    if (bb_intersects(near, pos->demons[them])) {
        change(pos, u, to, 0);
        if (burns && rs->rules.fd_suicide == FDSUICIDE_ALL_BURN) {
            Bitboard victims = bb_andnot(bb_and(near, pos->occ[them]), pos->demons[them]);
            while (bb_any(victims))
                change(pos, u, bb_pop(&victims), 0);
        }
    } else if (burns) {
        Bitboard victims = bb_and(near, pos->occ[them]);
        while (bb_any(victims))
            change(pos, u, bb_pop(&victims), 0);
    }

    pos->side = them;
    pos->key ^= zobrist_side;

    u->removed = (uint8_t)(before - pos->count[0] - pos->count[1]);
    u->compacted = false;
    if (pos->nhist == HISTORY_MAX) {
        history_compact(pos);
        u->compacted = true;
    }
    HistEntry *h = &pos->hist[pos->nhist];
    h->key = pos->key;
    h->window = undo_irreversible(u, m) ? (int16_t)pos->nhist : pos->hist[pos->nhist - 1].window;
    pos->nhist++;
}

void unmake_move(Position *pos, Move m, Undo *u)
{
    (void)m;
    pos->nhist--;
    pos->side ^= 1;
    for (int i = u->nchanges - 1; i >= 0; i--) {
        int sq = u->sq[i];
        if (pos->board[sq])
            remove_piece(pos, sq);
        if (u->old[i])
            put_piece(pos, sq, u->old[i]);
    }
    pos->key = u->key;
}

void make_null_move(Position *pos)
{
    pos->side ^= 1;
    pos->key ^= zobrist_side;
}

void unmake_null_move(Position *pos)
{
    pos->side ^= 1;
    pos->key ^= zobrist_side;
}
