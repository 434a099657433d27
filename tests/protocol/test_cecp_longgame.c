/* A 100,000-ply game replayed through CECP in force mode (`usermove` after `usermove`), with the
 * repetition rule checked against a naive record of every position of the game, however far
 * back: the protocol's game record must keep the whole history (it once kept only what the
 * position's ring holds, so a repetition more than 1,024 plies back went unseen).
 *
 * The game is built so that far repetitions come up: each king walks a closed loop (96 and 95
 * squares), so the pair of king squares runs through every combination before the first
 * position comes back after 9,120 moves of each side (shorter loops for a shorter game).  The move that would close the loop is
 * sent and must be refused; the side then shifts its gold one square instead, and a new round
 * begins in which every king pair comes again.  Every few hundred plies the gold's step back
 * to the square it left (a position of the previous round, up to 18,000 plies back) is sent and
 * must be refused.  At the end the engine searches the position and must not repeat one.
 *
 * Usage: test_cecp_longgame [PLIES]  (default 100,000 scaled by KAKI_TEST_SCALE) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/tfen.h"
#include "cecp_harness.h"
#include "check.h"
#include "kingloop.h"

/* ------------------------------------------------------- the naive record: every key ---- */

#define SET_BITS 20
static uint64_t set_key[1 << SET_BITS];
static int set_ply[1 << SET_BITS]; /* ply + 1 of the position, 0 = empty */

/* The ply at which a position with this key (side to move included) occurred, or -1. */
static int seen_at(uint64_t key)
{
    for (uint32_t i = (uint32_t)(key >> (64 - SET_BITS));; i = (i + 1) & ((1u << SET_BITS) - 1)) {
        if (!set_ply[i])
            return -1;
        if (set_key[i] == key)
            return set_ply[i] - 1;
    }
}

static void remember(uint64_t key, int ply)
{
    uint32_t i = (uint32_t)(key >> (64 - SET_BITS));
    while (set_ply[i])
        i = (i + 1) & ((1u << SET_BITS) - 1);
    set_key[i] = key;
    set_ply[i] = ply + 1;
}

/* ----------------------------------------------------------------------- the game ---- */

static Out out;
static Cecp *cecp;
static Position *pos;
static int ply, refused, accepted, farthest;

static uint64_t key_of_move(Move m)
{
    Undo u;
    make_move(pos, m, &u);
    uint64_t k = pos->key;
    unmake_move(pos, m, &u);
    return k;
}

/* Sends a move that the naive record says repeats a position: it must be refused. */
static void send_repetition(Move m, int earlier)
{
    char line[64] = "usermove ";
    move_to_wire(pos, m, 0, line + 9);
    out_clear(&out);
    cecp_handle(cecp, line);
    bool ok = cecp_game_length(cecp) == ply && out_find(&out, 0, "Illegal move") >= 0;
    CHECK(ok, "ply %d: %s repeats ply %d but was not refused", ply, line, earlier);
    refused += ok;
    if (ply - earlier > farthest)
        farthest = ply - earlier;
}

/* Plays a move that repeats nothing: the engine must accept it. */
static void play(Move m)
{
    char line[64] = "usermove ";
    move_to_wire(pos, m, 0, line + 9);
    out_clear(&out);
    cecp_handle(cecp, line);
    bool ok = cecp_game_length(cecp) == ply + 1 && out_find(&out, 0, "Illegal") < 0;
    CHECK(ok, "ply %d: %s was refused", ply, line);
    accepted += ok;
    Undo u;
    make_move(pos, m, &u);
    remember(pos->key, ++ply);
}

/* A move of neither loop nor gold that repeats nothing (the game never needs one in 100,000
   plies, but the generator must not stop). */
static Move any_fresh_move(void)
{
    MoveVec all = {0};
    generate_all_moves(pos, &all);
    Move found = MOVE_NONE;
    for (int i = 0; i < all.count && !found; i++) {
        Move m = all.moves[i];
        if (!move_has_mid(m) && !move_is_promo(m) && (move_is_pass(m) || !pos->board[move_to(m)]) &&
            seen_at(key_of_move(m)) < 0)
            found = m;
    }
    movevec_free(&all);
    return found;
}

int main(int argc, char **argv)
{
    int plies = argc > 1 ? atoi(argv[1]) : scaled(100000);
    int loop[2][96], len[2], at[2] = {0, 0};
    /* six ranks: 96 and 95 squares, 18,240 plies a round; four for a short game (64, 63) */
    int ranks = plies >= 50000 ? 6 : 4;
    len[BLACK] = king_loop(0, ranks, false, loop[BLACK]);
    len[WHITE] = king_loop(16 - ranks, ranks, true, loop[WHITE]);
    /* the golds: sente's on rank 8 from file a on, gote's on rank 9 from file p on */
    int gold[2] = {sq_make(0, 7), sq_make(15, 8)}, gold_dir[2] = {1, -1}, gold_left[2] = {-1, -1};

    pos = malloc(sizeof *pos);
    uint8_t board[SQUARE_COUNT] = {0};
    board[loop[BLACK][0]] = (uint8_t)make_piece(KING, BLACK);
    board[loop[WHITE][0]] = (uint8_t)make_piece(KING, WHITE);
    board[gold[BLACK]] = (uint8_t)make_piece(GOLD, BLACK);
    board[gold[WHITE]] = (uint8_t)make_piece(GOLD, WHITE);
    position_clear(pos, ruleset_default());
    position_set(pos, board, BLACK);
    char setboard[TFEN_MAX + 16] = "setboard ";
    tfen_print(pos, setboard + 9);

    out_init(&out);
    cecp = cecp_new(out_write, &out);
    cecp_set_resource_limits(cecp, 16, 1);
    cecp_handle(cecp, "xboard");
    cecp_handle(cecp, "protover 2");
    cecp_handle(cecp, "new");
    cecp_handle(cecp, "force");
    cecp_handle(cecp, setboard);
    remember(pos->key, 0);

    while (ply < plies) {
        int us = pos->side;
        /* now and then: the gold back to the square it left */
        if (ply % 397 == 0 && gold_left[us] >= 0) {
            Move back = move_make(gold[us], gold_left[us]);
            int earlier = seen_at(key_of_move(back));
            if (earlier >= 0)
                send_repetition(back, earlier);
        }
        Move step = move_make(loop[us][at[us]], loop[us][(at[us] + 1) % len[us]]);
        int earlier = seen_at(key_of_move(step));
        if (earlier < 0) {
            at[us] = (at[us] + 1) % len[us];
            play(step);
            continue;
        }
        send_repetition(step, earlier); /* the loop would close: a new round */
        int next = gold[us] + gold_dir[us];
        Move shift = move_make(gold[us], next);
        if (sq_file(next) != (us == BLACK ? 0 : 15) && seen_at(key_of_move(shift)) < 0) {
            gold_left[us] = gold[us];
            gold[us] = next;
            play(shift);
            continue;
        }
        Move m = any_fresh_move();
        CHECK(m != MOVE_NONE, "ply %d: the generator is stuck", ply);
        if (!m)
            break;
        if (move_from(m) == loop[us][at[us]])
            at[us] = -1; /* the king left its loop: no more rounds for it */
        play(m);
        if (at[us] < 0)
            break;
        if (ply % 10000 == 0) {
            const char *err = cecp_check(cecp);
            CHECK(err == NULL, "ply %d: %s", ply, err);
        }
    }
    printf("%d plies replayed, %d moves accepted, %d repetitions refused (the farthest %d plies "
           "back)\n", ply, accepted, refused, farthest);
    CHECK(ply >= plies, "the game reached %d of %d plies", ply, plies);
    CHECK(refused >= 3 && farthest > 2 * HISTORY_RING, "far repetitions were tried: %d, %d plies",
          refused, farthest);
    const char *err = cecp_check(cecp);
    CHECK(err == NULL, "after the game: %s", err);

    /* the engine thinks here: its move must repeat nothing of the whole game */
    out_clear(&out);
    cecp_handle(cecp, "sd 2");
    cecp_handle(cecp, "go");
    CHECK(cecp_wait_idle(cecp, 60000), "the engine answers");
    CHECK(cecp_game_length(cecp) == ply + 1, "the engine moved");
    const Position *after = cecp_position(cecp);
    CHECK(seen_at(after->key) < 0, "the engine's move repeats ply %d", seen_at(after->key));
    cecp_free(cecp);
    out_free(&out);
    free(pos);
    return check_finish("test_cecp_longgame");
}
