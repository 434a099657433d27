/* The playing levels' table and the root bonus (level.h). */
#include "level.h"

#include <stdlib.h>

#include "board/attacks.h"

/* A fire demon this many squares (king moves) from a royal may burn it on its next move: it
   ranges three squares, then burns the squares next to it. */
enum { DEMON_BURN_REACH = 4 };

/* Levels 1 and 2 search one and two plies (the quiescence search after them still sees the
   exchanges); levels 3-9 get a node budget that grows about 1.8x a level (a search stopped by
   it plays the move of its last completed iteration).  The bonus shrinks as the level grows;
   at one ply its size hardly matters (a bonus of up to 1.5, 4 or 8 pawns measured the same),
   the depth does.  The Elo each level measured against the full engine is in gui/README.md
   (and the new-game dialog of kaki-board, gui/web/). */
static const LevelLimits table[LEVEL_MAX] = {
    {1, 0, 150},       /* 1 */
    {2, 0, 100},       /* 2 */
    {0, 4000, 60},     /* 3 */
    {0, 8000, 40},     /* 4 */
    {0, 16000, 25},    /* 5 */
    {0, 30000, 15},    /* 6 */
    {0, 50000, 10},    /* 7 */
    {0, 90000, 5},     /* 8 */
    {0, 160000, 3},    /* 9 */
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

/* Can the side to move in pos take or burn a royal of the other side at once?  (A fire demon
   that can reach a square next to the royal may burn it.) */
static bool royal_exposed(const Position *pos)
{
    int us = pos->side ^ 1;
    Bitboard royals = pos->royalset[us];
    while (bb_any(royals)) {
        int r = bb_pop(&royals);
        if (square_attacked_by(pos, r, pos->side))
            return true;
        Bitboard demons = pos->demons[pos->side];
        while (bb_any(demons)) {
            int d = bb_pop(&demons);
            int dx = abs(sq_file(d) - sq_file(r)), dy = abs(sq_rank(d) - sq_rank(r));
            if ((dx > dy ? dx : dy) <= DEMON_BURN_REACH)
                return true;
        }
    }
    return false;
}

int level_root_bonus(const SearchLimits *l, uint64_t key, Move m, const Position *after)
{
    if (l->root_noise <= 0)
        return 0;
    uint64_t h = mix(mix(l->noise_seed ^ key) ^ (uint64_t)m);
    int bonus = (int)(h % (uint64_t)(l->root_noise + 1));
    return royal_exposed(after) ? bonus - LEVEL_ROYAL_PENALTY : bonus;
}
