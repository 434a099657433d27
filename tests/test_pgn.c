/* Game records (board/pgn.h): random games written and read back move for move (from the
 * start and from set-up positions, gote first, every rule option set), kaki-match's PGN (the
 * files given on the command line: every game loads and every move replays), the tolerance of
 * the reader (comments, variations, NAGs, move numbers, annotation marks, XBoard FEN, a Hodges
 * move it does not know but whose wire comment it does) and its refusals (illegal moves, a
 * comment naming another move, other variants, malformed text) with the game unchanged; the
 * [Rules] tag read before the moves; a bad game in a file of several skipped with the games
 * after it still readable; the tags of every game listed without reading the moves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/legal.h"
#include "board/pgn.h"
#include "board/result.h"
#include "check.h"
#include "kingloop.h"
#include "randpos.h"

static char *write_string(const PgnGame *g)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    pgn_write(f, g);
    fclose(f);
    return buf;
}

/* A random game of up to `plies` plies from pos, recorded in g. */
static void random_game(Position *pos, PgnGame *g, Rng *rng, int plies)
{
    MoveVec legal_all = {0}, *legal = &legal_all;
    for (int i = 0; i < plies; i++) {
        generate_legal(pos, legal);
        Move m = random_move(pos, legal, rng, 60);
        if (!m)
            break;
        PgnPly ply;
        char note[32];
        snprintf(note, sizeof note, i % 3 ? "+0.%02d/%d 0.%03ds" : "", i % 100, i % 9, i);
        pgn_ply_make(pos, m, note, &ply);
        Undo u;
        make_move(pos, m, &u);
        pgn_add_ply(g, &ply);
        if (position_game_over(pos))
            break;
    }
    movevec_free(legal);
}

static bool same_games(const PgnGame *a, const PgnGame *b, char *why, size_t whysz)
{
    if (a->nplies != b->nplies)
        return snprintf(why, whysz, "%d plies read, %d written", b->nplies, a->nplies), false;
    for (int i = 0; i < a->nplies; i++) {
        const PgnPly *x = &a->plies[i], *y = &b->plies[i];
        if (x->move != y->move || strcmp(x->hodges, y->hodges) || strcmp(x->wire, y->wire) ||
            strcmp(x->note, y->note))
            return snprintf(why, whysz, "ply %d: %s {%s %s} read as %s {%s %s}", i + 1,
                            x->hodges, x->wire, x->note, y->hodges, y->wire, y->note),
                   false;
    }
    if (strcmp(a->start_tfen, b->start_tfen) || strcmp(a->result, b->result) ||
        strcmp(a->ending, b->ending))
        return snprintf(why, whysz, "start/result/ending differ: '%s' '%s' '%s'", b->start_tfen,
                        b->result, b->ending),
               false;
    for (int i = 0; i < a->ntags; i++) {
        const char *v = pgn_tag(b, a->tags[i].name);
        if (!v || strcmp(v, a->tags[i].value))
            return snprintf(why, whysz, "tag %s lost", a->tags[i].name), false;
    }
    return true;
}

static void round_trips(void)
{
    Rng rng = {20240601};
    Position *pos = malloc(sizeof *pos);
    for (int n = 0; n < scaled(60); n++) {
        Rules rules;
        rules_default(&rules);
        /* every option in its non-default value now and then */
        for (int k = 0; k < rule_option_count; k++)
            if (rng_below(&rng, 4) == 0)
                *(int *)((char *)&rules + rule_options[k].offset) = 1;
        RuleSet *rs = ruleset_new(&rules);
        PgnGame g;
        pgn_game_init(&g);
        pgn_set_tag(&g, "Event", "round \"trip\" \\ test");
        pgn_set_tag(&g, "Variant", "tenjiku");
        char described[512];
        bool tagged = n % 2 == 0; /* read with the default rules: the tag must say which */
        if (tagged)
            pgn_set_tag(&g, "Rules", rules_describe(&rules, described, sizeof described));
        if (n % 3 == 1) { /* a scattered position, either side to move */
            pos->rs = rs;
            random_scatter(pos, &rng, 12 + rng_below(&rng, 20));
            position_reset_history(pos);
            tfen_print(pos, g.start_tfen);
        } else {
            position_start(pos, rs);
        }
        random_game(pos, &g, &rng, 30 + rng_below(&rng, 120));
        GameResult r = game_result(pos, pos->side ^ 1);
        snprintf(g.result, sizeof g.result, "%s",
                 r.winner == BLACK ? "1-0" : r.winner == WHITE ? "0-1" : "*");
        if (r.reason != RESULT_ONGOING)
            game_result_describe(&r, g.ending, sizeof g.ending);
        char *text = write_string(&g);
        PgnGame back;
        size_t off = 0;
        char err[256], why[1600] = "";
        const RuleSet *reader = tagged ? ruleset_default() : rs;
        int rc = pgn_read(text, strlen(text), &off, reader, &back, err, sizeof err);
        CHECK(rc == 1, "game %d read back: %s\n%s", n, err, text);
        if (rc == 1) {
            CHECK(same_games(&g, &back, why, sizeof why), "game %d: %s", n, why);
            CHECK(memcmp(&back.rules, &rules, sizeof rules) == 0, "game %d: read with its rules",
                  n);
            char *again = write_string(&back);
            CHECK(strcmp(text, again) == 0, "game %d: writing what was read gives the same text",
                  n);
            free(again);
            pgn_game_free(&back);
        }
        CHECK(pgn_read(text, strlen(text), &off, reader, &back, err, sizeof err) == 0,
              "game %d: nothing after it", n);
        free(text);
        pgn_game_free(&g);
        ruleset_free(rs);
    }
    free(pos);
}

/* Reads one game; returns pgn_read's result. */
static int read1(const char *text, PgnGame *g, char *err, size_t errsz)
{
    size_t off = 0;
    return pgn_read(text, strlen(text), &off, ruleset_default(), g, err, errsz);
}

static void tolerance(void)
{
    PgnGame g;
    char err[256];
    /* comments, variations (nested, with comments and parentheses inside comments), NAGs,
       ; comments, % lines, move numbers glued to moves, annotation marks */
    const char *text =
        "% exported by hand\n[Event \"x\"]\n[Variant \"Tenjiku\"]\n\n"
        "1.P-8k {i5i6 book} $1 (1. P-9k {h5h6} (1. P-10k) ; a line comment\n) P-9f!? "
        "{ h12h11 a note with ( and ; inside } 2. P-9k ; end\n{sente resigns} 0-1\n";
    CHECK(read1(text, &g, err, sizeof err) == 1 && g.nplies == 3, "tolerant reader: %s (%d)",
          err, g.nplies);
    if (g.nplies == 3) {
        CHECK(strcmp(g.plies[0].note, "book") == 0, "note '%s'", g.plies[0].note);
        CHECK(strcmp(g.plies[1].hodges, "P-9f") == 0 && strcmp(g.plies[1].wire, "h12h11") == 0,
              "annotation mark dropped: %s", g.plies[1].hodges);
        CHECK(strcmp(g.ending, "sente resigns") == 0 && strcmp(g.result, "0-1") == 0,
              "ending '%s' result '%s'", g.ending, g.result);
    }
    pgn_game_free(&g);

    /* a Hodges form this reader does not know, with a wire comment: the wire move is used */
    CHECK(read1("1. Pawn-8k {i5i6} *", &g, err, sizeof err) == 1 && g.nplies == 1 &&
              strcmp(g.plies[0].hodges, "P-8k") == 0,
          "wire fallback: %s", err);
    pgn_game_free(&g);
    /* XBoard FEN in the FEN tag (w = sente to move) */
    CHECK(read1("[SetUp \"1\"]\n[FEN \"15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - 0 1\"]"
                "\n\n1. K-15o *",
                &g, err, sizeof err) == 1 &&
              g.nplies == 1 && strstr(g.start_tfen, " b"),
          "XBoard FEN: %s (%s)", err, g.start_tfen);
    pgn_game_free(&g);

    static const char *const bad[] = {
        "1. P-8j *",                                  /* illegal */
        "1. P-8k {h5h6} *",                           /* the comment names another move */
        "[Variant \"chess\"]\n1. e4 *",               /* another game */
        "[FEN \"16/16 b\"]\n*",                       /* bad position */
        "[Event \"x\"\n1. P-8k *",                    /* unclosed tag */
        "[Event \"x]\n",                              /* unterminated value */
        "1. P-8k {i5i6",                              /* unterminated comment */
        "1. P-8k (1. P-9k",                           /* unterminated variation */
        "1. P-8k ) *",                                /* stray parenthesis */
        "1. P-8k P-9f 2. P-8j P-9g 3. P-8a *",        /* the last move is illegal */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        int rc = read1(bad[i], &g, err, sizeof err);
        CHECK(rc == -1 && err[0] && g.nplies == 0 && g.plies == NULL, "bad input %zu refused: %s",
              i, err);
    }
    CHECK(read1("   \n; only a comment\n", &g, err, sizeof err) == 0, "no game");
    /* an overlong word */
    char *longword = malloc(5000);
    memset(longword, 'P', 4999);
    longword[4999] = '\0';
    CHECK(read1(longword, &g, err, sizeof err) == -1, "overlong word: %s", err);
    free(longword);
}

/* The [Rules] tag is read before the moves: a fire demon's vertical range (fd_range=file) read
   with the default rules; a known option with an unknown value is refused, an unknown option
   is ignored. */
static void rules_tag(void)
{
    static const char *const fen =
        "[SetUp \"1\"]\n[FEN \"15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/D!14K b\"]\n";
    char text[600], err[256];
    PgnGame g;
    snprintf(text, sizeof text, "[Event \"x\"]\n%s[Rules \"fd_range=file later_option=7\"]\n\n"
             "1. FiD-16d {a1a13} *\n", fen);
    CHECK(read1(text, &g, err, sizeof err) == 1 && g.nplies == 1 && g.rules.fd_range == FDRANGE_FILE,
          "a game read with the rules of its tag: %s", err);
    pgn_game_free(&g);
    snprintf(text, sizeof text, "[Event \"x\"]\n%s\n1. FiD-16d {a1a13} *\n", fen);
    CHECK(read1(text, &g, err, sizeof err) == -1, "without the tag the move is illegal");
    snprintf(text, sizeof text, "%s[Rules \"fd_range=diagonal\"]\n\n1. FiD-16d *\n", fen);
    CHECK(read1(text, &g, err, sizeof err) == -1 && strstr(err, "[Rules]"),
          "an unknown value refused: %s", err);
}

/* Three games, the second bad (an illegal move, another variant, an unclosed tag, an
   unterminated comment): the first and the third are read; the error names the line; the tag
   list has all three without replaying a move. */
static void bad_game_skipped(void)
{
    static const char *const middle[] = {
        "[Event \"two\"]\n\n1. P-8k {i5i6} P-9f {h12h11}\n2. P-8a *\n\n",
        "[Event \"two\"]\n[Variant \"chess\"]\n\n1. e4 e5 *\n\n",
        "[Event \"two\"\n\n1. P-8k {i5i6 [not a tag]\n} *\n\n",
        "[Event \"two\"]\n\n1. P-8k {unterminated\n\n",
    };
    for (size_t k = 0; k < sizeof middle / sizeof middle[0]; k++) {
        char text[800], err[256];
        snprintf(text, sizeof text,
                 "[Event \"one\"]\n\n1. P-8k {i5i6} *\n\n%s[Event \"three\"]\n\n1. P-9k *\n", middle[k]);
        size_t len = strlen(text), off = 0;
        PgnGame g;
        int rc1 = pgn_read(text, len, &off, ruleset_default(), &g, err, sizeof err);
        CHECK(rc1 == 1 && strcmp(pgn_tag(&g, "Event"), "one") == 0, "%zu: game one", k);
        pgn_game_free(&g);
        int rc2 = pgn_read(text, len, &off, ruleset_default(), &g, err, sizeof err);
        CHECK(rc2 == -1 && strstr(err, "line "), "%zu: game two refused: %s", k, err);
        int rc3 = pgn_read(text, len, &off, ruleset_default(), &g, err, sizeof err);
        bool three = rc3 == 1 && pgn_tag(&g, "Event") && strcmp(pgn_tag(&g, "Event"), "three") == 0;
        CHECK(three && g.nplies == 1, "%zu: game three read: %s", k, err);
        if (rc3 == 1)
            pgn_game_free(&g);
        off = 0;
        int n = 0, rc;
        while ((rc = pgn_read_tags(text, len, &off, &g, err, sizeof err)) != 0) {
            n++;
            CHECK(g.nplies == 0, "%zu: tags only", k);
            if (n > 5)
                break;
        }
        CHECK(n == 3, "%zu: %d games listed", k, n);
    }
}

/* Every game of a kaki-match PGN file loads, every move replays, and the result agrees with
   the rules where the game ended normally. */
static void match_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    char *text = malloc(1 << 24);
    size_t len = fread(text, 1, (1 << 24) - 1, f);
    text[len] = '\0';
    fclose(f);
    size_t off = 0;
    int games = 0, rc;
    char err[256];
    PgnGame g;
    while ((rc = pgn_read(text, len, &off, ruleset_default(), &g, err, sizeof err)) == 1) {
        games++;
        const char *plycount = pgn_tag(&g, "PlyCount");
        CHECK(plycount && atoi(plycount) == g.nplies, "%s game %d: PlyCount %s, %d plies read",
              path, games, plycount ? plycount : "-", g.nplies);
        CHECK(pgn_tag(&g, "White") && pgn_tag(&g, "Termination"), "%s game %d: tags", path,
              games);
        pgn_game_free(&g);
    }
    CHECK(rc == 0, "%s: game %d: %s", path, games + 1, err);
    CHECK(games > 0, "%s: no game", path);
    printf("%s: %d games replayed\n", path, games);
    free(text);
}

/* The reader keeps the whole game's history: a game of two kings walking their loops reads
   to ply 1,983, and the next move, which repeats the first position (1,984 plies back, beyond
   the position's own ring), is refused. */
static void far_repetition(void)
{
    for (int extra = 0; extra <= 1; extra++) {
        PgnGame g, back;
        king_loop_game(&g, KING_LOOP_PLIES - 1 + extra);
        char *text = NULL, err[300] = "";
        size_t len = 0, off = 0;
        FILE *f = open_memstream(&text, &len);
        pgn_write(f, &g);
        fclose(f);
        int rc = pgn_read(text, len, &off, ruleset_default(), &back, err, sizeof err);
        if (!extra)
            CHECK(rc == 1 && back.nplies == KING_LOOP_PLIES - 1, "%d plies read (%s)",
                  rc == 1 ? back.nplies : -1, err);
        else
            CHECK(rc == -1 && strstr(err, "ply 1984"), "the repetition refused: %s", err);
        if (rc == 1)
            pgn_game_free(&back);
        pgn_game_free(&g);
        free(text);
    }
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        for (int i = 1; i < argc; i++)
            match_file(argv[i]);
        return check_finish("test_pgn (files)");
    }
    round_trips();
    tolerance();
    rules_tag();
    bad_game_skipped();
    far_repetition();
    return check_finish("test_pgn");
}
