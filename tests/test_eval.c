/* The evaluation:
 *   - the incremental state equals a recomputation after every move of many random games;
 *   - the trace (the features counted one by one, eval/trace.h) times the weights is exactly
 *     evaluate(), on random games and on random positions with every kind of piece;
 *   - the score is colour-symmetric (the position turned 180 degrees with colours swapped
 *     scores the same for the side to move);
 *   - every feature counts what it claims (feature_directions), and every term points the right
 *     way (term_directions: material, piece-square tables alike for both colours, promotion,
 *     mobility, royal safety, fire demons, tempo), with the compiled-in weights (a term they
 *     leave at 0 must stay 0) and with weights of each feature's meaning;
 *   - the material of the start position is the docs/RULES.md §7 sum; scores are clamped. */
#include <stddef.h>
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/tfen.h"
#include "check.h"
#include "eval/eval.h"
#include "eval/trace.h"
#include "mirror.h"
#include "randpos.h"

/* A position of the given pieces (kind, colour, file, rank from 0), Black to move. */
typedef struct { int kind, colour, file, rank; } Placed;
static Position *setup(const Placed *pieces, int n)
{
    static Position pos;
    position_clear(&pos, ruleset_default());
    for (int i = 0; i < n; i++)
        put_piece(&pos, sq_make(pieces[i].file, pieces[i].rank), make_piece(pieces[i].kind, pieces[i].colour));
    position_reset_history(&pos);
    return &pos;
}
static EvalTrace trace_buf;
static const EvalTrace *trace_of(const Placed *pieces, int n)
{
    eval_trace(setup(pieces, n), &trace_buf);
    return &trace_buf;
}
#define COUNT(f, c) (trace_buf.coef[f][c])

#define KINGS {KING, BLACK, 7, 0}, {KING, WHITE, 8, 15}

static void feature_directions(void)
{
    /* material and promotion: a gold one rank short of Black's zone (ranks 12-16), a water
       buffalo two ranks short */
    Placed promo[] = {KINGS, {GOLD, BLACK, 3, 10}, {WATER_BUFFALO, BLACK, 5, 9}, {PAWN, WHITE, 9, 9}};
    trace_of(promo, 5);
    CHECK(COUNT(F_MATERIAL(GOLD), BLACK) == 1 && COUNT(F_MATERIAL(PAWN), WHITE) == 1 &&
              COUNT(F_MATERIAL(KING), BLACK) == 0, "material counts");
    CHECK(COUNT(F_PROMO(1), BLACK) == 9 && COUNT(F_BUFFALO(2), BLACK) == 1,
          "promotion: gold gains 9 pawns one rank short (%d), buffalo two short (%d)",
          COUNT(F_PROMO(1), BLACK), COUNT(F_BUFFALO(2), BLACK));
    CHECK(COUNT(F_RANK(GROUP_PAWN, 6), WHITE) == 1 && COUNT(F_FILE(GROUP_PAWN, 6), WHITE) == 1,
          "White's pawn on rank 10 is on its own rank 6, file j is 6 from the edge");

    /* royal safety: an enemy demon next to the king, a lion two squares away, two guards, a
       great general aiming at the king through a pawn it can jump */
    Placed royal[] = {KINGS, {FIRE_DEMON, WHITE, 8, 1}, {LION, WHITE, 5, 2}, {GOLD, BLACK, 6, 0},
                      {SILVER, BLACK, 7, 1}, {GREAT_GENERAL, WHITE, 7, 9}, {PAWN, BLACK, 7, 5}};
    trace_of(royal, 8);
    CHECK(COUNT(F_ROYAL_DEMON(0), BLACK) == 1 && COUNT(F_ROYAL_NEAR_LION, BLACK) == 2 &&
              COUNT(F_ROYAL_GUARD, BLACK) == 2 && COUNT(F_ROYAL_JUMPER_XRAY, BLACK) == 1,
          "royal: demon %d lions %d guards %d x-ray %d", COUNT(F_ROYAL_DEMON(0), BLACK),
          COUNT(F_ROYAL_NEAR_LION, BLACK), COUNT(F_ROYAL_GUARD, BLACK),
          COUNT(F_ROYAL_JUMPER_XRAY, BLACK));
    /* a piece of equal rank between them cannot be jumped: no x-ray */
    royal[7] = (Placed){GREAT_GENERAL, BLACK, 7, 5};
    trace_of(royal, 8);
    CHECK(COUNT(F_ROYAL_JUMPER_XRAY, BLACK) == 0, "x-ray through an equal rank");
    /* a spare royal */
    Placed two[] = {KINGS, {promoted_kind(DRUNK_ELEPHANT), BLACK, 9, 0}};
    trace_of(two, 3);
    CHECK(COUNT(F_ROYAL_SPARE, BLACK) == 1 && COUNT(F_ROYAL_SPARE, WHITE) == 0, "spare royal");

    /* fire demons: burn targets near and far, an attacked demon */
    Placed demon[] = {KINGS, {FIRE_DEMON, BLACK, 8, 8}, {PAWN, WHITE, 9, 9}, {GOLD, WHITE, 12, 8},
                      {ROOK, WHITE, 8, 13}};
    trace_of(demon, 6);
    CHECK(COUNT(F_DEMON_NEAR, BLACK) == 1 && COUNT(F_DEMON_FAR, BLACK) == 1 &&
              COUNT(F_DEMON_ATTACKED, BLACK) == 1,
          "demon: near %d far %d attacked %d", COUNT(F_DEMON_NEAR, BLACK),
          COUNT(F_DEMON_FAR, BLACK), COUNT(F_DEMON_ATTACKED, BLACK));

    /* mobility: a queen in the open against one boxed in by its own pawns; a rook general
       with a pawn it may jump and a gold beyond */
    Placed mob[] = {{KING, BLACK, 0, 0}, {KING, WHITE, 0, 15}, {QUEEN, BLACK, 7, 7},
                    {QUEEN, WHITE, 15, 15}, {PAWN, WHITE, 15, 14}, {PAWN, WHITE, 14, 14},
                    {PAWN, WHITE, 14, 15}, {ROOK_GENERAL, BLACK, 3, 2}, {PAWN, WHITE, 3, 5},
                    {GOLD, WHITE, 3, 9}};
    trace_of(mob, 10);
    CHECK(COUNT(F_MOBILITY(GROUP_QUEEN), BLACK) == 57 && COUNT(F_MOBILITY(GROUP_QUEEN), WHITE) == 0,
          "mobility: open queen %d, boxed-in queen %d", COUNT(F_MOBILITY(GROUP_QUEEN), BLACK),
          COUNT(F_MOBILITY(GROUP_QUEEN), WHITE));
    CHECK(COUNT(F_JUMP_TARGETS, BLACK) == 1, "jump targets %d", COUNT(F_JUMP_TARGETS, BLACK));
    CHECK(COUNT(F_TEMPO, BLACK) == 1 && COUNT(F_TEMPO, WHITE) == 0, "tempo for the side to move");
}

/* The terms of a position with the weights under test: each side's own view. */
static const EvalWeight *weights;
static int terms_buf[TERM_COUNT][2];
static int term_of(const Position *pos, int term, int colour)
{
    eval_trace(pos, &trace_buf);
    trace_terms(&trace_buf, weights, terms_buf);
    return terms_buf[term][colour];
}

static int find_piece(const Position *pos, int kind, int colour)
{
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        if (pos->board[sq] == make_piece(kind, colour))
            return sq;
    return -1;
}

/* Whether any feature of a term has a non-zero weight in the set under test. */
static bool term_used(int term)
{
    for (int f = 0; f < FEATURE_COUNT; f++)
        if (feature_term(f) == term && (weights[f].mg || weights[f].eg))
            return true;
    return false;
}

/* A term points the right way: `after` is better (or worse) for its side than `before`.  A term
   the weights do not use must be 0 in both positions instead: it cannot point either way. */
#define DIRECTION(term, better, after, before, what)                                              \
    CHECK(term_used(term) ? ((better) ? (after) > (before) : (after) < (before))                  \
                          : (after) == 0 && (before) == 0,                                        \
          "%s weights, %s: %d, before %d", set_name, what, after, before)

/* Every term points the way its features mean, in variations of the start position (the
   opening phase).  Run with the compiled-in weights (where the tuner fixed the signs,
   feature_sign; a term the tuner left at 0 must stay 0) and with a set in which every term has
   weights of its meaning's sign, so that each term's features are checked to point the right
   way even when the compiled-in weights do not use them. */
static void term_directions(const EvalWeight *w, const char *set_name)
{
    static Position pos;
    int before, after;
    weights = w;
    position_start(&pos, ruleset_default());
    /* material: White loses its great general */
    before = term_of(&pos, TERM_MATERIAL, WHITE);
    int gg = find_piece(&pos, GREAT_GENERAL, WHITE);
    remove_piece(&pos, gg);
    after = term_of(&pos, TERM_MATERIAL, WHITE);
    DIRECTION(TERM_MATERIAL, false, after, before, "White without its great general");
    CHECK(terms_buf[TERM_MATERIAL][BLACK] > terms_buf[TERM_MATERIAL][WHITE],
          "%s weights: material %d/%d", set_name, terms_buf[TERM_MATERIAL][BLACK],
          terms_buf[TERM_MATERIAL][WHITE]);
    position_start(&pos, ruleset_default());

    /* piece-square: a Black pawn from the start on the rank (5-10) its table rates best is
       worth more than on the one it rates worst */
    int best = 5, worst = 5;
    for (int r = 5; r <= 10; r++) {
        best = w[F_RANK(GROUP_PAWN, r)].mg > w[F_RANK(GROUP_PAWN, best)].mg ? r : best;
        worst = w[F_RANK(GROUP_PAWN, r)].mg < w[F_RANK(GROUP_PAWN, worst)].mg ? r : worst;
    }
    remove_piece(&pos, sq_make(0, 4));
    put_piece(&pos, sq_make(0, worst), make_piece(PAWN, BLACK));
    before = term_of(&pos, TERM_PSQ, BLACK);
    remove_piece(&pos, sq_make(0, worst));
    put_piece(&pos, sq_make(0, best), make_piece(PAWN, BLACK));
    after = term_of(&pos, TERM_PSQ, BLACK);
    if (best != worst || !term_used(TERM_PSQ))
        DIRECTION(TERM_PSQ, true, after, before, "pawn on its best rank against its worst");
    position_start(&pos, ruleset_default());

    /* promotion: a water buffalo two ranks short of the zone */
    int wb = find_piece(&pos, WATER_BUFFALO, BLACK);
    before = term_of(&pos, TERM_PROMOTION, BLACK);
    remove_piece(&pos, wb);
    put_piece(&pos, sq_make(sq_file(wb), 9), make_piece(WATER_BUFFALO, BLACK));
    after = term_of(&pos, TERM_PROMOTION, BLACK);
    DIRECTION(TERM_PROMOTION, true, after, before, "promotion: buffalo near the zone, at home");
    position_start(&pos, ruleset_default());

    /* mobility: Black's fire demon, boxed in at home, in the open on rank 8 */
    int demon = find_piece(&pos, FIRE_DEMON, BLACK), open = sq_make(sq_file(demon), 7);
    before = term_of(&pos, TERM_MOBILITY, BLACK);
    remove_piece(&pos, demon);
    put_piece(&pos, open, make_piece(FIRE_DEMON, BLACK));
    after = term_of(&pos, TERM_MOBILITY, BLACK);
    DIRECTION(TERM_MOBILITY, true, after, before, "mobility: demon in the open, at home");

    /* fire demons: a White pawn two squares from that demon */
    before = term_of(&pos, TERM_DEMON, BLACK);
    put_piece(&pos, open + 32, make_piece(PAWN, WHITE));
    after = term_of(&pos, TERM_DEMON, BLACK);
    DIRECTION(TERM_DEMON, true, after, before, "fire demon: a burn target, none");
    position_start(&pos, ruleset_default());

    /* royal safety: Black's king with every piece within three squares gone */
    before = term_of(&pos, TERM_ROYAL, BLACK);
    int king = find_piece(&pos, KING, BLACK);
    Bitboard near = bb_king_expand(bb_king_expand(geo.king_nbrs[king]));
    for (Bitboard b = bb_and(near, pos.occ[BLACK]); bb_any(b);) {
        int sq = bb_pop(&b);
        if (sq != king)
            remove_piece(&pos, sq);
    }
    after = term_of(&pos, TERM_ROYAL, BLACK);
    DIRECTION(TERM_ROYAL, false, after, before, "royal safety: exposed king, at home");
    position_start(&pos, ruleset_default());

    /* tempo: the side to move */
    after = term_of(&pos, TERM_TEMPO, BLACK);
    DIRECTION(TERM_TEMPO, true, after, terms_buf[TERM_TEMPO][WHITE], "tempo: side to move, other");
}

/* Weights of each feature's meaning: §7 material, the sign feature_sign fixes for the signed
   features, and pawn rank tables rising towards the zone. */
static void signed_weights(EvalWeight *w)
{
    for (int f = 0; f < FEATURE_COUNT; f++) {
        int v = feature_term(f) == TERM_MATERIAL ? feature_prior(f) : 20 * feature_sign(f);
        w[f] = (EvalWeight){v, v};
    }
    for (int r = 0; r < 16; r++)
        w[F_RANK(GROUP_PAWN, r)] = (EvalWeight){5 * r, 5 * r};
}

static void clamp_and_start(void)
{
    static Position pos;
    char err[200];
    position_clear(&pos, ruleset_default());
    CHECK(tfen_parse(&pos, "8k7/16/16/16/16/16/16/16/16/16/4D'6D'4/PPPPPPPPPPPPPPPP/"
                           "MVRF!E!B!R!Q!V!R!B!E!F!RVM/S'V'BHDW!D!H!Q'D!W!DHBV'S'/"
                           "A1C!C!1TOL!QXT1C!C!1A/LNFICSGKEGSCIFNL w", err, sizeof err) == 0, "%s", err);
    EvalState st;
    eval_state_init(&st, &pos);
    CHECK(evaluate(&pos, &st, EVAL_LEARNT) == -EVAL_MAX && evaluate(&pos, &st, EVAL_MATERIAL) == -EVAL_MAX,
          "lone king to move against an army: %d, not clamped to %d", evaluate(&pos, &st, EVAL_LEARNT),
          -EVAL_MAX);

    position_start(&pos, ruleset_default());
    eval_state_init(&st, &pos);
    CHECK(st.material == 0 && st.total == 2 * 84200, "start material %d, total %d", st.material,
          st.total);
    eval_trace(&pos, &trace_buf);
    int terms[TERM_COUNT][2];
    trace_terms(&trace_buf, eval_weights, terms);
    CHECK(trace_buf.phase == PHASE_MAX && terms[TERM_MATERIAL][BLACK] == terms[TERM_MATERIAL][WHITE],
          "start: phase %d, material %d/%d", trace_buf.phase, terms[TERM_MATERIAL][BLACK],
          terms[TERM_MATERIAL][WHITE]);
    CHECK(evaluate_black(&pos, &st) == trace_score(&trace_buf, eval_weights) &&
              evaluate_black(&pos, &st) == eval_taper(eval_weights[F_TEMPO].mg, eval_weights[F_TEMPO].eg, PHASE_MAX),
          "the start position is worth the tempo to Black: %d", evaluate_black(&pos, &st));
}

/* One position: its trace agrees with evaluate(), and its mirror image scores the same. */
static void check_position(const Position *pos, const EvalState *st, const char *what, int n)
{
    static Position flipped;
    static EvalTrace t;
    eval_trace(pos, &t);
    int black = evaluate_black(pos, st);
    CHECK(trace_score(&t, eval_weights) == black, "%s %d: trace %d, evaluate %d", what, n,
          trace_score(&t, eval_weights), black);
    mirror_position(pos, &flipped);
    EvalState fs;
    eval_state_init(&fs, &flipped);
    int a = evaluate(pos, st, EVAL_LEARNT), b = evaluate(&flipped, &fs, EVAL_LEARNT);
    CHECK(a == b, "%s %d: not colour-symmetric: %d vs %d", what, n, a, b);
}

int main(void)
{
    static Position pos;
    static MoveVec list;
    static EvalState states[1000];
    Rng rng = {31337};
    int checked = 0;

    static EvalWeight signed_set[FEATURE_COUNT];
    signed_weights(signed_set);
    feature_directions();
    term_directions(eval_weights, "compiled-in");
    term_directions(signed_set, "signed");
    clamp_and_start();
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
            CHECK(memcmp(&fresh, &states[ply + 1], offsetof(EvalState, nn)) == 0,
                  "incremental evaluation state differs after move %d of game %d", ply + 1, game);
            if (ply % 4 == 0)
                check_position(&pos, &states[ply + 1], "game position", checked);
            checked++;
        }
    }
    for (int i = 0; i < scaled(3000); i++) {
        pos.rs = ruleset_default();
        random_scatter(&pos, &rng, 1 + rng_below(&rng, 60));
        EvalState st;
        eval_state_init(&st, &pos);
        check_position(&pos, &st, "scattered position", i);
    }
    printf("%d game positions checked\n", checked);
    return check_finish("test_eval");
}
