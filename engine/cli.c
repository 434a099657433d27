#include "cli.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

int cli_common_arg(int argc, char **argv, int i, const char **fen, Rules *rules)
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
            *fen = joined;
            return 3;
        }
        *fen = argv[i + 1];
        return 2;
    }
    if (strcmp(argv[i], "--option") == 0) {
        char err[160];
        if (i + 1 >= argc) {
            fprintf(stderr, "error: --option needs NAME=VALUE\n");
            return -1;
        }
        if (rules_set_assignment(rules, argv[i + 1], err, sizeof err) != 0) {
            fprintf(stderr, "error: %s\n", err);
            return -1;
        }
        return 2;
    }
    return 0;
}
