/* The playing level of the engine's own moves (option Level, docs/PROTOCOL.md §1.3): the level
 * itself (search/level.h has its table) and the seed of its randomness (option Level seed:
 * 0 = a fresh seed every game, N = always N, for repeatable games and tests). */
#ifndef KAKI_PROTOCOL_PLAYLEVEL_H
#define KAKI_PROTOCOL_PLAYLEVEL_H

#include "search/limits.h"
#include "session.h"

/* The defaults: full strength, a fresh seed every game. */
void cecp_level_init(Cecp *c);
/* Option Level seed: fixes the seed now (0: a fresh one now and at every `new`). */
void cecp_set_level_seed(Cecp *c, long seed);
/* A new game: a fresh seed unless Level seed fixes it. */
void cecp_level_new_game(Cecp *c);
/* Applies the level to the limits of a search on the engine's own move. */
void cecp_level_limits(const Cecp *c, SearchLimits *l);

#endif
