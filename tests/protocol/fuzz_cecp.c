/* Seeded random-input driver for the CECP layer (and through it the move and FEN parsers).
 *
 *   fuzz_cecp [--seconds S] [--seed N] [--threads T] [--moves]
 *   (environment: FUZZ_SECONDS, FUZZ_SEED)
 *
 * Feeds, for a bounded time, a mix of well-formed commands with random arguments, legal and
 * illegal moves of the current position, random and mutated FENs, mutated command lines,
 * random bytes and very long lines into an in-process protocol state.  After every line it
 * checks that the state is consistent (the position validates and equals the replay of the game
 * record, with the same repetition history) and that `ping N` is still answered with `pong N`.
 * The move and TFEN parsers are also called directly on mutated strings.
 *
 * --moves: long games instead, in force mode: thousands of plies of random legal moves (quiet
 * ones preferred, so that games last) mixed with illegal ones (legal moves' text mutated, moves
 * of the other side, moves of the position before).  The test keeps the game itself with the
 * rules core (a GameRecord): every move its rules accept must be taken silently and every other
 * must be answered by exactly one `Illegal move` line, and after every input the engine's
 * position must be the record's (same key, same length).  Now and then the engine plays a move
 * itself (`sd 1`, `go`).  Exit status 0 = no failure; the last line reports the number of
 * inputs. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board/game.h"
#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/tfen.h"
#include "board/xbvariant.h"
#include "cecp_harness.h"
#include "randpos.h"
#include "util/clock.h"

static Out sink;
static Rng rng;
static int rank_offset;
static long failures;


static int below(int n) { return n > 0 ? rng_below(&rng, n) : 0; }

static void fail(const char *what, const char *line)
{
    failures++;
    if (failures <= 20) {
        char shown[160];
        size_t n = 0;
        for (const char *p = line; *p && n < sizeof shown - 1; p++)
            shown[n++] = isprint((unsigned char)*p) ? *p : '?';
        shown[n] = '\0';
        fprintf(stderr, "FAILED: %s (after input '%s')\n", what, shown);
    }
}

/* ---- generators ------------------------------------------------------------------------ */

static void random_square(char *out)
{
    int f = below(18) - 1, r = below(19) - 1;
    if (f < 0 || f > 15 || r < 0)
        sprintf(out, "%c%d", 'a' + below(26), below(40) - 3);
    else
        sprintf(out, "%c%d", 'a' + f, rank_offset ? r : r + 1);
}

/* A legal move of the position (often), or something move-like. */
static void random_move_text(Cecp *c, char *out)
{
    Position *pos = malloc(sizeof *pos);
    MoveVec list_all = {0}, *list = &list_all;
    *pos = *cecp_position(c);
    generate_legal(pos, list);
    if (list->count && below(4)) {
        Move m = list->moves[below(list->count)];
        move_to_wire(pos, m, rank_offset, out);
        if (!move_is_promo(m) && !below(6))
            strcat(out, below(2) ? "=" : "+");
    } else if (!below(5)) {
        strcpy(out, "@@@@");
    } else {
        char a[16], b[16], x[16], d[16];
        random_square(a);
        random_square(b);
        random_square(x);
        random_square(d);
        if (below(3))
            sprintf(out, "%s%s", a, b);
        else
            sprintf(out, "%s%s,%s%s%s", a, b, below(2) ? b : x, d, below(3) ? "" : "+");
    }
    free(pos);
    movevec_free(list);
}

static void random_fen(Cecp *c, char *out)
{
    Position *pos = malloc(sizeof *pos);
    char board[TFEN_MAX];
    position_clear(pos, cecp_position(c)->rs);
    switch (below(4)) {
    case 0:
        position_start(pos, cecp_position(c)->rs);
        break;
    case 1:
        *pos = *cecp_position(c);
        break;
    default:
        random_scatter(pos, &rng, below(40));
        if (!below(8)) { /* a side without royals */
            for (int sq = 0; sq < 256; sq++)
                if (pos->board[sq] && pos->rs->piece[pos->board[sq]].royal)
                    remove_piece(pos, sq);
        }
        break;
    }
    tfen_print_board(pos, board);
    switch (below(3)) {
    case 0: sprintf(out, "%s %c", board, below(2) ? 'b' : 'w'); break; /* TFEN */
    case 1: sprintf(out, "%s %c - 0 1", board, below(2) ? 'b' : 'w'); break;
    default: sprintf(out, "%s %c 0 %d", board, below(2) ? 'b' : 'w', below(300)); break;
    }
    free(pos);
}

static void random_number(char *out)
{
    switch (below(6)) {
    case 0: sprintf(out, "%d", below(10)); break;
    case 1: sprintf(out, "%d", below(100000)); break;
    case 2: sprintf(out, "-%d", below(1000)); break;
    case 3: sprintf(out, "%d.%d", below(10), below(100)); break;
    case 4: strcpy(out, "99999999999999999999999"); break;
    default: strcpy(out, below(2) ? "x" : ""); break;
    }
}

static const char *const option_names[] = {
    "lion_hawk", "free_eagle", "fd_suicide", "fd_range", "tetrarch", "jumper_capture",
    "jump_noncapture", "second_chance", "promo_path", "promo_burn", "rep_check_exception",
    "Rank offset", "Resign threshold", "Hash", "Threads", "Level", "Level seed", "Bogus",
};
static const char *const option_values[] = {
    "full", "tsa", "diag_lion", "west", "all_burn", "rank", "file", "vertical", "western", "cvp",
    "nojump", "on", "off", "endpoints", "any_square", "0", "1", "2", "-1", "64", "abc", "",
};

/* A well-formed command with random arguments. */
static void random_command(Cecp *c, char *out)
{
    char a[64], b[64], d[64], big[TFEN_MAX + 64];
    switch (below(40)) {
    case 0: strcpy(out, "new"); break;
    case 1: strcpy(out, "variant tenjiku"); break;
    case 2: strcpy(out, "force"); break;
    case 3: strcpy(out, "go"); break;
    case 4: strcpy(out, "playother"); break;
    case 5: case 6: case 7: case 8: case 9:
        random_move_text(c, a);
        sprintf(out, "%s%s", below(3) ? "usermove " : "", a);
        break;
    case 10: strcpy(out, "?"); break;
    case 11: random_number(a); sprintf(out, "time %s", a); break;
    case 12: random_number(a); sprintf(out, "otim %s", a); break;
    case 13:
        random_number(a), random_number(b), random_number(d);
        if (below(2))
            sprintf(out, "level %s %s:%02d %s", a, b, below(60), d);
        else
            sprintf(out, "level %s %s %s", a, b, d);
        break;
    case 14: sprintf(out, "st %s", below(2) ? "0.01" : "0.05"); break;
    case 15: sprintf(out, "sd %d", below(4)); break;
    case 16: random_number(a); sprintf(out, "nps %s", a); break;
    case 17: strcpy(out, below(2) ? "post" : "nopost"); break;
    case 18: strcpy(out, below(2) ? "hard" : "easy"); break;
    case 19: strcpy(out, "analyze"); break;
    case 20: strcpy(out, "exit"); break;
    case 21: strcpy(out, "."); break;
    case 22: strcpy(out, below(2) ? "undo" : "remove"); break;
    case 23: case 24: random_fen(c, big); sprintf(out, "setboard %s", big); break;
    case 25: strcpy(out, below(2) ? "result 1-0 {x}" : "result *"); break;
    case 26: sprintf(out, "memory %d", below(20) - 2); break;
    case 27: sprintf(out, "cores %d", below(4) - 1); break;
    case 28: case 29: {
        int i = below((int)(sizeof option_names / sizeof option_names[0]));
        int v = below((int)(sizeof option_values / sizeof option_values[0]));
        sprintf(out, "option %s=%s", option_names[i], option_values[v]);
        if (i == 11 && (v == 15 || v == 16))
            rank_offset = v - 15;
        break;
    }
    case 30: strcpy(out, below(2) ? "hint" : "bk"); break;
    case 31: case 32:
        random_square(a);
        sprintf(out, "%s %s%s", below(3) == 0 ? "put" : below(2) ? "lift" : "hover", a,
                below(5) ? "" : ",");
        break;
    case 33: strcpy(out, below(2) ? "random" : "computer"); break;
    case 34: strcpy(out, below(2) ? "accepted done" : "rejected highlight"); break;
    case 35: strcpy(out, "protover 2"); break;
    case 36: strcpy(out, "xboard"); break;
    case 37: strcpy(out, below(2) ? "name Fuzz" : "draw"); break;
    case 38: strcpy(out, below(2) ? "white" : "edit"); break;
    default: sprintf(out, "ping %d", below(1000)); break;
    }
}

/* Random edits: flips, deletions, insertions, duplications, truncation. */
static size_t mutate(char *buf, size_t len, size_t cap)
{
    int edits = 1 + below(4);
    for (int e = 0; e < edits; e++) {
        size_t pos = len ? (size_t)below((int)len) : 0;
        switch (below(6)) {
        case 0: if (len) buf[pos] = (char)below(256); break;
        case 1: if (len) { memmove(buf + pos, buf + pos + 1, len - pos - 1); len--; } break;
        case 2:
            if (len + 1 < cap) {
                memmove(buf + pos + 1, buf + pos, len - pos);
                buf[pos] = " ,+=@/!'0123456789abcdefghijklmnopKQ-\t"[below(38)];
                len++;
            }
            break;
        case 3: len = pos; break;
        case 4: { /* duplicate a chunk */
            size_t n = (size_t)below(20);
            if (pos + n <= len && len + n < cap) {
                memmove(buf + pos + n, buf + pos, len - pos);
                len += n;
            }
            break;
        }
        default: if (len) buf[pos] = (char)toupper((unsigned char)buf[pos]); break;
        }
    }
    return len;
}

/* ---- direct parser fuzzing ------------------------------------------------------------ */

static void fuzz_parsers(Cecp *c, char *buf, size_t cap)
{
    Position *pos = malloc(sizeof *pos);
    *pos = *cecp_position(c);
    uint64_t key = pos->key;
    char err[200];
    random_move_text(c, buf);
    size_t len = mutate(buf, strlen(buf), cap - 1);
    buf[len] = '\0';
    Move m = move_from_wire(pos, buf, rank_offset, err, sizeof err);
    if (pos->key != key)
        fail("move_from_wire changed the position", buf);
    if (m) {
        MoveVec l_all = {0}, *l = &l_all;
        generate_legal(pos, l);
        bool found = false;
        for (int i = 0; i < l->count && !found; i++)
            found = l->moves[i] == m;
        if (!found)
            fail("move_from_wire returned an illegal move", buf);
        movevec_free(l);
    }
    random_fen(c, buf);
    len = mutate(buf, strlen(buf), cap - 1);
    buf[len] = '\0';
    if (tfen_parse(pos, buf, err, sizeof err) == 0) {
        const char *e = position_validate(pos);
        if (e)
            fail(e, buf);
    } else if (pos->key != key) {
        fail("tfen_parse changed the position on error", buf);
    }
    free(pos);
}

/* ---- driver ------------------------------------------------------------------------------ */

static long pings;

static void settle(Cecp *c, const char *line)
{
    if (!cecp_wait_idle(c, 300)) {
        cecp_handle(c, "?");
        if (!cecp_wait_idle(c, 15000))
            fail("engine does not move after '?'", line);
    }
    const char *err = cecp_check(c);
    if (err)
        fail(err, line);
    char ping[32], pong[32];
    long n = ++pings;
    sprintf(ping, "ping %ld", n);
    sprintf(pong, "pong %ld", n);
    int mark = out_n(&sink);
    cecp_handle(c, ping);
    if (!cecp_wait_idle(c, 300)) {
        cecp_handle(c, "?");
        cecp_wait_idle(c, 15000);
    }
    int idx = out_find(&sink, mark, pong);
    if (idx < 0)
        fail("no pong", line);
    out_clear(&sink);
}

/* ---- --moves: long games of legal and illegal moves ----------------------------------------- */

typedef struct MoveFuzz {
    long legal, illegal, kludged, engine_moves, games, longest;
} MoveFuzz;

static int pieces_on_board(const Position *pos)
{
    int n = 0;
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        n += pos->board[sq] != 0;
    return n;
}

/* A random legal move, one that takes or burns nothing if one is found (so that games last
   thousands of plies), or MOVE_NONE if there is none. */
static Move pick_legal(Position *pos, const MoveVec *legal)
{
    if (!legal->count)
        return MOVE_NONE;
    int pieces = pieces_on_board(pos);
    for (int tries = 0; tries < 40; tries++) {
        Move m = legal->moves[below(legal->count)];
        Undo u;
        make_move(pos, m, &u);
        bool quiet = pieces_on_board(pos) == pieces;
        unmake_move(pos, m, &u);
        if (quiet)
            return m;
    }
    return legal->moves[below(legal->count)];
}

/* An illegal-looking move text: a legal move mutated, or a move of the other side. */
static void illegal_text(GameRecord *g, const MoveVec *legal, char *out, size_t cap)
{
    Position *p = malloc(sizeof *p);
    *p = *g->pos;
    if (legal->count && below(4)) {
        move_to_wire(p, legal->moves[below(legal->count)], 0, out);
        size_t len = mutate(out, strlen(out), cap - 1);
        out[len] = '\0';
    } else { /* a move of the side not to move */
        p->side = !p->side;
        MoveVec other = {0};
        generate_all_moves(p, &other);
        if (other.count)
            move_to_wire(p, other.moves[below(other.count)], 0, out);
        else
            strcpy(out, "a1a2");
        movevec_free(&other);
    }
    /* one line, no blanks around it (the engine trims them) and not empty */
    for (char *q = out; *q; q++)
        if (*q == '\n' || *q == '\r')
            *q = '?';
    char *start = out;
    while (*start == ' ' || *start == '\t')
        start++;
    memmove(out, start, strlen(start) + 1);
    size_t n = strlen(out);
    while (n && (out[n - 1] == ' ' || out[n - 1] == '\t'))
        out[--n] = '\0';
    if (!n)
        strcpy(out, "z9z9");
    free(p);
}

/* The legal move of g->pos that leads to the position with this key, or MOVE_NONE. */
static Move move_to_key(GameRecord *g, uint64_t key)
{
    MoveVec legal = {0};
    generate_legal(g->pos, &legal);
    Move found = MOVE_NONE;
    for (int i = 0; i < legal.count && !found; i++) {
        Undo u;
        make_move(g->pos, legal.moves[i], &u);
        if (g->pos->key == key)
            found = legal.moves[i];
        unmake_move(g->pos, legal.moves[i], &u);
    }
    movevec_free(&legal);
    return found;
}

/* One usermove, checked against the record; false if the two are out of step. */
static bool move_step(Cecp *c, GameRecord *g, const char *text, MoveFuzz *mf)
{
    char line[600], err[200];
    snprintf(line, sizeof line, "usermove %s", text);
    Move expect = move_from_wire(g->pos, text, 0, err, sizeof err);
    int before = cecp_game_length(c);
    out_clear(&sink);
    cecp_handle(c, line);
    bool refused = out_find(&sink, 0, "Illegal move") >= 0;
    if (expect) {
        if (refused || out_n(&sink) != 0)
            fail("a legal move was refused or answered", line);
        else
            game_record_play(g, expect), mf->legal++;
    } else if (!refused) { /* another notation of a legal move (XBoard's kludges): must be one */
        Move m = cecp_game_length(c) == before + 1 ? move_to_key(g, cecp_position(c)->key) : 0;
        if (!m)
            fail("an illegal move was taken", line);
        else
            game_record_play(g, m), mf->kludged++;
    } else {
        if (out_n(&sink) != 1)
            fail("an illegal move was answered by more than one line", line);
        mf->illegal++;
    }
    if (cecp_game_length(c) != g->nmoves || cecp_position(c)->key != g->pos->key) {
        fail("the engine's position is not the record's", line);
        return false;
    }
    return true;
}

/* The engine plays the side to move (sd 1); the record follows. */
static bool engine_step(Cecp *c, GameRecord *g, MoveFuzz *mf)
{
    cecp_handle(c, "go");
    settle(c, "go");
    cecp_handle(c, "force");
    if (cecp_game_length(c) == g->nmoves)
        return true; /* the game was over: a claim, no move */
    Move m = cecp_game_length(c) == g->nmoves + 1 ? move_to_key(g, cecp_position(c)->key) : 0;
    if (!m) {
        fail("the engine's move is not a legal move of the record's position", "go");
        return false;
    }
    game_record_play(g, m);
    mf->engine_moves++;
    return true;
}

static void new_game(Cecp *c, GameRecord *g, MoveFuzz *mf)
{
    cecp_handle(c, "new");
    cecp_handle(c, "force");
    Position *start = malloc(sizeof *start);
    position_start(start, cecp_position(c)->rs);
    game_record_restart(g, start);
    free(start);
    mf->games++;
    settle(c, "new");
}

static int fuzz_moves(Cecp *c, double seconds)
{
    GameRecord g;
    Position *start = malloc(sizeof *start);
    position_start(start, cecp_position(c)->rs);
    game_record_init(&g, start);
    free(start);
    cecp_handle(c, "sd 1");
    MoveFuzz mf = {0};
    new_game(c, &g, &mf);
    char text[600];
    long inputs = 0;
    double end = mono_seconds() + seconds;
    while (mono_seconds() < end && failures < 20) {
        MoveVec legal = {0};
        generate_legal(g.pos, &legal);
        bool ok = true;
        if (legal.count == 0 || g.nmoves >= 20000) {
            if (g.nmoves > mf.longest)
                mf.longest = g.nmoves;
            new_game(c, &g, &mf);
        } else if (below(3)) {
            move_to_wire(g.pos, pick_legal(g.pos, &legal), 0, text);
            ok = move_step(c, &g, text, &mf);
        } else if (below(1000)) {
            illegal_text(&g, &legal, text, sizeof text);
            ok = move_step(c, &g, text, &mf);
        } else {
            ok = engine_step(c, &g, &mf);
        }
        movevec_free(&legal);
        inputs++;
        if (!ok) { /* out of step: report once and start again */
            new_game(c, &g, &mf);
        } else if (inputs % 500 == 0) {
            settle(c, "a long game");
        }
    }
    if (g.nmoves > mf.longest)
        mf.longest = g.nmoves;
    game_record_free(&g);
    printf("fuzz_cecp --moves: %ld inputs: %ld legal moves taken, %ld illegal refused, %ld in "
           "another notation, %ld engine moves; %ld games, the longest %ld plies; %ld failures\n",
           inputs, mf.legal, mf.illegal, mf.kludged, mf.engine_moves, mf.games, mf.longest,
           failures);
    return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
    double seconds = getenv("FUZZ_SECONDS") ? atof(getenv("FUZZ_SECONDS")) : 20;
    unsigned long long seed = getenv("FUZZ_SEED") ? strtoull(getenv("FUZZ_SEED"), NULL, 10)
                                                  : (unsigned long long)time(NULL);
    int max_threads = 2; /* `cores N` and the Threads option are clamped to this */
    bool moves_mode = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            max_threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--moves"))
            moves_mode = true;
        else {
            fprintf(stderr, "usage: fuzz_cecp [--seconds S] [--seed N] [--threads T] [--moves]\n");
            return 2;
        }
    }
    printf("fuzz_cecp: seed %llu, %.0f s\n", seed, seconds);
    fflush(stdout);
    rng.s = seed;
    out_init(&sink);
    Cecp *c = cecp_new(out_write, &sink);
    cecp_set_resource_limits(c, 8, max_threads);
    const char *init[] = {"xboard", "protover 2", "memory 1", "st 0.02", "sd 3", "new",
                          "variant tenjiku"};
    for (size_t i = 0; i < sizeof init / sizeof init[0]; i++)
        cecp_handle(c, init[i]);
    settle(c, "init");
    if (moves_mode) {
        int status = fuzz_moves(c, seconds);
        cecp_free(c);
        out_free(&sink);
        return status;
    }

    size_t cap = 300000;
    char *buf = malloc(cap), *cmd = malloc(TFEN_MAX + 256);
    long inputs = 0, direct = 0, quits = 0;
    double end = mono_seconds() + seconds;
    while (mono_seconds() < end && failures < 20) {
        size_t len;
        int kind = below(100);
        if (kind < 55) { /* well-formed */
            random_command(c, cmd);
            len = strlen(cmd);
            memcpy(buf, cmd, len);
        } else if (kind < 85) { /* mutated */
            random_command(c, cmd);
            len = strlen(cmd);
            memcpy(buf, cmd, len);
            len = mutate(buf, len, cap - 1);
        } else if (kind < 97) { /* random bytes */
            len = (size_t)below(300);
            for (size_t i = 0; i < len; i++)
                buf[i] = (char)(below(3) ? 32 + below(95) : below(256));
        } else { /* very long */
            len = 50000 + (size_t)below(200000);
            int filler = below(3);
            for (size_t i = 0; i < len; i++)
                buf[i] = filler == 0 ? 'a' + (char)(i % 16) : filler == 1 ? '1' : (char)below(256);
            if (below(2))
                memcpy(buf, below(2) ? "setboard " : "usermove ", 9);
        }
        buf[len] = '\0';
        if (!cecp_handle_line(c, buf, len)) { /* a mutated line that reads "quit" */
            quits++;
            cecp_free(c);
            c = cecp_new(out_write, &sink);
            cecp_set_resource_limits(c, 8, max_threads);
            rank_offset = 0;
            for (size_t i = 0; i < sizeof init / sizeof init[0]; i++)
                cecp_handle(c, init[i]);
        }
        inputs++;
        settle(c, buf);
        if (below(4) == 0) {
            fuzz_parsers(c, buf, cap);
            direct++;
        }
    }
    cecp_handle(c, "quit");
    cecp_free(c);
    free(buf);
    free(cmd);
    out_free(&sink);
    printf("fuzz_cecp: %ld protocol inputs (+%ld pings), %ld direct parser inputs, %ld restarts "
           "after quit, %ld failures\n",
           inputs, pings, direct, quits, failures);
    return failures ? 1 : 0;
}
