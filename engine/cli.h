/* Command-line subcommands of the kaki executable. */
#ifndef KAKI_CLI_H
#define KAKI_CLI_H

int cmd_perft(int argc, char **argv);
int cmd_go(int argc, char **argv);
int cmd_eval(int argc, char **argv);
int cmd_bench(int argc, char **argv);

/* Shared argument helpers. */
#include "../board/position.h"

/* Parses "--fen TFEN" (TFEN as one argument, or board and side as two) and "--option N=V"
   style arguments common to several subcommands.  Returns the number of argv entries consumed
   at argv[*i] (0 if the argument is not one of these), or -1 after printing an error. */
int cli_common_arg(int argc, char **argv, int i, const char **fen, Rules *rules);

/* Monotonic wall clock in milliseconds. */
double now_ms(void);

#endif
