/* kaki-match openings and schedule: random openings are deterministic and balanced, shards are
   disjoint and complete, pairs reverse colours. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/exchange.h"
#include "board/movegen.h"
#include "board/tfen.h"
#include "check.h"
#include "match/openings.h"
#include "match/tourney.h"

int main(void)
{
    const RuleSet *rs = ruleset_default();
    Position *pos = malloc(sizeof *pos);
    position_start(pos, rs);
    CHECK(material_balance(pos) == 0, "start position balanced");
    CHECK(piece_value[FIRE_DEMON] == 8300 && piece_value[promoted_kind(WATER_BUFFALO)] == 8300,
          "fire demon values");
    CHECK(piece_value[promoted_kind(PAWN)] == 300 && piece_value[PAWN] == 100, "pawn values");
    CHECK(piece_value[KING] == 400 && material_value(KING) == 0, "royals: value 4, no material");
    int s0 = material_search(pos);
    printf("capture search at the start: %d cp\n", s0);

    Opening *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    for (int n = 0; n < 6; n++) {
        CHECK(opening_random(rs, 1234, n, 8, 300, a) == 0, "opening %d found", n);
        CHECK(opening_random(rs, 1234, n, 8, 300, b) == 0, "opening %d again", n);
        CHECK(a->nmoves == 8 && b->nmoves == 8 && !memcmp(a->moves, b->moves, sizeof a->moves[0] * 8),
              "opening %d deterministic", n);
        position_start(pos, rs);
        for (int i = 0; i < a->nmoves; i++) {
            CHECK(move_is_legal(pos, a->moves[i]), "opening %d ply %d legal", n, i);
            Undo u;
            make_move(pos, a->moves[i], &u);
        }
        int d = material_balance(pos);
        CHECK(d <= 300 && d >= -300, "opening %d material %d", n, d);
        int s = material_search(pos);
        CHECK(s <= 300 && s >= 0, "opening %d capture search %d", n, s);
        CHECK(!in_check(pos) && !position_game_over(pos), "opening %d playable", n);
    }
    opening_random(rs, 1234, 0, 8, 300, a);
    opening_random(rs, 1234, 1, 8, 300, b);
    CHECK(memcmp(a->moves, b->moves, sizeof a->moves[0] * 8) != 0, "different numbers differ");
    opening_random(rs, 1235, 0, 8, 300, b);
    CHECK(memcmp(a->moves, b->moves, sizeof a->moves[0] * 8) != 0, "different seeds differ");

    /* schedule: 2 engines, 9 games = 5 openings, the last once */
    MatchConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.nengines = 2;
    cfg.games = 9;
    cfg.shard_k = cfg.shard_n = 1;
    Scheduled *s;
    int n = schedule_build(&cfg, &s);
    CHECK(n == 9, "9 games, got %d", n);
    for (int i = 0; i + 1 < n; i += 2)
        CHECK(s[i].pair == s[i + 1].pair && s[i].sente == s[i + 1].gote &&
                  s[i].gote == s[i + 1].sente && s[i].opening == s[i + 1].opening,
              "pair %d reverses colours", i / 2);
    free(s);
    /* shards: disjoint and complete */
    for (int shards = 1; shards <= 4; shards++) {
        int seen[64] = {0}, total = 0;
        cfg.games = 20;
        cfg.nengines = 3;
        for (int k = 1; k <= shards; k++) {
            cfg.shard_k = k;
            cfg.shard_n = shards;
            n = schedule_build(&cfg, &s);
            for (int i = 0; i < n; i++) {
                CHECK(s[i].number >= 1 && s[i].number <= 60, "number %d", s[i].number);
                CHECK(s[i].pair % shards == k - 1, "pair in its shard");
                seen[s[i].number]++;
            }
            total += n;
            free(s);
        }
        CHECK(total == 60, "round robin of 3, 20 games per pairing: 60 games, got %d", total);
        bool once = true;
        for (int i = 1; i <= 60; i++)
            once &= seen[i] == 1;
        CHECK(once, "%d shards: every game exactly once", shards);
    }
    cfg.shard_k = cfg.shard_n = 1;
    cfg.gauntlet = true;
    cfg.nengines = 4;
    n = schedule_build(&cfg, &s);
    bool first = true;
    for (int i = 0; i < n; i++)
        first &= s[i].sente == 0 || s[i].gote == 0;
    CHECK(n == 60 && first, "gauntlet: engine 1 in all 60 games (%d)", n);
    free(s);
    free(a);
    free(b);
    free(pos);
    return check_finish("test_match_openings");
}
