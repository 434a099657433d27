/* Seeded random-input driver for the CECP layer (and through it the move and FEN parsers).
 *
 *   fuzz_cecp [--seconds S] [--seed N] [--threads T]   (environment: FUZZ_SECONDS, FUZZ_SEED)
 *
 * Feeds, for a bounded time, a mix of well-formed commands with random arguments, legal and
 * illegal moves of the current position, random and mutated FENs, mutated command lines,
 * random bytes and very long lines into an in-process protocol state.  After every line it
 * checks that the state is consistent (the position validates and equals the replay of the game
 * record, with the same repetition history) and that `ping N` is still answered with `pong N`.
 * The move and TFEN parsers are also called directly on mutated strings.  Exit status 0 = no
 * failure; the last line reports the number of inputs. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/tfen.h"
#include "cecp_harness.h"
#include "protocol/xbvariant.h"
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
    "Rank offset", "Resign threshold", "Hash", "Threads", "Bogus",
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

int main(int argc, char **argv)
{
    double seconds = getenv("FUZZ_SECONDS") ? atof(getenv("FUZZ_SECONDS")) : 20;
    unsigned long long seed = getenv("FUZZ_SEED") ? strtoull(getenv("FUZZ_SEED"), NULL, 10)
                                                  : (unsigned long long)time(NULL);
    int max_threads = 2; /* `cores N` and the Threads option are clamped to this */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            max_threads = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: fuzz_cecp [--seconds S] [--seed N] [--threads T]\n");
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
