/* Fuzzer of kaki-match's openings files (match/openings.h: TFEN positions, one a line, '#'
 * comments): mutated files of positions from random games are read by openings_load.
 * Checked: no crash or sanitizer report; a file read without error gives at least one
 * position, each canonical (it parses, and prints as it was given) and playable; writing them
 * out and reading that file again gives the same positions and the same checksum; the order
 * of play (openings_order) is a permutation.
 *
 *   fuzz_openings [--iterations N] [--seed S] [--dir D] */
#include <stdio.h>
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/tfen.h"
#include "match/openings.h"
#include "mutate.h"

/* The seed file: a comment, the start position, and positions after random plies. */
static void seed_file(Fuzz *f, Buf *out)
{
    Position *pos = xmalloc(sizeof *pos);
    MoveVec list = {0};
    char tfen[TFEN_MAX];
    buf_set(out, "# openings for the fuzzer\n", strlen("# openings for the fuzzer\n"));
    for (int k = 0; k < 6; k++) {
        position_start(pos, ruleset_default());
        for (int ply = 0; ply < 4 + 12 * k; ply++) {
            generate_legal(pos, &list);
            if (!list.count)
                break;
            Undo u;
            make_move(pos, list.moves[fuzz_below(f, (size_t)list.count)], &u);
            if (position_game_over(pos))
                break;
        }
        if (position_game_over(pos))
            continue;
        tfen_print(pos, tfen);
        buf_insert(out, out->len, tfen, strlen(tfen));
        buf_insert(out, out->len, k == 2 ? "  \r\n\n" : "\n", k == 2 ? 5 : 1);
    }
    movevec_free(&list);
    free(pos);
}

static void free_tfens(char **v, int n)
{
    for (int i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

static void check_positions(Fuzz *f, long iter, char **v, int n, const char *again)
{
    Position *pos = xmalloc(sizeof *pos);
    MoveVec list = {0};
    char err[200], tfen[TFEN_MAX];
    Buf text = {0};
    for (int i = 0; i < n; i++) {
        position_clear(pos, ruleset_default());
        if (tfen_parse(pos, v[i], err, sizeof err) != 0 || strcmp(tfen_print(pos, tfen), v[i])) {
            FUZZ_FAIL(f, iter, "position %d is not canonical: %s", i + 1, v[i]);
            break;
        }
        generate_legal(pos, &list);
        if (position_game_over(pos) || list.count == 0) {
            FUZZ_FAIL(f, iter, "position %d cannot be played: %s", i + 1, v[i]);
            break;
        }
        buf_insert(&text, text.len, v[i], strlen(v[i]));
        buf_insert(&text, text.len, "\n", 1);
    }
    char **w = NULL;
    int m = fuzz_write_file(again, text.data ? text.data : "", text.len)
                ? openings_load(again, ruleset_default(), &w, err, sizeof err)
                : -1;
    if (m != n)
        FUZZ_FAIL(f, iter, "read again: %d positions, not %d (%s)", m, n, m < 0 ? err : "");
    else if (openings_checksum(w, m) != openings_checksum(v, n))
        FUZZ_FAIL(f, iter, "read again: another checksum");
    if (m > 0)
        free_tfens(w, m);
    /* the order of play: a permutation, whatever the seed and the first position */
    int *order = openings_order(n, fuzz_below(f, 2), fuzz_next(f), (int)fuzz_below(f, 100000));
    char *seen = calloc((size_t)n, 1);
    for (int i = 0; i < n; i++)
        if (order[i] < 0 || order[i] >= n || seen[order[i]]++) {
            FUZZ_FAIL(f, iter, "the order of play is not a permutation");
            break;
        }
    free(seen);
    free(order);
    buf_free(&text);
    movevec_free(&list);
    free(pos);
}

int main(int argc, char **argv)
{
    Fuzz f;
    fuzz_init(&f, argc, argv, 3000);
    Buf seed = {0}, in = {0};
    seed_file(&f, &seed);
    char path[4096], again[4096], err[400];
    snprintf(path, sizeof path, "%s/fuzz_openings.tmp", f.dir);
    snprintf(again, sizeof again, "%s/fuzz_openings.again.tmp", f.dir);
    for (long iter = 0; iter < f.iterations; iter++) {
        fuzz_mutate(&f, &in, seed.data, seed.len);
        if (!fuzz_write_file(path, in.data, in.len)) {
            FUZZ_FAIL(&f, iter, "cannot write %s", path);
            break;
        }
        char **v = NULL;
        int n = openings_load(path, ruleset_default(), &v, err, sizeof err);
        if (n == 0)
            FUZZ_FAIL(&f, iter, "no positions, and no error");
        if (n > 0) {
            check_positions(&f, iter, v, n, again);
            free_tfens(v, n);
        }
    }
    remove(path);
    remove(again);
    buf_free(&seed);
    buf_free(&in);
    return fuzz_finish(&f, "fuzz_openings");
}
