/*
 * refgen_selftest.c - checks the reference generator against the test vectors of
 * docs/RULES.md §10 (tests/vectors/rules-vectors.txt).  Exit status 0 = all passed.
 *
 * The checks are made by tests/vectors, the same for Kaki's tests/test_vectors.c; this file
 * only hands the reference generator to them.  Neither it nor tests/vectors uses board/: the
 * reference generator stays an independent implementation.  It keeps no game history, so each
 * position after a move is played as a new game (the vectors that need a history are skipped).
 *
 * Usage: refgen_selftest [VECTORS_FILE]  (default: the file of the source tree)
 */
#include "refgen.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vectors/vectors_check.h"

#define MAXMOVES 4096

struct VecGame {
    RefRules rules;
    char tfen[VEC_TFEN_MAX];
    RefMove *moves; /* the last legal() list, whose results play() takes */
};

static void ref_stop(VecGame *g)
{
    free(g->moves);
    free(g);
}

static VecGame *ref_start(const char *tfen, const VecOptions *options, char *err, size_t errsz)
{
    VecGame *g = calloc(1, sizeof *g);
    ref_rules_default(&g->rules);
    for (int i = 0; i < options->count; i++) {
        char name[VEC_OPTION_LEN];
        snprintf(name, sizeof name, "%s", options->items[i]);
        char *eq = strchr(name, '=');
        if (eq)
            *eq = '\0';
        if (!eq || ref_rules_set(&g->rules, name, eq + 1) != 0) {
            snprintf(err, errsz, "unknown option %s", options->items[i]);
            free(g);
            return NULL;
        }
    }
    snprintf(g->tfen, sizeof g->tfen, "%s", tfen);
    g->moves = malloc(MAXMOVES * sizeof *g->moves);
    if (ref_legal_moves(&g->rules, g->tfen, g->moves, MAXMOVES, err, (int)errsz) < 0) {
        ref_stop(g);
        return NULL;
    }
    return g;
}

static int ref_legal(VecGame *g, char (*wires)[VEC_WIRE_MAX], int max)
{
    char err[256];
    int n = ref_legal_moves(&g->rules, g->tfen, g->moves, MAXMOVES, err, sizeof err);
    if (n < 0) {
        fprintf(stderr, "FAILED: reference generator on %s: %s\n", g->tfen, err);
        return 0;
    }
    n = n < max ? n : max;
    for (int i = 0; i < n; i++)
        snprintf(wires[i], VEC_WIRE_MAX, "%s", g->moves[i].wire);
    return n;
}

static const char *ref_play(VecGame *g, int index)
{
    snprintf(g->tfen, sizeof g->tfen, "%s", g->moves[index].result);
    return NULL;
}

static void ref_tfen(VecGame *g, char *out) { snprintf(out, VEC_TFEN_MAX, "%s", g->tfen); }

static uint64_t ref_perft_of(VecGame *g, int depth, char *err, size_t errsz)
{
    uint64_t n = ref_perft(&g->rules, g->tfen, depth);
    if (n == UINT64_MAX)
        snprintf(err, errsz, "perft refuses %s", g->tfen);
    return n;
}

static const VecEngine reference = {
    "the reference generator", false, ref_start, ref_stop, ref_legal, ref_play, ref_tfen,
    ref_perft_of, NULL,
};

int main(int argc, char **argv)
{
    VecFile *file = vec_open(argc, argv, KAKI_RULES_VECTORS);
    if (!file)
        return 1;
    VecReport report = {0};
    vec_run_file(&reference, file, &report);

    /* for information: the reference generator's speed on the start position */
    const char *start = vec_position(file, "P0");
    RefRules r;
    ref_rules_default(&r);
    for (int d = 1; start && d <= 3; d++) {
        clock_t c0 = clock();
        uint64_t n = ref_perft(&r, start, d);
        double s = (double)(clock() - c0) / CLOCKS_PER_SEC;
        printf("INFO start position perft(%d) = %" PRIu64 " (%.2f s)\n", d, n, s);
    }
    vec_free(file);
    return vec_finish("refgen_selftest", &report);
}
