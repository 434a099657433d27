/*
 * refgen_selftest.c - checks the reference generator against every test vector of
 * RULES.md §10.  Exit status 0 = all passed.
 *
 * Expected move lists are written in the §10 notation (fully expanded, no shorthand) and
 * translated to wire syntax here:
 *   h8-f6 -> h8f6          h8xg7 -> h8g7            h8x!g7 -> h8g7,g7h8
 *   h8xi9-j9 -> h8i9,i9j9  h8xi9xh10 -> h8i9,i9h10  b2-d4* -> b2d4 (suicide marker dropped)
 *   trailing + kept;  "h8pass:h7" = the pass of the piece on h8, whose canonical
 *   pass-through square (lowest index, PROTOCOL.md §3.3) was worked out by hand: h8h7,h7h8.
 */
#include "refgen.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXMOVES 20000

static int failures = 0;
static int checks = 0;

static const char *START =
    "lnficsgekgscifnl/a1c!c!1txql!ot1c!c!1a/s'v'bhdw!d!q'h!d!w!dhbv's'/"
    "mvrf!e!b!r!v!q!r!b!e!f!rvm/pppppppppppppppp/4d'6d'4/16/16/16/16/4D'6D'4/"
    "PPPPPPPPPPPPPPPP/MVRF!E!B!R!Q!V!R!B!E!F!RVM/S'V'BHDW!D!H!Q'D!W!DHBV'S'/"
    "A1C!C!1TOL!QXT1C!C!1A/LNFICSGKEGSCIFNL b";

/* ---------------------------------------------------------------------------------------- */

static void fail(const char *test, const char *fmt, const char *a, const char *b)
{
    printf("  FAIL [%s] ", test);
    printf(fmt, a, b);
    printf("\n");
    failures++;
}

/* Parse a square "h8" / "h10" at s; returns chars consumed (0 on error). */
static int parse_sq(const char *s, char *out)
{
    if (s[0] < 'a' || s[0] > 'p') return 0;
    int n = 1;
    while (s[n] >= '0' && s[n] <= '9') n++;
    if (n < 2 || n > 3) return 0;
    memcpy(out, s, (size_t)n);
    out[n] = '\0';
    return n;
}

/* Translate one §10-notation token to wire syntax. */
static int to_wire(const char *tok, char *wire)
{
    char t[64];
    snprintf(t, sizeof t, "%s", tok);
    size_t len = strlen(t);
    int promo = 0;
    if (len && t[len - 1] == '*') t[--len] = '\0';
    if (len && t[len - 1] == '+') { promo = 1; t[--len] = '\0'; }
    char *pass = strstr(t, "pass:");
    if (pass) {
        char s[8], v[8];
        if (!parse_sq(t, s) || !parse_sq(pass + 5, v)) return -1;
        sprintf(wire, "%s%s,%s%s", s, v, v, s);
        return 0;
    }
    char sq[3][8];
    int nsq = 0, igui = 0;
    const char *p = t;
    int n = parse_sq(p, sq[nsq]);
    if (!n) return -1;
    nsq++; p += n;
    while (*p) {
        if (*p != '-' && *p != 'x') return -1;
        p++;
        if (*p == '!') { igui = 1; p++; }
        if (nsq >= 3) return -1;
        n = parse_sq(p, sq[nsq]);
        if (!n) return -1;
        nsq++; p += n;
    }
    if (igui && nsq == 2) sprintf(wire, "%s%s,%s%s", sq[0], sq[1], sq[1], sq[0]);
    else if (nsq == 2) sprintf(wire, "%s%s", sq[0], sq[1]);
    else if (nsq == 3) sprintf(wire, "%s%s,%s%s", sq[0], sq[1], sq[1], sq[2]);
    else return -1;
    if (promo) strcat(wire, "+");
    return 0;
}

/* Does the wire move start at square `from`? */
static int starts_at(const char *wire, const char *from)
{
    size_t n = strlen(from);
    return strncmp(wire, from, n) == 0 && wire[n] >= 'a' && wire[n] <= 'p';
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void rules_from(RefRules *r, const char *opts)
{
    ref_rules_default(r);
    if (!opts) return;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", opts);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        char *eq = strchr(tok, '=');
        if (!eq) { printf("bad test option %s\n", tok); exit(2); }
        *eq = '\0';
        if (ref_rules_set(r, tok, eq + 1) != 0) { printf("bad test option %s\n", tok); exit(2); }
    }
}

/* Generate all legal moves; returns count (exits on error). */
static int gen(const char *test, const char *tfen, const char *opts, RefMove *mv)
{
    RefRules r;
    rules_from(&r, opts);
    char err[256];
    int n = ref_legal_moves(&r, tfen, mv, MAXMOVES, err, sizeof err);
    if (n < 0) {
        printf("  FAIL [%s] TFEN error: %s\n", test, err);
        failures++;
    }
    return n;
}

/* Compare the exact set of legal moves of the piece on `from` with the expected list. */
static void check_piece(const char *test, const char *tfen, const char *opts, const char *from,
                        int expected_count, const char *expected)
{
    checks++;
    int before = failures;
    RefMove *mv = malloc(MAXMOVES * sizeof *mv);
    int n = gen(test, tfen, opts, mv);
    if (n < 0) { free(mv); return; }

    /* expected wires */
    static char expbuf[512][64];
    char *exp[512];
    int ne = 0;
    char buf[8192];
    snprintf(buf, sizeof buf, "%s", expected);
    for (char *tok = strtok(buf, " ,\n"); tok; tok = strtok(NULL, " ,\n")) {
        char w[64];
        if (to_wire(tok, w) < 0) { fail(test, "cannot translate expected token '%s'%s", tok, ""); continue; }
        snprintf(expbuf[ne], sizeof expbuf[ne], "%s", w);
        exp[ne] = expbuf[ne];
        ne++;
    }
    if (ne != expected_count) {
        char a[32], b[32];
        sprintf(a, "%d", ne); sprintf(b, "%d", expected_count);
        fail(test, "test table has %s moves but the spec says %s", a, b);
    }
    qsort(exp, (size_t)ne, sizeof exp[0], cmp_str);
    for (int i = 1; i < ne; i++)
        if (strcmp(exp[i], exp[i - 1]) == 0) fail(test, "duplicate expected move %s%s", exp[i], "");

    /* generated wires of that piece */
    char *got[2048];
    int ng = 0;
    for (int i = 0; i < n; i++)
        if (starts_at(mv[i].wire, from)) got[ng++] = mv[i].wire;
    qsort(got, (size_t)ng, sizeof got[0], cmp_str);
    for (int i = 1; i < ng; i++)
        if (strcmp(got[i], got[i - 1]) == 0) fail(test, "generator produced %s twice%s", got[i], "");

    for (int i = 0; i < ne; i++) {
        int found = 0;
        for (int j = 0; j < ng; j++) if (strcmp(exp[i], got[j]) == 0) found = 1;
        if (!found) fail(test, "missing move %s%s", exp[i], "");
    }
    for (int j = 0; j < ng; j++) {
        int found = 0;
        for (int i = 0; i < ne; i++) if (strcmp(exp[i], got[j]) == 0) found = 1;
        if (!found) fail(test, "unexpected move %s%s", got[j], "");
    }
    if (ng != expected_count) {
        char a[32], b[32];
        sprintf(a, "%d", ng); sprintf(b, "%d", expected_count);
        fail(test, "piece has %s moves, expected %s", a, b);
    }
    printf("%s %s (%s%s%s, piece %s: %d moves)\n", failures == before ? "PASS" : "FAIL", test,
           opts ? "" : "defaults", opts ? opts : "", "", from, ng);
    free(mv);
}

/* ---- result-position helpers ------------------------------------------------------------ */

/* Expand a TFEN board into cells[x][y] (piece token or "" for empty). */
static int decode(const char *tfen, char cells[16][16][5])
{
    memset(cells, 0, 16 * 16 * 5);
    int x = 0, y = 15;
    const char *s = tfen;
    while (*s && *s != ' ') {
        if (*s == '/') { y--; x = 0; s++; continue; }
        if (*s >= '0' && *s <= '9') { int n = 0; while (*s >= '0' && *s <= '9') n = n * 10 + (*s++ - '0'); x += n; continue; }
        char tok[5] = {0};
        int k = 0;
        if (*s == '+') tok[k++] = *s++;
        tok[k++] = *s++;
        if (*s == '\'' || *s == '!') tok[k++] = *s++;
        if (x > 15 || y < 0) return -1;
        memcpy(cells[x][y], tok, 5);
        x++;
    }
    return 0;
}

static const char *at(char cells[16][16][5], const char *sq)
{
    return cells[sq[0] - 'a'][atoi(sq + 1) - 1];
}

static const RefMove *find_move(const RefMove *mv, int n, const char *wire)
{
    for (int i = 0; i < n; i++) if (strcmp(mv[i].wire, wire) == 0) return &mv[i];
    return NULL;
}

/* After the move `note` (§10 notation), check square contents: `expect` is a list of
   "sq=TOKEN" (piece there) or "sq=." (empty). */
static void check_result(const char *test, const char *tfen, const char *opts, const char *note,
                         const char *expect)
{
    checks++;
    int before = failures;
    RefMove *mv = malloc(MAXMOVES * sizeof *mv);
    int n = gen(test, tfen, opts, mv);
    char w[64];
    if (n < 0 || to_wire(note, w) < 0) { failures++; free(mv); return; }
    const RefMove *m = find_move(mv, n, w);
    if (!m) {
        fail(test, "move %s (%s) not generated", note, w);
    } else {
        char cells[16][16][5];
        decode(m->result, cells);
        char buf[512];
        snprintf(buf, sizeof buf, "%s", expect);
        for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
            char *eq = strchr(tok, '=');
            *eq = '\0';
            const char *want = eq + 1;
            const char *have = at(cells, tok);
            if (strcmp(want, ".") == 0 ? have[0] != 0 : strcmp(want, have) != 0) {
                char msg[64];
                snprintf(msg, sizeof msg, "%s: want '%s' have '%s'", tok, want, have[0] ? have : ".");
                fail(test, "after %s: %s", note, msg);
            }
        }
    }
    printf("%s %s (%s%s) after %s: %s\n", failures == before ? "PASS" : "FAIL", test,
           opts ? "" : "defaults", opts ? opts : "", note, expect);
    free(mv);
}

/* Count of Black pieces of a token anywhere on the board of the move's result. */
static int count_token(const char *result, const char *token)
{
    char cells[16][16][5];
    decode(result, cells);
    int c = 0;
    for (int x = 0; x < 16; x++)
        for (int y = 0; y < 16; y++)
            if (strcmp(cells[x][y], token) == 0) c++;
    return c;
}

static void check_perft(const char *test, const char *tfen, const char *opts, int depth, uint64_t want)
{
    checks++;
    RefRules r;
    rules_from(&r, opts);
    uint64_t got = ref_perft(&r, tfen, depth);
    int ok = got == want;
    if (!ok) failures++;
    printf("%s %s perft(%d) (%s%s) = %" PRIu64 " (expected %" PRIu64 ")\n", ok ? "PASS" : "FAIL",
           test, depth, opts ? "" : "defaults", opts ? opts : "", got, want);
}

/* ---------------------------------------------------------------------------------------- */

/* Piece type (by TFEN token) at each Black square of the start position, for the P0 breakdown. */
static void test_p0(void)
{
    const char *T = "P0";
    checks++;
    int before = failures;
    RefMove *mv = malloc(MAXMOVES * sizeof *mv);
    int n = gen(T, START, NULL, mv);
    if (n < 0) { free(mv); return; }
    if (n != 72) {
        char a[16];
        sprintf(a, "%d", n);
        fail(T, "start position has %s moves, expected %s", a, "72");
    }
    char cells[16][16][5];
    decode(START, cells);
    /* expected count per piece token (TFEN codes): P 14, BGn 12, RGn 6, GGn 6, ChS 4, SE 4,
       VGn 1, Ky 1, and 2 each for FL, I, C, S, BT, VSo, B, DH, DK, WBf, HF, Dg */
    static const struct { const char *tok; int count; } want[] = {
        {"P", 14}, {"B!", 12}, {"R!", 6}, {"Q!", 6}, {"C!", 4}, {"E!", 4}, {"V!", 1}, {"O", 1},
        {"F", 2}, {"I", 2}, {"C", 2}, {"S", 2}, {"T", 2}, {"V'", 2}, {"B", 2}, {"H", 2},
        {"D", 2}, {"W!", 2}, {"F!", 2}, {"D'", 2},
    };
    int total_listed = 0;
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        int c = 0;
        for (int i = 0; i < n; i++) {
            char sq[4] = {0};
            parse_sq(mv[i].wire, sq);
            if (strcmp(at(cells, sq), want[k].tok) == 0) c++;
        }
        total_listed += want[k].count;
        if (c != want[k].count) {
            char a[64], b[16];
            snprintf(a, sizeof a, "%s: %d", want[k].tok, c);
            sprintf(b, "%d", want[k].count);
            fail(T, "moves of piece %s, expected %s", a, b);
        }
    }
    if (total_listed != 72) fail(T, "breakdown sums to something other than 72%s%s", "", "");
    printf("%s P0 start position: %d moves, breakdown per type\n", failures == before ? "PASS" : "FAIL", n);
    free(mv);

    check_piece("P0/BGn f4", START, NULL, "f4", 6, "f4xn12 f4xn12+ f4xo13 f4xo13+ f4xp14 f4xp14+");
    check_piece("P0/BGn k4", START, NULL, "k4", 6, "k4xc12 k4xc12+ k4xb13 k4xb13+ k4xa14 k4xa14+");
    check_piece("P0/RGn g4", START, NULL, "g4", 3, "g4xg12 g4xg12+ g4xg13*");
    check_piece("P0/RGn j4", START, NULL, "j4", 3, "j4xj12 j4xj12+ j4xj13*");
    check_piece("P0/GGn h4", START, NULL, "h4", 6, "h4xh12 h4xh13* h4xh14* h4xh15* h4xh16 h4xp12");
    check_piece("P0/ChS c2", START, NULL, "c2", 1, "c2-b2");
    check_piece("P0/ChS d2", START, NULL, "d2", 1, "d2-e2");
    check_piece("P0/ChS m2", START, NULL, "m2", 1, "m2-l2");
    check_piece("P0/ChS n2", START, NULL, "n2", 1, "n2-o2");
    check_piece("P0/SE e4", START, NULL, "e4", 2, "e4-c6 e4-g6");
    check_piece("P0/SE l4", START, NULL, "l4", 2, "l4-j6 l4-n6");
    check_piece("P0/VGn i4", START, NULL, "i4", 1, "i4xa12");
    check_piece("P0/Ky g2", START, NULL, "g2", 1, "g2-e2");

    /* suicide markers: the `*` moves must lose the mover (burned next to g14/j14) */
    static const char *suicides[] = { "g4g13", "j4j13", "h4h13", "h4h14", "h4h15" };
    RefMove *mv2 = malloc(MAXMOVES * sizeof *mv2);
    int n2 = gen(T, START, NULL, mv2);
    for (size_t k = 0; k < sizeof suicides / sizeof suicides[0]; k++) {
        checks++;
        const RefMove *m = find_move(mv2, n2, suicides[k]);
        char cells2[16][16][5];
        if (!m) { fail(T, "suicide move %s missing%s", suicides[k], ""); continue; }
        decode(m->result, cells2);
        char to[4];
        parse_sq(suicides[k] + 2, to);
        char from[4];
        parse_sq(suicides[k], from);
        int ok = at(cells2, to)[0] == 0 && at(cells2, from)[0] == 0;
        if (!ok) fail(T, "suicide move %s does not remove the mover (%s)", suicides[k], m->result);
        printf("%s P0 suicide %s removes mover and captured piece\n", ok ? "PASS" : "FAIL", suicides[k]);
    }
    free(mv2);
}

int main(void)
{
    /* ---- P0 ---- */
    test_p0();
    check_perft("P0", START, NULL, 1, 72);

    /* ---- T1 Lion ---- */
    const char *T1 = "15k/16/16/16/16/16/7s8/7Pp7/7L!1G6/6g9/16/16/16/16/16/K15 b";
    check_piece("T1", T1, NULL, "h8", 37,
        "h8pass:h7 "
        "h8-f6 h8-f7 h8-f8 h8-f9 h8-f10 h8-g6 h8-g8 h8-g9 h8-g10 h8-h6 h8-h7 h8-i6 h8-i7 h8-i8 "
        "h8-i10 h8-j6 h8-j7 h8-j9 h8-j10 "
        "h8xg7 h8xh10 h8xi9 h8x!g7 h8x!i9 "
        "h8xi9-i8 h8xi9-i10 h8xi9-j9 h8xi9-j10 h8xi9xh10 "
        "h8xg7-f6 h8xg7-f7 h8xg7-f8 h8xg7-g6 h8xg7-g8 h8xg7-h6 h8xg7-h7");

    /* ---- T2 Lion hawk ---- */
    const char *T2 = "15k/16/16/16/16/16/16/16/16/16/5b10/3Pp11/3H!12/2n13/1S14/15K b";
    check_piece("T2", T2, NULL, "d4", 39,
        "d4pass:d3 "
        "d4-b3 d4-b4 d4-b5 d4-b6 d4-c2 d4-c4 d4-c5 d4-c6 d4-d2 d4-d3 d4-d6 d4-e2 d4-e3 d4-e4 "
        "d4-e6 d4-f2 d4-f3 d4-f4 d4-f5 d4-a7 d4-g1 "
        "d4xc3 d4xe5 d4xf6 d4x!c3 d4x!e5 "
        "d4xc3-b3 d4xc3-b4 d4xc3-c2 d4xc3-c4 d4xc3-d2 d4xc3-d3 "
        "d4xe5-d6 d4xe5-e4 d4xe5-e6 d4xe5-f4 d4xe5-f5 d4xe5xf6");
    check_piece("T2", T2, "lion_hawk=tsa", "d4", 23,
        "d4pass:d3 d4-a7 d4-g1 d4xc3 d4xe5 "
        "d4-b3 d4-b4 d4-b5 d4-b6 d4-c2 d4-c4 d4-c5 d4-c6 d4-d2 d4-d3 d4-d6 d4-e2 d4-e3 d4-e4 "
        "d4-f2 d4-f3 d4-f4 d4-f5");

    /* ---- T3 Free eagle ---- */
    const char *T3 = "15k/16/16/16/16/4P2P2P5/7P1s6/6P1p7/4P2Q'1gP5/8p7/5n10/4P2P2P5/16/16/16/K15 b";
    check_piece("T3", T3, NULL, "h8", 22,
        "h8pass:g7 "
        "h8-f8 h8-g7 h8-g8 h8-h6 h8-h7 h8-h9 h8-i8 h8-f10 h8-j6 "
        "h8xf6 h8xi7 h8xi9 h8xj8 h8xj10 h8x!i7 h8x!i9 "
        "h8xi7-h6 h8xi7-j6 h8xi7xj8 h8xi9xj8 h8xi9xj10");
    check_piece("T3", T3, "free_eagle=west", "h8", 11,
        "h8-f8 h8-g7 h8-g8 h8-h6 h8-h7 h8-h9 h8-i8 h8xf6 h8xi7 h8xi9 h8xj8");

    /* ---- T4 Soaring eagle ---- */
    const char *T4 = "15k/16/16/16/16/7P8/5g3s6/6P1p7/4P2E!2P5/16/16/4P2P2P5/16/16/16/K15 b";
    check_piece("T4", T4, NULL, "h8", 17,
        "h8-h9 h8-h10 h8-h6 h8-h7 h8-i8 h8-j8 h8-g8 h8-f8 h8-i7 h8-j6 h8-g7 h8-f6 "
        "h8xi9 h8x!i9 h8xi9xj10 h8xj10 h8xf10");

    /* ---- T5 Horned falcon ---- */
    const char *T5 = "15k/16/16/16/16/4P5P5/16/7p8/4P2F!2P5/16/16/4P2P2P5/16/16/16/K15 b";
    check_piece("T5", T5, NULL, "h8", 18,
        "h8-h6 h8-h7 h8-i8 h8-j8 h8-g8 h8-f8 h8-i9 h8-j10 h8-g9 h8-f10 h8-i7 h8-j6 h8-g7 h8-f6 "
        "h8xh9 h8x!h9 h8xh9-h10 h8-h10");

    /* ---- T6 Heavenly tetrarch ---- */
    const char *T6 = "15k/16/16/16/7p3p4/16/5P10/6PPp7/4n1P+C!8/7g8/9s6/7P8/3P12/16/16/K15 b";
    check_piece("T6", T6, NULL, "h8", 16,
        "h8x!i9 h8x!h7 h8-h10 h8-h11 h8xh12 h8-h6 h8-j10 h8-k11 h8xl12 h8xj6 h8-f6 h8-e5 "
        "h8-j8 h8-k8 h8-f8 h8xe8");
    check_piece("T6", T6, "tetrarch=western", "h8", 12,
        "h8x!i9 h8x!h7 h8-j10 h8-k11 h8xl12 h8xj6 h8-f6 h8-e5 h8-j8 h8-k8 h8-f8 h8xe8");

    /* ---- T7 Fire demon ---- */
    const char *T7 = "15k/16/16/16/16/16/16/16/16/16/5P10/4d!11/2p13/4g11/1D!3P10/15K b";
    const char *T7moves =
        "b2pass:a1 "
        "b2-a1 b2-a2 b2-a3 b2-a4 b2-a5 b2-b1 b2-c1 b2-c2 b2-d1 b2-e1 "
        "b2-b3 b2-b4 b2-b5 b2-c3 b2-c5 b2-d2 b2-e2 b2-d3 "
        "b2xc4 b2xe3 b2xe5 b2-d4* b2-d5* b2-e4*";
    check_piece("T7", T7, NULL, "b2", 25, T7moves);
    {
        char buf[1024];
        snprintf(buf, sizeof buf, "%s b2-b6 b2-b7 b2-b8 b2-b9 b2-b10 b2-b11 b2-b12 b2-b13 b2-b14 "
                 "b2-b15 b2-b16", T7moves);
        check_piece("T7", T7, "fd_range=file", "b2", 36, buf);
    }
    /* burns (default): pieces are c4 p, e3 g, e5 d! (White demon), f6 P (own) */
    static const struct { const char *mv, *expect; } t7burn[] = {
        {"b2-a1", "a1=D! c4=p e3=g e5=d! f6=P"}, {"b2-a2", "a2=D! c4=p e3=g"},
        {"b2-a3", "a3=D! c4=p e3=g"}, {"b2-a4", "a4=D! c4=p e3=g"}, {"b2-a5", "a5=D! c4=p e3=g"},
        {"b2-b1", "b1=D! c4=p e3=g"}, {"b2-c1", "c1=D! c4=p e3=g"}, {"b2-c2", "c2=D! c4=p e3=g"},
        {"b2-d1", "d1=D! c4=p e3=g"}, {"b2-e1", "e1=D! c4=p e3=g"},
        {"b2-b3", "b3=D! c4=. e3=g"}, {"b2-b4", "b4=D! c4=. e3=g"}, {"b2-b5", "b5=D! c4=. e3=g"},
        {"b2-c3", "c3=D! c4=. e3=g"}, {"b2-c5", "c5=D! c4=. e3=g e5=d!"},
        {"b2-d2", "d2=D! c4=p e3=."}, {"b2-e2", "e2=D! c4=p e3=."},
        {"b2-d3", "d3=D! c4=. e3=."},
        {"b2xc4", "c4=D! e3=g e5=d! b2=."}, {"b2xe3", "e3=D! c4=p e5=d!"},
        {"b2xe5", "e5=D! c4=p e3=g f6=P"},
        {"b2pass:a1", "b2=D! c4=p e3=g"},
        {"b2-d4*", "d4=. b2=. c4=p e3=g e5=d!"}, {"b2-d5*", "d5=. b2=. c4=p e3=g e5=d!"},
        {"b2-e4*", "e4=. b2=. c4=p e3=g e5=d!"},
    };
    for (size_t k = 0; k < sizeof t7burn / sizeof t7burn[0]; k++)
        check_result("T7", T7, NULL, t7burn[k].mv, t7burn[k].expect);
    check_result("T7", T7, "fd_suicide=all_burn", "b2-d4*", "d4=. b2=. c4=. e3=. e5=d!");
    check_result("T7", T7, "fd_suicide=all_burn", "b2-d5*", "d5=. b2=. c4=. e3=g e5=d!");
    check_result("T7", T7, "fd_suicide=all_burn", "b2-e4*", "e4=. b2=. c4=p e3=. e5=d!");

    /* ---- T8 Great general ---- */
    const char *T8 = "16/16/16/16/16/3g12/3q!12/3s12/3b!3r8/l5+e9/1p1p12/2V!Pp11/nR!1Q!2k9/16/5+R!10/6s8K b";
    const char *T8moves =
        "d4-d3 d4-d2 d4-d1 d4-c3 d4-b2 d4-a1 d4-c4 d4-e3 d4-e4 d4-f4 d4xg4 d4xe5 "
        "d4xd6 d4xd8 d4xd9 d4xd10 d4xb6 d4xa7 d4xa4";
    check_piece("T8", T8, NULL, "d4", 19, T8moves);
    check_piece("T8", T8, "jumper_capture=nojump", "d4", 18,
        "d4-d3 d4-d2 d4-d1 d4-c3 d4-b2 d4-a1 d4-c4 d4-e3 d4-e4 d4-f4 d4xg4 d4xe5 "
        "d4xd6 d4xd8 d4xd9 d4xb6 d4xa7 d4xa4");
    check_piece("T8", T8, "jumper_capture=tsa", "d4", 17,
        "d4-d3 d4-d2 d4-d1 d4-c3 d4-b2 d4-a1 d4-c4 d4-e3 d4-e4 d4-f4 d4xe5 "
        "d4xd6 d4xd8 d4xd9 d4xb6 d4xa7 d4xa4");
    {
        char buf[1024];
        snprintf(buf, sizeof buf, "%s d4-d7 d4-f6", T8moves);
        check_piece("T8", T8, "jump_noncapture=on", "d4", 21, buf);
    }

    /* ---- T8b Rook general ---- */
    const char *T8b = "16/16/16/16/16/7p8/7v!8/7P8/3pkpPR!b!g6/16/16/7P8/7s8/7n8/16/K15 b";
    check_piece("T8b", T8b, NULL, "h8", 7, "h8-h7 h8-h6 h8xh10 h8xi8 h8xf8 h8xh4 h8xh3");

    /* ---- T9 Vice general ---- */
    const char *T9 = "15k/16/16/16/16/16/16/16/7s8/6v!9/5p10/2p13/3P12/1GV!1s11/16/15K b";
    check_piece("T9", T9, NULL, "c3", 35,
        "c3pass:b2 c3xf6 c3xg7 "
        "c3-a1 c3-b1 c3-c1 c3-d1 c3-e1 c3-f1 c3-a2 c3-b2 c3-c2 c3-d2 c3-e2 c3-f2 c3-a3 c3-d3 "
        "c3-f3 c3-a4 c3-b4 c3-c4 c3-e4 c3-f4 c3-a5 c3-b5 c3-d5 c3-e5 c3-f5 c3-a6 c3-b6 c3-c6 "
        "c3-d6 c3-e6 c3xc5 c3xe3");

    /* ---- T10 Water buffalo ---- */
    const char *T10 = "15k/16/16/16/16/4s5P5/16/16/4S2W!3p4/6gP8/9P6/16/16/16/16/K15 b";
    check_piece("T10", T10, NULL, "h8", 15,
        "h8-h9 h8-h10 h8-i8 h8-j8 h8-k8 h8xl8 h8-g8 h8-f8 h8-i9 h8-j10 h8-g9 h8-f10 h8xe11 "
        "h8-i7 h8xg7");

    /* ---- T11 Promotion ---- */
    const char *T11 = "15k/16/16/16/6PpP7/6PF!P7/6PPP7/16/16/16/16/16/16/16/16/K15 b";
    check_piece("T11", T11, NULL, "h11", 7,
        "h11xh12 h11xh12+ h11xh12-h13 h11xh12-h13+ h11-h13 h11-h13+ h11x!h12");
    check_piece("T11", T11, "promo_path=any_square", "h11", 8,
        "h11xh12 h11xh12+ h11xh12-h13 h11xh12-h13+ h11-h13 h11-h13+ h11x!h12 h11x!h12+");

    /* ---- O3 Demon meets demon ---- */
    const char *O3 = "15k/16/16/16/16/16/16/16/7d!8/6g1s7/7p8/16/7D!8/16/16/K15 b";
    check_result("O3", O3, NULL, "h4-h7", "h7=. h4=. g7=g i7=s h6=p h8=d!");
    check_result("O3", O3, "fd_suicide=all_burn", "h4-h7", "h7=. h4=. g7=. i7=. h6=. h8=d!");
    check_result("O3", O3, NULL, "h4-g6", "g6=D! h6=. g7=. i7=s h8=d!");
    check_result("O3", O3, NULL, "h4-i6", "i6=D! h6=. i7=. g7=g h8=d!");
    check_result("O3", O3, NULL, "h4xh6", "h6=D! g7=. i7=. h8=d!");
    check_result("O3", O3, "fd_suicide=all_burn", "h4-g6", "g6=D! h6=. g7=. i7=s h8=d!");
    check_result("O3", O3, "fd_suicide=all_burn", "h4-i6", "i6=D! h6=. i7=. g7=g h8=d!");
    check_result("O3", O3, "fd_suicide=all_burn", "h4xh6", "h6=D! g7=. i7=. h8=d!");

    /* ---- O4 Captured demon does not burn ---- */
    const char *O4 = "15k/16/16/16/16/16/16/6p1+w!7/7L!8/16/16/16/16/16/16/K15 b";
    check_result("O4", O4, NULL, "h8x!i9", "h8=L! i9=. g9=p");
    check_result("O4", O4, NULL, "h8xi9", "i9=L! h8=.");
    check_result("O4", O4, NULL, "h8xi9-j10", "j10=L! i9=. h8=.");
    check_result("O4", O4, NULL, "h8xi9-h9", "h9=L! i9=. h8=.");
    check_result("O4", O4, NULL, "h8pass:g7", "h8=. i9=+w!");
    check_result("O4", O4, NULL, "h8-h9", "h9=. h8=. i9=+w!");
    check_result("O4", O4, NULL, "h8-i10", "i10=. h8=. i9=+w!");
    check_result("O4", O4, NULL, "h8-j10", "j10=. h8=. i9=+w!");
    check_result("O4", O4, NULL, "h8x!g9", "h8=. g9=. i9=+w!");
    check_result("O4", O4, NULL, "h8xg9-h9", "h9=. h8=. g9=. i9=+w!");

    /* ---- O5 Promotion to fire demon ---- */
    const char *O5 = "15k/16/16/6g9/8s7/7W!8/16/16/16/16/16/16/16/16/16/K15 b";
    check_result("O5", O5, NULL, "h11-h12+", "h12=+W! g13=g i12=s");
    check_result("O5", O5, "promo_burn=on", "h11-h12+", "h12=+W! g13=. i12=.");
    {
        /* afterwards a White piece that moves next to h12 is burned; j11 / j13 are safe */
        checks++;
        int before = failures;
        RefMove *mv = malloc(MAXMOVES * sizeof *mv);
        int n = gen("O5", O5, NULL, mv);
        const RefMove *m = n > 0 ? find_move(mv, n, "h11h12+") : NULL;
        if (!m) fail("O5", "h11h12+ not generated%s%s", "", "");
        else {
            char after[600];
            snprintf(after, sizeof after, "%s", m->result);
            int n2 = gen("O5", after, NULL, mv);
            static const struct { const char *w; int survives; } sil[] = {
                {"i12i11", 0}, {"i12h11", 0}, {"i12h13", 0}, {"i12j11", 1}, {"i12j13", 1},
            };
            for (size_t k = 0; k < sizeof sil / sizeof sil[0]; k++) {
                const RefMove *m2 = find_move(mv, n2, sil[k].w);
                if (!m2) { fail("O5", "silver move %s missing%s", sil[k].w, ""); continue; }
                int has = count_token(m2->result, "s");
                if (has != sil[k].survives)
                    fail("O5", "silver move %s: survival wrong (%s)", sil[k].w, m2->result);
            }
        }
        printf("%s O5 white silver i12 burned when moving next to the new demon h12, safe on j11/j13\n",
               failures == before ? "PASS" : "FAIL");
        free(mv);
    }

    /* ---- O6 Repetition / pass ---- */
    const char *O6 = "l!14k/16/16/16/16/16/16/16/7L!8/16/16/16/16/16/16/K15 b";
    check_perft("O6", O6, NULL, 1, 28);
    check_perft("O6", O6, NULL, 2, 335);
    check_perft("O6", O6, NULL, 3, 9761);
    {
        /* 1. Ln h8 pass is legal; then White's Ln a16 pass is illegal because it recreates the
           start position.  Without history each child position would count the pass-back, so
           the sum of perft(1) over the children must be 336 while perft(2) of O6 is 335. */
        checks++;
        RefMove *mv = malloc(MAXMOVES * sizeof *mv);
        int n = gen("O6", O6, NULL, mv);
        RefRules r;
        ref_rules_default(&r);
        const RefMove *m = n > 0 ? find_move(mv, n, "h8g7,g7h8") : NULL;
        int ok = m != NULL;
        uint64_t sum = 0;
        for (int i = 0; i < n; i++) sum += ref_perft(&r, mv[i].result, 1);
        if (m) {
            int n2 = gen("O6", m->result, NULL, mv);
            ok = ok && find_move(mv, n2, "a16a15,a15a16") != NULL;
        }
        ok = ok && sum == 336;
        if (!ok) failures++;
        printf("%s O6 Black pass h8g7,g7h8 legal; sum of child perft(1) without history = %" PRIu64
               " (expected 336 = 335 + the excluded pass-back)\n", ok ? "PASS" : "FAIL", sum);
        free(mv);
    }

    /* ---- EXTRA checks, not in §10: derived by hand from the prose of RULES.md ---- */
    {
        /* §5.11 check exception: Black's lion (and in the 3rd case also its demon) can pass;
           White's lion pass-back then repeats the start position.  It is legal only if White
           is in check, i.e. has exactly one royal that Black could remove. */
        static const struct { const char *name, *tfen; uint64_t diff; } rc[] = {
            {"rook checks single king", "l!14k/16/16/16/16/16/16/16/7L!8/16/16/16/16/16/15R/K15 b", 1},
            {"two royals: never in check", "l!13kk/16/16/16/16/16/16/16/7L!8/16/16/16/16/16/15R/K15 b", 0},
            {"not in check (O6)", "l!14k/16/16/16/16/16/16/16/7L!8/16/16/16/16/16/16/K15 b", 0},
            {"burn check, lion and demon pass", "l!14k/16/16/16/16/11D!4/16/16/7L!8/16/16/16/16/16/16/K15 b", 2},
        };
        for (size_t k = 0; k < sizeof rc / sizeof rc[0]; k++) {
            checks++;
            RefRules on, off;
            rules_from(&on, NULL);
            rules_from(&off, "rep_check_exception=off");
            uint64_t a = ref_perft(&on, rc[k].tfen, 2), b = ref_perft(&off, rc[k].tfen, 2);
            int ok = a - b == rc[k].diff;
            if (!ok) failures++;
            printf("%s EXTRA check exception (%s): perft(2) on %" PRIu64 " - off %" PRIu64
                   " = %" PRIu64 " (expected %" PRIu64 ")\n", ok ? "PASS" : "FAIL", rc[k].name, a, b,
                   a - b, rc[k].diff);
        }
    }
    {
        /* §4.2 second_chance: knight c13 (in zone) to rank 15, iron c15 to rank 16, iron e10 to
           rank 11 (outside the zone: never); White mirrored. */
        const char *SC = "k15/2I13/16/2N13/16/16/4I11/16/16/16/16/16/16/16/16/K15 b";
        check_piece("EXTRA second_chance off", SC, NULL, "c13", 2, "c13-b15 c13-d15");
        check_piece("EXTRA second_chance on", SC, "second_chance=on", "c13", 4,
                    "c13-b15 c13-b15+ c13-d15 c13-d15+");
        check_piece("EXTRA second_chance on", SC, "second_chance=on", "c15", 6,
                    "c15-b16 c15-b16+ c15-c16 c15-c16+ c15-d16 c15-d16+");
        check_piece("EXTRA second_chance on", SC, "second_chance=on", "e10", 3, "e10-d11 e10-e11 e10-f11");
        const char *SCW = "k15/16/16/16/16/16/16/16/16/11i4/16/16/13n2/16/13i2/15K w";
        check_piece("EXTRA second_chance on (White)", SCW, "second_chance=on", "n4", 4,
                    "n4-m2 n4-m2+ n4-o2 n4-o2+");
        check_piece("EXTRA second_chance on (White)", SCW, "second_chance=on", "n2", 6,
                    "n2-m1 n2-m1+ n2-n1 n2-n1+ n2-o1 n2-o1+");
        /* §4.2 E2: an igui from inside the zone may promote (T11 shifted one rank up: the
           falcon starts in the zone; its non-capturing jump h12-h14 gets no option) */
        check_piece("EXTRA in-zone igui", "15k/16/16/6PpP7/6PF!P7/6PPP7/16/16/16/16/16/16/16/16/16/K15 b",
                    NULL, "h12", 7,
                    "h12x!h13 h12x!h13+ h12xh13 h12xh13+ h12xh13-h14 h12xh13-h14+ h12-h14");
    }

    /* ---- start position perft ---- */
    {
        RefRules r;
        ref_rules_default(&r);
        for (int d = 1; d <= 3; d++) {
            clock_t c0 = clock();
            uint64_t n = ref_perft(&r, START, d);
            double s = (double)(clock() - c0) / CLOCKS_PER_SEC;
            printf("INFO start position perft(%d) = %" PRIu64 " (%.2f s)\n", d, n, s);
        }
    }

    printf("\n%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
