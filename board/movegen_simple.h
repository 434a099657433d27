/* Internal to the move generator: the simple moves of a piece (one from-to effect, capturing
 * whatever stands on the destination) to a set of target squares, with their promoting versions
 * (docs/RULES.md §4.2) and the burn rule (§5.9): a move that ends next to an enemy fire demon is
 * suicide and has no promoting version, and a fire demon's move that ends next to an enemy
 * burns it (a noisy move).  The full generator's version is inlined into its loop. */
#ifndef KAKI_MOVEGEN_SIMPLE_H
#define KAKI_MOVEGEN_SIMPLE_H

#include <stdbool.h>

#include "movegen_state.h"

/* Does a piece ending on `final` die next to an enemy demon, given the squares the move
   captured (`captured`, possibly empty)? */
static inline bool ends_burned(const Gen *g, int final, Bitboard captured)
{
    return bb_intersects(geo.king_nbrs[final], bb_andnot(g->enemy_demons, captured));
}

/* The squares of `targets` on which the mover would be burned: next to an enemy fire demon
   that survives the move (a move that captures a demon may escape the burn zone that demon
   made). */
static inline __attribute__((always_inline)) Bitboard suicide_targets(const Gen *g, Bitboard targets)
{
    Bitboard suicide = bb_and(targets, g->burn);
    Bitboard demon_victims = bb_and(suicide, g->enemy_demons);
    while (bb_any(demon_victims)) {
        int t = bb_pop(&demon_victims);
        if (!ends_burned(g, t, bb_square(t)))
            bb_clear(&suicide, t);
    }
    return suicide;
}

/* From-to moves to every square of `targets`, with the promoting versions docs/RULES.md §4.2
   allows (none for a suicide). */
static inline __attribute__((always_inline)) void add_simple_moves(Gen *g, int from, int pc,
                                                                   const PieceInfo *pi,
                                                                   Bitboard targets, bool quiet)
{
    if (bb_none(targets))
        return;
    Bitboard suicide = suicide_targets(g, targets);
    Bitboard promo = BB_EMPTY;
    if (pi->promotes_to) {
        if (bb_test(&g->zone, from)) /* E2 only: captures */
            promo = bb_and(targets, g->enemy);
        else /* E1 (and E2): moves into the zone */
            promo = bb_and(targets, g->zone);
        if (pi->second_chance)
            promo = bb_or(promo, bb_andnot(bb_and(targets, g->rs->dead[pc]), g->enemy));
        promo = bb_andnot(promo, suicide);
    }
    if (quiet) {
        /* the non-promoting twin of a promoting capture; non-captures, but not a fire demon's
           that burn (those are noisy) */
        Bitboard plain = bb_andnot(targets, g->enemy);
        if (pi->demon)
            plain = bb_andnot(plain, bb_andnot(g->enemy_near, g->burn));
        add_targets(g, move_make(from, 0), bb_or(plain, bb_and(promo, g->enemy)));
        add_targets(g, move_make(from, 0) | MOVE_PROMO, bb_andnot(promo, g->enemy));
        return;
    }
    add_targets(g, move_make(from, 0), targets);
    if (pi->promotes_to)
        add_targets(g, move_make(from, 0) | MOVE_PROMO, promo);
}

/* Noisy mode: captures (the promoting version alone where there is one) and fire-demon moves
   that burn. */
MOVEGEN_CALL void add_noisy_simple_moves(Gen *g, int from, const PieceInfo *pi, Bitboard targets)
{
    Bitboard keep = bb_and(targets, g->enemy);
    if (pi->demon) /* quiet moves that end next to an enemy burn it, unless they are suicide */
        keep = bb_or(keep, bb_andnot(bb_and(targets, g->enemy_near), g->burn));
    Bitboard promo = BB_EMPTY;
    if (pi->promotes_to) {
        Bitboard suicide = suicide_targets(g, targets);
        /* every noisy move here captures or burns; it may promote if it captures, or if
           it enters the zone (E1) */
        promo = bb_and(keep, bb_test(&g->zone, from) ? g->enemy : g->zone);
        promo = bb_andnot(promo, suicide);
        keep = bb_andnot(keep, promo);
    }
    add_targets(g, move_make(from, 0), keep);
    add_targets(g, move_make(from, 0) | MOVE_PROMO, promo);
}

#endif
