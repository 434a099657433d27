/* kaki go / kaki eval / kaki bench: the search and the evaluation from the command line. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/notation.h"
#include "board/tfen.h"
#include "cli.h"
#include "eval/eval.h"
#include "search/search.h"

/* "cp 35" or "mate 3" / "mate -2" (moves) */
static void format_score(int score, char *out)
{
    int mate = score_mate_moves(score);
    if (mate)
        sprintf(out, "mate %d", mate);
    else
        sprintf(out, "cp %d", score);
}

static void print_report(void *ctx, const Position *root, const SearchReport *r)
{
    (void)ctx;
    char score[32];
    format_score(r->score, score);
    printf("info depth %d seldepth %d score %s time %" PRId64 " nodes %" PRIu64 " nps %" PRIu64 " pv",
           r->depth, r->seldepth, score, r->time_ms, r->nodes, r->nps);
    /* play the PV on a copy to print each move in its own position */
    static Position p;
    p = *root;
    for (int i = 0; i < r->pv_length; i++) {
        char text[MOVE_STR_MAX];
        printf(" %s", move_to_wire(&p, r->pv[i], 0, text));
        Undo u;
        make_move(&p, r->pv[i], &u);
    }
    printf("\n");
    fflush(stdout);
}

int cmd_go(int argc, char **argv)
{
    long depth = 0, movetime = 0, nodes = 0, threads = 1, hash = 64;
    const CliNumber numbers[] = {
        {"--depth", 1, MAX_PLY - 4, &depth},       {"--movetime", 1, 100000000, &movetime},
        {"--nodes", 1, 2000000000, &nodes},        {"--threads", 1, MAX_THREADS, &threads},
        {"--hash", 1, 65536, &hash},
    };
    CliPosition cp;
    if (cli_parse(argc, argv, &cp, numbers, 5, NULL, 0) != 0)
        return 2;
    SearchLimits limits = limits_none();
    limits.depth = (int)depth;
    limits.movetime_ms = (int)movetime;
    limits.nodes = (uint64_t)nodes;
    if (!limits.depth && !limits.movetime_ms && !limits.nodes)
        limits.depth = 8;
    Position *pos = cli_load_position(&cp);
    if (!pos)
        return 2;
    Searcher *e = searcher_new();
    searcher_set_threads(e, (int)threads);
    searcher_set_hash_mb(e, (int)hash);
    Move ponder;
    Move best = searcher_search(e, pos, &limits, print_report, NULL, &ponder);
    char text[MOVE_STR_MAX];
    if (best)
        printf("bestmove %s\n", move_to_wire(pos, best, 0, text));
    else
        printf("bestmove (none)\n");
    searcher_free(e);
    cli_free_position(pos);
    return 0;
}

int cmd_eval(int argc, char **argv)
{
    CliPosition cp;
    if (cli_parse(argc, argv, &cp, NULL, 0, NULL, 0) != 0)
        return 2;
    Position *pos = cli_load_position(&cp);
    if (!pos)
        return 2;
    EvalTerms t;
    eval_explain(pos, &t);
    printf("terms in centipawns, + favours Black (sente)\n");
    printf("material       Black %6d  White %6d  diff %6d\n", t.material[BLACK], t.material[WHITE],
           t.material[BLACK] - t.material[WHITE]);
    static const struct { const char *name; int term; } rows[] = {
        {"promotion", EVAL_PROMOTION}, {"centre", EVAL_CENTRE}, {"royals", EVAL_ROYAL},
        {"emptying", EVAL_EMPTYING}, {"mobility", EVAL_MOBILITY}, {"tempo", EVAL_TEMPO},
    };
    const int values[] = {t.promotion, t.centre, t.royal, t.emptying, t.mobility, t.tempo};
    for (int i = 0; i < 6; i++)
        printf("%-14s %6d%s\n", rows[i].name, values[i],
               (EVAL_DEFAULT & rows[i].term) ? "" : "   (off by default: not counted)");
    printf("total (Black)  %6d\n", t.total_black);
    printf("eval (side to move, %s) %d\n", pos->side == BLACK ? "Black" : "White", t.total_stm);
    cli_free_position(pos);
    return 0;
}
