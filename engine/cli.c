#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/tfen.h"
#include "eval/eval.h"
#include "search/level.h"
#include "util/parse.h"

static int load_net(const char *path)
{
    char err[400];
    if (nnue_load_file(path, err, sizeof err) != 0) {
        fprintf(stderr, "error: EvalFile: %s\n", err);
        return -1;
    }
    return 0;
}

int cli_eval_arg(int argc, char **argv, int i, int *eval_mode)
{
    bool option = strcmp(argv[i], "--option") == 0;
    if (!option && strcmp(argv[i], "--eval-file") != 0)
        return 0;
    if (i + 1 >= argc) {
        fprintf(stderr, "error: %s needs %s\n", argv[i], option ? "NAME=VALUE" : "a file");
        return -1;
    }
    const char *arg = argv[i + 1];
    if (!option)
        return load_net(arg) == 0 ? 2 : -1;
    if (strncmp(arg, "EvalFile=", 9) == 0)
        return load_net(arg + 9) == 0 ? 2 : -1;
    if (strncmp(arg, "Evaluation=", 11) != 0)
        return 0;
    int mode = eval_mode_by_name(arg + 11);
    if (mode < 0) {
        fprintf(stderr, "error: Evaluation must be nnue, learnt or gcsa, got '%s'\n", arg + 11);
        return -1;
    }
    *eval_mode = mode;
    return 2;
}

int cli_param_arg(int argc, char **argv, int i, SearchParams *p)
{
    if (strcmp(argv[i], "--option") != 0 || i + 1 >= argc)
        return 0;
    char err[200];
    int r = search_params_assign(p, argv[i + 1], err, sizeof err);
    if (r < 0)
        fprintf(stderr, "error: %s\n", err);
    return r > 0 ? 2 : r;
}

/* --option Level=N and --option "Level seed=N"; returns 1 if arg is one of them (-1 after
   printing an error for a bad value), else 0. */
static int level_option(const char *arg, CliPosition *pos)
{
    long v;
    if (strncmp(arg, "Level=", 6) == 0) {
        if (!parse_long(arg + 6, LEVEL_MIN, LEVEL_MAX, &v)) {
            fprintf(stderr, "error: Level must be %d to %d, got '%s'\n", LEVEL_MIN, LEVEL_MAX,
                    arg + 6);
            return -1;
        }
        pos->level = (int)v;
        return 1;
    }
    if (strncmp(arg, "Level seed=", 11) == 0) {
        if (!parse_long(arg + 11, 0, 2147483647, &v)) {
            fprintf(stderr, "error: Level seed must be 0 to 2147483647, got '%s'\n", arg + 11);
            return -1;
        }
        pos->level_seed = v;
        return 1;
    }
    return 0;
}

/* --fen and --option; returns the number of arguments used, 0 if argv[i] is neither, -1 on
   error. */
static int position_arg(int argc, char **argv, int i, CliPosition *pos)
{
    static char joined[4096];
    if (strcmp(argv[i], "--fen") == 0) {
        if (i + 1 >= argc) {
            fprintf(stderr, "error: --fen needs a TFEN position\n");
            return -1;
        }
        /* accept the TFEN as one quoted argument or as "<board> <side>" */
        if (!strchr(argv[i + 1], ' ') && i + 2 < argc &&
            (strcmp(argv[i + 2], "b") == 0 || strcmp(argv[i + 2], "w") == 0)) {
            snprintf(joined, sizeof joined, "%s %s", argv[i + 1], argv[i + 2]);
            pos->fen = joined;
            return 3;
        }
        pos->fen = argv[i + 1];
        return 2;
    }
    if (strcmp(argv[i], "--option") == 0) {
        char err[160];
        if (i + 1 >= argc) {
            fprintf(stderr, "error: --option needs NAME=VALUE\n");
            return -1;
        }
        int level = level_option(argv[i + 1], pos);
        if (level != 0)
            return level < 0 ? -1 : 2;
        if (rules_set_assignment(&pos->rules, argv[i + 1], err, sizeof err) != 0) {
            fprintf(stderr, "error: %s\n", err);
            return -1;
        }
        return 2;
    }
    return 0;
}

/* A numeric flag of the table; same return convention as position_arg. */
static int number_arg(int argc, char **argv, int i, const CliNumber *numbers, int n)
{
    for (int k = 0; k < n; k++) {
        if (strcmp(argv[i], numbers[k].name) != 0)
            continue;
        if (i + 1 >= argc || !parse_long(argv[i + 1], numbers[k].min, numbers[k].max,
                                         numbers[k].value)) {
            fprintf(stderr, "error: %s needs a number from %ld to %ld, got '%s'\n",
                    numbers[k].name, numbers[k].min, numbers[k].max,
                    i + 1 < argc ? argv[i + 1] : "nothing");
            return -1;
        }
        return 2;
    }
    return 0;
}

int cli_parse(int argc, char **argv, CliPosition *pos, const CliNumber *numbers, int nnumbers,
              const CliSwitch *switches, int nswitches)
{
    pos->fen = TFEN_START;
    rules_default(&pos->rules);
    pos->eval_mode = EVAL_DEFAULT;
    pos->level = LEVEL_FULL;
    pos->level_seed = 1;
    pos->params = search_params_default();
    for (int i = 0; i < argc;) {
        int used = cli_eval_arg(argc, argv, i, &pos->eval_mode);
        if (used == 0)
            used = cli_param_arg(argc, argv, i, &pos->params);
        if (used == 0)
            used = position_arg(argc, argv, i, pos);
        if (used == 0)
            used = number_arg(argc, argv, i, numbers, nnumbers);
        for (int k = 0; used == 0 && k < nswitches; k++)
            if (strcmp(argv[i], switches[k].name) == 0) {
                *switches[k].on = true;
                used = 1;
            }
        if (used == 0) {
            fprintf(stderr, "error: unknown argument '%s'\n", argv[i]);
            return -1;
        }
        if (used < 0)
            return -1;
        i += used;
    }
    return 0;
}

Position *cli_load_position(const CliPosition *cp)
{
    RuleSet *rs = ruleset_new(&cp->rules);
    Position *pos = malloc(sizeof *pos);
    if (!pos) {
        fprintf(stderr, "error: out of memory\n");
        ruleset_free(rs);
        return NULL;
    }
    position_clear(pos, rs);
    char err[200];
    if (tfen_parse(pos, cp->fen, err, sizeof err) != 0) {
        fprintf(stderr, "error: bad TFEN: %s\n", err);
        cli_free_position(pos);
        return NULL;
    }
    return pos;
}

void cli_free_position(Position *pos)
{
    if (!pos)
        return;
    ruleset_free((RuleSet *)pos->rs);
    free(pos);
}
