/* The conversion terms (search/convert.h): no change unless one side is CONVERT_LEAD ahead,
 * full weight from CONVERT_LEAD_FULL, more for strong pieces nearer the enemy royal, the same
 * for both colours (a position and its colour-mirrored copy); the shuffle pressure (scores
 * shrink with the quiet plies, at most CONVERT_SHUFFLE_MAX of them, none after a capture, for
 * both sides' views); the danger term (strong enemy pieces near the royals of the side ahead);
 * the gate taken from another position (CONVERT_ROOT_GATE: the root's); and the root's test of
 * a move that takes back the side's own last move. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/makemove.h"
#include "board/notation.h"
#include "board/tfen.h"
#include "check.h"
#include "eval/eval.h"
#include "mirror.h"
#include "randpos.h"
#include "search/convert.h"
#include "search/params.h"
#include "search/searcher.h"

static Position pos;
static SearchParams params;
static ConvertTables tables;

static void load(const char *tfen)
{
    char err[200];
    position_clear(&pos, ruleset_default());
    CHECK(tfen_parse(&pos, tfen, err, sizeof err) == 0, "%s: %s", tfen, err);
}

static void play(const char *moves)
{
    char buf[200], err[200];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
        Move m = move_from_wire(&pos, w, 0, err, sizeof err);
        CHECK(m != MOVE_NONE, "%s: %s", w, err);
        Undo u;
        make_move(&pos, m, &u);
    }
}

/* What the conversion terms add to a static evaluation of 0 (side to move's view). */
static int added(const Position *p)
{
    EvalState st;
    eval_state_init(&st, p);
    return convert_score(p, &st, &params, &tables, 0);
}

/* The score s (side to move's view) with the conversion terms. */
static int scored(const Position *p, int s)
{
    EvalState st;
    eval_state_init(&st, p);
    return convert_score(p, &st, &params, &tables, s);
}

static Move wire(const char *s)
{
    char err[200];
    Move m = move_from_wire(&pos, s, 0, err, sizeof err);
    CHECK(m != MOVE_NONE, "%s: %s", s, err);
    return m;
}

static void terms(void)
{
    /* three lions (§7: 1800 each) against a bare king: full weight; each lion is 14 king steps
       from the enemy king, one closer than 15 */
    load("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/L!L!L!13/15K b");
    int a = params.convert_approach;
    CHECK(added(&pos) == 3 * a, "three lions far away: +%d, got %d", 3 * a, added(&pos));
    load("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/L!L!L!13/15K w");
    CHECK(added(&pos) == -3 * a, "the same with the side behind to move: %d", added(&pos));
    /* one lion five ranks nearer */
    load("k15/16/16/16/16/16/16/16/16/L!15/16/16/16/16/1L!L!13/15K b");
    CHECK(added(&pos) == 8 * a, "a lion nearer: +%d, got %d", 8 * a, added(&pos));
    Position mirrored;
    mirror_position(&pos, &mirrored);
    CHECK(added(&mirrored) == added(&pos), "the colour-mirrored position: %d, not %d",
          added(&mirrored), added(&pos));
    /* a prince counts as a royal: the nearest one */
    load("k15/16/16/16/16/16/16/16/1+e14/L!15/16/16/16/16/1L!L!13/15K b");
    CHECK(added(&pos) > 8 * a, "a prince next to the lion: %d", added(&pos));
    /* rooks (§7: 1200) are not strong pieces: the lead counts, but they do not approach */
    load("k15/16/16/16/16/16/16/16/16/R15/16/16/16/16/RRRR12/15K b");
    CHECK(added(&pos) == 0, "rooks only: %d", added(&pos));
    /* level material: nothing */
    load("k15/16/16/16/16/16/16/16/16/l!15/16/16/16/16/L!15/15K b");
    CHECK(added(&pos) == 0, "level material: %d", added(&pos));
    /* between CONVERT_LEAD and CONVERT_LEAD_FULL the weight grows linearly */
    EvalState st;
    st.material = (params.convert_lead + params.convert_lead_full) / 2;
    CHECK(convert_weight(&st, &params) == 128, "half way: %d", convert_weight(&st, &params));
    st.material = -params.convert_lead;
    CHECK(convert_weight(&st, &params) == 0, "at CONVERT_LEAD: 0");
    st.material = -params.convert_lead_full;
    CHECK(convert_weight(&st, &params) == 256, "at CONVERT_LEAD_FULL: 256");
}

static void shuffle(void)
{
    SearchParams saved = params;
    params.convert_approach = 0;
    params.convert_shuffle = 25; /* 0.25 % a quiet ply */
    const char *lions = "k15/16/16/16/16/16/16/16/16/16/16/16/16/p15/L!L!L!13/15K b";
    load(lions);
    CHECK(scored(&pos, 1000) == 1000, "no quiet ply yet: %d", scored(&pos, 1000));
    play("b2b3 a16b16 b3b4 b16c16");
    /* four quiet plies, full weight: 1000 - 1000 * 4 * 0.0025 */
    CHECK(scored(&pos, 1000) == 990, "four quiet plies: 990, got %d", scored(&pos, 1000));
    CHECK(scored(&pos, -1000) == -990, "the other view: -990, got %d", scored(&pos, -1000));
    params.convert_shuffle_max = 2;
    CHECK(scored(&pos, 1000) == 995, "at most two plies counted: %d", scored(&pos, 1000));
    params.convert_shuffle = 10000;
    CHECK(scored(&pos, 1000) == 0, "at most down to 0: %d", scored(&pos, 1000));
    params.convert_shuffle = 25;
    params.convert_shuffle_max = saved.convert_shuffle_max;
    play("a2a3");
    CHECK(scored(&pos, -1000) == -1000, "after a capture: %d", scored(&pos, -1000));
    load("k15/16/16/16/16/16/16/16/16/l!15/16/16/16/16/L!15/15K b");
    play("a2a3 a7a6 a3a4 a6a5");
    CHECK(scored(&pos, 1000) == 1000, "level material: no pressure (%d)", scored(&pos, 1000));
    params = saved;
}

/* The ending approach's count piece by piece: 15 minus the king distance to the nearest enemy
   royal, for each of c's pieces but its royals. */
static int approach_all_slow(const Position *p, int c)
{
    int total = 0;
    for (Bitboard b = bb_andnot(p->occ[c], p->royalset[c]); bb_any(b);) {
        int sq = bb_pop(&b), nearest = 15;
        for (Bitboard r = p->royalset[c ^ 1]; bb_any(r);) {
            int roy = bb_pop(&r), dx = abs(sq_file(sq) - sq_file(roy)),
                dy = abs(sq_rank(sq) - sq_rank(roy)), d = dx > dy ? dx : dy;
            nearest = d < nearest ? d : nearest;
        }
        total += 15 - nearest;
    }
    return total;
}

/* The ending approach: every piece of the side ahead (not only strong ones) counts its king
   steps nearer than 15 to the nearest enemy royal, only while the side behind keeps at most
   CONVERT_DEFENDER_MAX of material; the fast count by boxes equals the count piece by piece. */
static void ending_approach(void)
{
    SearchParams saved = params;
    params.convert_approach = 0;
    params.convert_ending_approach = 5;
    /* four rooks (1200 each) and a pawn against a bare king: full weight; king distances
       14 (four times) and 7 */
    load("k15/16/16/16/16/16/16/P15/16/16/16/16/16/16/RRRR12/15K b");
    CHECK(added(&pos) == 5 * (4 + 8), "rooks and a pawn: +60, got %d", added(&pos));
    Position mirrored;
    mirror_position(&pos, &mirrored);
    CHECK(added(&mirrored) == added(&pos), "mirrored: %d, not %d", added(&mirrored), added(&pos));
    /* the gate: the side behind keeps a pawn, more than CONVERT_DEFENDER_MAX 0 */
    load("k15/p15/16/16/16/16/16/P15/16/16/16/16/16/16/RRRR12/15K b");
    CHECK(added(&pos) == 60, "a pawn kept, the gate open: %d", added(&pos));
    params.convert_defender_max = 0;
    CHECK(added(&pos) == 0, "the side behind keeps more than the gate: %d", added(&pos));
    params.convert_defender_max = saved.convert_defender_max;
    Rng r = {2029};
    for (int i = 0; i < 2000; i++) {
        random_scatter(&pos, &r, 1 + rng_below(&r, 60));
        for (int c = 0; c < 2; c++)
            CHECK(convert_approach_all(&pos, c) == approach_all_slow(&pos, c),
                  "scatter %d colour %d: %d by boxes, %d piece by piece", i, c,
                  convert_approach_all(&pos, c), approach_all_slow(&pos, c));
    }
    params = saved;
}

/* The danger term: the side ahead loses CONVERT_DANGER a square its royal is nearer than 15
   king steps to each strong enemy piece (from the enemy's view, the same term with the other
   sign); weaker enemy pieces do not count. */
static void danger(void)
{
    SearchParams saved = params;
    params.convert_approach = 0;
    params.convert_danger = 3;
    /* four lions against a king and a lion (a lead of 54 pawns: full weight); the enemy lion
       15 files from sente's king */
    load("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/L!L!L!L!12/l!14K b");
    CHECK(added(&pos) == 0, "the enemy lion 15 steps away: %d", added(&pos));
    /* five steps away: 10 squares nearer than 15 */
    load("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/L!L!L!L!12/10l!4K b");
    CHECK(added(&pos) == -30, "the enemy lion 5 steps away: -30, got %d", added(&pos));
    Position mirrored;
    mirror_position(&pos, &mirrored);
    CHECK(added(&mirrored) == added(&pos), "mirrored: %d, not %d", added(&mirrored), added(&pos));
    load("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/L!L!L!L!12/10l!4K w");
    CHECK(added(&pos) == 30, "the side behind to move: +30, got %d", added(&pos));
    /* a rook (not strong) as near: nothing */
    load("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/L!L!L!L!12/10r4K b");
    CHECK(added(&pos) == 0, "an enemy rook 5 steps away: %d", added(&pos));
    params = saved;
}

/* CONVERT_ROOT_GATE: the terms act by the gate of the search's root, not by the position
   scored: a level position deep in the tree of a won root gets them for the root's leader, a
   lead reached in one line of a level root gets nothing. */
static void root_gate(void)
{
    EvalState st;
    /* the lead of the root: three lions against a bare king, sente ahead, full weight */
    load("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/L!L!L!13/15K b");
    eval_state_init(&st, &pos);
    ConvertGate won = convert_gate(&st, &params);
    CHECK(won.weight == 256 && won.leader == BLACK, "the won root's gate: %d for %d", won.weight,
          won.leader);
    int lead_alone = convert_score(&pos, &st, &params, &tables, 0);
    /* a level position: one lion a side, sente's 14 steps from gote's king (1 square nearer
       than 15) */
    load("k15/16/16/16/16/16/16/16/16/l!15/16/16/16/16/L!15/15K b");
    eval_state_init(&st, &pos);
    ConvertGate level = convert_gate(&st, &params);
    CHECK(level.weight == 0, "the level position's own weight: %d", level.weight);
    int a = params.convert_approach;
    int s = convert_score_gated(&pos, &st, &params, &tables, won, 0);
    CHECK(s == a, "level, by the won root's gate: +%d, got %d", a, s);
    load("k15/16/16/16/16/16/16/16/16/l!15/16/16/16/16/L!15/15K w");
    eval_state_init(&st, &pos);
    s = convert_score_gated(&pos, &st, &params, &tables, won, 0);
    CHECK(s == -a, "... gote to move: %d, got %d", -a, s);
    /* the lead of the lions, gated by a level root: nothing */
    load("k15/16/16/16/16/16/16/16/16/16/16/16/16/16/L!L!L!13/15K b");
    eval_state_init(&st, &pos);
    CHECK(lead_alone != 0, "the lions' own terms: %d", lead_alone);
    s = convert_score_gated(&pos, &st, &params, &tables, level, 0);
    CHECK(s == 0, "the lions by a level root's gate: %d", s);
}

/* The search's side of the gate: sente, a lion ahead (18 pawns: level for the terms), takes
   a fire demon (83 pawns) with its lion (a2xa4).  Gated by each position, the capture's line
   gets the approach terms; gated by this level root, no line does, and the search is the one
   without the terms; from a won root every line gets them. */
static void report_score(void *ctx, const Position *root, const SearchReport *r)
{
    (void)root;
    *(int *)ctx = r->score;
}

static int search_score(const char *tfen, int approach, int root_gated, Move *best)
{
    Searcher *s = searcher_new();
    CHECK(searcher_set_param(s, "CONVERT_APPROACH", approach), "CONVERT_APPROACH");
    CHECK(searcher_set_param(s, "CONVERT_ROOT_GATE", root_gated), "CONVERT_ROOT_GATE");
    CHECK(searcher_set_param(s, "CONVERT_ENDING_APPROACH", 0), "CONVERT_ENDING_APPROACH");
    load(tfen);
    SearchLimits l = limits_none();
    l.depth = 2;
    int score = 0;
    *best = searcher_search(s, &pos, &l, report_score, &score, NULL);
    searcher_free(s);
    return score;
}

static void root_gate_search(void)
{
    const char *level = "k15/16/16/16/16/16/16/16/15D!/16/16/16/d!15/16/L!15/15K b";
    Move plain, by_node, by_root;
    int s0 = search_score(level, 0, 0, &plain);
    int s1 = search_score(level, 1000, 0, &by_node);
    int s2 = search_score(level, 1000, 1, &by_root);
    CHECK(s1 > s0 + 1000, "the capture's line by its own gate: %d, without terms %d", s1, s0);
    CHECK(s2 == s0 && by_root == plain, "by the level root's gate: %d, without terms %d", s2, s0);
    /* a won root (three lions against a bare king): its gate switches the terms on */
    const char *won = "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/L!L!L!13/15K b";
    int w0 = search_score(won, 0, 1, &plain), w1 = search_score(won, 1000, 1, &by_root);
    CHECK(w1 > w0 + 1000, "by the won root's gate: %d, without terms %d", w1, w0);
}

static void undo(void)
{
    const char *rooks = "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/1R14/2R12K b";
    load(rooks);
    CHECK(!convert_undoes_last_move(&pos, wire("b2b3")), "no move before the root");
    play("b2b3 a16a15");
    CHECK(convert_undoes_last_move(&pos, wire("b3b2")), "b3b2 takes b2b3 back");
    CHECK(!convert_undoes_last_move(&pos, wire("b3b4")), "b3b4 goes on");
    CHECK(!convert_undoes_last_move(&pos, wire("c1c2")), "another piece");
    play("b3b4 a15a14");
    CHECK(convert_undoes_last_move(&pos, wire("b4b3")), "b4b3 takes b3b4 back");
    CHECK(!convert_undoes_last_move(&pos, wire("b4b2")), "b4b2 goes further back");
    /* a capture cannot be taken back */
    load("k15/16/16/16/16/16/16/16/16/16/16/16/16/1p14/1R14/2R12K b");
    play("b2b3 a16a15");
    CHECK(!convert_undoes_last_move(&pos, wire("b3b2")), "b2b3 captured: no taking back");
}

int main(void)
{
    params = search_params_default();
    params.convert_approach = 2; /* the terms are off by default (docs/CONVERSION.md) */
    params.convert_no_undo = 1;
    params.convert_ending_approach = 0; /* on by default; ending_approach() tries it */
    convert_init_tables(&tables, &params);
    terms();
    shuffle();
    ending_approach();
    danger();
    root_gate();
    root_gate_search();
    undo();
    return check_finish("test_convert");
}
