/* What kind of move a move is, read from the position without generating anything: noisy
 * (searched by quiescence: captures, lion-power moves with a first capture (docs/RULES.md
 * §5.2-§5.4), fire-demon moves that burn (§5.9)) and suicide (ends next to an enemy fire demon,
 * §5.9).  The generators in movegen.c and the move orderer use the same definitions. */
#include "moveclass.h"
#include "movegen.h"

bool move_is_noisy(const Position *pos, Move m)
{
    int from = move_from(m), to = move_to(m), them = pos->side ^ 1;
    const PieceInfo *pi = &pos->rs->piece[pos->board[from]];
    if (m & MOVE_MID)
        return true; /* lion-type moves: both versions */
    bool capture = !(m & MOVE_PASS) && to != from && pos->board[to];
    if (capture) {
        if ((m & MOVE_PROMO) || !pi->promotes_to)
            return true;
        /* the plain version only where no promoting twin exists */
        bool eligible = bb_test(&geo.zone[pos->side], from) || bb_test(&geo.zone[pos->side], to);
        return !eligible || move_is_suicide(pos, m);
    }
    /* a fire demon's quiet move or pass that burns (and is not a suicide) */
    return pi->demon && bb_intersects(geo.king_nbrs[to], pos->occ[them]) &&
           !bb_intersects(geo.king_nbrs[to], pos->demons[them]);
}

bool move_is_noisy_pseudolegal(const Position *pos, Move m)
{
    return m && move_is_noisy(pos, m) && move_is_pseudolegal(pos, m); /* the cheap test first */
}

bool move_is_suicide(const Position *pos, Move m)
{
    int final = move_to(m);
    Bitboard demons = pos->demons[pos->side ^ 1];
    if (move_has_mid(m))
        bb_clear(&demons, move_mid(m));
    if (!move_is_pass(m) && final != move_from(m))
        bb_clear(&demons, final);
    return bb_intersects(geo.king_nbrs[final], demons);
}
