/* Score bounds (issue 31, point 11): no unproven mate score leaves the null-move search or the
 * hash table.  This test links a copy of the search compiled with its invariant checks
 * (search/checks.h, KAKI_SEARCH_CHECKS): a null-move cut-off never returns a mate score (a
 * mate found after a pass is not proven), a table cut-off (main search or quiescence) and
 * every move's score lie within the node's mate distance (no win before the next move, no
 * loss before this one), and the root's reported score too.  Searched: positions with a
 * forced mate where the winner has enough pieces for null moves (both colours), the test_tt
 * mates, and the bench positions, each through a table kept between depths and with two
 * threads.  And the table gives the mate distances back as the search without it finds them. */
#include <stdlib.h>
#include <string.h>

#include "bench/bench_positions.h"
#include "board/tfen.h"
#include "check.h"
#include "eval/eval.h"
#include "search/checks.h"
#include "search/searcher.h"

static const char *const positions[] = {
    /* mates, the winner with a crowd (null moves allowed: more than four pieces) */
    "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/1R14/2R2PPPP6K b",
    "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/R15/4PPPP7K b",
    "10k5/16/16/7K8/16/16/16/16/16/16/3R12/16/16/16/1R14/5PPPP7 b",
    "16/9R6/16/16/16/16/4K11/16/16/16/15Q/16/16/16/16/PPPP7k4 b",
    "2r2pppp6k/1r14/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w",
    "r3pppp7k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w",
    "11k4/16/16/16/16/3B12/K15/16/16/16/16/15R/16/16/16/2PPPP10 b",
    "K15/16/16/10k5/16/16/16/16/16/9R6/12R3/16/16/16/16/PPPP12 b",
    /* without a mate: a crowd on either side */
    "k14K/r15/1r14/16/16/12pppp/16/16/16/16/16/16/16/16/16/16 w",
    "16/16/16/16/12pppp/8k7/16/16/16/16/16/q15/16/16/16/11K4 w",
    /* the test_tt mates */
    "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/1R14/2R12K b",
    "16/16/16/16/16/16/16/16/15K/16/16/2H!13/16/16/2k13/16 b",
    "16/16/16/16/14K1/16/16/16/16/16/16/16/2H!13/16/6k9/16 b",
    "2k13/16/16/16/16/16/16/16/16/16/16/16/11H!4/16/1K14/16 w",
    "16/16/10k5/3Q12/16/16/16/6R9/16/16/16/10K5/16/16/16/16 w",
    "16/16/16/16/16/16/16/16/1G14/8L!7/3K12/16/16/16/12k3/16 w",
};

static int worst_root;
static void keep(void *ctx, const Position *root, const SearchReport *r)
{
    (void)ctx, (void)root;
    if (abs(r->score) > abs(worst_root))
        worst_root = r->score;
}

static void search_all(int threads, int depth_mates, int depth_bench)
{
    Searcher *s = searcher_new();
    searcher_set_hash_mb(s, 16);
    searcher_set_threads(s, threads);
    Position *pos = malloc(sizeof *pos);
    int n = (int)(sizeof positions / sizeof positions[0]);
    for (int i = 0; i < n + NBENCH; i++) {
        const char *tfen = i < n ? positions[i] : bench_positions[i - n];
        char err[128];
        position_clear(pos, ruleset_default());
        CHECK(tfen_parse(pos, tfen, err, sizeof err) == 0, "%s: %s", tfen, err);
        searcher_new_game(s);
        /* one depth after another through the same table: later searches meet the mate
           scores earlier ones stored */
        for (int d = 1; d <= (i < n ? depth_mates : depth_bench); d++) {
            SearchLimits l = limits_none();
            l.depth = d;
            worst_root = 0;
            searcher_search(s, pos, &l, keep, NULL, NULL);
            CHECK(abs(worst_root) <= SCORE_MATE - 1, "%s depth %d: root score %d", tfen, d,
                  worst_root);
        }
        char first[200];
        long failed = search_checks_failed(first, sizeof first);
        CHECK(failed == 0, "%s (%d thread%s): %ld violations, the first: %s", tfen, threads,
              threads > 1 ? "s" : "", failed, first);
        if (failed)
            break;
    }
    free(pos);
    searcher_free(s);
}

static int mate_search(Searcher *s, const Position *pos, int depth)
{
    SearchLimits l = limits_none();
    l.depth = depth;
    worst_root = 0;
    searcher_search(s, pos, &l, keep, NULL, NULL);
    return worst_root;
}

/* The table gives back the mate distances stored in it, whatever the ply: the crowded mates
   (positions[0..7], their shortest distances known) searched with the table find a mate within
   six plies beyond it, never a shorter one than the known, and a second search at the depth of
   the first mate found, through the first one's entries, reports the same.  (With null moves
   and pruning the first mate found may be longer than the shortest: position 6 has a mate in
   4, the same as test_tt's position without the pawns, found by a search without pruning;
   the learnt evaluation's search reports 5 there, the net's 4.)  Searched with the learnt
   material: a second search through the table may find a shorter mate than the first did
   (still no shorter than the true one), and how often depends on the evaluation's pruning;
   with the net's 64-cp grains position 6 gives mate 8 at depth 11, then 6 through the table. */
static const int known_mates[] = {2, 1, 3, 3, 2, 1, 4, 5};

static void table_keeps_mate_distances(int count)
{
    Searcher *s = searcher_new();
    SearchConfig c = search_config_default();
    c.eval_terms = EVAL_LEARNT;
    searcher_set_config(s, &c);
    searcher_set_hash_mb(s, 16);
    Position *pos = malloc(sizeof *pos);
    for (int i = 0; i < count; i++) {
        char err[128];
        position_clear(pos, ruleset_default());
        CHECK(tfen_parse(pos, positions[i], err, sizeof err) == 0, "%s", err);
        int mate = known_mates[i], found = 0;
        for (int depth = 2 * mate; depth <= 2 * mate + 6 && !found; depth++) {
            searcher_new_game(s);
            int m = score_mate_moves(mate_search(s, pos, depth));
            CHECK(!m || abs(m) >= mate, "%s depth %d: mate %d, shorter than the known %d",
                  positions[i], depth, m, mate);
            if (m >= mate) {
                found = depth;
                int again = score_mate_moves(mate_search(s, pos, depth));
                CHECK(again == m, "%s depth %d: mate %d through the table's entries, not %d",
                      positions[i], depth, again, m);
            }
        }
        CHECK(found, "%s: no mate found within six plies beyond %d", positions[i], mate);
    }
    free(pos);
    searcher_free(s);
}

int main(void)
{
    char first[8];
    CHECK(search_checks_failed(first, sizeof first) == 0, "not a checked build of the search");
    bool small = test_scale() < 100;
    search_all(1, small ? 6 : 9, small ? 3 : 5);
    search_all(2, small ? 5 : 8, small ? 3 : 4);
    table_keeps_mate_distances(small ? 6 : 8);
    return check_finish("test_score_bounds");
}
