/* A scripted CECP engine for kaki-match tests: plays random (or greedy) legal tenjiku moves
 * with Kaki's rules core and misbehaves on request.
 *
 *   fake_engine [--seed N] [--name NAME] [--greedy] [--score CP] [--think MS]
 *               [--fail MODE@N] [--split] [--prefer-multileg] [--garbage]
 *               [--no-ping] [--no-usermove] [--no-setboard] [--done0 MS] [--no-tenjiku]
 *               [--reseed] [--slow-pong MS] [--slow-new MS]
 *
 * --greedy          take the most valuable capture (a royal first), else a random move
 * --score CP        report this score (own view) in a thinking line before every move
 * --think MS        wait this long before every move
 * --reseed          start every game (new) from the seed: a game's moves then depend only on
 *                   the seed and the game, not on the games this process played before
 * --slow-pong MS    answer the first ping of the process (the handshake) after MS ms
 * --slow-new MS     take MS ms over every "new" (like an engine clearing a large hash)
 * --fail MODE@N     on its N-th own move (1-based) in every game:
 *                   illegal (a legal-looking illegal move), unparsable, crash (SIGSEGV; an
 *                   access violation on Windows),
 *                   exit (exit 0), hang (stop answering), slow (sleep 1.5 s first),
 *                   claim (claim a win falsely), resign, outofturn (an extra move with
 *                   its move, in one write), reject (answer the opponent's next move with Illegal move),
 *                   drawoffer (offer a draw with every move from then on), flood (print
 *                   lines without end instead of moving), floodresign (resign, then flood)
 * --split           send multi-leg moves as two "move" lines ("move a,", "move b")
 * --prefer-multileg play a multi-leg move (igui, double capture, pass) when there is one
 * --garbage         print junk (binary bytes, a 100000-byte line, unknown commands) before
 *                   every move
 * --walk            walk the own king round a closed loop of four ranks (tests/kingloop.h:
 *                   sente's from rank 1, 64 squares, gote's from rank 13, 63), never checking
 *                   for repetitions: from two lone kings on a1 and a13 the game's first
 *                   position comes back with gote's 4,032nd move (ply 8,064)
 */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/tfen.h"
#include "kingloop.h"

static Position *pos;
static MoveVec list;
static uint64_t rng = 88172645463325252ULL;
static int rank_offset;
static bool force_mode = true, greedy, split, prefer_multi, garbage, no_ping, no_usermove;
static bool no_setboard, no_tenjiku, draw_offering, walk;
static int has_score, score_cp, think_ms, done0_ms = -1;
static char fail_mode[32];
static int fail_at = -1, my_moves;
static bool reject_next;
static uint64_t rng_seed;
static bool reseed;
static int slow_pong_ms, slow_new_ms;
static const char *name = "FakeEngine";

static uint64_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void out(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* A segmentation fault: SIGSEGV on POSIX; on Windows (the Windows tests run this engine under
   Wine) a real access violation, since raise() there only exits with status 3. */
static void crash(void)
{
#ifdef _WIN32
    volatile int *volatile nowhere = NULL;
    *nowhere = 1;
#endif
    raise(SIGSEGV);
}

static int value(int pc)
{
    if (!pc)
        return 0;
    if (pos->rs->piece[pc].royal)
        return 100000;
    return 100 + piece_kind(pc);
}

/* --walk: the own king's next square on its loop, if it stands on it. */
static Move walk_step(void)
{
    int loop[96], us = pos->side;
    int n = king_loop(us == BLACK ? 0 : 12, 4, us == WHITE, loop);
    for (int i = 0; i < n; i++) {
        int pc = pos->board[loop[i]];
        if (pc && piece_colour(pc) == us && piece_kind(pc) == KING)
            return move_make(loop[i], loop[(i + 1) % n]);
    }
    return MOVE_NONE;
}

static Move choose(void)
{
    if (walk && walk_step())
        return walk_step();
    generate_legal(pos, &list);
    if (list.count == 0)
        return MOVE_NONE;
    if (prefer_multi) {
        int n = 0;
        for (int i = 0; i < list.count; i++)
            if (move_has_mid(list.moves[i]) || move_is_pass(list.moves[i]))
                list.moves[n++] = list.moves[i];
        if (n)
            return list.moves[next_rand() % (uint64_t)n];
    }
    if (greedy) {
        Move best = MOVE_NONE;
        int bestv = 0;
        for (int i = 0; i < list.count; i++) {
            Move m = list.moves[i];
            int v = 0;
            if (!move_is_pass(m) && move_to(m) != move_from(m))
                v += value(pos->board[move_to(m)]);
            if (move_has_mid(m))
                v += value(pos->board[move_mid(m)]);
            if (v > bestv)
                bestv = v, best = m;
        }
        if (best)
            return best;
    }
    return list.moves[next_rand() % (uint64_t)list.count];
}

static bool failing(const char *mode) { return my_moves == fail_at && strcmp(fail_mode, mode) == 0; }

static void think_and_move(void)
{
    my_moves++;
    if (think_ms)
        sleep_ms(think_ms);
    if (garbage) {
        static char big[100001];
        memset(big, 'x', sizeof big - 1);
        static const char junk[] = "\x01\x02\xff\xfe garbage \x00\x00 bytes\n";
        fwrite(junk, 1, sizeof junk - 1, stdout);
        out("%s", big);
        out("frobnicate the engine");
    }
    if (failing("crash"))
        crash();
    if (failing("exit"))
        exit(0);
    if (failing("hang"))
        for (;;)
            sleep(1000);
    if (failing("slow"))
        sleep_ms(1500);
    if (failing("claim")) {
        out("%s {fake engine claims a win}", pos->side == BLACK ? "1-0" : "0-1");
        return;
    }
    if (failing("resign")) {
        out("resign");
        return;
    }
    if (failing("drawoffer"))
        draw_offering = true;
    if (failing("flood") || failing("floodresign")) {
        if (failing("floodresign"))
            out("resign");
        static char flood[8192]; /* like yes(1): the shortest lines, the most of them */
        for (size_t i = 0; i < sizeof flood; i += 2)
            flood[i] = 'y', flood[i + 1] = '\n';
        for (;;) /* as fast as the pipe takes it, never reading again */
            if (fwrite(flood, 1, sizeof flood, stdout) != sizeof flood || fflush(stdout))
                exit(1);
    }
    if (failing("reject"))
        reject_next = true;
    if (failing("unparsable")) {
        out("move h4h5h6x");
        return;
    }
    if (failing("illegal")) {
        /* a pawn two steps forward: well-formed, never legal */
        for (int sq = 0; sq < SQUARE_COUNT; sq++) {
            int pc = pos->board[sq];
            if (pc && piece_colour(pc) == pos->side && piece_kind(pc) == PAWN) {
                int to = sq + (pos->side == BLACK ? 32 : -32);
                if (to >= 0 && to < SQUARE_COUNT) {
                    char a[8], b[8];
                    a[square_to_str(sq, a, rank_offset)] = '\0';
                    b[square_to_str(to, b, rank_offset)] = '\0';
                    out("move %s%s", a, b);
                    return;
                }
            }
        }
        out("move a1a1");
        return;
    }
    Move m = choose();
    if (m == MOVE_NONE) {
        out("%s {no legal move}", pos->side == BLACK ? "0-1" : "1-0");
        return;
    }
    if (has_score)
        out("5 %d 10 1234 pv", score_cp);
    if (draw_offering)
        out("offer draw");
    char w[MOVE_STR_MAX];
    move_to_wire(pos, m, rank_offset, w);
    Undo u;
    make_move(pos, m, &u);
    char *comma = strchr(w, ',');
    if (failing("outofturn")) {
        /* the extra move in the same write: a move that came later could be taken for the
           answer to the opponent's next move, by any referee */
        printf("move %s\nmove %s\n", w, w);
        fflush(stdout);
    } else if (split && comma) {
        out("move %.*s", (int)(comma - w + 1), w);
        out("move %s", comma + 1);
    } else
        out("move %s", w);
    if (position_game_over(pos))
        out("%s {royal captured}", pos->royals[BLACK] ? "1-0" : "0-1");
}

static void user_move(const char *s)
{
    if (reject_next) {
        reject_next = false;
        out("Illegal move: %s", s);
        return;
    }
    char err[200];
    Move m = move_from_wire(pos, s, rank_offset, err, sizeof err);
    if (m == MOVE_NONE) {
        out("Illegal move (%s): %s", err, s);
        return;
    }
    Undo u;
    make_move(pos, m, &u);
    if (!force_mode && !position_game_over(pos))
        think_and_move();
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(a, "--seed"))
            rng ^= strtoull(v, NULL, 10) * 0x9E3779B97F4A7C15ULL, i++;
        else if (!strcmp(a, "--reseed"))
            reseed = true;
        else if (!strcmp(a, "--slow-pong"))
            slow_pong_ms = atoi(v), i++;
        else if (!strcmp(a, "--slow-new"))
            slow_new_ms = atoi(v), i++;
        else if (!strcmp(a, "--name"))
            name = v, i++;
        else if (!strcmp(a, "--greedy"))
            greedy = true;
        else if (!strcmp(a, "--score"))
            has_score = 1, score_cp = atoi(v), i++;
        else if (!strcmp(a, "--think"))
            think_ms = atoi(v), i++;
        else if (!strcmp(a, "--fail")) {
            const char *at = strchr(v, '@');
            snprintf(fail_mode, sizeof fail_mode, "%.*s", at ? (int)(at - v) : (int)strlen(v), v);
            fail_at = at ? atoi(at + 1) : 1;
            i++;
        } else if (!strcmp(a, "--split"))
            split = true;
        else if (!strcmp(a, "--prefer-multileg"))
            prefer_multi = true;
        else if (!strcmp(a, "--garbage"))
            garbage = true;
        else if (!strcmp(a, "--walk"))
            walk = true;
        else if (!strcmp(a, "--no-ping"))
            no_ping = true;
        else if (!strcmp(a, "--no-usermove"))
            no_usermove = true;
        else if (!strcmp(a, "--no-setboard"))
            no_setboard = true;
        else if (!strcmp(a, "--no-tenjiku"))
            no_tenjiku = true;
        else if (!strcmp(a, "--done0"))
            done0_ms = atoi(v), i++;
        else {
            fprintf(stderr, "fake_engine: unknown argument %s\n", a);
            return 2;
        }
    }
    signal(SIGINT, SIG_IGN);
    rng_seed = rng;
    pos = malloc(sizeof *pos);
    const RuleSet *rs = ruleset_default();
    position_start(pos, rs);
    char line[200000];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *arg = strchr(line, ' ');
        if (arg)
            *arg++ = '\0';
        else
            arg = line + strlen(line);
        if (!strcmp(line, "protover")) {
            if (done0_ms >= 0) {
                out("feature done=0");
                sleep_ms(done0_ms);
            }
            out("feature myname=\"%s\" variants=\"%s\" ping=%d setboard=%d usermove=%d "
                "sigint=0 sigterm=0 colors=0 debug=1 memory=1 smp=1",
                name, no_tenjiku ? "normal,chu" : "chu,tenjiku", !no_ping, !no_setboard,
                !no_usermove);
            out("feature option=\"Rank offset -spin 0 0 1\"");
            out("feature option=\"Style -combo random /// greedy\"");
            out("feature done=1");
        } else if (!strcmp(line, "new")) {
            if (slow_new_ms)
                sleep_ms(slow_new_ms);
            position_start(pos, rs);
            force_mode = false;
            my_moves = 0;
            draw_offering = false;
            reject_next = false;
            if (reseed)
                rng = rng_seed;
        } else if (!strcmp(line, "setboard")) {
            /* XBoard FEN: the side letter is swapped relative to TFEN */
            char fen[2000];
            snprintf(fen, sizeof fen, "%s", arg);
            char *sp = strchr(fen, ' ');
            if (sp) {
                sp[1] = sp[1] == 'w' ? 'b' : 'w';
                sp[2] = '\0';
            }
            char err[200];
            if (tfen_parse(pos, fen, err, sizeof err) != 0)
                out("tellusererror Illegal position: %s", err);
        } else if (!strcmp(line, "force"))
            force_mode = true;
        else if (!strcmp(line, "go")) {
            force_mode = false;
            think_and_move();
        } else if (!strcmp(line, "usermove"))
            user_move(arg);
        else if (!strcmp(line, "ping")) {
            sleep_ms(slow_pong_ms);
            slow_pong_ms = 0;
            out("pong %s", arg);
        }
        else if (!strcmp(line, "quit"))
            return 0;
        else if (!strcmp(line, "option")) {
            if (!strncmp(arg, "Rank offset=", 12))
                rank_offset = atoi(arg + 12);
        } else if (!strcmp(line, "result"))
            force_mode = true;
        else if (!strcmp(line, "xboard") || !strcmp(line, "accepted") ||
                 !strcmp(line, "rejected") || !strcmp(line, "variant") || !strcmp(line, "level") ||
                 !strcmp(line, "st") || !strcmp(line, "sd") || !strcmp(line, "nps") ||
                 !strcmp(line, "time") || !strcmp(line, "otim") || !strcmp(line, "post") ||
                 !strcmp(line, "easy") || !strcmp(line, "hard") || !strcmp(line, "computer") ||
                 !strcmp(line, "memory") || !strcmp(line, "cores") || !strcmp(line, "name") ||
                 !strcmp(line, "draw") || !strcmp(line, "random"))
            ;
        else if (no_usermove && line[0] >= 'a' && line[0] <= 'p') {
            if (*arg)
                arg[-1] = ' ';
            user_move(line);
        } else
            out("Error (unknown command): %s", line);
    }
    return 0;
}
