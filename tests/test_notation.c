/* Wire syntax (docs/PROTOCOL.md §3) and Hodges notation (docs/RULES.md §8): printing, parsing, the suffix
 * policy, passes, "@@@@", rank offset, and round trips over random positions. */
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/tfen.h"
#include "check.h"
#include "randpos.h"

#define T1 "15k/16/16/16/16/16/7s8/7Pp7/7L!1G6/6g9/16/16/16/16/16/K15 b"
#define T6 "15k/16/16/16/7p3p4/16/5P10/6PPp7/4n1P+C!8/7g8/9s6/7P8/3P12/16/16/K15 b"
#define T7 "15k/16/16/16/16/16/16/16/16/16/5P10/4d!11/2p13/4g11/1D!3P10/15K b"
#define T8 "16/16/16/16/16/3g12/3q!12/3s12/3b!3r8/l5+e9/1p1p12/2V!Pp11/nR!1Q!2k9/16/5+R!10/6s8K b"
#define T11 "15k/16/16/16/6PpP7/6PF!P7/6PPP7/16/16/16/16/16/16/16/16/K15 b"
#define O3 "15k/16/16/16/16/16/16/16/7d!8/6g1s7/7p8/16/7D!8/16/16/K15 b"
#define O6 "l!14k/16/16/16/16/16/16/16/7L!8/16/16/16/16/16/16/K15 b"

static Position pos;

static void load(const char *tfen)
{
    char err[128];
    position_clear(&pos, ruleset_default());
    CHECK(tfen_parse(&pos, tfen, err, sizeof err) == 0, "%s", err);
}

/* wire input -> Hodges output */
static void expect_hodges(const char *tfen, const char *wire, const char *hodges)
{
    char err[128] = "", out[MOVE_STR_MAX];
    load(tfen);
    Move m = move_from_wire(&pos, wire, 0, err, sizeof err);
    CHECK(m != MOVE_NONE, "%s rejected: %s", wire, err);
    if (!m)
        return;
    move_to_hodges(&pos, m, out);
    CHECK(strcmp(out, hodges) == 0, "%s: Hodges '%s', expected '%s'", wire, out, hodges);
    Move back = move_from_hodges(&pos, hodges, err, sizeof err);
    CHECK(back == m, "Hodges '%s' does not parse back: %s", hodges, err);
}

static void hodges_examples(void)
{
    /* docs/RULES.md §8 worked examples */
    expect_hodges(T1, "h8i9,i9h10", "Lnx8hx9g");
    expect_hodges(T1, "h8g7,g7h8", "Lnx!10j");
    expect_hodges(T1, "h8i9,i9j9", "Lnx8h-7h");
    expect_hodges(T1, "h8h7,h7h8", "Ln-9i");
    expect_hodges(T1, "h8g9", "Ln-10h");
    expect_hodges(T7, "b2d3", "FiD-13nx!14m,12n");
    expect_hodges(O3, "h4h6", "FiDx9kx!8j,10j");
    expect_hodges(T7, "b2d4", "FiD-13m*");
    expect_hodges(T8, "d4d10", "GGnx13g");
    expect_hodges(T11, "h11h12+", "HFx9e+");
    expect_hodges(T11, "h11h12", "HFx9e=");
    expect_hodges(T11, "h11h12,h12h11", "HFx!9e");
    expect_hodges(T6, "h8i9,i9h8", "+ChSx!8h");
    /* aliases are accepted on input */
    char err[128];
    load(T7);
    CHECK(move_from_hodges(&pos, "FDx14m", err, sizeof err) == move_make(sq_make(1, 1), sq_make(2, 3)),
          "alias FD: %s", err);
    CHECK(move_from_hodges(&pos, "FiD-3c", err, sizeof err) == MOVE_NONE, "nonsense accepted");
    /* disambiguation: two pawns that could both go to the same square never happen, but two
       gold generals can: G10p-9o vs G7p... use the start position's two coppers? Build one. */
    load("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K1G1G11 b");
    Move m = move_from_wire(&pos, "c1d2", 0, err, sizeof err);
    char out[MOVE_STR_MAX];
    move_to_hodges(&pos, m, out);
    CHECK(strcmp(out, "G14p-13o") == 0, "disambiguated: %s", out);
    m = move_from_wire(&pos, "c1c2", 0, err, sizeof err);
    move_to_hodges(&pos, m, out);
    CHECK(strcmp(out, "G-14o") == 0, "not ambiguous: %s", out);
}

static void expect_wire(const char *tfen, const char *in, bool legal, const char *canonical)
{
    char err[128], out[MOVE_STR_MAX];
    load(tfen);
    char before[TFEN_MAX], after[TFEN_MAX];
    tfen_print(&pos, before);
    int nhist = pos.nhist;
    Move m = move_from_wire(&pos, in, 0, err, sizeof err);
    tfen_print(&pos, after);
    CHECK(strcmp(before, after) == 0 && nhist == pos.nhist, "parsing %s changed the position", in);
    CHECK((m != MOVE_NONE) == legal, "'%s' %s (%s)", in, m ? "accepted" : "rejected", err);
    if (m && canonical) {
        move_to_wire(&pos, m, 0, out);
        CHECK(strcmp(out, canonical) == 0, "'%s' prints as '%s', expected '%s'", in, out, canonical);
    }
}

static void wire_policy(void)
{
    /* passes: any valid v accepted, the lowest-index one printed */
    expect_wire(T1, "h8h7,h7h8", true, "h8h7,h7h8");
    expect_wire(T1, "h8g8,g8h8", true, "h8h7,h7h8");
    expect_wire(T1, "h8i8,i8h8", true, NULL);
    expect_wire(T1, "h8h9,h9h8", false, NULL);  /* h9 is occupied */
    expect_wire(T1, "h8h10,h10h8", false, NULL); /* not adjacent */
    expect_wire(T1, "h8h8", false, NULL);       /* no one-leg pass */
    /* '=' on anything, '+' only where a promotion exists (or a suicide) */
    expect_wire(T1, "h8f6=", true, "h8f6");
    expect_wire(T1, "h8f6+", false, NULL);      /* lion never promotes */
    expect_wire(T11, "h11h12+", true, "h11h12+");
    expect_wire(T11, "h11h12=", true, "h11h12");
    expect_wire(T11, "h11h12,h12h11+", false, NULL); /* igui from outside: no option */
    expect_wire(T7, "b2d4+", true, "b2d4");    /* suicide: '+' ignored */
    expect_wire(T7, "b2b3+", false, NULL);     /* a fire demon never promotes */
    /* multi-leg forms */
    expect_wire(T1, "h8i9,i9h10", true, "h8i9,i9h10");
    expect_wire(T1, "h8i9,j9h10", false, NULL); /* legs not joined */
    expect_wire(T1, "h8i9,i9h10,h10h11", false, NULL);
    expect_wire(T1, "h8g8,g8f8", true, "h8f8"); /* a leg through an empty square */
    /* garbage */
    const char *junk[] = {"", "h", "h8", "h8i", "z1z2", "a0a1", "a17a16", "h8i9,", "h8i9x",
                          "@@@", "@@@@@", "h08h9", "\x01\x02", "a1a2+=", "+", "h8 i9"};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++)
        expect_wire(T1, junk[i], false, NULL);
    /* "@@@@": legal only when all passes give the same position */
    expect_wire(O6, "@@@@", true, "h8g7,g7h8");
    expect_wire(T1, "@@@@", true, NULL);  /* the lion is the only passer */
    expect_wire(T7, "@@@@", true, NULL);  /* the demon's pass burns nothing: only passer */
    /* the demon's pass burns the pawn on c3, the lion's pass changes nothing: ambiguous */
    expect_wire("15k/16/16/16/16/16/16/16/7L!8/16/16/16/16/2p13/1D!14/K15 b", "@@@@", false, NULL);
    expect_wire("15k/16/16/16/16/16/16/16/7L!8/16/16/16/16/2p13/1D!14/K15 b", "b2b1,b1b2", true, NULL);
}

static void rank_offset_roundtrip(void)
{
    char err[128], a[MOVE_STR_MAX];
    load(TFEN_START);
    Move m = move_from_wire(&pos, "h3h11", 1, err, sizeof err); /* 0-based: h4h12 */
    CHECK(m == move_make(sq_make(7, 3), sq_make(7, 11)), "offset parse: %s", err);
    move_to_wire(&pos, m, 1, a);
    CHECK(strcmp(a, "h3h11") == 0, "offset print %s", a);
    load("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w");
    m = move_from_wire(&pos, "p15o15", 1, err, sizeof err);
    CHECK(m == move_make(sq_make(15, 15), sq_make(14, 15)), "top-rank move with offset: %s", err);
    CHECK(move_from_wire(&pos, "p16o16", 1, err, sizeof err) == MOVE_NONE, "rank 16 is off board with offset 1");
}

/* Every legal move of many random positions prints and parses back to itself, with and
   without the rank offset, and its Hodges form parses back too. */
static void random_roundtrips(void)
{
    static MoveVec list;
    Rng rng = {99};
    int checked = 0;
    for (int game = 0; game < scaled(30); game++) {
        position_start(&pos, ruleset_default());
        for (int ply = 0; ply < 160; ply++) {
            generate_legal(&pos, &list);
            if (!list.count)
                break;
            for (int i = 0; i < list.count; i++) {
                Move m = list.moves[i];
                char text[MOVE_STR_MAX], err[128] = "";
                for (int off = 0; off < 2; off++) {
                    move_to_wire(&pos, m, off, text);
                    Move back = move_from_wire(&pos, text, off, err, sizeof err);
                    CHECK(back == m, "wire %s (offset %d) parses to %08x: %s", text, off, back, err);
                }
                if (ply % 10 == 0) {
                    move_to_hodges(&pos, m, text);
                    Move back = move_from_hodges(&pos, text, err, sizeof err);
                    CHECK(back == m, "Hodges %s parses to %08x: %s", text, back, err);
                }
                checked++;
            }
            Move m = random_move(&pos, &list, &rng, 60);
            Undo u;
            make_move(&pos, m, &u);
        }
    }
    printf("round-tripped %d moves\n", checked);
}

int main(void)
{
    hodges_examples();
    wire_policy();
    rank_offset_roundtrip();
    random_roundtrips();
    return check_finish("test_notation");
}
