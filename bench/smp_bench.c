/* Search speed: single-thread nodes/s on the bench positions, time to a fixed depth with 1 and
 * with N threads (Lazy SMP) on the same positions, and the depth reached in a fixed time from the
 * start position.  Ratios are per position, summarised by their geometric mean and median.
 *
 *   smp_bench [DEPTH] [THREADS] [SECONDS]     (defaults 7, 2, 10) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench/bench_positions.h"
#include "bench/bench_util.h"
#include "search/searcher.h"

static int last_depth;
static void remember(void *ctx, const Position *root, const SearchReport *r)
{
    (void)ctx, (void)root;
    last_depth = r->depth;
}

/* Seconds to complete `depth` (and nodes searched) with `threads` threads, empty hash. */
static double time_to_depth(Searcher *e, const Position *pos, int depth, int threads, uint64_t *nodes)
{
    searcher_set_threads(e, threads);
    searcher_new_game(e);
    SearchLimits l = limits_none();
    l.depth = depth;
    double t0 = mono_seconds();
    searcher_search(e, pos, &l, NULL, NULL, NULL);
    double t = mono_seconds() - t0;
    int d;
    int64_t ms;
    searcher_progress(e, nodes, &d, &ms);
    return t;
}

int main(int argc, char **argv)
{
    int depth = argc > 1 ? atoi(argv[1]) : 7;
    int threads = argc > 2 ? atoi(argv[2]) : 2;
    int seconds = argc > 3 ? atoi(argv[3]) : 10;
    Searcher *e = searcher_new();
    searcher_set_hash_mb(e, 64);
    static Position pos;
    double ratios[NBENCH], nps1[NBENCH], nps2[NBENCH];
    int n = 0;
    printf("%-4s %9s %9s %8s %12s %12s\n", "pos", "t1 (s)", "tN (s)", "speedup", "nps 1", "nps N");
    for (int i = 0; i < NBENCH; i++) {
        char err[200];
        position_clear(&pos, ruleset_default());
        tfen_parse(&pos, bench_positions[i], err, sizeof err);
        uint64_t n1, n2;
        double t1 = time_to_depth(e, &pos, depth, 1, &n1);
        double t2 = time_to_depth(e, &pos, depth, threads, &n2);
        if (t1 < 0.05) /* too quick to measure */
            continue;
        ratios[n] = t1 / t2;
        nps1[n] = (double)n1 / t1;
        nps2[n] = (double)n2 / t2;
        printf("%-4d %9.3f %9.3f %8.2f %12.0f %12.0f\n", i + 1, t1, t2, ratios[n], nps1[n], nps2[n]);
        fflush(stdout);
        n++;
    }
    double logsum = 0;
    for (int i = 0; i < n; i++)
        logsum += log(ratios[i]);
    qsort(ratios, (size_t)n, sizeof(double), cmp_double);
    qsort(nps1, (size_t)n, sizeof(double), cmp_double);
    qsort(nps2, (size_t)n, sizeof(double), cmp_double);
    printf("time to depth %d, %d threads vs 1: geometric mean speedup %.2f, median %.2f (%d positions)\n",
           depth, threads, exp(logsum / n), ratios[n / 2], n);
    printf("median nodes/s: 1 thread %.0f, %d threads %.0f (ratio %.2f)\n", nps1[n / 2], threads,
           nps2[n / 2], nps2[n / 2] / nps1[n / 2]);

    for (int th = 1; th <= threads; th += threads - 1 ? threads - 1 : 1) {
        position_start(&pos, ruleset_default());
        searcher_set_threads(e, th);
        searcher_new_game(e);
        SearchLimits l = limits_none();
        l.movetime_ms = seconds * 1000;
        last_depth = 0;
        searcher_search(e, &pos, &l, remember, NULL, NULL);
        printf("start position, %d s, %d thread%s: depth %d\n", seconds, th, th > 1 ? "s" : "", last_depth);
        if (threads == 1)
            break;
    }
    searcher_free(e);
    return 0;
}
