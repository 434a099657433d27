/* The playing level (playlevel.h). */
#include "playlevel.h"

#include <stdint.h>
#include <time.h>

#include "search/level.h"
#include "util/clock.h"

/* A seed that differs from game to game and from process to process: the wall clock, the
   monotonic clock in microseconds, this session's address and a counter. */
static uint64_t fresh_seed(const Cecp *c)
{
    static unsigned calls;
    uint64_t s = (uint64_t)time(NULL) * 1000000007ULL ^ (uint64_t)mono_us() ^
                 (uint64_t)(uintptr_t)c << 16 ^ (uint64_t)++calls << 40;
    return s ? s : 1;
}

void cecp_level_init(Cecp *c)
{
    c->level = LEVEL_FULL;
    c->level_seed = 0;
    c->game_seed = fresh_seed(c);
}

void cecp_set_level_seed(Cecp *c, long seed)
{
    c->level_seed = seed;
    c->game_seed = seed ? (uint64_t)seed : fresh_seed(c);
}

void cecp_level_new_game(Cecp *c)
{
    if (!c->level_seed)
        c->game_seed = fresh_seed(c);
}

void cecp_level_limits(const Cecp *c, SearchLimits *l)
{
    level_apply(c->level, c->game_seed, l);
}
