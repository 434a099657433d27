/* Pinned perft numbers (docs/RULES.md §5.14): the start position at depths 1-3, bulk-counted and
 * with every leaf made and unmade, and perft of the §10 vectors that have one.  The start
 * numbers agree with the independent reference generator (tests/refgen), which also gives
 * perft(4) = 36,684,525 (docs/BENCHMARKS.md). */
#include <stdio.h>
#include <string.h>

#include "board/perft.h"
#include "board/tfen.h"
#include "check.h"
#include "crowded.h"

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
#define NO_ROYAL "16/16/16/16/16/16/16/16/7L!8/16/16/16/16/16/16/K15 b"
#define ROYAL_CAPTURE "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/R15/15K b"

/* The pinned numbers, one table: `test_perft --list` prints it for the Windows tests, which
   check kaki.exe's perft command against the same numbers (tests/windows/perft_pinned.sh). */
static const struct {
    const char *name, *tfen, *options; /* options: one NAME=VALUE or NULL */
    int depth;
    uint64_t expected;
} pinned[] = {
    {"start", TFEN_START, NULL, 0, 1},
    {"start", TFEN_START, NULL, 1, 72},
    {"start", TFEN_START, NULL, 2, 5255},
    {"start", TFEN_START, NULL, 3, 434567},
    {"O6", O6, NULL, 1, 28},
    {"O6", O6, NULL, 2, 335},
    {"O6", O6, NULL, 3, 9761},
    /* without the in-check exception nothing changes here (no check in O6) */
    {"O6", O6, "rep_check_exception=off", 2, 335},
    /* no royal on one side: the game is over, perft is 0 at every depth >= 1 */
    {"no royal", NO_ROYAL, NULL, 1, 0},
    {"no royal", NO_ROYAL, NULL, 0, 1},
    /* the rook can take the lone king (two versions): those lines end, 38 moves, 108 leaves
       (also the reference generator's count) */
    {"royal capture", ROYAL_CAPTURE, NULL, 1, 38},
    {"royal capture", ROYAL_CAPTURE, NULL, 2, 108},
    /* more legal moves than a MoveList holds (the reference generator's counts) */
    {"crowded", CROWDED_LIONS_SENTE, NULL, 1, 4687},
    {"crowded", CROWDED_LIONS_SENTE, NULL, 2, 743295},
    {"crowded gote", CROWDED_LIONS_GOTE, NULL, 1, 4687},
};

int main(int argc, char **argv)
{
    int n = (int)(sizeof pinned / sizeof pinned[0]);
    if (argc > 1 && strcmp(argv[1], "--list") == 0) { /* depth|expected|options|TFEN */
        for (int i = 0; i < n; i++)
            printf("%d|%llu|%s|%s\n", pinned[i].depth, (unsigned long long)pinned[i].expected,
                   pinned[i].options ? pinned[i].options : "", pinned[i].tfen);
        return 0;
    }
    for (int i = 0; i < n; i++)
        expect_perft(pinned[i].name, pinned[i].tfen, pinned[i].options, pinned[i].depth,
                     pinned[i].expected);
    return check_finish("test_perft");
}
