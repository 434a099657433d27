/* Playing levels (docs/PROTOCOL.md, option Level): level 10 is the full engine; levels 1-9 are
 * made weaker by a depth or node limit per move and by a pseudo-random bonus on each root move's
 * score, so that among moves the search finds nearly equal the choice varies, while a move far
 * below the best (a lost piece, a lost royal) is never preferred: the bonus is at most the
 * level's `noise` centipawns and never touches a mate score.  The table is here and nowhere
 * else; the protocol applies it to a search's limits (level_apply). */
#ifndef KAKI_SEARCH_LEVEL_H
#define KAKI_SEARCH_LEVEL_H

#include <stdint.h>

#include "board/move.h"
#include "board/position.h"
#include "limits.h"

enum { LEVEL_MIN = 1, LEVEL_MAX = 10, LEVEL_FULL = LEVEL_MAX };

typedef struct LevelLimits {
    int depth;      /* depth limit in plies, 0 = none */
    uint64_t nodes; /* node budget per move, 0 = none */
    int noise;      /* root moves' bonus: 0..noise centipawns, 0 = none */
} LevelLimits;

/* The limits of a level (LEVEL_MIN..LEVEL_MAX; others are clamped).  LEVEL_FULL: none. */
LevelLimits level_limits(int level);

/* Makes l at most as deep and as long as level allows, and sets its root bonus with seed (the
   same seed, position and move always give the same bonus).  LEVEL_FULL leaves l unchanged. */
void level_apply(int level, uint64_t seed, SearchLimits *l);

/* What a level adds to the score of root move m (0 if l has no noise): the bonus, a hash of the
   seed, the root's key `key` and m, and minus LEVEL_ROYAL_PENALTY if `after`, the position
   after m, leaves one of the mover's royals open to capture or to a burn (even a spare royal,
   which the evaluation does not value: a person must not win a royal handed over). */
int level_root_bonus(const SearchLimits *l, uint64_t key, Move m, const Position *after);

enum { LEVEL_ROYAL_PENALTY = 1000 };

#endif
