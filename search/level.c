/* The playing levels' table and the root bonus (level.h). */
#include "level.h"

/* Levels 1-3 search one or two plies (the quiescence search after them still sees the
   exchanges); levels 4-9 get a node budget that grows about 1.8x a level.  The bonus shrinks
   as the level grows.  The Elo each level measured against the full engine is in gui/README.md
   (and the new-game dialog of kaki-board, gui/web/). */
static const LevelLimits table[LEVEL_MAX] = {
    {1, 0, 400},       /* 1 */
    {1, 0, 250},       /* 2 */
    {2, 0, 150},       /* 3 */
    {0, 2500, 100},    /* 4 */
    {0, 5000, 70},     /* 5 */
    {0, 10000, 50},    /* 6 */
    {0, 20000, 35},    /* 7 */
    {0, 35000, 20},    /* 8 */
    {0, 60000, 10},    /* 9 */
    {0, 0, 0},         /* 10: the full engine */
};

LevelLimits level_limits(int level)
{
    if (level < LEVEL_MIN)
        level = LEVEL_MIN;
    if (level > LEVEL_MAX)
        level = LEVEL_MAX;
    return table[level - 1];
}

void level_apply(int level, uint64_t seed, SearchLimits *l)
{
    LevelLimits lv = level_limits(level);
    if (lv.depth == 0 && lv.nodes == 0 && lv.noise == 0)
        return; /* the full engine */
    if (lv.depth && (l->depth == 0 || l->depth > lv.depth))
        l->depth = lv.depth;
    if (lv.nodes && (l->nodes == 0 || l->nodes > lv.nodes))
        l->nodes = lv.nodes;
    l->root_noise = lv.noise;
    l->noise_seed = seed;
}

/* splitmix64's finaliser: a well-mixed 64-bit hash. */
static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

int level_root_bonus(const SearchLimits *l, uint64_t key, Move m)
{
    if (l->root_noise <= 0)
        return 0;
    uint64_t h = mix(mix(l->noise_seed ^ key) ^ (uint64_t)m);
    return (int)(h % (uint64_t)(l->root_noise + 1));
}
