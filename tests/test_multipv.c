/* MultiPV and excluded root moves (search/limits.h): N lines give N distinct legal root moves,
 * reported best first with the same depth, the first the move and score of a one-line search;
 * excluded moves never appear and do not outlast their search; one line is exactly the search
 * without MultiPV (the same nodes), with one thread and with two. */
#include <stdio.h>
#include <string.h>

#include "board/legal.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/tfen.h"
#include "bench/bench_positions.h"
#include "check.h"
#include "eval/eval.h"
#include "search/searcher.h"

static Position pos;

static void load(const char *tfen)
{
    char err[200];
    position_clear(&pos, ruleset_default());
    CHECK(tfen_parse(&pos, tfen, err, sizeof err) == 0, "%s: %s", tfen, err);
}

/* Every report of a search, in order. */
enum { REPORTS_MAX = 1024 };
static SearchReport reports[REPORTS_MAX];
static int nreports;
static void keep_report(void *ctx, const Position *root, const SearchReport *r)
{
    (void)ctx, (void)root;
    if (nreports < REPORTS_MAX)
        reports[nreports++] = *r;
}

static Move search(Searcher *e, int depth, int multipv, const Move *excluded, int nexcluded)
{
    SearchLimits l = limits_none();
    l.depth = depth;
    l.multipv = multipv;
    l.excluded = excluded;
    l.excluded_count = nexcluded;
    nreports = 0;
    searcher_new_game(e);
    return searcher_search(e, &pos, &l, keep_report, NULL, NULL);
}

static const char *wire(Move m)
{
    static char text[4][MOVE_STR_MAX];
    static int k;
    k = (k + 1) % 4;
    return move_to_wire(&pos, m, 0, text[k]);
}

/* The reports come in blocks of `lines` (one block per iteration), lines 1..n in order, all of
   one depth, scores falling, first moves distinct and legal; returns the last block's first
   report. */
static const SearchReport *check_blocks(int lines, const char *what)
{
    static MoveVec legal;
    generate_legal(&pos, &legal);
    CHECK(nreports > 0 && nreports % lines == 0, "%s: %d reports for %d lines", what, nreports,
          lines);
    for (int b = 0; b + lines <= nreports; b += lines) {
        for (int i = 0; i < lines; i++) {
            const SearchReport *r = &reports[b + i];
            CHECK(r->line == i + 1 && r->lines == lines, "%s: report %d is line %d of %d", what,
                  b + i, r->line, r->lines);
            CHECK(r->depth == reports[b].depth, "%s: depth %d in a block of depth %d", what,
                  r->depth, reports[b].depth);
            CHECK(r->pv_length > 0 && movevec_has(&legal, r->pv[0]), "%s: line %d has no legal "
                  "first move", what, i + 1);
            if (i > 0)
                CHECK(r->score <= reports[b + i - 1].score, "%s: line %d scores %d above line "
                      "%d's %d", what, i + 1, r->score, i, reports[b + i - 1].score);
            for (int k = 0; k < i; k++)
                CHECK(r->pv[0] != reports[b + k].pv[0], "%s: lines %d and %d both start with "
                      "%s", what, k + 1, i + 1, wire(r->pv[0]));
        }
    }
    return nreports >= lines ? &reports[nreports - lines] : &reports[0];
}

/* N lines against one line at a fixed depth, on positions where one move is clearly best. */
static void lines_against_one(Searcher *e)
{
    static const char *const clear[] = {
        /* sente's rook takes gote's undefended queen (free king) */
        "k15/16/16/16/16/16/16/16/16/16/16/16/16/3q12/16/3R11K b",
        /* the start position: no clear best move, only the shape of the lines is checked */
        TFEN_START,
    };
    for (int p = 0; p < 2; p++) {
        load(clear[p]);
        Move one = search(e, 4, 1, NULL, 0);
        int one_score = reports[nreports - 1].score;
        CHECK(reports[nreports - 1].line == 1 && reports[nreports - 1].lines == 1,
              "one line reported as %d of %d", reports[nreports - 1].line,
              reports[nreports - 1].lines);
        for (int n = 2; n <= 5; n++) {
            char what[64];
            snprintf(what, sizeof what, "position %d, %d lines", p, n);
            Move best = search(e, 4, n, NULL, 0);
            const SearchReport *first = check_blocks(n, what);
            CHECK(first->pv[0] == best, "%s: the move played %s is not line 1's %s", what,
                  wire(best), wire(first->pv[0]));
            if (p == 0) {
                CHECK(best == one, "%s: line 1 is %s, one line gives %s", what, wire(best),
                      wire(one));
                CHECK(first->score == one_score, "%s: line 1 scores %d, one line %d", what,
                      first->score, one_score);
            }
        }
    }
}

/* More lines than root moves: as many lines as moves. */
static void few_moves(Searcher *e)
{
    load("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15K b"); /* kings alone: 3 moves */
    static MoveVec legal;
    generate_legal(&pos, &legal);
    search(e, 3, 8, NULL, 0);
    check_blocks(legal.count, "kings alone");
}

/* Excluded moves never appear, in any line of any iteration; the exclusion ends with its
   search; all moves but one excluded leaves that one. */
static void exclusions(Searcher *e)
{
    load("k15/16/16/16/16/16/16/16/16/16/16/16/16/3q12/16/3R11K b");
    Move best = search(e, 4, 1, NULL, 0);
    Move ex[1] = {best};
    Move other = search(e, 4, 3, ex, 1);
    CHECK(other != best, "the excluded best move %s was played", wire(best));
    for (int i = 0; i < nreports; i++)
        CHECK(reports[i].pv[0] != best, "report %d starts with the excluded %s", i, wire(best));
    check_blocks(3, "one move excluded");
    CHECK(search(e, 4, 1, NULL, 0) == best, "after an excluding search the best move is %s again",
          wire(best));

    static MoveVec legal;
    generate_legal(&pos, &legal);
    Move keep = legal.moves[legal.count / 2];
    int n = 0;
    static Move all_but_one[MAX_MOVES];
    for (int i = 0; i < legal.count; i++)
        if (legal.moves[i] != keep)
            all_but_one[n++] = legal.moves[i];
    CHECK(search(e, 3, 5, all_but_one, n) == keep, "all moves but %s excluded", wire(keep));
    check_blocks(1, "all but one excluded");
    CHECK(search(e, 3, 1, legal.moves, legal.count) == MOVE_NONE,
          "every move excluded: no move to play");
    CHECK(nreports == 0, "every move excluded: %d reports", nreports);
}

/* MultiPV 1 is the search without MultiPV: the same nodes (bench_signature pins "kaki bench");
   with two threads the lines are still complete blocks. */
static void one_line_unchanged(Searcher *e)
{
    load(bench_positions[3]);
    search(e, 5, 0, NULL, 0);
    uint64_t plain = reports[nreports - 1].nodes;
    search(e, 5, 1, NULL, 0);
    CHECK(reports[nreports - 1].nodes == plain, "MultiPV 1 searched %llu nodes, none %llu",
          (unsigned long long)reports[nreports - 1].nodes, (unsigned long long)plain);
    searcher_set_threads(e, 2);
    search(e, 4, 3, NULL, 0);
    check_blocks(3, "two threads, three lines");
    searcher_set_threads(e, 1);
}

int main(void)
{
    eval_init();
    Searcher *e = searcher_new();
    searcher_set_hash_mb(e, 16);
    lines_against_one(e);
    few_moves(e);
    exclusions(e);
    one_line_unchanged(e);
    searcher_free(e);
    return check_finish("test_multipv");
}
