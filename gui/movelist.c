#include "movelist.h"

#include <stdlib.h>
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "util/strutil.h"

void move_effects(Position *pos, Move m, MoveEffects *fx)
{
    memset(fx, 0, sizeof *fx);
    fx->from = move_from(m);
    fx->to = move_to(m);
    fx->mid = move_has_mid(m) ? move_mid(m) : -1;
    fx->pass = move_is_pass(m);
    fx->promo = move_is_promo(m);
    int us = pos->side, them = us ^ 1;
    Undo u;
    make_move(pos, m, &u);
    /* every changed square is in the undo record, with what stood there before */
    for (int i = 0; i < u.nchanges; i++) {
        int sq = u.sq[i], old = u.old[i], now = pos->board[sq];
        if (!old || piece_colour(old) != them || (now && piece_colour(now) == them))
            continue; /* only enemy pieces that are gone now (or replaced by the mover) */
        bool seen = false;
        for (int k = 0; k < fx->ncap; k++)
            seen |= fx->cap[k] == sq;
        for (int k = 0; k < fx->nburn; k++)
            seen |= fx->burn[k] == sq;
        if (seen)
            continue;
        if ((sq == fx->mid || sq == fx->to) && fx->ncap < 2)
            fx->cap[fx->ncap++] = sq;
        else if (fx->nburn < 8)
            fx->burn[fx->nburn++] = sq;
    }
    int after = pos->board[fx->to];
    fx->suicide = !after || piece_colour(after) != us;
    unmake_move(pos, m, &u);
}

static void int_array(JsonBuf *b, const char *key, const int *v, int n)
{
    jb_key(b, key);
    jb_arr(b);
    for (int i = 0; i < n; i++)
        jb_int(b, v[i]);
    jb_end_arr(b);
}

static void effects_members(const MoveEffects *fx, JsonBuf *b)
{
    jb_kint(b, "from", fx->from);
    jb_kint(b, "to", fx->to);
    jb_kint(b, "mid", fx->mid);
    jb_kbool(b, "pass", fx->pass);
    jb_kbool(b, "promo", fx->promo);
    jb_kbool(b, "suicide", fx->suicide);
    int_array(b, "cap", fx->cap, fx->ncap);
    int_array(b, "burn", fx->burn, fx->nburn);
}

void effects_json(const MoveEffects *fx, JsonBuf *b)
{
    jb_obj(b);
    effects_members(fx, b);
    jb_end_obj(b);
}

int movelist_json(Position *pos, JsonBuf *b)
{
    MoveVec legal_all = {0}, *legal = &legal_all;
    generate_legal(pos, legal);
    jb_arr(b);
    for (int i = 0; i < legal->count; i++) {
        Move m = legal->moves[i];
        MoveEffects fx;
        move_effects(pos, m, &fx);
        char wire[MOVE_STR_MAX], hodges[MOVE_STR_MAX];
        move_to_wire(pos, m, 0, wire);
        move_to_hodges_in(pos, m, legal, hodges);
        bool choice = move_is_promo(m) ? movevec_has(legal, m & ~MOVE_PROMO)
                                       : movevec_has(legal, m | MOVE_PROMO);
        jb_obj(b);
        effects_members(&fx, b);
        jb_kbool(b, "choice", choice);
        jb_kstr(b, "wire", wire);
        jb_kstr(b, "hodges", hodges);
        jb_end_obj(b);
    }
    jb_end_arr(b);
    int n = legal->count;
    movevec_free(legal);
    return n;
}
