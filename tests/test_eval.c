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

int main(void)
{
    static Position pos, flipped;
    static MoveList list;
    static EvalState states[1000];
    Rng rng = {31337};
    int checked = 0;

    position_start(&pos, ruleset_default());
    EvalTerms t;
    eval_explain(&pos, &t);
    /* 78 pieces a side without the king: RULES.md §7 values */
    CHECK(t.material[BLACK] == 84200 && t.material[WHITE] == 84200, "start material %d/%d",
          t.material[BLACK], t.material[WHITE]);
    CHECK(t.total_black == 20, "start evaluation %d (tempo only)", t.total_black);

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
