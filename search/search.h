/* Internal to search/: the tree search of one thread (search.c): iterative deepening with
 * aspiration windows, principal-variation alpha-beta and the quiescence search, on the
 * thread's own board (thread.h).  searcher.c runs it on every thread. */
#ifndef KAKI_SEARCH_SEARCH_H
#define KAKI_SEARCH_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "board/position.h"
#include "thread.h"

/* One thread's iterative deepening on e->root (until done or stopped). */
void iterative_deepening(Thread *t);
/* May the side to move try a null move here?  Not with its lone royal in danger: a null move
   there would ignore the threat of losing the game.  (The search also wants more pieces than
   NMP_MIN_PIECES, params.h.) */
bool null_move_allowed(const Position *pos);
/* Fills what e's tree search derives from e->params: the late-move reductions (e->lmr) and
   the kinds whose quiet promotions quiescence searches (e->big_promoters). */
void search_init_tables(Searcher *e);

#endif
