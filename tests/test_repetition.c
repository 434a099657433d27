/* The in-check exception of the repetition rule (docs/RULES.md §5.11), fast: a position whose only
 * legal move repeats an earlier position while its player is in check.  The move is legal with
 * rep_check_exception=on, illegal with it off (the player then has no legal move and loses,
 * §5.13), and illegal when the player is not in check; and the search scores leaving the
 * opponent no legal move as the win it is. */
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/result.h"
#include "board/tfen.h"
#include "check.h"
#include "search/searcher.h"

/* Black's king oscillates between a16 and b16, boxed in by its own dead pieces (a pawn on its
   last rank, knights on their last two ranks); White's king oscillates between p1 and o1.  In
   the first position a White lion on d14 attacks b16 (a jump), so Black is in check whenever
   its king stands there; in the second the lion is far away. */
#define IN_CHECK "K1P13/NNN13/3l!12/16/16/16/16/16/16/16/16/16/16/16/16/15k w"
#define NOT_IN_CHECK "K1P13/NNN13/16/16/16/16/16/16/16/16/16/16/16/16/l!15/15k w"

/* Plays the cycle up to Black's move that would recreate the start position; returns the
   number of Black's legal moves there and whether b16a16 is one of them. */
static int last_moves(const char *tfen, const char *option, bool *repeat_legal, bool *in_check_then)
{
    Rules r;
    rules_default(&r);
    char err[160];
    if (option)
        CHECK(rules_set_assignment(&r, option, err, sizeof err) == 0, "%s", err);
    RuleSet *rs = ruleset_new(&r);
    Position *pos = malloc(sizeof *pos);
    position_clear(pos, rs);
    CHECK(tfen_parse(pos, tfen, err, sizeof err) == 0, "%s", err);
    const char *cycle[] = {"p1o1", "a16b16", "o1p1"};
    for (int i = 0; i < 3; i++) {
        Move m = move_from_wire(pos, cycle[i], 0, err, sizeof err);
        CHECK(m != MOVE_NONE, "%s: %s", cycle[i], err);
        Undo u;
        make_move(pos, m, &u);
    }
    MoveVec list_all = {0}, *list = &list_all;
    generate_legal(pos, list);
    Move back = move_make(sq_make(1, 15), sq_make(0, 15));
    *repeat_legal = false;
    for (int i = 0; i < list->count; i++)
        *repeat_legal |= list->moves[i] == back;
    CHECK(*repeat_legal == move_is_legal(pos, back), "generate_legal and move_is_legal agree");
    *in_check_then = in_check(pos);
    int n = list->count;
    if (n == 0) {
        GameResult res = game_result(pos, WHITE);
        CHECK(res.winner == WHITE && res.reason == RESULT_NO_LEGAL_MOVE,
              "no legal move: White wins (got winner %d reason %d)", res.winner, res.reason);
    }
    movevec_free(list);
    free(pos);
    ruleset_free(rs);
    return n;
}

static SearchReport last;
static void keep(void *ctx, const Position *root, const SearchReport *r)
{
    (void)ctx, (void)root;
    last = *r;
}

/* The search knows that a player without a legal move loses: from the position before the
   repeating one, White's o1p1 leaves Black (not in check) only a move that would repeat, so
   it wins at once, and the search must say so (a mate in 1, o1p1), not call it a draw. */
static void search_sees_no_legal_move(void)
{
    Position *pos = malloc(sizeof *pos);
    char err[160];
    position_clear(pos, ruleset_default());
    CHECK(tfen_parse(pos, NOT_IN_CHECK, err, sizeof err) == 0, "%s", err);
    const char *cycle[] = {"p1o1", "a16b16"};
    for (int i = 0; i < 2; i++) {
        Undo u;
        make_move(pos, move_from_wire(pos, cycle[i], 0, err, sizeof err), &u);
    }
    Searcher *e = searcher_new();
    searcher_set_hash_mb(e, 1);
    SearchLimits l = limits_none();
    l.depth = 3;
    Move best = searcher_search(e, pos, &l, keep, NULL, NULL);
    char text[MOVE_STR_MAX];
    CHECK(best == move_from_wire(pos, "o1p1", 0, err, sizeof err) && score_mate_moves(last.score) == 1,
          "leaving the opponent no legal move wins at once: %s, score %d",
          best ? move_to_wire(pos, best, 0, text) : "none", last.score);
    searcher_free(e);
    free(pos);
}

int main(void)
{
    search_sees_no_legal_move();
    bool legal, check;
    int n = last_moves(IN_CHECK, NULL, &legal, &check);
    CHECK(check && n == 1 && legal, "in check, exception on: the repeating move is the one legal "
          "move (check %d, %d moves, repeat legal %d)", check, n, legal);
    n = last_moves(IN_CHECK, "rep_check_exception=off", &legal, &check);
    CHECK(check && n == 0 && !legal, "in check, exception off: no legal move (%d)", n);
    n = last_moves(NOT_IN_CHECK, NULL, &legal, &check);
    CHECK(!check && n == 0 && !legal, "not in check: the repetition is illegal (%d moves)", n);
    return check_finish("test_repetition");
}
