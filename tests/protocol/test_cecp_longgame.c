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
 * With --exec KAKI the same game goes to the kaki executable through a pipe instead of the
 * in-process session (the soak of issue 9: stdin reader, line handling and output of the real
 * program): commands in batches of 256, each ended by a ping, every `Illegal move` line matched
 * to the move that had to be refused and no other output; at the end `sd 2` and `go` must
 * answer a legal move that repeats nothing of the game.
 *
 * Usage: test_cecp_longgame [--exec KAKI] [PLIES]  (default 100,000 scaled by KAKI_TEST_SCALE) */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "board/legal.h"
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

/* ------------------------------------------- the kaki executable behind a pipe (--exec) ---- */

static FILE *to_kaki, *from_kaki;
static pid_t kaki_pid;
#define BATCH 256
static char batch_move[BATCH][48]; /* the moves of the batch that must be refused, in order */
static int batch_lines, batch_refusals, pings;

static bool spawn_kaki(const char *path)
{
    int in[2], outp[2];
    if (pipe(in) || pipe(outp))
        return false;
    kaki_pid = fork();
    if (kaki_pid < 0)
        return false;
    if (kaki_pid == 0) {
        dup2(in[0], 0);
        dup2(outp[1], 1);
        close(in[0]), close(in[1]), close(outp[0]), close(outp[1]);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(outp[1]);
    to_kaki = fdopen(in[1], "w");
    from_kaki = fdopen(outp[0], "r");
    return to_kaki && from_kaki;
}

/* One line from the engine (without the newline) into buf; false at the end of its output. */
static bool kaki_line(char *buf, size_t n)
{
    if (!fgets(buf, (int)n, from_kaki))
        return false;
    buf[strcspn(buf, "\n")] = '\0';
    return true;
}

/* Ends the batch with a ping and reads up to the pong: every `Illegal move` line must be the
   next move that had to be refused, and nothing else may come. */
static void flush_batch(void)
{
    if (!to_kaki || !batch_lines)
        return;
    fprintf(to_kaki, "ping %d\n", ++pings);
    fflush(to_kaki);
    char line[512], pong[32];
    snprintf(pong, sizeof pong, "pong %d", pings);
    int got = 0;
    bool ended = false;
    while (!(ended = !kaki_line(line, sizeof line)) && strcmp(line, pong) != 0) {
        if (strncmp(line, "Illegal move", 12) == 0 && got < batch_refusals) {
            const char *text = strrchr(line, ' ') + 1;
            CHECK(strcmp(text, batch_move[got]) == 0, "ply %d: refused %s, expected %s", ply,
                  text, batch_move[got]);
            got++;
        } else {
            CHECK(false, "ply %d: unexpected output '%s'", ply, line);
        }
    }
    CHECK(!ended, "ply %d: the engine's output ended (crashed?)", ply);
    CHECK(got == batch_refusals, "ply %d: %d of %d repetitions refused in the batch", ply, got,
          batch_refusals);
    batch_lines = batch_refusals = 0;
}

/* Sends a usermove; in-process the answer is checked at once and returned (true = refused),
   through the pipe it is checked at the end of the batch and the expected answer returned. */
static bool send_move(const char *line, bool must_refuse)
{
    if (!to_kaki) {
        out_clear(&out);
        cecp_handle(cecp, line);
        return out_find(&out, 0, "Illegal move") >= 0;
    }
    fprintf(to_kaki, "%s\n", line);
    if (must_refuse)
        snprintf(batch_move[batch_refusals++], sizeof batch_move[0], "%s", line + 9);
    if (++batch_lines == BATCH)
        flush_batch();
    return must_refuse;
}

/* Sends a move that the naive record says repeats a position: it must be refused. */
static void send_repetition(Move m, int earlier)
{
    char line[64] = "usermove ";
    move_to_wire(pos, m, 0, line + 9);
    bool ok = send_move(line, true) && (to_kaki || cecp_game_length(cecp) == ply);
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
    bool ok = !send_move(line, false) && (to_kaki || cecp_game_length(cecp) == ply + 1);
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

/* The end through the pipe: the engine searches and must answer a legal move that repeats
   nothing of the game, then quit. */
static void finish_exec(void)
{
    flush_batch();
    fprintf(to_kaki, "sd 2\ngo\nping %d\n", ++pings);
    fflush(to_kaki);
    char line[512], pong[32], answer[512] = "";
    snprintf(pong, sizeof pong, "pong %d", pings);
    while (kaki_line(line, sizeof line) && strcmp(line, pong) != 0)
        if (strncmp(line, "move ", 5) == 0)
            snprintf(answer, sizeof answer, "%s", line + 5);
    char err[160];
    Move m = answer[0] ? move_from_wire(pos, answer, 0, err, sizeof err) : MOVE_NONE;
    MoveVec legal = {0};
    generate_legal(pos, &legal);
    CHECK(m && movevec_has(&legal, m), "the engine's move '%s' is legal", answer);
    movevec_free(&legal);
    if (m)
        CHECK(seen_at(key_of_move(m)) < 0, "the engine's move %s repeats ply %d", answer,
              seen_at(key_of_move(m)));
    fprintf(to_kaki, "quit\n");
    fclose(to_kaki);
    fclose(from_kaki);
    int status = 0;
    waitpid(kaki_pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the engine exits with 0 (status %d)",
          status);
}

int main(int argc, char **argv)
{
    const char *exec_path = NULL;
    if (argc > 2 && strcmp(argv[1], "--exec") == 0) {
        exec_path = argv[2];
        argc -= 2, argv += 2;
    }
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
    if (exec_path) {
        signal(SIGPIPE, SIG_IGN);
        if (!spawn_kaki(exec_path)) {
            fprintf(stderr, "cannot run %s\n", exec_path);
            return 1;
        }
        fprintf(to_kaki, "xboard\nprotover 2\nmemory 16\ncores 1\nnew\nforce\n%s\n", setboard);
        fflush(to_kaki);
        char line[4096];
        while (kaki_line(line, sizeof line) && strcmp(line, "feature done=1") != 0)
            ;
        batch_lines = 1; /* the set-up is answered by nothing: checked by the first ping */
        flush_batch();
    } else {
        cecp = cecp_new(out_write, &out);
        cecp_set_resource_limits(cecp, 16, 1);
        cecp_handle(cecp, "xboard");
        cecp_handle(cecp, "protover 2");
        cecp_handle(cecp, "new");
        cecp_handle(cecp, "force");
        cecp_handle(cecp, setboard);
    }
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
        if (ply % 10000 == 0 && cecp) {
            const char *err = cecp_check(cecp);
            CHECK(err == NULL, "ply %d: %s", ply, err);
        }
    }
    printf("%d plies replayed, %d moves accepted, %d repetitions refused (the farthest %d plies "
           "back)\n", ply, accepted, refused, farthest);
    CHECK(ply >= plies, "the game reached %d of %d plies", ply, plies);
    CHECK(refused >= 3 && farthest > 2 * HISTORY_RING, "far repetitions were tried: %d, %d plies",
          refused, farthest);
    if (exec_path) {
        finish_exec();
        out_free(&out);
        free(pos);
        return check_finish("test_cecp_longgame --exec");
    }
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
