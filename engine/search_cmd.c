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

static int parse_int(const char *flag, const char *s, long lo, long hi, long *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < lo || v > hi) {
        fprintf(stderr, "error: %s needs a number from %ld to %ld, got '%s'\n", flag, lo, hi, s);
        return -1;
    }
    *out = v;
    return 0;
}

/* Loads --fen/--option into a fresh position; returns NULL after printing an error. */
static Position *load_position(const char *fen, const Rules *rules, RuleSet **rs_out)
{
    RuleSet *rs = ruleset_new(rules);
    Position *pos = malloc(sizeof *pos);
    position_clear(pos, rs);
    char err[200];
    if (tfen_parse(pos, fen, err, sizeof err) != 0) {
        fprintf(stderr, "error: bad TFEN: %s\n", err);
        free(pos);
        ruleset_free(rs);
        return NULL;
    }
    *rs_out = rs;
    return pos;
}

int cmd_go(int argc, char **argv)
{
    const char *fen = TFEN_START;
    Rules rules;
    rules_default(&rules);
    SearchLimits limits = limits_none();
    long threads = 1, hash = 64, v;
    for (int i = 0; i < argc;) {
        int used = cli_common_arg(argc, argv, i, &fen, &rules);
        if (used < 0)
            return 2;
        if (used > 0) {
            i += used;
            continue;
        }
        const char *a = argv[i];
        if (i + 1 >= argc) {
            fprintf(stderr, "error: unknown or incomplete argument '%s'\n", a);
            return 2;
        }
        const char *val = argv[i + 1];
        if (strcmp(a, "--depth") == 0) {
            if (parse_int(a, val, 1, MAX_PLY - 4, &v))
                return 2;
            limits.depth = (int)v;
        } else if (strcmp(a, "--movetime") == 0) {
            if (parse_int(a, val, 1, 100000000, &v))
                return 2;
            limits.movetime_ms = (int)v;
        } else if (strcmp(a, "--nodes") == 0) {
            if (parse_int(a, val, 1, 2000000000, &v))
                return 2;
            limits.nodes = (uint64_t)v;
        } else if (strcmp(a, "--threads") == 0) {
            if (parse_int(a, val, 1, MAX_THREADS, &threads))
                return 2;
        } else if (strcmp(a, "--hash") == 0) {
            if (parse_int(a, val, 1, 65536, &hash))
                return 2;
        } else {
            fprintf(stderr, "error: unknown argument '%s'\n", a);
            return 2;
        }
        i += 2;
    }
    if (!limits.depth && !limits.movetime_ms && !limits.nodes)
        limits.depth = 8;
    RuleSet *rs;
    Position *pos = load_position(fen, &rules, &rs);
    if (!pos)
        return 2;
    Engine *e = engine_new();
    engine_set_threads(e, (int)threads);
    engine_set_hash_mb(e, (int)hash);
    Move ponder;
    Move best = engine_search(e, pos, &limits, print_report, NULL, &ponder);
    char text[MOVE_STR_MAX];
    if (best)
        printf("bestmove %s\n", move_to_wire(pos, best, 0, text));
    else
        printf("bestmove (none)\n");
    engine_free(e);
    free(pos);
    ruleset_free(rs);
    return 0;
}

int cmd_eval(int argc, char **argv)
{
    const char *fen = TFEN_START;
    Rules rules;
    rules_default(&rules);
    for (int i = 0; i < argc;) {
        int used = cli_common_arg(argc, argv, i, &fen, &rules);
        if (used <= 0) {
            if (used == 0)
                fprintf(stderr, "error: unknown argument '%s'\n", argv[i]);
            return 2;
        }
        i += used;
    }
    RuleSet *rs;
    Position *pos = load_position(fen, &rules, &rs);
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
    free(pos);
    ruleset_free(rs);
    return 0;
}
