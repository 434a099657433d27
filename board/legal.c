/* Legality and the exact move lists: the repetition rule (docs/RULES.md §5.11), check
 * (§5.12), and every move of a position however many there are.  The search's generators
 * (movegen.c) fill fixed-size lists; what must never lose a move (legality, notation, results,
 * perft, the root of the search, the GUIs) goes through here. */
#include <stdlib.h>
#include <string.h>

#include "legal.h"
#include "movegen.h"
#include "util/strutil.h"

void movevec_reserve(MoveVec *v, int n)
{
    if (v->count + n <= v->cap)
        return;
    int cap = v->cap ? v->cap : 256;
    while (cap < v->count + n)
        cap *= 2;
    v->moves = xrealloc(v->moves, (size_t)cap * sizeof *v->moves);
    v->cap = cap;
}

void movevec_free(MoveVec *v)
{
    free(v->moves);
    *v = (MoveVec){0};
}

static void append(MoveVec *v, const MoveList *l)
{
    if (l->count == 0)
        return; /* v->moves may still be NULL: memcpy must not see it */
    movevec_reserve(v, l->count);
    memcpy(v->moves + v->count, l->moves, (size_t)l->count * sizeof(Move));
    v->count += l->count;
}

void generate_all_moves_for(const Position *pos, int side, MoveVec *v)
{
    v->count = 0;
    MoveList list;
    generate_moves_for(pos, side, &list);
    if (!list.overflow) {
        append(v, &list);
        return;
    }
    /* more than a MoveList holds: piece by piece (one piece never fills it), in the same
       order */
    Bitboard own = pos->occ[side];
    while (bb_any(own)) {
        list.count = 0;
        generate_piece_moves(pos, side, bb_pop(&own), &list);
        append(v, &list);
    }
}

void generate_all_moves(const Position *pos, MoveVec *v) { generate_all_moves_for(pos, pos->side, v); }

/* Does one of these moves of the opponent (made with the side to move flipped) remove `royal`,
   the only royal of `us`? */
static bool moves_take_royal(Position *pos, const Move *moves, int n, int royal, int us)
{
    Bitboard near = geo.king_nbrs[royal];
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        if (move_to(m) == royal || (move_has_mid(m) && move_mid(m) == royal))
            return true;
        if (!bb_test(&near, move_to(m)))
            continue;
        /* ends next to the royal: only a burn can remove it; play it out to be exact */
        Undo u;
        make_move(pos, m, &u);
        bool gone = pos->royals[us] == 0;
        unmake_move(pos, m, &u);
        if (gone)
            return true;
    }
    return false;
}

bool in_check(Position *pos)
{
    int us = pos->side;
    if (pos->royals[us] != 1 || position_game_over(pos))
        return false;
    int royal = bb_lsb(pos->royalset[us]); /* the only one */
    MoveList list;
    generate_moves_for(pos, us ^ 1, &list);
    make_null_move(pos);
    bool check = moves_take_royal(pos, list.moves, list.count, royal, us);
    if (!check && list.overflow) { /* the opponent has more moves than the list held */
        Bitboard them = pos->occ[us ^ 1];
        while (!check && bb_any(them)) {
            list.count = 0;
            generate_piece_moves(pos, us ^ 1, bb_pop(&them), &list);
            check = moves_take_royal(pos, list.moves, list.count, royal, us);
        }
    }
    unmake_null_move(pos);
    return check;
}

bool repetition_forbids(Position *pos, Move m, Undo *u, int *incheck)
{
    if (undo_irreversible(u, m) || !position_is_repetition(pos))
        return false;
    if (pos->rs->rules.rep_check_exception != REPCHECK_ON)
        return true;
    if (*incheck < 0) { /* in check in the position before the move */
        unmake_move(pos, m, u);
        *incheck = in_check(pos);
        make_move(pos, m, u);
    }
    return !*incheck;
}

bool make_legal_move(Position *pos, Move m, Undo *u, int *incheck)
{
    make_move(pos, m, u);
    if (!repetition_forbids(pos, m, u, incheck))
        return true;
    unmake_move(pos, m, u);
    return false;
}

bool move_is_legal(Position *pos, Move m)
{
    Undo u;
    int incheck = -1;
    if (!make_legal_move(pos, m, &u, &incheck))
        return false;
    unmake_move(pos, m, &u);
    return true;
}

void generate_legal(Position *pos, MoveVec *v)
{
    generate_all_moves(pos, v);
    int incheck = -1, n = 0;
    for (int i = 0; i < v->count; i++) {
        Move m = v->moves[i];
        Undo u;
        if (!make_legal_move(pos, m, &u, &incheck))
            continue;
        unmake_move(pos, m, &u);
        v->moves[n++] = m;
    }
    v->count = n;
}
