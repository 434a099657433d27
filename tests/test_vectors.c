/* The test vectors of docs/RULES.md §10 (tests/vectors/rules-vectors.txt) against Kaki's move
 * generator: the exact legal moves of named pieces under option variants, the squares a move
 * burns or empties, legality over a game's history, wire spellings, perft.
 *
 * The checks are made by tests/vectors, the same for the reference generator's self-test
 * (tests/refgen/refgen_selftest.c); this file hands board/ to them and adds what only Kaki has:
 * position_validate after every move, perft counted both ways, moves read in wire syntax, and
 * the built-in start position.
 *
 * Usage: test_vectors [VECTORS_FILE]  (default: the file of the source tree) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/perft.h"
#include "board/tfen.h"
#include "vectors/vectors_check.h"

struct VecGame {
    RuleSet *rs;
    Position pos;
    MoveVec list; /* the last legal() list, which parse() indexes */
};

static void kaki_stop(VecGame *g)
{
    movevec_free(&g->list);
    ruleset_free(g->rs);
    free(g);
}

static VecGame *kaki_start(const char *tfen, const VecOptions *options, char *err, size_t errsz)
{
    Rules r;
    rules_default(&r);
    for (int i = 0; i < options->count; i++)
        if (rules_set_assignment(&r, options->items[i], err, errsz) != 0)
            return NULL;
    VecGame *g = malloc(sizeof *g);
    g->rs = ruleset_new(&r);
    g->list = (MoveVec){0};
    position_clear(&g->pos, g->rs);
    if (tfen_parse(&g->pos, tfen, err, errsz) != 0) {
        kaki_stop(g);
        return NULL;
    }
    return g;
}

static int kaki_legal(VecGame *g, char (*wires)[VEC_WIRE_MAX], int max)
{
    generate_legal(&g->pos, &g->list);
    int n = g->list.count < max ? g->list.count : max;
    for (int i = 0; i < n; i++) {
        char wire[MOVE_STR_MAX];
        snprintf(wires[i], VEC_WIRE_MAX, "%s", move_to_wire(&g->pos, g->list.moves[i], 0, wire));
    }
    return n;
}

static const char *kaki_play(VecGame *g, int index)
{
    Undo u;
    make_move(&g->pos, g->list.moves[index], &u);
    return position_validate(&g->pos);
}

static void kaki_tfen(VecGame *g, char *out) { tfen_print(&g->pos, out); }

static uint64_t kaki_perft(VecGame *g, int depth, char *err, size_t errsz)
{
    uint64_t bulk = perft(&g->pos, depth, false), full = perft(&g->pos, depth, true);
    if (bulk != full)
        snprintf(err, errsz, "perft(%d) is %llu counted in bulk, %llu move by move", depth,
                 (unsigned long long)bulk, (unsigned long long)full);
    return bulk;
}

/* The index of the move in the last list; -1 if refused; the list's length if Kaki accepts a
   move that is not in it. */
static int kaki_parse(VecGame *g, const char *wire)
{
    char err[128];
    Move m = move_from_wire(&g->pos, wire, 0, err, sizeof err);
    if (m == MOVE_NONE)
        return -1;
    int i = 0;
    while (i < g->list.count && g->list.moves[i] != m)
        i++;
    return i;
}

static const VecEngine kaki = {
    "Kaki", true, kaki_start, kaki_stop, kaki_legal, kaki_play, kaki_tfen, kaki_perft, kaki_parse,
};

int main(int argc, char **argv)
{
    VecFile *file = vec_open(argc, argv, KAKI_RULES_VECTORS);
    if (!file)
        return 1;
    VecReport report = {0};
    /* P0 is the position Kaki starts its games from */
    Rules r;
    rules_default(&r);
    RuleSet *rs = ruleset_new(&r);
    Position *pos = malloc(sizeof *pos);
    char start[TFEN_MAX];
    position_start(pos, rs);
    tfen_print(pos, start);
    const char *p0 = vec_position(file, "P0");
    vec_check(&report, p0 && strcmp(p0, start) == 0, "Kaki's start position %s is not P0", start);
    free(pos);
    ruleset_free(rs);

    vec_run_file(&kaki, file, &report);
    vec_free(file);
    return vec_finish("test_vectors", &report);
}
