/* kaki: the Tenjiku shogi engine.  Without arguments it speaks CECP (XBoard) on stdin/stdout;
   with a subcommand it runs that job from the command line. */
#include <stdio.h>
#include <string.h>

#include "bench_cmd.h"
#include "perft_cmd.h"
#include "search_cmd.h"
#include "protocol/cecp.h"
#include "util/version.h"

static int usage(void)
{
    fprintf(stderr, "usage: kaki [COMMAND ...]\n"
                    "  (no command)  speak CECP (XBoard protocol) on stdin/stdout\n"
                    "  perft DEPTH [--fen TFEN] [--divide] [--full] [--option NAME=VALUE ...]\n"
                    "  go [--fen TFEN] [--depth N | --movetime MS | --nodes N] [--threads N] [--hash MB]\n"
                    "     [--option NAME=VALUE ...]  (also --option Level=1..10 and\n"
                    "     --option \"Level seed=N\": a playing level, search/level.h)\n"
                    "  eval [--fen TFEN] [--features] [--option NAME=VALUE ...]\n"
                    "  bench [DEPTH]   fixed positions, 1 thread, fixed depth: node signature\n"
                    "  go, eval and bench also take --option Evaluation=nnue|learnt|gcsa and\n"
                    "  --eval-file PATH (or --option EvalFile=PATH): the NNUE net to use, and\n"
                    "  --option NAME=VALUE for a search parameter (search/params.c)\n"
                    "  --version       the version and bench signature\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return cecp_main();
    if (strcmp(argv[1], "perft") == 0)
        return cmd_perft(argc - 2, argv + 2);
    if (strcmp(argv[1], "go") == 0)
        return cmd_go(argc - 2, argv + 2);
    if (strcmp(argv[1], "eval") == 0)
        return cmd_eval(argc - 2, argv + 2);
    if (strcmp(argv[1], "bench") == 0)
        return cmd_bench(argc - 2, argv + 2);
    if (strcmp(argv[1], "--version") == 0) {
        version_print(stdout, "kaki");
        return 0;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage();
        return 0;
    }
    fprintf(stderr, "error: unknown command '%s'\n", argv[1]);
    return usage();
}
