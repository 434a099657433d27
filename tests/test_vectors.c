/* The hand-checked test vectors of RULES.md §10, each compared as the exact set of legal moves
 * of the named piece (and, for burns, the resulting position), under every option variant the
 * vector names. */
#include <stdlib.h>
#include <string.h>

#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/perft.h"
#include "board/tfen.h"
#include "check.h"

static RuleSet *rules_with(const char *options)
{
    Rules r;
    rules_default(&r);
    char buf[256], err[128];
    snprintf(buf, sizeof buf, "%s", options ? options : "");
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        if (rules_set_assignment(&r, tok, err, sizeof err) != 0) {
            fprintf(stderr, "bad option in test: %s\n", err);
            exit(2);
        }
    return ruleset_new(&r);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Legal moves of the piece on `square` as sorted wire strings ("pass" for a pass), joined by
   spaces. */
static void piece_moves(Position *pos, int square, char *out)
{
    MoveList *list = malloc(sizeof *list);
    generate_legal(pos, list);
    char *names[512];
    int n = 0;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        if (move_from(m) != square)
            continue;
        names[n] = malloc(MOVE_STR_MAX);
        if (move_is_pass(m))
            strcpy(names[n], "pass");
        else
            move_to_wire(pos, m, 0, names[n]);
        n++;
    }
    qsort(names, (size_t)n, sizeof names[0], cmp_str);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        strcat(out, i ? " " : "");
        strcat(out, names[i]);
        free(names[i]);
    }
    free(list);
}

static void sort_words(const char *in, char *out)
{
    char buf[8192];
    char *words[512];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", in);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        words[n++] = t;
    qsort(words, (size_t)n, sizeof words[0], cmp_str);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        strcat(out, i ? " " : "");
        strcat(out, words[i]);
    }
}

static int word_count(const char *s)
{
    int n = 0;
    for (const char *p = s; *p; p++)
        if (*p != ' ' && (p == s || p[-1] == ' '))
            n++;
    return n;
}

static int parse_sq(const char *s)
{
    const char *p = s;
    return square_parse(&p, 0);
}

/* Checks that the piece on `square` has exactly `expected` (wire syntax, any order). */
static void expect_moves(const char *name, const char *tfen, const char *options, const char *square,
                         int count, const char *expected)
{
    RuleSet *rs = rules_with(options);
    Position *pos = malloc(sizeof *pos);
    position_clear(pos, rs);
    char err[128];
    CHECK(tfen_parse(pos, tfen, err, sizeof err) == 0, "%s: TFEN rejected: %s", name, err);
    char got[8192], want[8192];
    piece_moves(pos, parse_sq(square), got);
    sort_words(expected, want);
    CHECK(word_count(want) == count, "%s: the test lists %d moves, the spec says %d", name,
          word_count(want), count);
    CHECK(strcmp(got, want) == 0, "%s [%s]:\n  got  (%d) %s\n  want (%d) %s", name,
          options ? options : "defaults", word_count(got), got, word_count(want), want);
    free(pos);
    ruleset_free(rs);
}

/* Plays `move` (wire) from `tfen` and checks which of the listed squares are occupied. */
static void expect_after(const char *name, const char *tfen, const char *options, const char *move,
                         const char *occupied, const char *empty)
{
    RuleSet *rs = rules_with(options);
    Position *pos = malloc(sizeof *pos);
    position_clear(pos, rs);
    char err[128], buf[256];
    tfen_parse(pos, tfen, err, sizeof err);
    Move m = move_from_wire(pos, move, 0, err, sizeof err);
    CHECK(m != MOVE_NONE, "%s: move %s rejected: %s", name, move, err);
    if (m) {
        Undo u;
        make_move(pos, m, &u);
        snprintf(buf, sizeof buf, "%s", occupied);
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
            CHECK(pos->board[parse_sq(t)] != 0, "%s [%s] after %s: %s should be occupied", name,
                  options ? options : "defaults", move, t);
        snprintf(buf, sizeof buf, "%s", empty);
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
            CHECK(pos->board[parse_sq(t)] == 0, "%s [%s] after %s: %s should be empty", name,
                  options ? options : "defaults", move, t);
        CHECK(position_validate(pos) == NULL, "%s: %s", name, position_validate(pos));
    }
    free(pos);
    ruleset_free(rs);
}

static void vector_p0(void)
{
    const char *start = TFEN_START;
    expect_moves("P0 BGn f4", start, NULL, "f4", 6, "f4n12 f4o13 f4p14 f4n12+ f4o13+ f4p14+");
    expect_moves("P0 BGn k4", start, NULL, "k4", 6, "k4c12 k4b13 k4a14 k4c12+ k4b13+ k4a14+");
    expect_moves("P0 RGn g4", start, NULL, "g4", 3, "g4g12 g4g12+ g4g13");
    expect_moves("P0 RGn j4", start, NULL, "j4", 3, "j4j12 j4j12+ j4j13");
    expect_moves("P0 GGn h4", start, NULL, "h4", 6, "h4h12 h4h13 h4h14 h4h15 h4h16 h4p12");
    expect_moves("P0 VGn i4", start, NULL, "i4", 1, "i4a12");
    expect_moves("P0 ChS", start, NULL, "c2", 1, "c2b2");
    expect_moves("P0 ChS", start, NULL, "d2", 1, "d2e2");
    expect_moves("P0 ChS", start, NULL, "m2", 1, "m2l2");
    expect_moves("P0 ChS", start, NULL, "n2", 1, "n2o2");
    expect_moves("P0 SE e4", start, NULL, "e4", 2, "e4c6 e4g6");
    expect_moves("P0 SE l4", start, NULL, "l4", 2, "l4j6 l4n6");
    expect_moves("P0 Ky", start, NULL, "g2", 1, "g2e2");

    /* per-type totals of the 72 */
    RuleSet *rs = rules_with(NULL);
    Position *pos = malloc(sizeof *pos);
    position_start(pos, rs);
    MoveList *list = malloc(sizeof *list);
    generate_legal(pos, list);
    CHECK(list->count == 72, "P0: %d moves, expected 72", list->count);
    int per_kind[KIND_COUNT] = {0};
    for (int i = 0; i < list->count; i++)
        per_kind[piece_kind(pos->board[move_from(list->moves[i])])]++;
    static const struct { int kind, count; } totals[] = {
        {PAWN, 14}, {BISHOP_GENERAL, 12}, {ROOK_GENERAL, 6}, {GREAT_GENERAL, 6},
        {CHARIOT_SOLDIER, 4}, {SOARING_EAGLE, 4}, {VICE_GENERAL, 1}, {KIRIN, 1},
        {FEROCIOUS_LEOPARD, 2}, {IRON, 2}, {COPPER, 2}, {SILVER, 2}, {BLIND_TIGER, 2},
        {VERTICAL_SOLDIER, 2}, {BISHOP, 2}, {DRAGON_HORSE, 2}, {DRAGON_KING, 2},
        {WATER_BUFFALO, 2}, {HORNED_FALCON, 2}, {DOG, 2},
    };
    int sum = 0;
    for (size_t i = 0; i < sizeof totals / sizeof totals[0]; i++) {
        CHECK(per_kind[totals[i].kind] == totals[i].count, "P0: %s has %d moves, expected %d",
              kind_english[totals[i].kind], per_kind[totals[i].kind], totals[i].count);
        sum += totals[i].count;
    }
    CHECK(sum == 72, "P0 breakdown sums to %d", sum);
    free(list);
    free(pos);
    ruleset_free(rs);
}

#define T1 "15k/16/16/16/16/16/7s8/7Pp7/7L!1G6/6g9/16/16/16/16/16/K15 b"
#define T2 "15k/16/16/16/16/16/16/16/16/16/5b10/3Pp11/3H!12/2n13/1S14/15K b"
#define T3 "15k/16/16/16/16/4P2P2P5/7P1s6/6P1p7/4P2Q'1gP5/8p7/5n10/4P2P2P5/16/16/16/K15 b"
#define T4 "15k/16/16/16/16/7P8/5g3s6/6P1p7/4P2E!2P5/16/16/4P2P2P5/16/16/16/K15 b"
#define T5 "15k/16/16/16/16/4P5P5/16/7p8/4P2F!2P5/16/16/4P2P2P5/16/16/16/K15 b"
#define T6 "15k/16/16/16/7p3p4/16/5P10/6PPp7/4n1P+C!8/7g8/9s6/7P8/3P12/16/16/K15 b"
#define T7 "15k/16/16/16/16/16/16/16/16/16/5P10/4d!11/2p13/4g11/1D!3P10/15K b"
#define T8 "16/16/16/16/16/3g12/3q!12/3s12/3b!3r8/l5+e9/1p1p12/2V!Pp11/nR!1Q!2k9/16/5+R!10/6s8K b"
#define T8B "16/16/16/16/16/7p8/7v!8/7P8/3pkpPR!b!g6/16/16/7P8/7s8/7n8/16/K15 b"
#define T9 "15k/16/16/16/16/16/16/16/7s8/6v!9/5p10/2p13/3P12/1GV!1s11/16/15K b"
#define T10 "15k/16/16/16/16/4s5P5/16/16/4S2W!3p4/6gP8/9P6/16/16/16/16/K15 b"
#define T11 "15k/16/16/16/6PpP7/6PF!P7/6PPP7/16/16/16/16/16/16/16/16/K15 b"
#define O3 "15k/16/16/16/16/16/16/16/7d!8/6g1s7/7p8/16/7D!8/16/16/K15 b"
#define O4 "15k/16/16/16/16/16/16/6p1+w!7/7L!8/16/16/16/16/16/16/K15 b"
#define O5 "15k/16/16/6g9/8s7/7W!8/16/16/16/16/16/16/16/16/16/K15 b"
#define O6 "l!14k/16/16/16/16/16/16/16/7L!8/16/16/16/16/16/16/K15 b"

static void vectors_pieces(void)
{
    expect_moves("T1 lion", T1, NULL, "h8", 37,
                 "pass h8f6 h8f7 h8f8 h8f9 h8f10 h8g6 h8g8 h8g9 h8g10 h8h6 h8h7 h8i6 h8i7 h8i8 "
                 "h8i10 h8j6 h8j7 h8j9 h8j10 h8g7 h8h10 h8i9 h8g7,g7h8 h8i9,i9h8 h8i9,i9i8 "
                 "h8i9,i9i10 h8i9,i9j9 h8i9,i9j10 h8i9,i9h10 h8g7,g7f6 h8g7,g7f7 h8g7,g7f8 "
                 "h8g7,g7g6 h8g7,g7g8 h8g7,g7h6 h8g7,g7h7");
    expect_moves("T2 lion hawk", T2, NULL, "d4", 39,
                 "pass d4b3 d4b4 d4b5 d4b6 d4c2 d4c4 d4c5 d4c6 d4d2 d4d3 d4d6 d4e2 d4e3 d4e4 d4e6 "
                 "d4f2 d4f3 d4f4 d4f5 d4a7 d4g1 d4c3 d4e5 d4f6 d4c3,c3d4 d4e5,e5d4 d4c3,c3b3 "
                 "d4c3,c3b4 d4c3,c3c2 d4c3,c3c4 d4c3,c3d2 d4c3,c3d3 d4e5,e5d6 d4e5,e5e4 d4e5,e5e6 "
                 "d4e5,e5f4 d4e5,e5f5 d4e5,e5f6");
    expect_moves("T2 lion hawk", T2, "lion_hawk=tsa", "d4", 23,
                 "pass d4a7 d4g1 d4c3 d4e5 d4b3 d4b4 d4b5 d4b6 d4c2 d4c4 d4c5 d4c6 d4d2 d4d3 d4d6 "
                 "d4e2 d4e3 d4e4 d4f2 d4f3 d4f4 d4f5");
    expect_moves("T3 free eagle", T3, NULL, "h8", 22,
                 "pass h8f8 h8g7 h8g8 h8h6 h8h7 h8h9 h8i8 h8f10 h8j6 h8f6 h8i7 h8i9 h8j8 h8j10 "
                 "h8i7,i7h8 h8i9,i9h8 h8i7,i7h6 h8i7,i7j6 h8i7,i7j8 h8i9,i9j8 h8i9,i9j10");
    expect_moves("T3 free eagle", T3, "free_eagle=west", "h8", 11,
                 "h8f8 h8g7 h8g8 h8h6 h8h7 h8h9 h8i8 h8f6 h8i7 h8i9 h8j8");
    expect_moves("T4 soaring eagle", T4, NULL, "h8", 17,
                 "h8h9 h8h10 h8h6 h8h7 h8i8 h8j8 h8g8 h8f8 h8i7 h8j6 h8g7 h8f6 h8i9 h8i9,i9h8 "
                 "h8i9,i9j10 h8j10 h8f10");
    expect_moves("T5 horned falcon", T5, NULL, "h8", 18,
                 "h8h6 h8h7 h8i8 h8j8 h8g8 h8f8 h8i9 h8j10 h8g9 h8f10 h8i7 h8j6 h8g7 h8f6 h8h9 "
                 "h8h9,h9h8 h8h9,h9h10 h8h10");
    expect_moves("T6 heavenly tetrarch", T6, NULL, "h8", 16,
                 "h8i9,i9h8 h8h7,h7h8 h8h10 h8h11 h8h12 h8h6 h8j10 h8k11 h8l12 h8j6 h8f6 h8e5 "
                 "h8j8 h8k8 h8f8 h8e8");
    expect_moves("T6 heavenly tetrarch", T6, "tetrarch=western", "h8", 12,
                 "h8i9,i9h8 h8h7,h7h8 h8j10 h8k11 h8l12 h8j6 h8f6 h8e5 h8j8 h8k8 h8f8 h8e8");
    const char *t7 = "pass b2a1 b2a2 b2a3 b2a4 b2a5 b2b1 b2c1 b2c2 b2d1 b2e1 b2b3 b2b4 b2b5 b2c3 "
                     "b2c5 b2d2 b2e2 b2d3 b2c4 b2e3 b2e5 b2d4 b2d5 b2e4";
    expect_moves("T7 fire demon", T7, NULL, "b2", 25, t7);
    expect_moves("T7 fire demon", T7, "fd_suicide=all_burn", "b2", 25, t7);
    char t7file[1024];
    snprintf(t7file, sizeof t7file, "%s b2b6 b2b7 b2b8 b2b9 b2b10 b2b11 b2b12 b2b13 b2b14 b2b15 b2b16", t7);
    expect_moves("T7 fire demon", T7, "fd_range=file", "b2", 36, t7file);

    const char *t8 = "d4d3 d4d2 d4d1 d4c3 d4b2 d4a1 d4c4 d4e3 d4e4 d4f4 d4g4 d4e5 d4d6 d4d8 d4d9 "
                     "d4d10 d4b6 d4a7 d4a4";
    expect_moves("T8 great general", T8, NULL, "d4", 19, t8);
    expect_moves("T8 great general", T8, "jumper_capture=nojump", "d4", 18,
                 "d4d3 d4d2 d4d1 d4c3 d4b2 d4a1 d4c4 d4e3 d4e4 d4f4 d4g4 d4e5 d4d6 d4d8 d4d9 "
                 "d4b6 d4a7 d4a4");
    expect_moves("T8 great general", T8, "jumper_capture=tsa", "d4", 17,
                 "d4d3 d4d2 d4d1 d4c3 d4b2 d4a1 d4c4 d4e3 d4e4 d4f4 d4e5 d4d6 d4d8 d4d9 "
                 "d4b6 d4a7 d4a4");
    char t8j[1024];
    snprintf(t8j, sizeof t8j, "%s d4d7 d4f6", t8);
    expect_moves("T8 great general", T8, "jump_noncapture=on", "d4", 21, t8j);
    expect_moves("T8b rook general", T8B, NULL, "h8", 7, "h8h7 h8h6 h8h10 h8i8 h8f8 h8h4 h8h3");
    expect_moves("T9 vice general", T9, NULL, "c3", 35,
                 "pass c3f6 c3g7 c3a1 c3b1 c3c1 c3d1 c3e1 c3f1 c3a2 c3b2 c3c2 c3d2 c3e2 c3f2 c3a3 "
                 "c3d3 c3f3 c3a4 c3b4 c3c4 c3e4 c3f4 c3a5 c3b5 c3d5 c3e5 c3f5 c3a6 c3b6 c3c6 "
                 "c3d6 c3e6 c3c5 c3e3");
    expect_moves("T10 water buffalo", T10, NULL, "h8", 15,
                 "h8h9 h8h10 h8i8 h8j8 h8k8 h8l8 h8g8 h8f8 h8i9 h8j10 h8g9 h8f10 h8e11 h8i7 h8g7");
    expect_moves("T11 promotion", T11, NULL, "h11", 7,
                 "h11h12 h11h12+ h11h12,h12h13 h11h12,h12h13+ h11h13 h11h13+ h11h12,h12h11");
    expect_moves("T11 promotion", T11, "promo_path=any_square", "h11", 8,
                 "h11h12 h11h12+ h11h12,h12h13 h11h12,h12h13+ h11h13 h11h13+ h11h12,h12h11 "
                 "h11h12,h12h11+");
}

static void vectors_burns(void)
{
    /* T7: which moves burn what */
    expect_after("T7 burn", T7, NULL, "b2b3", "b3 e3 e5", "c4 b2");
    expect_after("T7 burn", T7, NULL, "b2c5", "c5 e3", "c4");
    expect_after("T7 burn", T7, NULL, "b2d2", "d2 c4", "e3");
    expect_after("T7 burn", T7, NULL, "b2d3", "d3 e5", "c4 e3");
    expect_after("T7 no burn", T7, NULL, "b2a1", "a1 c4 e3 e5", "b2");
    expect_after("T7 capture", T7, NULL, "b2c4", "c4 e3 e5", "b2");
    expect_after("T7 capture", T7, NULL, "b2e5", "e5 e3 c4", "b2");
    expect_after("T7 suicide", T7, NULL, "b2d4", "c4 e3 e5", "d4 b2");
    expect_after("T7 suicide", T7, NULL, "b2d5", "c4 e3 e5", "d5");
    expect_after("T7 suicide", T7, NULL, "b2e4", "c4 e3 e5", "e4");
    expect_after("T7 all_burn", T7, "fd_suicide=all_burn", "b2d4", "e5", "d4 c4 e3");
    expect_after("T7 all_burn", T7, "fd_suicide=all_burn", "b2d5", "e5 e3", "d5 c4");
    expect_after("T7 all_burn", T7, "fd_suicide=all_burn", "b2e4", "e5 c4", "e4 e3");
    expect_after("T7 pass", T7, NULL, "b2a2,a2b2", "b2 c4 e3 e5", "");

    expect_after("O3", O3, NULL, "h4h7", "g7 i7 h6 h8", "h7 h4");
    expect_after("O3", O3, "fd_suicide=all_burn", "h4h7", "h8", "h7 h6 g7 i7");
    expect_after("O3", O3, NULL, "h4g6", "g6 i7 h8", "h6 g7");
    expect_after("O3", O3, NULL, "h4i6", "i6 g7 h8", "h6 i7");
    expect_after("O3", O3, NULL, "h4h6", "h6 h8", "g7 i7");

    const char *survive[] = {"h8i9,i9h8", "h8i9", "h8i9,i9j10", "h8i9,i9h9"};
    const char *survive_sq[] = {"h8", "i9", "j10", "h9"};
    for (int i = 0; i < 4; i++)
        expect_after("O4 survives", O4, NULL, survive[i], survive_sq[i], "");
    const char *burned[] = {"h8h7,h7h8", "h8h9", "h8i10", "h8j10", "h8g9,g9h8", "h8g9,g9h9"};
    const char *burned_sq[] = {"h8", "h9", "i10", "j10", "h8", "h9"};
    for (int i = 0; i < 6; i++)
        expect_after("O4 burned", O4, NULL, burned[i], "i9", burned_sq[i]);

    expect_after("O5", O5, NULL, "h11h12+", "h12 g13 i12", "h11");
    expect_after("O5", O5, "promo_burn=on", "h11h12+", "h12", "g13 i12");
    /* afterwards White's silver burns next to the new demon, and is safe elsewhere */
    RuleSet *rs = rules_with(NULL);
    Position *pos = malloc(sizeof *pos);
    position_clear(pos, rs);
    char err[128];
    tfen_parse(pos, O5, err, sizeof err);
    Undo u1, u2;
    Move m = move_from_wire(pos, "h11h12+", 0, err, sizeof err);
    make_move(pos, m, &u1);
    CHECK(piece_kind(pos->board[parse_sq("h12")]) == promoted_kind(WATER_BUFFALO), "O5: +WBf on h12");
    const char *targets[] = {"i11", "h11", "h13", "j11", "j13"};
    for (int i = 0; i < 5; i++) {
        char mv[16];
        snprintf(mv, sizeof mv, "i12%s", targets[i]);
        Move sm = move_from_wire(pos, mv, 0, err, sizeof err);
        CHECK(sm != MOVE_NONE, "O5: silver %s: %s", mv, err);
        if (!sm)
            continue;
        make_move(pos, sm, &u2);
        bool alive = pos->board[parse_sq(targets[i])] != 0;
        CHECK(alive == (i >= 3), "O5: silver to %s %s", targets[i], alive ? "survived" : "burned");
        unmake_move(pos, sm, &u2);
    }
    free(pos);
    ruleset_free(rs);
}

static void vector_o6(void)
{
    RuleSet *rs = rules_with(NULL);
    Position *pos = malloc(sizeof *pos);
    position_clear(pos, rs);
    char err[128];
    tfen_parse(pos, O6, err, sizeof err);
    Move pass = move_from_wire(pos, "h8h7,h7h8", 0, err, sizeof err);
    CHECK(pass != MOVE_NONE, "O6: Black's lion pass is legal: %s", err);
    Undo u;
    make_move(pos, pass, &u);
    Move back = move_from_wire(pos, "a16a15,a15a16", 0, err, sizeof err);
    CHECK(back == MOVE_NONE, "O6: White's pass back must be illegal");
    Move other = move_from_wire(pos, "a16a15", 0, err, sizeof err);
    CHECK(other != MOVE_NONE, "O6: White may play another move: %s", err);
    unmake_move(pos, pass, &u);
    const uint64_t expected[] = {1, 28, 335, 9761};
    for (int d = 1; d <= 3; d++) {
        uint64_t bulk = perft(pos, d, false), full = perft(pos, d, true);
        CHECK(bulk == expected[d], "O6 perft(%d) = %llu, expected %llu", d,
              (unsigned long long)bulk, (unsigned long long)expected[d]);
        CHECK(full == expected[d], "O6 perft(%d) full = %llu", d, (unsigned long long)full);
    }
    /* with repetition ignored perft(2) would be 336 */
    free(pos);
    ruleset_free(rs);
}

int main(void)
{
    vector_p0();
    vectors_pieces();
    vectors_burns();
    vector_o6();
    return check_finish("test_vectors");
}
