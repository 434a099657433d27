/* The search: mates in 1 and 2 (the last royal capturable), a winning burn, a winning
 * range-jump capture, a winning lion double capture, fewer nodes with the pruning, legal moves
 * only on 1,000+ random positions, fixed-depth/node/time limits, a new game forgetting the
 * searches before it, and several threads.  With "threads" as argument only the multithreaded
 * part runs (the ThreadSanitizer build uses that). */
#include <stdio.h>
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/tfen.h"
#include "bench/bench_positions.h"
#include "check.h"
#include "crowded.h"
#include "eval/eval.h"
#include "randpos.h"
#include "search/searcher.h"

static Position pos;

static void load(const char *tfen)
{
    char err[200];
    position_clear(&pos, ruleset_default());
    CHECK(tfen_parse(&pos, tfen, err, sizeof err) == 0, "%s: %s", tfen, err);
}

static SearchReport last;
static void keep_report(void *ctx, const Position *root, const SearchReport *r)
{
    (void)ctx, (void)root;
    last = *r;
}

static Move search_depth(Searcher *e, int depth)
{
    SearchLimits l = limits_none();
    l.depth = depth;
    memset(&last, 0, sizeof last);
    searcher_new_game(e);
    return searcher_search(e, &pos, &l, keep_report, NULL, NULL);
}

static bool is_legal(Position *p, Move m)
{
    static MoveVec legal;
    generate_legal(p, &legal);
    for (int i = 0; i < legal.count; i++)
        if (legal.moves[i] == m)
            return true;
    return false;
}

static void tactics(Searcher *e)
{
    char text[MOVE_STR_MAX];
    /* mate in 1: the rook takes the lone king */
    load("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/R15/15K b");
    Move m = search_depth(e, 3);
    CHECK((m & ~MOVE_PROMO) == move_make(sq_make(0, 1), sq_make(0, 15)), "mate in 1: got %s",
          move_to_wire(&pos, m, 0, text));
    CHECK(score_mate_moves(last.score) == 1, "mate in 1 scored %d", last.score);

    /* mate in 2: the king in the corner, one rook on the b-file; a second rook to the a-file
       leaves every king move capturable */
    load("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/1R14/2R12K b");
    m = search_depth(e, 5);
    CHECK(score_mate_moves(last.score) == 2, "mate in 2 scored %d (%s)", last.score, move_to_wire(&pos, m, 0, text));
    Undo u;
    make_move(&pos, m, &u);
    static MoveVec replies;
    generate_legal(&pos, &replies);
    bool all_lose = replies.count > 0;
    for (int i = 0; i < replies.count; i++) { /* after every reply the king can be taken */
        Undo u2;
        make_move(&pos, replies.moves[i], &u2);
        static MoveVec ours;
        generate_legal(&pos, &ours);
        bool takes = false;
        for (int j = 0; j < ours.count; j++) {
            Undo u3;
            make_move(&pos, ours.moves[j], &u3);
            takes |= pos.royals[WHITE] == 0;
            unmake_move(&pos, ours.moves[j], &u3);
        }
        all_lose &= takes;
        unmake_move(&pos, replies.moves[i], &u2);
    }
    CHECK(all_lose, "mate in 2: %s does not mate", move_to_wire(&pos, m, 0, text));
    unmake_move(&pos, m, &u);

    /* winning burn: the demon goes to g8 (three area steps), next to both generals, and burns them */
    load("k15/16/16/16/16/16/16/5v!1q!8/16/16/16/4D!11/16/16/16/K15 b");
    m = search_depth(e, 4);
    make_move(&pos, m, &u);
    CHECK(!pos.board[sq_make(5, 8)] && !pos.board[sq_make(7, 8)], "burn: %s did not burn both generals",
          move_to_wire(&pos, m, 0, text));
    unmake_move(&pos, m, &u);

    /* winning range jump: the great general takes the fire demon over two pieces */
    load("k15/16/16/16/16/16/16/3d!12/16/16/3P12/3p12/3Q!12/16/16/K15 b");
    m = search_depth(e, 4);
    CHECK(m == move_make(sq_make(3, 3), sq_make(3, 8)), "range jump: got %s", move_to_wire(&pos, m, 0, text));

    /* winning lion double capture: i9 and j10 in one move */
    load("k15/16/16/16/16/16/9v!6/8q!7/7L!8/16/16/16/16/16/16/K15 b");
    m = search_depth(e, 4);
    CHECK(m == move_make_mid(sq_make(7, 7), sq_make(8, 8), sq_make(9, 9)), "lion double capture: got %s",
          move_to_wire(&pos, m, 0, text));
}

static void legality(Searcher *e, int threads, int count)
{
    searcher_set_threads(e, threads);
    Rng rng = {4242 + (uint64_t)threads};
    static MoveVec list;
    int searched = 0;
    while (searched < count) {
        position_start(&pos, ruleset_default());
        int plies = rng_below(&rng, 300);
        for (int p = 0; p < plies; p++) {
            generate_legal(&pos, &list);
            Move m = random_move(&pos, &list, &rng, 60);
            if (!m)
                break;
            Undo u;
            make_move(&pos, m, &u);
        }
        generate_legal(&pos, &list);
        SearchLimits l = limits_none();
        l.nodes = 1500 + (uint64_t)rng_below(&rng, 3000);
        Move best = searcher_search(e, &pos, &l, NULL, NULL, NULL);
        if (list.count == 0)
            CHECK(best == MOVE_NONE, "a move was returned where there is none");
        else
            CHECK(best != MOVE_NONE && is_legal(&pos, best), "illegal best move %08x (%d threads)", best, threads);
        searched++;
    }
    printf("%d threads: %d random positions searched, all moves legal\n", threads, searched);
}

static void limits(Searcher *e)
{
    searcher_set_threads(e, 1);
    load(TFEN_START);
    SearchLimits l = limits_none();
    l.nodes = 5000;
    searcher_search(e, &pos, &l, keep_report, NULL, NULL);
    uint64_t nodes;
    int depth;
    int64_t ms;
    searcher_progress(e, &nodes, &depth, &ms);
    CHECK(nodes >= 5000 && nodes < 5000 + 100, "node limit 5000: searched %llu", (unsigned long long)nodes);
    /* a time limit ends the search (generously: tests do not time the machine) */
    l = limits_none();
    l.movetime_ms = 200;
    Move m = searcher_search(e, &pos, &l, keep_report, NULL, NULL);
    CHECK(m != MOVE_NONE && is_legal(&pos, m), "movetime search gave no legal move");
    CHECK(last.time_ms < 5000, "movetime 200 ms search reported %lld ms", (long long)last.time_ms);
    /* a clock: a legal move, well inside the clock */
    l = limits_none();
    l.time_ms = 1000;
    l.inc_ms = 100;
    m = searcher_search(e, &pos, &l, keep_report, NULL, NULL);
    CHECK(m != MOVE_NONE && is_legal(&pos, m), "clock search gave no legal move");
    /* an infinite search runs until stopped */
    l = limits_none();
    l.infinite = true;
    searcher_start(e, &pos, &l, NULL, NULL);
    CHECK(searcher_running(e), "infinite search not running");
    searcher_stop(e);
    m = searcher_wait(e, NULL);
    CHECK(m != MOVE_NONE && is_legal(&pos, m), "stopped infinite search gave no legal move");
    /* no legal move: none returned */
    load("16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b"); /* no White royal: game over */
    CHECK(search_depth(e, 3) == MOVE_NONE, "a move in a finished game");
}

static int deepest, reports_out_of_order;
static void keep_deepest(void *ctx, const Position *root, const SearchReport *r)
{
    (void)ctx, (void)root;
    reports_out_of_order += r->depth <= deepest; /* each report deeper than the one before */
    if (r->depth > deepest)
        deepest = r->depth;
}
static const char *const bench_like[3] = {
    TFEN_START,
    "15k/16/16/16/16/16/16/3d!12/16/16/3P12/3p12/3Q!12/16/16/K15 b",
    "k15/16/16/16/16/16/9v!6/8q!7/7L!8/16/16/16/16/16/16/K15 b",
};

static void threads_only(Searcher *e)
{
    searcher_set_threads(e, 2);
    load(TFEN_START);
    Move m = search_depth(e, 5);
    CHECK(m != MOVE_NONE && is_legal(&pos, m), "2 threads: illegal move");
    legality(e, 2, scaled(60));
    /* the tactics with two threads: the helper searches the PV nodes' other moves from the last
       back (splits_pv_node), and whichever thread completes the depth first gives the move; a
       split that lost a move would lose the win whenever the helper came first */
    for (int i = 0; i < scaled(20); i++)
        tactics(e);
    /* stop a 2-thread infinite search from outside */
    load(TFEN_START);
    SearchLimits l = limits_none();
    l.infinite = true;
    searcher_start(e, &pos, &l, NULL, NULL);
    searcher_stop(e);
    m = searcher_wait(e, NULL);
    CHECK(m != MOVE_NONE, "2-thread infinite search stopped without a move");
    /* a depth limit holds for every thread: no report deeper than it (a helper that searches
       the even depths once finished depth 2 before the main thread finished depth 1) */
    for (int i = 0; i < scaled(90); i++) {
        load(bench_like[i % 3]);
        deepest = 0;
        SearchLimits d = limits_none();
        d.depth = 1 + i % 3;
        searcher_new_game(e);
        searcher_search(e, &pos, &d, keep_deepest, NULL, NULL);
        CHECK(deepest == d.depth, "2 threads, depth limit %d: reported depth %d", d.depth, deepest);
    }
    /* the threads move on together: an iteration one thread completes is abandoned by the
       others (the main thread reports it), so the reported depths only ever grow */
    for (int i = 0; i < scaled(30); i++) {
        load(bench_like[i % 3]);
        deepest = reports_out_of_order = 0;
        SearchLimits d = limits_none();
        d.depth = 6 + i % 3;
        searcher_new_game(e);
        Move best = searcher_search(e, &pos, &d, keep_deepest, NULL, NULL);
        CHECK(deepest == d.depth && reports_out_of_order == 0 && best != MOVE_NONE && is_legal(&pos, best),
              "2 threads to depth %d: deepest report %d, %d out of order", d.depth, deepest,
              reports_out_of_order);
    }
}

/* Reverse futility and late-move pruning (search.c) cut the tree: fewer nodes to depth 6
   than with both off on three bench positions (start, opening, middlegame: 10 % fewer), another
   tree in the endgame (whose small tree is not always smaller: 5,571 against 5,146 nodes with
   the net r6ft-l09-s2), and the
   same winning move in the tactical positions; the tactics above are found with them on (the
   default).  A pruning that never fires fails the first, one that cuts good moves the second. */
static void pruning(Searcher *e)
{
    SearchConfig on = search_config_default(), off = on;
    CHECK(on.rfp && on.lmp, "reverse futility and late-move pruning are on by default");
    off.rfp = off.lmp = false;
    static const int bench_index[] = {0, 2, 7, 14};
    for (int i = 0; i < 4 + 2; i++) {
        uint64_t nodes[2];
        Move best[2];
        for (int k = 0; k < 2; k++) {
            searcher_set_config(e, k ? &on : &off);
            load(i < 4 ? bench_positions[bench_index[i]] : bench_like[i - 3]);
            best[k] = search_depth(e, i < 4 ? 6 : 4);
            nodes[k] = last.nodes;
        }
        if (i < 3)
            CHECK(nodes[1] * 10 < nodes[0] * 9, "bench position %d: %llu nodes with pruning, %llu without",
                  bench_index[i], (unsigned long long)nodes[1], (unsigned long long)nodes[0]);
        else if (i == 3) /* the endgame's small tree: the pruning acts */
            CHECK(nodes[1] != nodes[0], "bench position %d: %llu nodes with pruning and without",
                  bench_index[i], (unsigned long long)nodes[1]);
        else
            CHECK(best[0] == best[1], "tactical position %d: pruning changed the winning move", i - 3);
    }
    searcher_set_config(e, &on);
}

/* Move ordering after the opponent's last move and internal iterative reduction (params.c:
   COUNTER_MOVES, CONT_HISTORY, IIR_DEPTH): switching any one off changes the tree of each of
   three bench positions at depth 6 (a feature that never acts leaves the node counts equal;
   quiet cut-offs are rare, so in most bench positions the first two change nothing at this
   depth; the ending approach is off, with it counter moves change nothing in position 15).
   The tactics above run with them on (the default). */
static void ordering_features(Searcher *e)
{
    static const int bench_index[] = {8, 11, 15};
    static const char *const names[] = {"COUNTER_MOVES", "CONT_HISTORY", "IIR_DEPTH"};
    SearchParams on = search_params_default();
    CHECK(search_params_set(&on, "CONVERT_ENDING_APPROACH", 0), "the ending approach off");
    for (int i = 0; i < 3; i++) {
        uint64_t nodes[4];
        for (int k = 0; k < 4; k++) { /* all on, then each off alone */
            SearchParams p = on;
            if (k > 0)
                CHECK(search_params_set(&p, names[k - 1], 0), "%s can be switched off",
                      names[k - 1]);
            searcher_set_params(e, &p);
            load(bench_positions[bench_index[i]]);
            search_depth(e, 6);
            nodes[k] = last.nodes;
        }
        for (int f = 0; f < 3; f++)
            CHECK(nodes[1 + f] != nodes[0], "bench position %d: %s off changes nothing (%llu nodes)",
                  bench_index[i], names[f], (unsigned long long)nodes[0]);
    }
    SearchParams def = search_params_default();
    searcher_set_params(e, &def);
}

/* A new game forgets what the searches before it learnt (the hash table, killers, history,
   counter moves and the continuation history, whose rows are cleared only where they were
   written): a search after a new game walks the same tree as the same search in a fresh
   searcher, with the table (zeroed, its salt and age reset; 1 MB, so that the searches fill
   it and stale entries would change what is replaced) and without it. */
static void new_game_forgets(Searcher *e)
{
    Searcher *fresh = searcher_new();
    SearchConfig no_tt = search_config_default(), def = no_tt;
    no_tt.tt = false;
    static const int probe[] = {3, 8, 15}, before[] = {11, 2, 19};
    int hash_mb = searcher_set_hash_mb(e, 1);
    searcher_set_hash_mb(fresh, 1);
    for (int pass = 0; pass < 2; pass++) {
        const SearchConfig *c = pass ? &no_tt : &def;
        searcher_set_config(fresh, c);
        searcher_set_config(e, c);
        for (int i = 0; i < 3; i++) {
            load(bench_positions[probe[i]]);
            Move best = search_depth(fresh, 6);
            uint64_t want = last.nodes;
            load(bench_positions[before[i]]);
            search_depth(e, 7);
            load(bench_positions[probe[i]]);
            Move m = search_depth(e, 6);
            CHECK(last.nodes == want && m == best,
                  "bench position %d after position %d and a new game (%s table): %llu nodes, "
                  "fresh %llu",
                  probe[i], before[i], pass ? "no" : "a", (unsigned long long)last.nodes,
                  (unsigned long long)want);
        }
    }
    searcher_free(fresh);
    searcher_set_config(e, &def);
    searcher_set_hash_mb(e, hash_mb);
}

/* A side's material is 84,200 centipawns: a whole army against a lone king must still score
   below the mate scores (it once overflowed them and the aspiration loop never ended). */
static void lopsided(Searcher *e)
{
    char text[MOVE_STR_MAX];
    const char *whole_army = "8k7/16/16/16/16/16/16/16/16/16/4D'6D'4/PPPPPPPPPPPPPPPP/"
                             "MVRF!E!B!R!Q!V!R!B!E!F!RVM/S'V'BHDW!D!H!Q'D!W!DHBV'S'/"
                             "A1C!C!1TOL!QXT1C!C!1A/LNFICSGKEGSCIFNL";
    for (int side = 0; side < 2; side++) {
        char tfen[400];
        snprintf(tfen, sizeof tfen, "%s %c", whole_army, side ? 'w' : 'b');
        load(tfen);
        for (int depth = 1; depth <= 5; depth++) {
            Move m = search_depth(e, depth);
            CHECK(m != MOVE_NONE && is_legal(&pos, m), "lopsided, %s to move, depth %d: %s",
                  side ? "lone king" : "army", depth, move_to_wire(&pos, m, 0, text));
            int bound = side ? -EVAL_MAX : EVAL_MAX;
            CHECK(score_is_mate(last.score) || (side ? last.score >= bound : last.score <= bound),
                  "lopsided, depth %d: score %d beyond the evaluation limit", depth, last.score);
            CHECK(side ? last.score < 0 : last.score > 0, "lopsided, depth %d: score %d has the wrong sign",
                  depth, last.score);
        }
    }
}

/* More legal moves than a MoveList holds (tests/crowded.h): the root knows every one, so the
   search finds the king capture by the lions generated last (it once could not), and the
   interior nodes, whose lists are full, still search legal moves only (under ASan: nothing
   written past a list). */
static void crowded(Searcher *e)
{
    load(CROWDED_LIONS_SENTE);
    Move m = search_depth(e, 1);
    CHECK(score_mate_moves(last.score) == 1, "crowded: the king capture found (score %d)",
          last.score);
    Undo u;
    make_move(&pos, m, &u);
    CHECK(position_game_over(&pos), "crowded: the move takes the king");
    load(CROWDED_LIONS_GOTE);
    for (int depth = 1; depth <= 2; depth++) {
        m = search_depth(e, depth);
        CHECK(m && is_legal(&pos, m), "crowded, gote to move, depth %d: a legal move", depth);
    }
}

int main(int argc, char **argv)
{
    Searcher *e = searcher_new();
    searcher_set_hash_mb(e, 16);
    if (argc > 1 && strcmp(argv[1], "threads") == 0) {
        threads_only(e);
    } else {
        tactics(e);
        pruning(e);
        ordering_features(e);
        new_game_forgets(e);
        lopsided(e);
        crowded(e);
        limits(e);
        legality(e, 1, scaled(1000));
        legality(e, 2, scaled(100));
    }
    searcher_free(e);
    return check_finish("test_search");
}
