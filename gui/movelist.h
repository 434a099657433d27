/* The legal moves of a position as the page needs them: every move with its effects (what it
 * captures, what it burns, whether the mover dies), whether it offers a promotion choice, and
 * its wire and Hodges text.  The page decides nothing about the rules: it only matches clicks
 * against this list (docs/RULES.md §5 for the effects, §8 for the notation). */
#ifndef KAKI_GUI_MOVELIST_H
#define KAKI_GUI_MOVELIST_H

#include <stdbool.h>

#include "board/move.h"
#include "board/position.h"
#include "json.h"

typedef struct MoveEffects {
    int from, to, mid;    /* mid -1 if none */
    bool pass, promo;
    bool suicide;         /* the mover is burned at the end of its move */
    int ncap, cap[2];     /* captured by displacement, igui or the first leg */
    int nburn, burn[8];   /* enemy pieces burned */
} MoveEffects;

/* The effects of a legal move m in pos, found by making it (pos is restored). */
void move_effects(Position *pos, Move m, MoveEffects *fx);

/* {"from":..,"to":..,"mid":..,"pass":..,"promo":..,"suicide":..,"cap":[..],"burn":[..]} */
void effects_json(const MoveEffects *fx, JsonBuf *b);

/* The legal moves of pos as a JSON array; each entry is effects_json plus "choice" (a
   promoting and a non-promoting version both exist), "wire" (1-based ranks) and "hodges".
   Returns the number of moves (pos is restored). */
int movelist_json(Position *pos, JsonBuf *b);

#endif
