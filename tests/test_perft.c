/* Pinned perft numbers (docs/RULES.md §5.14): the start position at depths 1-3, bulk-counted and
 * with every leaf made and unmade, and perft of the §10 vectors that have one.  The start
 * numbers agree with the independent reference generator (tests/refgen), which also gives
 * perft(4) = 36,684,525 (docs/BENCHMARKS.md). */
#include <string.h>

#include "board/perft.h"
#include "board/tfen.h"
#include "check.h"

static void expect_perft(const char *name, const char *tfen, const char *options, int depth,
                         uint64_t expected)
{
    Rules r;
    rules_default(&r);
    char err[128];
    if (options)
        rules_set_assignment(&r, options, err, sizeof err);
    RuleSet *rs = ruleset_new(&r);
    static Position pos;
    position_clear(&pos, rs);
    CHECK(tfen_parse(&pos, tfen, err, sizeof err) == 0, "%s: %s", name, err);
    uint64_t bulk = perft(&pos, depth, false), full = perft(&pos, depth, true);
    CHECK(bulk == expected, "%s perft(%d) = %llu, expected %llu", name, depth,
          (unsigned long long)bulk, (unsigned long long)expected);
    CHECK(full == expected, "%s perft(%d) with full make/unmake = %llu, expected %llu", name,
          depth, (unsigned long long)full, (unsigned long long)expected);
    ruleset_free(rs);
}

#define O6 "l!14k/16/16/16/16/16/16/16/7L!8/16/16/16/16/16/16/K15 b"

int main(void)
{
    expect_perft("start", TFEN_START, NULL, 0, 1);
    expect_perft("start", TFEN_START, NULL, 1, 72);
    expect_perft("start", TFEN_START, NULL, 2, 5255);
    expect_perft("start", TFEN_START, NULL, 3, 434567);
    expect_perft("O6", O6, NULL, 1, 28);
    expect_perft("O6", O6, NULL, 2, 335);
    expect_perft("O6", O6, NULL, 3, 9761);
    /* without the in-check exception nothing changes here (no check in O6) */
    expect_perft("O6", O6, "rep_check_exception=off", 2, 335);
    /* no royal on one side: the game is over, perft is 0 at every depth >= 1 */
    expect_perft("no royal", "16/16/16/16/16/16/16/16/7L!8/16/16/16/16/16/16/K15 b", NULL, 1, 0);
    expect_perft("no royal", "16/16/16/16/16/16/16/16/7L!8/16/16/16/16/16/16/K15 b", NULL, 0, 1);
    /* the rook can take the lone king (two versions): those lines end, 38 moves, 108 leaves
       (also the reference generator's count) */
    expect_perft("royal capture", "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/R15/15K b", NULL, 1, 38);
    expect_perft("royal capture", "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/R15/15K b", NULL, 2, 108);
    return check_finish("test_perft");
}
