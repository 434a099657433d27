/* The evaluation: the incremental state equals a recomputation after every move of many random
 * games, the score is colour-symmetric (the position turned 180 degrees with colours swapped
 * scores the same for the side to move), and the material of the start position is the GCSA
 * table's sum. */
#include <string.h>

#include "board/makemove.h"
#include "board/movegen.h"
#include "board/tfen.h"
#include "check.h"
#include "eval/eval.h"
#include "randpos.h"

static void mirror(const Position *src, Position *dst)
{
    position_clear(dst, src->rs);
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        if (src->board[sq]) {
            int pc = src->board[sq];
            put_piece(dst, 255 - sq, make_piece(piece_kind(pc), piece_colour(pc) ^ 1));
        }
    if (src->side == BLACK) {
        dst->side = WHITE;
        dst->key ^= zobrist_side;
    }
    position_reset_history(dst);
}

/* A position of the given pieces (kind, colour, file, rank from 0), Black to move. */
typedef struct { int kind, colour, file, rank; } Placed;
static void setup(Position *pos, const Placed *pieces, int n)
{
    position_clear(pos, ruleset_default());
    for (int i = 0; i < n; i++)
        put_piece(pos, sq_make(pieces[i].file, pieces[i].rank), make_piece(pieces[i].kind, pieces[i].colour));
    position_reset_history(pos);
}
static EvalTerms terms_of(const Placed *pieces, int n)
{
    static Position pos;
    EvalTerms t;
    setup(&pos, pieces, n);
    eval_explain(&pos, &t);
    return t;
}

/* Each term points the way docs/ARCHITECTURE.md describes it (they are off by default, but switched
   on for experiments they must mean what they claim), and the score is clamped. */
static void term_directions(void)
{
    /* promotion: a water buffalo near Black's zone (ranks 12-16) is worth more than far away */
    Placed far[] = {{KING, BLACK, 7, 0}, {KING, WHITE, 8, 15}, {WATER_BUFFALO, BLACK, 4, 1}};
    Placed near[] = {{KING, BLACK, 7, 0}, {KING, WHITE, 8, 15}, {WATER_BUFFALO, BLACK, 4, 9}};
    EvalTerms a = terms_of(far, 3), b = terms_of(near, 3);
    CHECK(b.promotion > a.promotion && a.promotion >= 0, "promotion: buffalo far %d, near the zone %d",
          a.promotion, b.promotion);
    /* royals: a White fire demon next to Black's lone king counts against Black */
    Placed calm[] = {{KING, BLACK, 7, 0}, {KING, WHITE, 8, 15}, {FIRE_DEMON, WHITE, 0, 12}};
    Placed danger[] = {{KING, BLACK, 7, 0}, {KING, WHITE, 8, 15}, {FIRE_DEMON, WHITE, 7, 3}};
    a = terms_of(calm, 3), b = terms_of(danger, 3);
    CHECK(b.royal < a.royal, "royal safety: demon far %d, demon near %d", a.royal, b.royal);
    /* a second royal (a prince) is worth something */
    Placed two[] = {{KING, BLACK, 7, 0}, {promoted_kind(DRUNK_ELEPHANT), BLACK, 8, 0}, {KING, WHITE, 8, 15}, {FIRE_DEMON, WHITE, 0, 12}};
    b = terms_of(two, 4);
    CHECK(b.royal > a.royal, "royal count: one royal %d, two %d", a.royal, b.royal);
    /* emptying: on an almost empty board a fire demon is worth less than its table value */
    CHECK(a.emptying > 0, "emptying: White's demon on an empty board, term %d (should favour Black)",
          a.emptying);
    /* mobility: a rook in the open against a rook boxed in by its own pawns */
    Placed open[] = {{KING, BLACK, 0, 0}, {KING, WHITE, 15, 15}, {ROOK, BLACK, 7, 7}, {ROOK, WHITE, 15, 14},
                     {PAWN, WHITE, 15, 13}, {PAWN, WHITE, 14, 14}};
    a = terms_of(open, 6);
    CHECK(a.mobility > 0, "mobility: open rook against a boxed-in one, term %d", a.mobility);
    /* tempo: the side to move */
    CHECK(a.tempo > 0, "tempo for Black to move: %d", a.tempo);

    /* the clamp: a whole army against a lone king */
    static Position pos;
    char err[200];
    position_clear(&pos, ruleset_default());
    CHECK(tfen_parse(&pos, "8k7/16/16/16/16/16/16/16/16/16/4D'6D'4/PPPPPPPPPPPPPPPP/"
                           "MVRF!E!B!R!Q!V!R!B!E!F!RVM/S'V'BHDW!D!H!Q'D!W!DHBV'S'/"
                           "A1C!C!1TOL!QXT1C!C!1A/LNFICSGKEGSCIFNL w", err, sizeof err) == 0, "%s", err);
    EvalState st;
    eval_state_init(&st, &pos);
    CHECK(evaluate(&pos, &st, EVAL_ALL) == -EVAL_MAX && evaluate(&pos, &st, 0) == -EVAL_MAX,
          "lone king to move against an army: %d, not clamped to %d", evaluate(&pos, &st, 0), -EVAL_MAX);
}

int main(void)
{
    static Position pos, flipped;
    static MoveVec list;
    static EvalState states[1000];
    Rng rng = {31337};
    int checked = 0;

    term_directions();
    position_start(&pos, ruleset_default());
    EvalTerms t;
    eval_explain(&pos, &t);
    /* 78 pieces a side without the king: docs/RULES.md §7 values */
    CHECK(t.material[BLACK] == 84200 && t.material[WHITE] == 84200, "start material %d/%d",
          t.material[BLACK], t.material[WHITE]);
    int start_expected = (EVAL_DEFAULT & EVAL_TEMPO) ? t.tempo : 0;
    CHECK(t.total_black == start_expected, "start evaluation %d, expected %d (the tempo term if on)",
          t.total_black, start_expected);

    for (int game = 0; game < scaled(200); game++) {
        position_start(&pos, ruleset_default());
        eval_state_init(&states[0], &pos);
        for (int ply = 0; ply < 600; ply++) {
            generate_legal(&pos, &list);
            Move m = random_move(&pos, &list, &rng, 50);
            if (!m)
                break;
            Undo u;
            make_move(&pos, m, &u);
            eval_state_update(&states[ply + 1], &states[ply], &pos, &u);
            EvalState fresh;
            eval_state_init(&fresh, &pos);
            CHECK(memcmp(&fresh, &states[ply + 1], sizeof fresh) == 0,
                  "incremental evaluation state differs after move %d of game %d", ply + 1, game);
            mirror(&pos, &flipped);
            EvalState fs;
            eval_state_init(&fs, &flipped);
            int a = evaluate(&pos, &states[ply + 1], EVAL_ALL), b = evaluate(&flipped, &fs, EVAL_ALL);
            CHECK(a == b, "evaluation not colour-symmetric: %d vs %d", a, b);
            checked++;
        }
    }
    printf("%d positions checked\n", checked);
    return check_finish("test_eval");
}
