/* The playing levels (search/level.h): level 10 is exactly the default search; levels 1-9 keep
 * to their depth and node limits, repeat themselves under one seed and vary with the seed,
 * play otherwise than level 10 somewhere, and never prefer a move that loses a royal (the last
 * or a spare one) or leaves a free rook, whatever the seed. */
#include <stdio.h>
#include <string.h>

#include "bench/bench_positions.h"
#include "board/attacks.h"
#include "board/makemove.h"
#include "board/notation.h"
#include "board/tfen.h"
#include "check.h"
#include "search/level.h"
#include "search/searcher.h"

static Position pos;

static void load(const char *tfen)
{
    char err[200];
    position_clear(&pos, ruleset_default());
    CHECK(tfen_parse(&pos, tfen, err, sizeof err) == 0, "%s: %s", tfen, err);
}

static SearchReport last;
static int max_depth;
static void keep_report(void *ctx, const Position *root, const SearchReport *r)
{
    (void)ctx, (void)root;
    last = *r;
    if (r->depth > max_depth)
        max_depth = r->depth;
}

/* A search of pos under l by a new searcher (a new game in an old one keeps the table's old
   entries, which change the replacements and so the node counts a little); the nodes it
   searched in *nodes. */
static Move run(const SearchLimits *l, uint64_t *nodes)
{
    memset(&last, 0, sizeof last);
    max_depth = 0;
    Searcher *e = searcher_new();
    searcher_set_hash_mb(e, 2);
    Move m = searcher_search(e, &pos, l, keep_report, NULL, NULL);
    int depth;
    int64_t ms;
    searcher_progress(e, nodes, &depth, &ms);
    searcher_free(e);
    return m;
}

static Move run_level(int level, uint64_t seed, uint64_t *nodes)
{
    SearchLimits l = limits_none();
    level_apply(level, seed, &l);
    return run(&l, nodes);
}

/* Level 10 leaves the limits alone and searches exactly as without a level. */
static void full_is_default(void)
{
    SearchLimits plain = limits_none(), lv = limits_none();
    plain.depth = lv.depth = 5;
    level_apply(LEVEL_FULL, 12345, &lv);
    CHECK(memcmp(&plain, &lv, sizeof plain) == 0, "level 10 changed the limits");
    LevelLimits t = level_limits(LEVEL_FULL);
    CHECK(t.depth == 0 && t.nodes == 0 && t.noise == 0, "level 10 has limits");
    for (int i = 0; i < 4; i++) {
        load(bench_positions[i]);
        uint64_t n1, n2;
        Move a = run(&plain, &n1), b = run(&lv, &n2);
        CHECK(a == b && n1 == n2, "position %d: level 10 %08x %llu nodes, default %08x %llu", i,
              b, (unsigned long long)n2, a, (unsigned long long)n1);
    }
}

/* Every weaker level has a limit, weaker levels no more than stronger ones, and a search keeps
   to it: at most the depth, at most the node budget plus the check period's slack. */
static void limits_kept(void)
{
    for (int level = LEVEL_MIN; level < LEVEL_FULL; level++) {
        LevelLimits t = level_limits(level);
        CHECK(t.depth > 0 || t.nodes > 0, "level %d has no limit", level);
        CHECK(t.noise > 0 && t.noise <= 400, "level %d: noise %d", level, t.noise);
        if (level > LEVEL_MIN)
            CHECK(t.noise <= level_limits(level - 1).noise, "level %d noisier than %d", level,
                  level - 1);
        for (int i = 0; i < NBENCH; i += 3) {
            load(bench_positions[i]);
            uint64_t nodes;
            Move m = run_level(level, 7, &nodes);
            CHECK(m != MOVE_NONE, "level %d position %d: no move", level, i);
            if (t.depth)
                CHECK(max_depth <= t.depth, "level %d position %d: depth %d > %d", level, i,
                      max_depth, t.depth);
            if (t.nodes)
                CHECK(nodes <= t.nodes + 256, "level %d position %d: %llu nodes > %llu", level,
                      i, (unsigned long long)nodes, (unsigned long long)t.nodes);
            CHECK(max_depth >= 1, "level %d position %d: no iteration completed", level, i);
        }
    }
}

/* One seed, one game: the same move and the same nodes; another seed or level 10 plays another
   move in some position. */
static void seeded(void)
{
    int differ_seed = 0, differ_full = 0;
    for (int i = 0; i < NBENCH; i++) {
        load(bench_positions[i]);
        for (int level = 1; level <= 7; level += 3) {
            uint64_t n1, n2, n3, n4;
            Move a = run_level(level, 99, &n1), b = run_level(level, 99, &n2);
            CHECK(a == b && n1 == n2, "level %d position %d: seed 99 gave %08x/%llu and %08x/%llu",
                  level, i, a, (unsigned long long)n1, b, (unsigned long long)n2);
            Move c = run_level(level, 100, &n3);
            differ_seed += c != a;
            SearchLimits full = limits_none();
            full.depth = 6;
            differ_full += run(&full, &n4) != a;
        }
    }
    CHECK(differ_seed > 0, "the seed never changed a move");
    CHECK(differ_full > 0, "levels 1, 4 and 7 always played level 10's move");
}

/* Under any seed: level 1 saves its lone king (attacked by a rook, while a free gold tempts),
   every level saves its king when it also has a prince, and every level takes a free rook
   (worth far more than the largest bonus). */
static void never_absurd(void)
{
    char text[MOVE_STR_MAX];
    for (uint64_t seed = 1; seed <= (uint64_t)scaled(40); seed++) {
        load("k15/16/16/16/16/16/16/15r/16/16/16/g6R8/16/16/16/15K b");
        uint64_t nodes;
        Move m = run_level(1, seed, &nodes);
        Undo u;
        make_move(&pos, m, &u);
        int king = bb_lsb(pos.royalset[BLACK]);
        CHECK(pos.royals[BLACK] == 1 && !square_attacked_by(&pos, king, WHITE),
              "seed %llu: level 1 left its king to the rook", (unsigned long long)seed);
        for (int level = LEVEL_MIN; level < LEVEL_FULL; level++) {
            /* the king and a prince: the evaluation does not value the spare royal, the levels
               still keep it */
            load("k15/16/16/16/16/16/16/15r/16/16/16/g6R8/16/16/16/14+EK b");
            m = run_level(level, seed, &nodes);
            make_move(&pos, m, &u);
            bool safe = pos.royals[BLACK] == 2;
            for (Bitboard r = pos.royalset[BLACK]; bb_any(r);)
                safe &= !square_attacked_by(&pos, bb_pop(&r), WHITE);
            CHECK(safe, "seed %llu level %d: a royal left to the rook", (unsigned long long)seed,
                  level);
            load("k15/16/16/16/16/16/16/16/r6R8/16/16/16/16/16/16/15K b");
            m = run_level(level, seed, &nodes);
            CHECK(move_to(m) == sq_make(0, 7), "seed %llu level %d: %s, not the free rook",
                  (unsigned long long)seed, level, move_to_wire(&pos, m, 0, text));
        }
    }
}

int main(void)
{
    full_is_default();
    limits_kept();
    seeded();
    never_absurd();
    return check_finish("test_level");
}
