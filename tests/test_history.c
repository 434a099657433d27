/* Killer and history updates move the right way (search/history.h), and the move picker
 * orders quiet moves by them:
 *   - a cut-off move becomes the first killer, the old first the second, never twice;
 *   - its history entry rises, every other quiet move tried before it falls, nothing else
 *     changes; a deeper cut-off moves them further; values stay within +-HISTORY_MAX however
 *     often they are pushed (no int16 overflow);
 *   - in the start position the picker's quiet stage hands out the killers first, then the
 *     rewarded move, and no penalised move among its first picks;
 *   - a continuation history row ([kind][to]) moves the same way, by the kind of the piece on
 *     the move's from-square; with a counter move and a row given (picker_set_followup) the
 *     picker hands out the killers, then the counter move, then quiet moves by the sum of
 *     both histories. */
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/tfen.h"
#include "check.h"
#include "search/history.h"
#include "search/movepick.h"
#include "search/params.h"
#include "board/pieces.h"

/* The defaults of HISTORY_BONUS_SCALE and HISTORY_BONUS_MAX (params.c), and the bound they
   keep entries in. */
enum { SCALE = 32, BONUS_MAX = 400, HISTORY_MAX = SCALE * HISTORY_GRAVITY };
static int bonus_of(int depth) { return depth * depth > BONUS_MAX ? BONUS_MAX : depth * depth; }

static int16_t table[SQUARE_COUNT][SQUARE_COUNT];

static int16_t entry(Move m) { return table[move_from(m)][move_to(m)]; }
static Move quiet(int from, int to) { return (Move)move_make(from, to); }

static void killers(void)
{
    Move k[2] = {MOVE_NONE, MOVE_NONE}, a = quiet(1, 2), b = quiet(3, 4);
    killers_update(k, a);
    CHECK(k[0] == a && k[1] == MOVE_NONE, "first killer");
    killers_update(k, b);
    CHECK(k[0] == b && k[1] == a, "the new killer first, the old second");
    killers_update(k, b);
    CHECK(k[0] == b && k[1] == a, "the same killer again is not doubled");
}

static void history_direction(void)
{
    memset(table, 0, sizeof table);
    Move cut = quiet(10, 26), tried[3] = {quiet(11, 27), quiet(12, 28), quiet(10, 26)};
    Move other = quiet(40, 56);
    history_update(table, cut, tried, 3, bonus_of(3), SCALE);
    CHECK(entry(cut) > 0, "the cut-off move's history rises: %d", entry(cut));
    CHECK(entry(tried[0]) < 0 && entry(tried[1]) < 0, "the moves tried before it fall: %d %d",
          entry(tried[0]), entry(tried[1]));
    CHECK(entry(cut) == -entry(tried[0]), "as much up as down from zero: %d %d", entry(cut),
          entry(tried[0]));
    CHECK(entry(other) == 0, "a move not tried is unchanged: %d", entry(other));
    int16_t shallow = entry(cut);
    memset(table, 0, sizeof table);
    history_update(table, cut, tried, 3, bonus_of(8), SCALE);
    CHECK(entry(cut) > shallow, "a deeper cut-off rewards more: %d vs %d", entry(cut), shallow);

    /* from any value the update moves the right way, and never past the bounds */
    for (int v = -HISTORY_MAX; v <= HISTORY_MAX; v += 1021) {
        for (int depth = 1; depth <= 30; depth += 7) {
            table[move_from(cut)][move_to(cut)] = (int16_t)v;
            table[move_from(tried[0])][move_to(tried[0])] = (int16_t)v;
            history_update(table, cut, tried, 1, bonus_of(depth), SCALE);
            CHECK(entry(cut) >= v && (v == HISTORY_MAX || entry(cut) > v),
                  "reward from %d at depth %d gave %d", v, depth, entry(cut));
            CHECK(entry(tried[0]) <= v && (v == -HISTORY_MAX || entry(tried[0]) < v),
                  "penalty from %d at depth %d gave %d", v, depth, entry(tried[0]));
        }
    }
    memset(table, 0, sizeof table);
    for (int i = 0; i < 2000; i++)
        history_update(table, cut, tried, 2, bonus_of(1 + i % 25), SCALE);
    CHECK(entry(cut) > 0 && entry(cut) <= HISTORY_MAX, "after 2,000 rewards: %d", entry(cut));
    CHECK(entry(tried[0]) < 0 && entry(tried[0]) >= -HISTORY_MAX, "after 2,000 penalties: %d",
          entry(tried[0]));
}

/* The first max quiet-stage moves the picker hands out into order; returns how many
   (checked to be max). */
static int first_quiets(MovePicker *mp, Move *order, int max)
{
    Move m;
    int stage, score, n = 0;
    while (n < max && (m = picker_next(mp, &stage, &score)) != MOVE_NONE)
        if (stage == STAGE_QUIET)
            order[n++] = m;
    CHECK(n == max, "%d moves picked", n);
    return n;
}

/* The picker's quiet stage at the start position. */
static void picker_order(void)
{
    Position *pos = malloc(sizeof *pos);
    MoveList *list = malloc(sizeof *list), *scratch = malloc(sizeof *scratch);
    int *scores = malloc(sizeof(int) * MAX_MOVES);
    char err[128];
    position_clear(pos, ruleset_default());
    CHECK(tfen_parse(pos, TFEN_START, err, sizeof err) == 0, "%s", err);
    MoveList *quiets = malloc(sizeof *quiets);
    generate_quiet(pos, quiets);
    int q = quiets->count;
    CHECK(q > 40, "%d quiet moves at the start", q);
    /* the last quiet moves generated: rewarded, killers; the first ones penalised */
    Move best = quiets->moves[q - 1], k[2] = {MOVE_NONE, MOVE_NONE};
    Move bad[3] = {quiets->moves[0], quiets->moves[1], quiets->moves[2]};
    memset(table, 0, sizeof table);
    history_update(table, best, bad, 3, bonus_of(6), SCALE);
    killers_update(k, quiets->moves[q - 3]);
    killers_update(k, quiets->moves[q - 2]);

    MovePicker mp;
    picker_init(&mp, pos, MOVE_NONE, k, (const int16_t(*)[SQUARE_COUNT])table, list, scratch,
                scores);
    Move order[8];
    int n = first_quiets(&mp, order, 8);
    CHECK(order[0] == k[0] && order[1] == k[1], "the killers first");
    CHECK(order[2] == best, "then the move with the best history");
    for (int i = 0; i < n; i++)
        for (int b = 0; b < 3; b++)
            CHECK(order[i] != bad[b], "a penalised move among the first picks (place %d)", i);
    free(pos), free(list), free(scratch), free(scores), free(quiets);
}

static int16_t cont[KIND_COUNT * SQUARE_COUNT];
static int16_t cont_entry(const Position *pos, Move m)
{
    return cont[piece_kind(pos->board[move_from(m)]) * SQUARE_COUNT + move_to(m)];
}

/* Continuation history and counter move at the start position. */
static void followup(void)
{
    Position *pos = malloc(sizeof *pos);
    MoveList *list = malloc(sizeof *list), *scratch = malloc(sizeof *scratch);
    MoveList *quiets = malloc(sizeof *quiets);
    int *scores = malloc(sizeof(int) * MAX_MOVES);
    char err[128];
    position_clear(pos, ruleset_default());
    CHECK(tfen_parse(pos, TFEN_START, err, sizeof err) == 0, "%s", err);
    generate_quiet(pos, quiets);
    int q = quiets->count;
    Move cut = quiets->moves[q / 2], tried[2] = {quiets->moves[0], quiets->moves[1]};
    memset(cont, 0, sizeof cont);
    cont_history_update(cont, pos, cut, tried, 2, bonus_of(5), SCALE);
    CHECK(cont_entry(pos, cut) > 0, "the cut-off move's continuation entry rises: %d",
          cont_entry(pos, cut));
    CHECK(cont_entry(pos, tried[0]) < 0 && cont_entry(pos, tried[1]) < 0,
          "the moves tried before it fall: %d %d", cont_entry(pos, tried[0]),
          cont_entry(pos, tried[1]));
    int changed = 0;
    for (int i = 0; i < KIND_COUNT * SQUARE_COUNT; i++)
        changed += cont[i] != 0;
    CHECK(changed == 3, "only the three moves' entries change: %d", changed);
    /* the entry is the kind's, not the square's: another piece of the kind going to the same
       square would share it; a piece of another kind on the same from-square would not */
    CHECK(piece_kind(pos->board[move_from(cut)]) != 0, "the cut-off move's piece has a kind");

    /* picker: killers, then the counter move, then cont + [from][to] history */
    Move k[2] = {MOVE_NONE, MOVE_NONE}, counter = quiets->moves[q - 5];
    killers_update(k, quiets->moves[q - 3]);
    killers_update(k, quiets->moves[q - 2]);
    Move by_table = quiets->moves[q - 1], by_cont = quiets->moves[q - 4];
    Move bad[2] = {quiets->moves[2], quiets->moves[3]};
    memset(table, 0, sizeof table);
    memset(cont, 0, sizeof cont);
    history_update(table, by_table, bad, 2, bonus_of(4), SCALE);
    cont_history_update(cont, pos, by_cont, bad, 2, bonus_of(8), SCALE);
    MovePicker mp;
    picker_init(&mp, pos, MOVE_NONE, k, (const int16_t(*)[SQUARE_COUNT])table, list, scratch,
                scores);
    picker_set_followup(&mp, counter, cont);
    Move order[8];
    int n = first_quiets(&mp, order, 8);
    CHECK(order[0] == k[0] && order[1] == k[1], "the killers first");
    CHECK(order[2] == counter, "then the counter move");
    CHECK(order[3] == by_cont, "then the move with the larger continuation history");
    CHECK(order[4] == by_table, "then the move rewarded in the [from][to] table");
    for (int i = 0; i < n; i++)
        for (int b = 0; b < 2; b++)
            CHECK(order[i] != bad[b], "a move penalised in both among the first picks (place %d)", i);
    free(pos), free(list), free(scratch), free(scores), free(quiets);
}

int main(void)
{
    killers();
    history_direction();
    picker_order();
    followup();
    return check_finish("test_history");
}
