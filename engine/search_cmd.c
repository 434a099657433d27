/* kaki go / kaki eval / kaki bench: the search and the evaluation from the command line. */
#include "search_cmd.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/notation.h"
#include "board/tfen.h"
#include "cli.h"
#include "eval/eval.h"
#include "eval/trace.h"
#include "eval/weights.h"
#include "search/level.h"
#include "search/searcher.h"

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
    level_apply(cp.level, (uint64_t)cp.level_seed, &limits);
    Position *pos = cli_load_position(&cp);
    if (!pos)
        return 2;
    Searcher *e = searcher_new();
    SearchConfig config = search_config_default();
    config.eval_terms = cp.eval_mode;
    searcher_set_config(e, &config);
    searcher_set_threads(e, (int)threads);
    searcher_set_hash_mb(e, (int)hash);
    searcher_set_params(e, &cp.params);
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

/* Every feature that counts in the position, with its counts and weights. */
static void print_features(const EvalTrace *t)
{
    printf("\n%-44s %6s %6s %7s %7s\n", "feature", "Black", "White", "opening", "endgame");
    for (int f = 0; f < FEATURE_COUNT; f++) {
        if (!t->coef[f][BLACK] && !t->coef[f][WHITE])
            continue;
        char name[96];
        feature_name(f, name, sizeof name);
        printf("%-44s %6d %6d %7d %7d\n", name, t->coef[f][BLACK], t->coef[f][WHITE],
               (int)eval_weights[f].mg, (int)eval_weights[f].eg);
    }
}

int cmd_eval(int argc, char **argv)
{
    bool features = false;
    const CliSwitch switches[] = {{"--features", &features}};
    CliPosition cp;
    if (cli_parse(argc, argv, &cp, NULL, 0, switches, 1) != 0)
        return 2;
    Position *pos = cli_load_position(&cp);
    if (!pos)
        return 2;
    static EvalTrace t;
    eval_trace(pos, &t);
    EvalState st;
    eval_state_init(&st, pos);
    int terms[TERM_COUNT][2];
    trace_terms(&t, eval_weights, terms);
    printf("weights: %s\n", eval_weights_origin);
    printf("phase %d/%d (1 = opening, 0 = endgame)\n", t.phase, PHASE_MAX);
    printf("%-16s %8s %8s %8s   (each side's own view, centipawns)\n", "term", "Black", "White",
           "B-W");
    for (int i = 0; i < TERM_COUNT; i++)
        printf("%-16s %8d %8d %8d\n", term_names[i], terms[i][BLACK], terms[i][WHITE],
               terms[i][BLACK] - terms[i][WHITE]);
    printf("total (Black's view)        %8d\n", evaluate_black(pos, &st));
    int black = 0, white = 0;
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        if (pos->board[sq])
            *(piece_colour(pos->board[sq]) == BLACK ? &black : &white) +=
                material_value(piece_kind(pos->board[sq]));
    printf("docs/RULES.md section 7 material: Black %d, White %d\n", black, white);
    printf("net: %s (%s)\n", nnue_net_name(), nnue_net()->description);
    printf("eval (side to move, %s):", pos->side == BLACK ? "Black" : "White");
    for (int m = 0; m < EVAL_MODE_COUNT; m++)
        printf(" %s %d%s", eval_mode_names[m], evaluate(pos, &st, m), m == cp.eval_mode ? "*" : "");
    printf("   (* = Evaluation)\n");
    if (features)
        print_features(&t);
    cli_free_position(pos);
    return 0;
}
