/* The legal-move list kaki-board gives the page (gui/movelist.h), checked against board/'s
 * generator in random game positions and scattered positions (every kind, promoted pieces,
 * fire demons, several rule options): every legal move is in it exactly once, nothing else
 * is, and its effects are what make_move does to the whole board (captures, burns, suicide),
 * found here by comparing the board before and after.  Plus the burns and the suicide of the
 * fire-demon vector T7 (docs/RULES.md §10). */
#include <stdlib.h>
#include <string.h>

#include "board/legal.h"
#include "board/notation.h"
#include "check.h"
#include "crowded.h"
#include "gui/json.h"
#include "gui/movelist.h"
#include "randpos.h"
#include "util/clock.h"

static bool has(const JsonValue *arr, int sq)
{
    for (const JsonValue *v = arr ? arr->child : NULL; v; v = v->next)
        if ((int)v->number == sq)
            return true;
    return false;
}

/* The effects of m found by comparing whole boards. */
static void board_diff(Position *pos, Move m, bool removed[SQUARE_COUNT], bool *suicide)
{
    uint8_t before[SQUARE_COUNT];
    memcpy(before, pos->board, sizeof before);
    int us = pos->side;
    Undo u;
    make_move(pos, m, &u);
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        removed[sq] = before[sq] && piece_colour(before[sq]) != us &&
                      (!pos->board[sq] || piece_colour(pos->board[sq]) == us);
    int after = pos->board[move_to(m)];
    *suicide = !after || piece_colour(after) != us;
    unmake_move(pos, m, &u);
}

static int positions, moves_checked;

static void check_position(Position *pos)
{
    JsonBuf b;
    jb_init(&b);
    int n = movelist_json(pos, &b);
    size_t len;
    char *text = jb_take(&b, &len);
    char err[200];
    JsonValue *arr = json_parse(text, len, err, sizeof err);
    CHECK(arr && arr->type == JSON_ARRAY && arr->count == n, "the list parses: %s", err);
    MoveVec legal_all = {0}, *legal = &legal_all;
    generate_legal(pos, legal);
    CHECK(n == legal->count, "%d moves listed, %d legal", n, legal->count);
    char tfen[TFEN_MAX];
    tfen_print(pos, tfen);
    positions++;
    for (int i = 0; i < legal->count && arr; i++) {
        Move m = legal->moves[i];
        int found = 0;
        const JsonValue *e = NULL;
        for (const JsonValue *v = arr->child; v; v = v->next) {
            long from, to, mid;
            bool pass, promo;
            json_get_int(v, "from", 0, 255, &from);
            json_get_int(v, "to", 0, 255, &to);
            json_get_int(v, "mid", -1, 255, &mid);
            json_get_bool(v, "pass", &pass);
            json_get_bool(v, "promo", &promo);
            if (from == move_from(m) && to == move_to(m) && pass == move_is_pass(m) &&
                promo == move_is_promo(m) && mid == (move_has_mid(m) ? move_mid(m) : -1))
                found++, e = v;
        }
        CHECK(found == 1, "move %x listed %d times in %s", m, found, tfen);
        if (found != 1)
            continue;
        moves_checked++;
        bool removed[SQUARE_COUNT], suicide, sui_json = false, choice;
        board_diff(pos, m, removed, &suicide);
        const JsonValue *cap = json_get(e, "cap"), *burn = json_get(e, "burn");
        json_get_bool(e, "suicide", &sui_json);
        CHECK(sui_json == suicide, "suicide flag of %x in %s", m, tfen);
        int listed = 0;
        for (int sq = 0; sq < SQUARE_COUNT; sq++) {
            bool c = has(cap, sq), bu = has(burn, sq);
            CHECK(!(c && bu), "a square both captured and burned");
            CHECK((c || bu) == removed[sq], "square %d of move %x: listed %d/%d, removed %d in %s",
                  sq, m, c, bu, removed[sq], tfen);
            /* captures are on the final square or the first leg's; burns never are */
            if (c)
                CHECK(sq == move_to(m) || (move_has_mid(m) && sq == move_mid(m)), "capture square");
            listed += c || bu;
        }
        (void)listed;
        json_get_bool(e, "choice", &choice);
        CHECK(choice == movevec_has(legal, m ^ MOVE_PROMO), "promotion choice of %x", m);
        char wire[MOVE_STR_MAX], hodges[MOVE_STR_MAX];
        move_to_wire(pos, m, 0, wire);
        move_to_hodges(pos, m, hodges);
        CHECK(!strcmp(json_get_str(e, "wire"), wire) && !strcmp(json_get_str(e, "hodges"), hodges),
              "texts of %s", wire);
    }
    movevec_free(legal);
    json_free(arr);
    free(text);
}

static void vector_t7(void)
{
    Position *pos = malloc(sizeof *pos);
    position_clear(pos, ruleset_default());
    tfen_parse(pos, "15k/16/16/16/16/16/16/16/16/16/5P10/4d!11/2p13/4g11/1D!3P10/15K b", NULL, 0);
    MoveVec legal_all = {0}, *legal = &legal_all;
    generate_legal(pos, legal);
    int burns2 = 0, suicides = 0;
    for (int i = 0; i < legal->count; i++) {
        Move m = legal->moves[i];
        if (move_from(m) != sq_make(1, 1))
            continue;
        MoveEffects fx;
        move_effects(pos, m, &fx);
        if (move_to(m) == sq_make(3, 2)) /* b2-d3 burns c4 and e3 */
            CHECK(fx.nburn == 2 && fx.ncap == 0 && !fx.suicide &&
                      ((fx.burn[0] == sq_make(2, 3) && fx.burn[1] == sq_make(4, 2)) ||
                       (fx.burn[1] == sq_make(2, 3) && fx.burn[0] == sq_make(4, 2))),
                  "T7 b2-d3 burns c4 and e3");
        burns2 += fx.nburn == 2;
        suicides += fx.suicide;
        if (fx.suicide)
            CHECK(fx.nburn == 0, "a suicide burns nothing by default (fd_suicide=tsa)");
    }
    CHECK(suicides == 3, "T7: three suicide moves (%d)", suicides);
    CHECK(burns2 == 1, "T7: one move burns two pieces (%d)", burns2);
    check_position(pos);
    movevec_free(legal);
    free(pos);
}

int main(void)
{
    vector_t7();
    Rng rng = {12345};
    Position *pos = malloc(sizeof *pos);
    MoveVec legal_all = {0}, *legal = &legal_all;
    for (int g = 0; g < scaled(12); g++) {
        Rules rules;
        rules_default(&rules);
        rules.fd_suicide = g % 3 == 1 ? FDSUICIDE_ALL_BURN : FDSUICIDE_TSA;
        rules.promo_burn = g % 4 == 2;
        rules.lion_hawk = g % 5 == 3 ? LIONHAWK_TSA : LIONHAWK_FULL;
        RuleSet *rs = ruleset_new(&rules);
        if (g % 2) {
            pos->rs = rs;
            random_scatter(pos, &rng, 25);
            position_reset_history(pos);
        } else
            position_start(pos, rs);
        for (int ply = 0; ply < 60; ply++) {
            if (ply % 6 == 0)
                check_position(pos);
            generate_legal(pos, legal);
            Move m = random_move(pos, legal, &rng, 70);
            if (!m || position_game_over(pos))
                break;
            Undo u;
            make_move(pos, m, &u);
        }
        ruleset_free(rs);
    }
    /* more legal moves than the search's MoveList holds: the page gets every one */
    char err[200];
    position_clear(pos, ruleset_default());
    CHECK(tfen_parse(pos, CROWDED_LIONS_SENTE, err, sizeof err) == 0, "%s", err);
    JsonBuf b;
    jb_init(&b);
    int64_t t0 = mono_us();
    int n = movelist_json(pos, &b);
    size_t len;
    char *text = jb_take(&b, &len);
    JsonValue *arr = json_parse(text, len, err, sizeof err);
    CHECK(n == 4687 && arr && arr->count == n, "crowded: %d moves listed", n);
    printf("crowded: %d moves listed in %.0f ms\n", n, (double)(mono_us() - t0) / 1000.0);
    json_free(arr);
    free(text);
    printf("%d positions, %d moves checked\n", positions, moves_checked);
    movevec_free(legal);
    free(pos);
    return check_finish("test_gui_moves");
}
