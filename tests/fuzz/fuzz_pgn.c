/* Fuzzer of PGN as kaki-board and kaki-match read it (board/pgn.c): mutated files of games
 * that pgn_write wrote (from the start and from a set-up position, with engine notes, book
 * moves, mate scores and an ending comment) and of hand-written text with what the reader
 * tolerates (`;` comments, `%` lines, NAGs, variations, move numbers, annotation marks, an
 * XBoard FEN, numbers at the ends of their types in the notes) are read game after game.
 * Checked: no crash or sanitizer report; the reader always moves on (every call advances the
 * offset, or says there is no game left); a game it takes has at most PGN_MAX_PLIES plies, and
 * written out by pgn_write and read again it is the same game (start position, moves, notes,
 * result, tags).
 *
 *   fuzz_pgn [--iterations N] [--seed S] [--dir D] */
#include <stdio.h>
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/pgn.h"
#include "board/tfen.h"
#include "mutate.h"

/* A game of `plies` random moves from pos, with notes of every kind kaki-match writes. */
static void random_game(Fuzz *f, Position *pos, int plies, PgnGame *g)
{
    static const char *const notes[] = {"+0.35/12 1.234s", "-1.20/7 0.050s", "book",
                                        "+M3/9 2.000s", "-M1/2 0.001s", "", "+0.00/1 0.000s"};
    MoveVec list = {0};
    for (int ply = 0; ply < plies; ply++) {
        generate_legal(pos, &list);
        if (!list.count || position_game_over(pos))
            break;
        PgnPly p;
        Move m = list.moves[fuzz_below(f, (size_t)list.count)];
        pgn_ply_make(pos, m, notes[fuzz_below(f, sizeof notes / sizeof *notes)], &p);
        pgn_add_ply(g, &p);
        Undo u;
        make_move(pos, m, &u);
    }
    movevec_free(&list);
}

/* pgn_write into a buffer. */
static void write_game(const PgnGame *g, Buf *out)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    pgn_write(mem, g);
    fclose(mem);
    buf_insert(out, out->len, text, len);
    free(text);
}

static void seed_file(Fuzz *f, Buf *out)
{
    Position *pos = xmalloc(sizeof *pos);
    for (int k = 0; k < 2; k++) {
        PgnGame g;
        pgn_game_init(&g);
        pgn_set_tag(&g, "Event", k ? "a set-up game" : "fuzz");
        pgn_set_tag(&g, "White", "Kaki 0.1.0");
        pgn_set_tag(&g, "Black", "HaChu \"quoted\"");
        pgn_set_tag(&g, "Variant", "tenjiku");
        position_start(pos, ruleset_default());
        if (k) { /* start from a position after a few random moves */
            PgnGame skip;
            pgn_game_init(&skip);
            random_game(f, pos, 6, &skip);
            pgn_game_free(&skip);
            tfen_print(pos, g.start_tfen);
        }
        random_game(f, pos, 24, &g);
        snprintf(g.result, sizeof g.result, "%s", k ? "1-0" : "*");
        if (k)
            snprintf(g.ending, sizeof g.ending, "gote resigns");
        pgn_set_tag(&g, "Result", g.result);
        write_game(&g, out);
        pgn_game_free(&g);
    }
    static const char hand[] =
        "[Event \"by hand\"]\n[Variant \"tenjiku\"]\n% a line for the computer\n\n"
        "; a comment to the end of the line\n"
        "1. P-8k {i5i6 +M2147483647/1 0.1s} $1 P-8f! {i12i11 +1e300/5 1e308s} "
        "(2. P-7k {variation} (nested)) 2... P-7k {h5h6 -M0/0 -0.0s} *\n\n"
        "[Event \"XBoard FEN\"]\n[SetUp \"1\"]\n[FEN \"15k/16/16/16/16/16/16/16/16/16/16/16/16/"
        "16/1R14/15K w - 0 1\"]\n\n1. R-16b {b2b16 +9223372036854775807/99} 1-0\n\n";
    buf_insert(out, out->len, hand, strlen(hand));
    free(pos);
}

/* Words of PGN, inserted now and then besides the shared mutations. */
static const char *const pgn_tokens[] = {
    "{", "}", "(", ")", "[", "]", "\"", "\\", "$", "$255", "$99999999999", "...", "1.", "99999.",
    "+M2147483647/1", "-M99999999999999999999/3", "+1e300/5", "-nan/2", "+inf/1", ",", "@@@@",
    "x", "!", "?", "=", "+", "%", ";", "[FEN \"", "[SetUp \"1\"]", "1-0", "0-1", "1/2-1/2", "*",
    "\n\n", "P-8k", "Ln-9i", "i5i6", "a1a16,a16a1",
};

/* Two games are the same: start, moves, notes, result, ending, tags. */
static bool same_game(const PgnGame *a, const PgnGame *b, char *why, size_t whysz)
{
    if (strcmp(a->start_tfen, b->start_tfen) || a->nplies != b->nplies ||
        strcmp(a->result, b->result) || strcmp(a->ending, b->ending) || a->ntags != b->ntags) {
        snprintf(why, whysz, "start, length (%d, %d), result or tags differ", a->nplies,
                 b->nplies);
        return false;
    }
    for (int i = 0; i < a->nplies; i++)
        if (a->plies[i].move != b->plies[i].move || strcmp(a->plies[i].note, b->plies[i].note)) {
            snprintf(why, whysz, "ply %d: %s {%s} became %s {%s}", i + 1, a->plies[i].wire,
                     a->plies[i].note, b->plies[i].wire, b->plies[i].note);
            if (getenv("FUZZ_DEBUG"))
                for (const char *q = a->plies[i].note; *q; q++)
                    fprintf(stderr, "%02x ", (unsigned char)*q);
            return false;
        }
    for (int i = 0; i < a->ntags; i++)
        if (strcmp(a->tags[i].name, b->tags[i].name) || strcmp(a->tags[i].value, b->tags[i].value)) {
            snprintf(why, whysz, "tag %s differs", a->tags[i].name);
            return false;
        }
    return true;
}

/* Reads every game of in; checks each game it takes by a round trip. */
static void read_all(Fuzz *f, long iter, const Buf *in, long *games)
{
    size_t off = 0;
    for (int n = 0; n < 100000; n++) {
        PgnGame g;
        char err[300];
        size_t before = off;
        int rc = pgn_read(in->data, in->len, &off, ruleset_default(), &g, err, sizeof err);
        if (rc == 0)
            return;
        if (off <= before || off > in->len) {
            FUZZ_FAIL(f, iter, "the reader did not move on (offset %zu -> %zu of %zu)", before,
                      off, in->len);
            if (rc == 1)
                pgn_game_free(&g);
            return;
        }
        if (rc < 0)
            continue;
        (*games)++;
        if (g.nplies < 0 || g.nplies > PGN_MAX_PLIES)
            FUZZ_FAIL(f, iter, "game of %d plies", g.nplies);
        Buf out = {0};
        write_game(&g, &out);
        PgnGame again;
        size_t o2 = 0;
        char why[400];
        int rc2 = pgn_read(out.data ? out.data : "", out.len, &o2, ruleset_default(), &again,
                           err, sizeof err);
        if (rc2 != 1)
            FUZZ_FAIL(f, iter, "a game read, written and read again: %s", rc2 ? err : "none");
        else if (!same_game(&g, &again, why, sizeof why))
            FUZZ_FAIL(f, iter, "a game read, written and read again differs: %s", why);
        if (rc2 == 1)
            pgn_game_free(&again);
        buf_free(&out);
        pgn_game_free(&g);
    }
}

int main(int argc, char **argv)
{
    Fuzz f;
    fuzz_init(&f, argc, argv, 2000);
    Buf seed = {0}, in = {0};
    seed_file(&f, &seed);
    long games = 0;
    for (long iter = 0; iter < f.iterations; iter++) {
        fuzz_mutate(&f, &in, seed.data, seed.len);
        for (size_t k = fuzz_below(&f, 4); k > 0; k--) {
            const char *t = pgn_tokens[fuzz_below(&f, sizeof pgn_tokens / sizeof *pgn_tokens)];
            buf_insert(&in, fuzz_below(&f, in.len + 1), t, strlen(t));
        }
        read_all(&f, iter, &in, &games);
    }
    printf("fuzz_pgn: %ld games taken and checked\n", games);
    buf_free(&seed);
    buf_free(&in);
    return fuzz_finish(&f, "fuzz_pgn");
}
