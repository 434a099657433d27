/* Time management (search/timeman.h), a pure function of the clock state:
 *   - movetime / st: exactly the time given, less the overhead kept for I/O;
 *   - a clock: never more than the time left less that overhead, more with an increment than
 *     without, a sensible share at sudden death, most of it before a time control;
 *   - an iteration is started only if it is predicted to end by the soft limit (the target),
 *     the hard limit is a small multiple of it: checked on the rule itself, on a simulated game
 *     at 20 min + 10 s, and on real searches whose time is counted in nodes (XBoard's "nps"
 *     mode), which makes them deterministic. */
#include <stdlib.h>
#include <string.h>

#include "bench/bench_positions.h"
#include "board/tfen.h"
#include "check.h"
#include "reports.h"
#include "search/score.h"
#include "search/searcher.h"
#include "search/timeman.h"

/* The default parameters: the budgets tested are the engine's. */
static SearchParams P;

static SearchLimits clock_limits(int time_ms, int inc_ms, int moves_to_go)
{
    SearchLimits l = limits_none();
    l.time_ms = time_ms;
    l.inc_ms = inc_ms;
    l.moves_to_go = moves_to_go;
    return l;
}

static void budgets(void)
{
    SearchLimits l = limits_none();
    TimeBudget b = time_budget(&l, &P);
    CHECK(b.soft_ms < 0 && b.hard_ms < 0, "no clock, no limit");
    l.infinite = true;
    l.time_ms = 1000;
    b = time_budget(&l, &P);
    CHECK(b.soft_ms < 0 && b.hard_ms < 0, "infinite: no limit");

    for (int mt = 1; mt <= 100000; mt = mt * 3 + 1) {
        l = limits_none();
        l.movetime_ms = mt;
        b = time_budget(&l, &P);
        CHECK(b.soft_ms == b.hard_ms && b.hard_ms <= mt && b.hard_ms >= 1 &&
                  (mt <= 2 * P.move_overhead_ms || b.hard_ms == mt - P.move_overhead_ms),
              "movetime %d: soft %lld hard %lld", mt, (long long)b.soft_ms, (long long)b.hard_ms);
    }

    /* every clock state: never past the time left (less the overhead) */
    for (int t = 0; t <= 3600000; t = t * 2 + 7)
        for (int inc = 0; inc <= 30000; inc = inc * 4 + 500)
            for (int mtg = 0; mtg <= 60; mtg += 7) {
                l = clock_limits(t, inc, mtg);
                b = time_budget(&l, &P);
                int64_t cap = t - P.move_overhead_ms > 1 ? t - P.move_overhead_ms : 1;
                CHECK(b.hard_ms >= 1 && b.hard_ms <= cap && b.soft_ms >= 0 && b.soft_ms <= b.hard_ms,
                      "time %d inc %d mtg %d: soft %lld hard %lld", t, inc, mtg,
                      (long long)b.soft_ms, (long long)b.hard_ms);
            }

    /* more with an increment than without */
    for (int t = 10000; t <= 1200000; t *= 2) {
        SearchLimits a = clock_limits(t, 0, 0), c = clock_limits(t, 10000, 0);
        TimeBudget ba = time_budget(&a, &P), bc = time_budget(&c, &P);
        CHECK(bc.soft_ms > ba.soft_ms && bc.hard_ms > ba.hard_ms,
              "time %d: increment gives soft %lld/%lld hard %lld/%lld", t, (long long)bc.soft_ms,
              (long long)ba.soft_ms, (long long)bc.hard_ms, (long long)ba.hard_ms);
    }

    /* sudden death, 20 minutes: a target of a few seconds to a few tens, not minutes */
    l = clock_limits(1200000, 0, 0);
    b = time_budget(&l, &P);
    CHECK(b.soft_ms >= 5000 && b.soft_ms <= 60000 && b.hard_ms <= 1200000 / 3,
          "20 min sudden death: soft %lld hard %lld", (long long)b.soft_ms, (long long)b.hard_ms);
    /* the last move before a time control may use most of what is left, never all of it */
    l = clock_limits(10000, 0, 1);
    b = time_budget(&l, &P);
    CHECK(b.hard_ms >= 5000 && b.hard_ms < 10000 - P.move_overhead_ms,
          "last move of the period: hard %lld", (long long)b.hard_ms);
    /* 40 moves in 5 minutes, fresh: about a 40th of it */
    l = clock_limits(300000, 0, 40);
    b = time_budget(&l, &P);
    CHECK(b.soft_ms >= 300000 / 200 && b.soft_ms <= 300000 / 20, "40/5: soft %lld",
          (long long)b.soft_ms);
}

static void iteration_rule(void)
{
    TimeBudget b = time_budget(&(SearchLimits){.infinite = true}, &P);
    b.soft_ms = 1000;
    b.hard_ms = 2000;
    CHECK(!time_start_iteration(&b, 1000, 10, 5), "soft limit passed: no new iteration");
    CHECK(time_start_iteration(&b, 300, 200, 100), "700 ms predicted to end by 1000: yes");
    CHECK(!time_start_iteration(&b, 500, 300, 100), "1400 ms predicted: no, though below the hard "
          "limit (the iteration could not end by the target)");
    CHECK(!time_start_iteration(&b, 500, 400, 300), "at least 1.5x the last one: 1100 ms at 500: no");
    CHECK(time_start_iteration(&b, 100, 300, 250), "growth 1.2x counted as 1.5x: 550 at 100: yes");
    CHECK(time_start_iteration(&b, 100, 150, 10), "growth 15x counted as 5x: 850 at 100: yes");
    CHECK(!time_start_iteration(&b, 100, 200, 10), "growth 20x counted as 5x: 1100 at 100: no");
    CHECK(time_start_iteration(&b, 100, 100, 0), "no growth known: 2.5x: 350 at 100: yes");
    TimeBudget fixed = b; /* movetime */
    fixed.soft_ms = fixed.hard_ms = 985;
    CHECK(!time_start_iteration(&fixed, 400, 400, 100), "movetime: 1000 ms predicted at 400");
    TimeBudget none = b;
    none.soft_ms = none.hard_ms = -1;
    CHECK(time_start_iteration(&none, 1000000, 500000, 1), "no limit: always");
}

/* A game at 20 minutes + 10 seconds (the play script's XBoard clock): the hard limit is a
   small multiple of the target, every move gets seconds to two minutes at most, and the
   clock never runs out even when every move uses its whole target. */
static void game_at_20_plus_10(void)
{
    int64_t clock = 20 * 60 * 1000;
    int64_t shortest = 1 << 30, longest = 0;
    for (int move = 0; move < 300; move++) {
        SearchLimits l = clock_limits((int)clock, 10000, 0);
        TimeBudget b = time_budget(&l, &P);
        CHECK(b.hard_ms <= 2 * b.soft_ms && b.soft_ms > 0, "move %d: soft %lld hard %lld", move,
              (long long)b.soft_ms, (long long)b.hard_ms);
        shortest = b.soft_ms < shortest ? b.soft_ms : shortest;
        longest = b.hard_ms > longest ? b.hard_ms : longest;
        clock += 10000 - b.soft_ms;
        CHECK(clock > 10000, "move %d: clock down to %lld ms", move, (long long)clock);
    }
    CHECK(shortest >= 5000 && longest <= 125000, "20+10: targets from %lld ms, hard limits up to %lld ms",
          (long long)shortest, (long long)longest);
}

/* Time counted in nodes (1 node = 1 microsecond): after the last completed iteration either
   the rule said stop (or a mate was proven deep enough, MATE_STOP_PLIES) and the search ended
   there, or it went on and was stopped by the hard limit. */
static void searches_stop_in_time(void)
{
    Searcher *s = searcher_new();
    searcher_set_hash_mb(s, 16);
    Position *pos = malloc(sizeof *pos);
    int stopped_early = 0;
    for (int i = 0; i < NBENCH && i < 10; i++) {
        char err[128];
        position_clear(pos, ruleset_default());
        CHECK(tfen_parse(pos, bench_positions[i], err, sizeof err) == 0, "%s", err);
        SearchLimits l = limits_none();
        l.nps = 1000000;
        l.movetime_ms = 150 + 40 * i;
        TimeBudget b = time_budget(&l, &P);
        nreports = 0;
        searcher_new_game(s);
        searcher_search(s, pos, &l, collect, NULL, NULL);
        uint64_t nodes;
        int depth;
        int64_t elapsed;
        searcher_progress(s, &nodes, &depth, &elapsed);
        CHECK(nreports > 0 && elapsed <= b.hard_ms + 2, "position %d: %d reports, %lld ms of %lld",
              i, nreports, (long long)elapsed, (long long)b.hard_ms);
        if (nreports == 0)
            continue;
        const SearchReport *last = &reports[nreports - 1];
        int64_t t_last = (int64_t)(last->nodes / 1000);
        int64_t t_prev = nreports > 1 ? (int64_t)(reports[nreports - 2].nodes / 1000) : 0;
        int64_t t_before = nreports > 2 ? (int64_t)(reports[nreports - 3].nodes / 1000) : 0;
        bool go_on = time_start_iteration(&b, t_last, t_last - t_prev,
                                          nreports > 1 ? t_prev - t_before : 0);
        bool mate_stop = score_is_mate(last->score) &&
                         last->depth > 2 * abs(score_mate_moves(last->score)) + P.mate_stop_plies;
        if (!go_on || mate_stop) { /* the time rule, or a mate proven deep enough, ends it */
            stopped_early += !go_on;
            CHECK(nodes == last->nodes, "position %d: stopped after depth %d but searched on "
                  "(%llu nodes, %llu at the report)", i, last->depth,
                  (unsigned long long)nodes, (unsigned long long)last->nodes);
        } else {
            CHECK(elapsed >= b.hard_ms - 2, "position %d: went on after depth %d, ended at %lld "
                  "ms before the hard limit %lld", i, last->depth, (long long)elapsed,
                  (long long)b.hard_ms);
        }
    }
    CHECK(stopped_early >= 3, "the prediction stopped only %d searches early", stopped_early);
    free(pos);
    searcher_free(s);
}

int main(void)
{
    P = search_params_default();
    budgets();
    iteration_rule();
    game_at_20_plus_10();
    searches_stop_in_time();
    return check_finish("test_timeman");
}
