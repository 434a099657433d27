/* kaki perft DEPTH [--fen TFEN] [--divide] [--full] [--option NAME=VALUE ...] */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board/makemove.h"
#include "../board/movegen.h"
#include "../board/notation.h"
#include "../board/perft.h"
#include "../board/tfen.h"
#include "cli.h"

static int usage(void)
{
    fprintf(stderr, "usage: kaki perft DEPTH [--fen TFEN] [--divide] [--full] "
                    "[--option NAME=VALUE ...]\n");
    return 2;
}

int cmd_perft(int argc, char **argv)
{
    if (argc < 1)
        return usage();
    char *end;
    long depth = strtol(argv[0], &end, 10);
    if (*end || end == argv[0] || depth < 0 || depth > 20) {
        fprintf(stderr, "error: DEPTH must be a number from 0 to 20, got '%s'\n", argv[0]);
        return 2;
    }
    const char *fen = TFEN_START;
    bool divide = false, full = false;
    Rules rules;
    rules_default(&rules);
    for (int i = 1; i < argc;) {
        int used = cli_common_arg(argc, argv, i, &fen, &rules);
        if (used < 0)
            return 2;
        if (used > 0) {
            i += used;
            continue;
        }
        if (strcmp(argv[i], "--divide") == 0)
            divide = true;
        else if (strcmp(argv[i], "--full") == 0)
            full = true;
        else {
            fprintf(stderr, "error: unknown argument '%s'\n", argv[i]);
            return usage();
        }
        i++;
    }

    RuleSet *rs = ruleset_new(&rules);
    Position *pos = malloc(sizeof *pos);
    MoveList *list = malloc(sizeof *list);
    if (!pos || !list)
        return 1;
    position_clear(pos, rs);
    char err[200];
    if (tfen_parse(pos, fen, err, sizeof err) != 0) {
        fprintf(stderr, "error: bad TFEN: %s\n", err);
        return 2;
    }

    double t0 = now_ms();
    uint64_t total = 0;
    if (divide && depth > 0) {
        generate_legal(pos, list);
        if (list->overflow)
            fprintf(stderr, "warning: position too complex, move list truncated\n");
        for (int i = 0; i < list->count; i++) {
            Move m = list->moves[i];
            char text[MOVE_STR_MAX];
            move_to_wire(pos, m, 0, text);
            Undo u;
            make_move(pos, m, &u);
            uint64_t n = perft(pos, (int)depth - 1, full);
            unmake_move(pos, m, &u);
            printf("%s: %" PRIu64 "\n", text, n);
            total += n;
        }
    } else {
        total = perft(pos, (int)depth, full);
    }
    double ms = now_ms() - t0;
    printf("Time: %.0f ms, %.0f nodes/s\n", ms, ms > 0 ? (double)total * 1000.0 / ms : 0.0);
    printf("Nodes searched: %" PRIu64 "\n", total);
    free(list);
    free(pos);
    ruleset_free(rs);
    return 0;
}
