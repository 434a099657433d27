/* Very long games: self-play at depth 1 with no move limit, as kaki-match plays drawish games,
 * for more than 10,000 plies (the history of the repetition rule once overflowed after about
 * 2,040 plies and the next search crashed).  Every move the search chooses is legal, never
 * repeats a position of the game (checked naively against all of them), and the game record
 * keeps the whole history.  Run under ASan in CI. */
#include <string.h>

#include "board/game.h"
#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/result.h"
#include "board/tfen.h"
#include "check.h"
#include "search/searcher.h"

#define PLIES 12000

/* A game that goes on: kings and great generals under jumper_capture=tsa, where a general can
   take neither the other side's generals (equal rank) nor its king (higher rank, RULES.md §6),
   and no king walks next to the other or to a general it would lose. */
#define DRAWISH "16/7k8/16/3q!8q!3/16/16/16/16/16/16/16/16/3Q!8Q!3/16/7K8/16 b"

static bool seen_before(const uint64_t *keys, int n, uint64_t key)
{
    for (int i = n - 2; i >= 0; i -= 2)
        if (keys[i] == key)
            return true;
    return false;
}

int main(void)
{
    char err[128];
    Position *start = malloc(sizeof *start);
    Rules rules;
    rules_default(&rules);
    CHECK(rules_set_assignment(&rules, "jumper_capture=tsa", err, sizeof err) == 0, "%s", err);
    RuleSet *rs = ruleset_new(&rules);
    position_clear(start, rs);
    CHECK(tfen_parse(start, DRAWISH, err, sizeof err) == 0, "%s", err);
    GameRecord g;
    game_record_init(&g, start);
    Searcher *s = searcher_new();
    searcher_set_hash_mb(s, 1);
    uint64_t *keys = malloc(sizeof(uint64_t) * (PLIES + 2));
    int nkeys = 0, window = 0;
    keys[nkeys++] = g.pos->key;
    SearchLimits l = limits_none();
    l.depth = 1;
    int plies = 0;
    for (; plies < PLIES; plies++) {
        bool exempt = in_check(g.pos);
        Move m = searcher_search(s, g.pos, &l, NULL, NULL, NULL);
        if (m == MOVE_NONE) {
            GameResult r = game_result(g.pos, g.pos->side ^ 1);
            CHECK(r.reason == RESULT_NO_LEGAL_MOVE, "no move returned, but the game goes on");
            break;
        }
        CHECK(move_is_legal(g.pos, m), "ply %d: the search chose an illegal move", plies);
        game_record_play(&g, m);
        if (position_history(g.pos, g.pos->nhist - 1)->window == g.pos->nhist - 1)
            window = nkeys; /* irreversible: nothing before can come back */
        CHECK(exempt || !seen_before(keys + window, nkeys - window + 1, g.pos->key) ||
                  keys[nkeys - 1] == g.pos->key,
              "ply %d: the chosen move repeats a position", plies);
        keys[nkeys++] = g.pos->key;
        if (position_game_over(g.pos))
            break;
    }
    printf("%d plies, %d positions in the record\n", plies, g.nhistory);
    CHECK(plies >= 10000, "the game ended after %d plies", plies);
    CHECK(g.nhistory == plies + 1 && position_validate(g.pos) == NULL, "record of %d positions",
          g.nhistory);
    searcher_free(s);
    game_record_free(&g);
    free(keys);
    free(start);
    ruleset_free(rs);
    return check_finish("test_longgame");
}
