/* kaki bench [DEPTH] [--option Evaluation=NAME] [--eval-file PATH] [--option PARAM=N]: a fixed list of positions searched single-threaded to a fixed depth with
 * a cleared 16 MB hash table.  The total node count is deterministic: it is the bench
 * signature quoted as "Bench: N" in every commit that changes search or evaluation, and a test
 * checks it.  The last two lines are "N nodes" and "M nps". */
#include "bench_cmd.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_positions.h"
#include "board/notation.h"
#include "board/tfen.h"
#include "cli.h"
#include "eval/eval.h"
#include "search/searcher.h"
#include "util/clock.h"
#include "util/parse.h"

#define BENCH_DEPTH 6

int cmd_bench(int argc, char **argv)
{
    long depth = BENCH_DEPTH;
    int arg = 0, mode = EVAL_DEFAULT;
    SearchParams params = search_params_default();
    if (argc > 0 && strncmp(argv[0], "--", 2) != 0) {
        if (!parse_long(argv[0], 1, 30, &depth)) {
            fprintf(stderr, "error: bench depth must be 1-30, got '%s'\n", argv[0]);
            return 2;
        }
        arg = 1;
    }
    while (arg < argc) {
        int used = cli_eval_arg(argc, argv, arg, &mode);
        if (used == 0)
            used = cli_param_arg(argc, argv, arg, &params);
        if (used <= 0) {
            if (used == 0)
                fprintf(stderr, "error: unknown argument '%s'\n", argv[arg]);
            return 2;
        }
        arg += used;
    }
    Searcher *e = searcher_new();
    SearchConfig config = search_config_default();
    config.eval_terms = mode;
    searcher_set_config(e, &config);
    searcher_set_threads(e, 1);
    searcher_set_hash_mb(e, 16);
    searcher_set_params(e, &params);
    Position *pos = malloc(sizeof *pos);
    SearchLimits limits = limits_none();
    limits.depth = (int)depth;
    uint64_t nodes = 0;
    int64_t search_us = 0; /* nodes per second of the searches alone, not of clearing the table */
    for (int i = 0; i < NBENCH; i++) {
        char err[200];
        position_clear(pos, ruleset_default());
        if (tfen_parse(pos, bench_positions[i], err, sizeof err) != 0) {
            fprintf(stderr, "bench position %d: %s\n", i + 1, err);
            return 1;
        }
        searcher_new_game(e);
        int64_t t0 = mono_us();
        Move best = searcher_search(e, pos, &limits, NULL, NULL, NULL);
        search_us += mono_us() - t0;
        uint64_t n;
        int d;
        int64_t ms;
        searcher_progress(e, &n, &d, &ms);
        char text[MOVE_STR_MAX];
        printf("position %2d: bestmove %-14s nodes %10" PRIu64 "\n", i + 1,
               best ? move_to_wire(pos, best, 0, text) : "(none)", n);
        nodes += n;
    }
    double ms = (double)search_us / 1000.0;
    printf("%" PRIu64 " nodes\n%.0f nps\n", nodes, ms > 0 ? (double)nodes * 1000.0 / ms : 0.0);
    free(pos);
    searcher_free(e);
    return 0;
}
