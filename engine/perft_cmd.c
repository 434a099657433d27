/* kaki perft DEPTH [--fen TFEN] [--divide] [--full] [--option NAME=VALUE ...] */
#include "perft_cmd.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/perft.h"
#include "cli.h"
#include "util/clock.h"
#include "util/parse.h"

static int usage(void)
{
    fprintf(stderr, "usage: kaki perft DEPTH [--fen TFEN] [--divide] [--full] "
                    "[--option NAME=VALUE ...]\n");
    return 2;
}

/* perft of every legal move, printed as "MOVE: COUNT"; returns the sum. */
static uint64_t divide(Position *pos, int depth, bool full)
{
    MoveVec list_all = {0}, *list = &list_all;
    generate_legal(pos, list);
    uint64_t total = 0;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        char text[MOVE_STR_MAX];
        move_to_wire(pos, m, 0, text);
        Undo u;
        make_move(pos, m, &u);
        uint64_t n = perft(pos, depth - 1, full);
        unmake_move(pos, m, &u);
        printf("%s: %" PRIu64 "\n", text, n);
        total += n;
    }
    movevec_free(list);
    return total;
}

int cmd_perft(int argc, char **argv)
{
    long depth;
    if (argc < 1)
        return usage();
    if (!parse_long(argv[0], 0, 20, &depth)) {
        fprintf(stderr, "error: DEPTH must be a number from 0 to 20, got '%s'\n", argv[0]);
        return 2;
    }
    bool by_move = false, full = false;
    const CliSwitch switches[] = {{"--divide", &by_move}, {"--full", &full}};
    CliPosition cp;
    if (cli_parse(argc - 1, argv + 1, &cp, NULL, 0, switches, 2) != 0)
        return usage();
    Position *pos = cli_load_position(&cp);
    if (!pos)
        return 2;

    int64_t t0 = mono_us();
    uint64_t total = by_move && depth > 0 ? divide(pos, (int)depth, full) : perft(pos, (int)depth, full);
    double ms = (double)(mono_us() - t0) / 1000.0;
    printf("Time: %.0f ms, %.0f nodes/s\n", ms, ms > 0 ? (double)total * 1000.0 / ms : 0.0);
    printf("Nodes searched: %" PRIu64 "\n", total);
    cli_free_position(pos);
    return 0;
}
