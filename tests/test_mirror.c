/* Colour balance of the search: a position and its colour-mirrored copy (board turned 180
 * degrees, colours swapped, the other side to move) are the same game seen from the other side,
 * so the deterministic single-thread search must give both the same score at every depth, and
 * search the same number of nodes: the move lists come in mirrored order (board/movegen.c,
 * bb_pop_for), so every ordering decision falls the same way for both colours.  The hash table
 * is large enough that no entry of these searches is replaced, which depends on the keys.
 * The positions: the bench positions and positions from self-play-like random games. */
#include <stdlib.h>
#include <string.h>

#include "bench/bench_positions.h"
#include "board/legal.h"
#include "board/tfen.h"
#include "check.h"
#include "reports.h"
#include "mirror.h"
#include "randpos.h"
#include "search/searcher.h"

/* Searches pos to `depth`; the per-depth reports land in out[]. */
static int search_all(Searcher *s, const Position *pos, int depth, SearchReport *out)
{
    SearchLimits l = limits_none();
    l.depth = depth;
    searcher_new_game(s);
    nreports = 0;
    searcher_search(s, pos, &l, collect, NULL, NULL);
    memcpy(out, reports, sizeof(SearchReport) * (size_t)nreports);
    return nreports;
}

static void compare(Searcher *s, const Position *pos, int depth, const char *what, int n)
{
    static Position flipped;
    static SearchReport a[MAX_PLY], b[MAX_PLY];
    mirror_position(pos, &flipped);
    int na = search_all(s, pos, depth, a), nb = search_all(s, &flipped, depth, b);
    CHECK(na == nb, "%s %d: %d iterations, mirrored %d", what, n, na, nb);
    for (int i = 0; i < na && i < nb; i++)
        CHECK(a[i].score == b[i].score && a[i].nodes == b[i].nodes,
              "%s %d depth %d: score %d nodes %llu, mirrored score %d nodes %llu", what, n,
              a[i].depth, a[i].score, (unsigned long long)a[i].nodes, b[i].score,
              (unsigned long long)b[i].nodes);
}

int main(void)
{
    Searcher *s = searcher_new();
    searcher_set_hash_mb(s, 256);
    static Position pos;
    int depth = test_scale() < 100 ? 3 : 5;
    for (int i = 0; i < NBENCH; i++) {
        char err[128];
        position_clear(&pos, ruleset_default());
        CHECK(tfen_parse(&pos, bench_positions[i], err, sizeof err) == 0, "%s", err);
        compare(s, &pos, depth, "bench position", i);
    }
    Rng rng = {2024};
    static MoveVec list;
    for (int g = 0; g < scaled(8); g++) {
        position_start(&pos, ruleset_default());
        int plies = 20 + rng_below(&rng, 100);
        for (int p = 0; p < plies; p++) {
            generate_legal(&pos, &list);
            Move m = random_move(&pos, &list, &rng, 30);
            if (!m)
                break;
            Undo u;
            make_move(&pos, m, &u);
        }
        if (position_game_over(&pos))
            continue;
        position_reset_history(&pos);
        compare(s, &pos, depth, "random game position", g);
    }
    searcher_free(s);
    return check_finish("test_mirror");
}
