/* The argument handling the kaki executable's subcommands share. */
#ifndef KAKI_CLI_H
#define KAKI_CLI_H

#include <stdbool.h>

#include "board/position.h"
#include "search/params.h"
#include "search/searcher.h"

/* A numeric flag "--NAME N" with its range; *value keeps its default unless given. */
typedef struct CliNumber {
    const char *name;
    long min, max;
    long *value;
} CliNumber;

/* A switch "--NAME" without a value. */
typedef struct CliSwitch {
    const char *name;
    bool *on;
} CliSwitch;

/* What every position-taking subcommand accepts: --fen TFEN (one argument, or board and side
   as two), --option NAME=VALUE (docs/RULES.md §9, Level and Level seed, and the evaluation's
   options below). */
typedef struct CliPosition {
    const char *fen;
    Rules rules;
    int eval_mode; /* EVAL_* (eval/eval.h): --option Evaluation=nnue|learnt|gcsa */
    int level;     /* --option Level=1..10 (search/level.h; default 10, full strength) */
    long level_seed; /* --option "Level seed=N" (default 1): the seed of the level's randomness */
    SearchParams params; /* --option NAME=VALUE for a row of search/params.c */
} CliPosition;

/* The evaluation's arguments: --option Evaluation=NAME, --option EvalFile=PATH and
   --eval-file PATH (loads the net at once).  Returns the number of arguments used, 0 if argv[i]
   is none of them, -1 after printing an error. */
int cli_eval_arg(int argc, char **argv, int i, int *eval_mode);

/* A search parameter: --option NAME=VALUE where NAME is a row of search/params.c.  Returns 2
   (set in *p), 0 if argv[i] is not one, -1 after printing an error (a value out of range). */
int cli_param_arg(int argc, char **argv, int i, SearchParams *p);

/* Parses argv[0..argc) into pos (defaults: start position, default rules), the numeric flags
   and the switches (either table may be NULL with count 0).  Returns 0, or -1 after printing
   an error naming the bad argument. */
int cli_parse(int argc, char **argv, CliPosition *pos, const CliNumber *numbers, int nnumbers,
              const CliSwitch *switches, int nswitches);

/* The position of a CliPosition, with a rule set of its own (free both with
   cli_free_position).  NULL after printing an error (nothing is leaked). */
Position *cli_load_position(const CliPosition *cp);
void cli_free_position(Position *pos);

#endif
