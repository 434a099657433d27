/* Time management (search/timeman.h), a pure function of the clock state:
 *   - movetime / st: exactly the time given, less the overhead kept for I/O;
 *   - a clock: never more than the time left less that overhead, more with an increment than
 *     without, a sensible share at sudden death, most of it before a time control;
 *   - an iteration is not started when its predicted time runs past the hard limit: checked on
 *     the rule itself and on real searches whose time is counted in nodes (XBoard's "nps"
 *     mode), which makes them deterministic. */
#include <string.h>

#include "bench/bench_positions.h"
#include "board/tfen.h"
#include "check.h"
#include "search/search.h"
#include "search/timeman.h"

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
    TimeBudget b = time_budget(&l);
    CHECK(b.soft_ms < 0 && b.hard_ms < 0, "no clock, no limit");
    l.infinite = true;
    l.time_ms = 1000;
    b = time_budget(&l);
    CHECK(b.soft_ms < 0 && b.hard_ms < 0, "infinite: no limit");

    for (int mt = 1; mt <= 100000; mt = mt * 3 + 1) {
        l = limits_none();
        l.movetime_ms = mt;
        b = time_budget(&l);
        CHECK(b.soft_ms == b.hard_ms && b.hard_ms <= mt && b.hard_ms >= 1 &&
                  (mt <= 2 * MOVE_OVERHEAD_MS || b.hard_ms == mt - MOVE_OVERHEAD_MS),
              "movetime %d: soft %lld hard %lld", mt, (long long)b.soft_ms, (long long)b.hard_ms);
    }

    /* every clock state: never past the time left (less the overhead) */
    for (int t = 0; t <= 3600000; t = t * 2 + 7)
        for (int inc = 0; inc <= 30000; inc = inc * 4 + 500)
            for (int mtg = 0; mtg <= 60; mtg += 7) {
                l = clock_limits(t, inc, mtg);
                b = time_budget(&l);
                int64_t cap = t - MOVE_OVERHEAD_MS > 1 ? t - MOVE_OVERHEAD_MS : 1;
                CHECK(b.hard_ms >= 1 && b.hard_ms <= cap && b.soft_ms >= 0 && b.soft_ms <= b.hard_ms,
                      "time %d inc %d mtg %d: soft %lld hard %lld", t, inc, mtg,
                      (long long)b.soft_ms, (long long)b.hard_ms);
            }

    /* more with an increment than without */
    for (int t = 10000; t <= 1200000; t *= 2) {
        SearchLimits a = clock_limits(t, 0, 0), c = clock_limits(t, 10000, 0);
        TimeBudget ba = time_budget(&a), bc = time_budget(&c);
        CHECK(bc.soft_ms > ba.soft_ms && bc.hard_ms > ba.hard_ms,
              "time %d: increment gives soft %lld/%lld hard %lld/%lld", t, (long long)bc.soft_ms,
              (long long)ba.soft_ms, (long long)bc.hard_ms, (long long)ba.hard_ms);
    }

    /* sudden death, 20 minutes: a target of a few seconds to a few tens, not minutes */
    l = clock_limits(1200000, 0, 0);
    b = time_budget(&l);
    CHECK(b.soft_ms >= 5000 && b.soft_ms <= 60000 && b.hard_ms <= 1200000 / 3,
          "20 min sudden death: soft %lld hard %lld", (long long)b.soft_ms, (long long)b.hard_ms);
    /* the last move before a time control may use most of what is left, never all of it */
    l = clock_limits(10000, 0, 1);
    b = time_budget(&l);
    CHECK(b.hard_ms >= 5000 && b.hard_ms < 10000 - MOVE_OVERHEAD_MS,
          "last move of the period: hard %lld", (long long)b.hard_ms);
    /* 40 moves in 5 minutes, fresh: about a 40th of it */
    l = clock_limits(300000, 0, 40);
    b = time_budget(&l);
    CHECK(b.soft_ms >= 300000 / 200 && b.soft_ms <= 300000 / 20, "40/5: soft %lld",
          (long long)b.soft_ms);
}

static void iteration_rule(void)
{
    TimeBudget b = {1000, 3000};
    CHECK(!time_start_iteration(&b, 1000, 10, 5), "soft limit passed: no new iteration");
    CHECK(time_start_iteration(&b, 500, 100, 50), "plenty of time: a new iteration");
    CHECK(!time_start_iteration(&b, 900, 1500, 500), "2700 ms predicted at 900 ms of 3000: no");
    CHECK(time_start_iteration(&b, 900, 600, 400), "900 ms predicted at 900 ms of 3000: yes");
    TimeBudget fixed = {985, 985}; /* movetime */
    CHECK(!time_start_iteration(&fixed, 400, 400, 100), "movetime: 1000 ms predicted at 400");
    TimeBudget none = {-1, -1};
    CHECK(time_start_iteration(&none, 1000000, 500000, 1), "no limit: always");
}

static SearchReport reports[MAX_PLY];
static int nreports;
static void collect(void *ctx, const Position *root, const SearchReport *r)
{
    (void)ctx, (void)root;
    if (nreports < MAX_PLY)
        reports[nreports++] = *r;
}

/* Time counted in nodes (1 node = 1 microsecond): after the last completed iteration either
   the rule said stop and the search ended there, or it went on and was stopped by the hard
   limit. */
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
        TimeBudget b = time_budget(&l);
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
        if (!go_on) {
            stopped_early++;
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
    budgets();
    iteration_rule();
    searches_stop_in_time();
    return check_finish("test_timeman");
}
