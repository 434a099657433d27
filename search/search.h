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
/* May the side to move try a null move here?  Not with few pieces (zugzwang-like positions)
   and not with its lone royal in danger: a null move there would ignore the threat of losing
   the game. */
bool null_move_allowed(const Position *pos);
/* The kinds whose quiet promotions quiescence searches (bit = kind). */
uint64_t big_promoters(void);

#endif
