/*
 * refgen_cli.c - command-line front end of the reference move generator (debugging aid).
 *
 *   refgen_cli moves TFEN [name=value ...]        one line per legal move: WIRE RESULT_TFEN
 *   refgen_cli perft DEPTH TFEN [name=value ...]  prints the perft count
 *
 * TFEN contains a space, so pass it as one quoted argument ("<board> b").
 */
#include "refgen.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_move(const void *a, const void *b)
{
    return strcmp(((const RefMove *)a)->wire, ((const RefMove *)b)->wire);
}

static int apply_options(RefRules *r, int argc, char **argv, int first)
{
    for (int i = first; i < argc; i++) {
        char buf[128];
        snprintf(buf, sizeof buf, "%s", argv[i]);
        char *eq = strchr(buf, '=');
        if (!eq) { fprintf(stderr, "bad option '%s' (want name=value)\n", argv[i]); return -1; }
        *eq = '\0';
        if (ref_rules_set(r, buf, eq + 1) < 0) {
            fprintf(stderr, "unknown option or value '%s'\n", argv[i]);
            return -1;
        }
    }
    return 0;
}

static void usage(void)
{
    fprintf(stderr, "usage: refgen_cli moves TFEN [name=value ...]\n"
                    "       refgen_cli perft DEPTH TFEN [name=value ...]\n");
}

int main(int argc, char **argv)
{
    RefRules r;
    ref_rules_default(&r);
    if (argc >= 3 && strcmp(argv[1], "moves") == 0) {
        if (apply_options(&r, argc, argv, 3) < 0) return 2;
        int cap = 20000;
        RefMove *mv = malloc((size_t)cap * sizeof *mv);
        if (!mv) return 2;
        char err[256];
        int n = ref_legal_moves(&r, argv[2], mv, cap, err, sizeof err);
        if (n < 0) { fprintf(stderr, "error: %s\n", err); free(mv); return 1; }
        qsort(mv, (size_t)n, sizeof *mv, cmp_move);
        for (int i = 0; i < n; i++) printf("%s %s\n", mv[i].wire, mv[i].result);
        free(mv);
        return 0;
    }
    if (argc >= 4 && strcmp(argv[1], "perft") == 0) {
        if (apply_options(&r, argc, argv, 4) < 0) return 2;
        int depth = atoi(argv[2]);
        uint64_t n = ref_perft(&r, argv[3], depth);
        if (n == UINT64_MAX) { fprintf(stderr, "error: bad TFEN\n"); return 1; }
        printf("%" PRIu64 "\n", n);
        return 0;
    }
    usage();
    return 2;
}
