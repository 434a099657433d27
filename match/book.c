/* kaki-match book: an opening book of random balanced openings (opening_random, the openings
 * of --random-openings) written as TFEN positions, one per line: the format of --openings and
 * of the books an OpenBench server hands to kaki-match (docs/OPENBENCH.md).  The same arguments
 * always write the same book. */
#include "book.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/makemove.h"
#include "board/tfen.h"
#include "openings.h"
#include "util/parse.h"
#include "util/strutil.h"

static void book_usage(FILE *f)
{
    fputs("usage: kaki-match book --count N [--plies K] [--seed S] [--balance PAWNS]\n"
          "Writes N distinct random balanced openings of K plies (default 8) from the start\n"
          "position as TFEN lines on stdout; seed default 1, balance as --random-openings\n"
          "(default 3).\n",
          f);
}

/* The position after the opening's plies, as TFEN; its key in *key. */
static void opening_tfen(const RuleSet *rs, const Opening *op, Position *pos, char *out,
                         uint64_t *key)
{
    position_start(pos, rs);
    for (int i = 0; i < op->nmoves; i++) {
        Undo u;
        make_move(pos, op->moves[i], &u);
    }
    tfen_print(pos, out);
    *key = pos->key;
}

static bool seen_before(uint64_t *keys, int n, uint64_t key)
{
    for (int i = 0; i < n; i++)
        if (keys[i] == key)
            return true;
    return false;
}

static int write_book(long count, long plies, uint64_t seed, double balance)
{
    const RuleSet *rs = ruleset_default();
    Opening *op = xmalloc(sizeof *op);
    Position *pos = xmalloc(sizeof *pos);
    uint64_t *keys = xmalloc((size_t)count * sizeof *keys);
    char tfen[TFEN_MAX];
    int n = 0, rc = 0;
    for (int number = 0; n < count; number++) {
        if (number >= count * 4 + 100) {
            fprintf(stderr, "kaki-match book: only %d distinct openings found\n", n);
            rc = 1;
            break;
        }
        if (opening_random(rs, seed, number, (int)plies, (int)lround(balance * 100.0), op)) {
            fprintf(stderr, "kaki-match book: no balanced opening of %ld plies found; raise "
                    "--balance or lower --plies\n", plies);
            rc = 1;
            break;
        }
        uint64_t key;
        opening_tfen(rs, op, pos, tfen, &key);
        if (seen_before(keys, n, key))
            continue;
        keys[n++] = key;
        printf("%s\n", tfen);
    }
    free(keys);
    free(pos);
    free(op);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "kaki-match book: cannot write the book\n");
        return 1;
    }
    return rc;
}

int book_main(int argc, char **argv)
{
    long count = 0, plies = 8;
    uint64_t seed = 1;
    double balance = 3.0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : "";
        bool ok = true;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            book_usage(stdout);
            return 0;
        } else if (strcmp(a, "--count") == 0)
            ok = parse_long(v, 1, 100000, &count);
        else if (strcmp(a, "--plies") == 0)
            ok = parse_long(v, 1, OPENING_MAX_PLIES, &plies);
        else if (strcmp(a, "--seed") == 0)
            ok = parse_u64(v, &seed);
        else if (strcmp(a, "--balance") == 0)
            ok = parse_double(v, 0, 10000, &balance);
        else {
            fprintf(stderr, "kaki-match book: unknown argument '%s'\n", a);
            book_usage(stderr);
            return 2;
        }
        if (!ok) {
            fprintf(stderr, "kaki-match book: bad value '%s' for %s\n", v, a);
            return 2;
        }
        i++;
    }
    if (!count) {
        book_usage(stderr);
        return 2;
    }
    return write_book(count, plies, seed, balance);
}
