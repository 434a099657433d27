#include "makemove.h"

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
    int n = pos->nhist;
    int32_t window = undo_irreversible(u, m) ? n : pos->ring[(n - 1) & (HISTORY_RING - 1)].window;
    if (n - HISTORY_RING >= pos->ring_low) /* this slot held position n - HISTORY_RING */
        pos->ring_low = n - HISTORY_RING + 1;
    HistEntry *h = &pos->ring[n & (HISTORY_RING - 1)];
    h->key = pos->key;
    h->window = window;
    pos->nhist = n + 1;
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
