/* Time management: how far past its allotted time a search returns (wall time minus movetime,
 * on every bench position, median and maximum), and how much of a 10 s + 0.1 s clock one move
 * uses.
 *
 *   time_bench [MOVETIME_MS ...]     (default 50 200 1000) */
#include <stdio.h>
#include <stdlib.h>

#include "bench/bench_positions.h"
#include "bench/bench_util.h"
#include "search/searcher.h"

static double now_ms(void) { return mono_seconds() * 1000.0; }

int main(int argc, char **argv)
{
    int times[8] = {50, 200, 1000}, ntimes = 3;
    if (argc > 1) {
        ntimes = 0;
        for (int i = 1; i < argc && ntimes < 8; i++)
            times[ntimes++] = atoi(argv[i]);
    }
    Searcher *e = searcher_new();
    static Position pos;
    for (int threads = 1; threads <= 2; threads++) {
        searcher_set_threads(e, threads);
        for (int k = 0; k < ntimes; k++) {
            double over[NBENCH];
            for (int i = 0; i < NBENCH; i++) {
                char err[200];
                position_clear(&pos, ruleset_default());
                tfen_parse(&pos, bench_positions[i], err, sizeof err);
                SearchLimits l = limits_none();
                l.movetime_ms = times[k];
                double t0 = now_ms();
                searcher_search(e, &pos, &l, NULL, NULL, NULL);
                over[i] = now_ms() - t0 - times[k];
            }
            qsort(over, NBENCH, sizeof(double), cmp_double);
            printf("movetime %5d ms, %d thread%s: overshoot median %+.1f ms, max %+.1f ms (%d searches)\n",
                   times[k], threads, threads > 1 ? "s" : "", over[NBENCH / 2], over[NBENCH - 1], NBENCH);
        }
        /* a sudden-death clock: 10 s left, 0.1 s increment; the move must come well inside */
        double used[NBENCH];
        for (int i = 0; i < NBENCH; i++) {
            char err[200];
            position_clear(&pos, ruleset_default());
            tfen_parse(&pos, bench_positions[i], err, sizeof err);
            SearchLimits l = limits_none();
            l.time_ms = 10000;
            l.inc_ms = 100;
            double t0 = now_ms();
            searcher_search(e, &pos, &l, NULL, NULL, NULL);
            used[i] = now_ms() - t0;
        }
        qsort(used, NBENCH, sizeof(double), cmp_double);
        printf("clock 10 s + 0.1 s, %d thread%s: time used median %.0f ms, max %.0f ms\n", threads,
               threads > 1 ? "s" : "", used[NBENCH / 2], used[NBENCH - 1]);
    }
    searcher_free(e);
    return 0;
}
