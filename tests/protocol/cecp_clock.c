/* The time the engine plans for a clock, end to end through the kaki executable (issue 31,
 * point 11).  Kaki states its plan in a debug line when it starts thinking on its move and at
 * a ponder hit (`# time plan: clock MS ms, increment MS ms, moves to go N[, depth D][, nps N]:
 * target MS ms, limit MS ms`, or `fixed MS ms a move`), and answers `.` while it thinks or
 * ponders with `stat01: TIME NODES ...`, TIME counted from the start of its clock.  Checked:
 *  - `time`/`otim` are centiseconds and `time` alone is the engine's clock;
 *  - `level MPS BASE INC`: the moves to go counted for the engine's side, the increment in ms,
 *    more time with an increment than without, at most a quarter of the clock unless it is the
 *    last move of a period, most of it then;
 *  - `st`: a fixed time a move, at most st; `level` after it is a clock again;
 *  - `sd`: never a deeper iteration, and that depth reached;
 *  - every thinking line's time (centiseconds) is at most the wall time since `go`;
 *  - the move arrives within the plan's limit (plus a generous 10 s for a loaded machine);
 *  - at a ponder hit the clock starts again: `.` then reports at most the wall time since the
 *    hit (with an nps clock: at most the nodes since the hit), and the move arrives within the
 *    limit measured from the hit.
 * Only upper bounds are put on wall time, so a slow or loaded machine cannot fail the test.
 *
 * Usage: cecp_clock KAKI */
#include "check.h"
#include "kaki_pipe.h"

#define WAIT_MS 60000  /* for a line that must come */
#define SLACK_MS 10000 /* beyond a limit: process start-up, a loaded machine */

static const char *kaki_path;
static KakiPipe kaki;

typedef struct Plan {
    bool ok, fixed;
    long clock, inc, mtg, depth, nps, fixed_ms;
    long long target, limit;
} Plan;

static void start(void)
{
    if (!kp_start(&kaki, kaki_path)) {
        fprintf(stderr, "cannot start %s\n", kaki_path);
        exit(1);
    }
    kp_send(&kaki, "xboard\nprotover 2\npost\nmemory 16\n");
}

static void stop(void)
{
    kp_send(&kaki, "quit\n");
    int status = kp_finish(&kaki, WAIT_MS);
    CHECK(status == 0, "exit status %d after quit", status);
}

static Plan parse_plan(const char *line)
{
    Plan p = {0};
    const char *s = strchr(line, ':');
    if (!s)
        return p;
    s += 2;
    if (sscanf(s, "fixed %ld ms a move", &p.fixed_ms) == 1)
        p.fixed = true;
    else if (sscanf(s, "clock %ld ms, increment %ld ms, moves to go %ld", &p.clock, &p.inc,
                    &p.mtg) != 3)
        return p;
    const char *d = strstr(s, ", depth "), *n = strstr(s, ", nps "), *t = strstr(s, ": target ");
    if (d)
        p.depth = strtol(d + 8, NULL, 10);
    if (n)
        p.nps = strtol(n + 6, NULL, 10);
    p.ok = t && sscanf(t, ": target %lld ms, limit %lld ms", &p.target, &p.limit) == 2;
    return p;
}

/* A thinking line: depth, score, time in centiseconds, nodes. */
static bool thinking(const char *line, long *depth, long long *cs)
{
    long score;
    long long nodes;
    return sscanf(line, "%ld %ld %lld %lld", depth, &score, cs, &nodes) == 4;
}

typedef struct Think {
    Plan plan;
    char move[64];
    long deepest, lines;
    int64_t move_ms; /* from t0 to the move line */
} Think;

/* Reads the plan line starting with `prefix`, the thinking lines and the move, after a command
   sent at t0; every thinking line's time must be at most the wall time since t0 (unless the
   clock counts nodes: nps). */
static Think read_think(const char *prefix, int64_t t0, const char *what, bool nps)
{
    Think th = {0};
    char line[2048];
    bool planned = false;
    while (kp_line(&kaki, line, sizeof line, WAIT_MS)) {
        long depth;
        long long cs;
        int64_t wall = kp_now_ms() - t0;
        if (strncmp(line, prefix, strlen(prefix)) == 0) {
            th.plan = parse_plan(line);
            CHECK(th.plan.ok, "%s: unreadable plan '%s'", what, line);
            planned = true;
        } else if (strncmp(line, "move ", 5) == 0) {
            snprintf(th.move, sizeof th.move, "%.63s", line + 5);
            th.move_ms = wall;
            break;
        } else if (line[0] != '#' && thinking(line, &depth, &cs)) {
            th.lines++;
            th.deepest = depth > th.deepest ? depth : th.deepest;
            CHECK(nps || cs * 10 <= wall + 20, "%s: thinking line says %lld cs, %lld ms after the command",
                  what, cs, (long long)wall);
        }
    }
    CHECK(planned, "%s: no '%s' line", what, prefix);
    CHECK(th.move[0], "%s: no move", what);
    return th;
}

static void check_within_limit(const Think *th, const char *what)
{
    CHECK(th->move_ms <= th->plan.limit + SLACK_MS, "%s: the move came after %lld ms, limit %lld ms",
          what, (long long)th->move_ms, th->plan.limit);
}

/* time/otim in centiseconds; level 40 5 0 from the start: 40 moves to go. */
static void clock_units(void)
{
    start();
    kp_send(&kaki, "new\nlevel 40 5 0\ntime 3000\notim 100\n");
    int64_t t0 = kp_now_ms();
    kp_send(&kaki, "go\n");
    Think th = read_think("# time plan:", t0, "time 3000", false);
    Plan p = th.plan;
    CHECK(!p.fixed && p.clock == 30000, "time 3000 (cs) gave a clock of %ld ms", p.clock);
    CHECK(p.mtg == 40 && p.inc == 0, "level 40 5 0: %ld moves to go, increment %ld", p.mtg, p.inc);
    CHECK(p.target > 0 && p.target <= p.limit && p.limit <= 30000 / 4,
          "target %lld ms, limit %lld ms for 30 s and 40 moves", p.target, p.limit);
    CHECK(p.target >= 30000 / 40 / 2, "target %lld ms for 30 s and 40 moves", p.target);
    CHECK(th.lines > 0, "no thinking output after post");
    check_within_limit(&th, "time 3000");
    stop();
}

/* The moves to go count the engine's own moves: gote after a5a6 a12a11 b5b6 has made one. */
static void moves_to_go(void)
{
    start();
    kp_send(&kaki, "new\nforce\na5a6\na12a11\nb5b6\nlevel 3 1 0\ntime 3000\nsd 1\n");
    int64_t t0 = kp_now_ms();
    kp_send(&kaki, "go\n");
    Think th = read_think("# time plan:", t0, "level 3 1 0", false);
    CHECK(th.plan.mtg == 2 && th.plan.clock == 30000,
          "level 3 1 0, gote to make its second move: %ld moves to go, clock %ld", th.plan.mtg,
          th.plan.clock);
    CHECK(th.plan.depth == 1 && th.deepest == 1, "sd 1: depth %ld in the plan, %ld searched",
          th.plan.depth, th.deepest);
    stop();

    start(); /* the last move of a period: most of the clock */
    kp_send(&kaki, "new\nforce\na5a6\na12a11\nb5b6\nlevel 2 1 0\ntime 3000\nsd 1\n");
    t0 = kp_now_ms();
    kp_send(&kaki, "go\n");
    th = read_think("# time plan:", t0, "level 2 1 0", false);
    CHECK(th.plan.mtg == 1, "level 2 1 0, gote's second move: %ld moves to go", th.plan.mtg);
    CHECK(th.plan.limit >= 30000 / 2 && th.plan.limit < 30000,
          "the last move of a period may use most of 30 s: limit %lld ms", th.plan.limit);
    stop();
}

/* level with an increment: the increment in ms, more time with it, a quarter of the clock at
   most. */
static void increment(void)
{
    long long target[2];
    for (int inc = 0; inc < 2; inc++) {
        start();
        kp_send(&kaki, "new\nlevel 0 2 %s\ntime 400\nsd 1\n", inc ? "12" : "0");
        int64_t t0 = kp_now_ms();
        kp_send(&kaki, "go\n");
        Think th = read_think("# time plan:", t0, inc ? "level 0 2 12" : "level 0 2 0", false);
        Plan p = th.plan;
        CHECK(p.inc == (inc ? 12000 : 0) && p.clock == 4000 && p.mtg == 0,
              "level 0 2 %d, time 400: increment %ld ms, clock %ld ms, moves to go %ld",
              inc ? 12 : 0, p.inc, p.clock, p.mtg);
        CHECK(p.target > 0 && p.target <= p.limit && p.limit <= 4000 / 4,
              "level 0 2 %d, 4 s left: target %lld ms, limit %lld ms", inc ? 12 : 0, p.target,
              p.limit);
        target[inc] = p.target;
        stop();
    }
    CHECK(target[1] > target[0], "target %lld ms with a 12 s increment, %lld ms without",
          target[1], target[0]);
}

/* st: a fixed time a move, at most st; level afterwards is a clock again; sd caps the depth. */
static void fixed_time_and_depth(void)
{
    start();
    kp_send(&kaki, "new\nst 1.5\n");
    int64_t t0 = kp_now_ms();
    kp_send(&kaki, "go\n");
    Think th = read_think("# time plan:", t0, "st 1.5", false);
    CHECK(th.plan.fixed && th.plan.fixed_ms >= 1000 && th.plan.fixed_ms <= 1500,
          "st 1.5: fixed %ld ms a move", th.plan.fixed_ms);
    CHECK(th.plan.limit <= th.plan.fixed_ms && th.plan.limit > 0, "st 1.5: limit %lld ms",
          th.plan.limit);
    check_within_limit(&th, "st 1.5");

    kp_send(&kaki, "new\nlevel 40 5 0\nsd 3\n");
    t0 = kp_now_ms();
    kp_send(&kaki, "go\n");
    th = read_think("# time plan:", t0, "level after st, sd 3", false);
    CHECK(!th.plan.fixed && th.plan.clock == 300000 && th.plan.depth == 3,
          "level 40 5 0 after st 1.5 with sd 3: %s clock %ld ms, depth %ld",
          th.plan.fixed ? "fixed time," : "", th.plan.clock, th.plan.depth);
    CHECK(th.deepest == 3, "sd 3: deepest thinking line %ld", th.deepest);
    stop();
}

/* stat01's time and nodes (answer to `.`). */
static bool stat01(long long *cs, long long *nodes)
{
    char line[1024];
    return kp_expect(&kaki, "stat01:", line, sizeof line, WAIT_MS) &&
           sscanf(line, "stat01: %lld %lld", cs, nodes) == 2;
}

/* A ponder hit after at least a second of pondering (as the engine counts it): the clock
   starts again at the hit.  nps > 0: time counted in nodes. */
static void ponder_hit(long nps)
{
    char what[64], line[2048];
    snprintf(what, sizeof what, "ponder hit%s", nps ? " (nps clock)" : "");
    start();
    kp_send(&kaki, "new\nhard\nlevel 0 5 0\nnps %ld\nforce\na5a6\ntime 3000\n", nps);
    int64_t t0 = kp_now_ms();
    kp_send(&kaki, "go\n");
    read_think("# time plan:", t0, what, nps > 0);
    char guess[64] = "";
    if (kp_expect(&kaki, "# pondering on ", line, sizeof line, WAIT_MS))
        snprintf(guess, sizeof guess, "%.63s", line + 15);
    CHECK(guess[0], "%s: the engine does not ponder", what);
    if (!guess[0]) {
        stop();
        return;
    }
    long long cs = 0, nodes = 0;
    for (int i = 0; i < 600 && cs < 100; i++) { /* a second of pondering */
        struct timespec ts = {0, 100 * 1000000};
        nanosleep(&ts, NULL);
        kp_send(&kaki, ".\n");
        CHECK(stat01(&cs, &nodes), "%s: no stat01 while pondering", what);
    }
    long long cs0 = cs, nodes0 = nodes;
    int64_t hit = kp_now_ms();
    kp_send(&kaki, ".\ntime 3000\notim 3000\n%s\n.\n", guess);
    CHECK(stat01(&cs0, &nodes0), "%s: no stat01 just before the hit", what);
    Plan p = {0};
    if (kp_expect(&kaki, "# ponder hit, time plan:", line, sizeof line, WAIT_MS))
        p = parse_plan(line);
    CHECK(p.ok && p.clock == 30000, "%s: no plan at the hit, or a clock of %ld ms", what, p.clock);
    bool answered = stat01(&cs, &nodes);
    int64_t since = kp_now_ms() - hit;
    CHECK(answered, "%s: no stat01 right after the hit (moved at once?)", what);
    if (answered && nps)
        CHECK(cs * 10 <= (nodes - nodes0) * 1000 / nps + 10,
              "%s: %lld cs on the clock %lld nodes after the hit (%lld cs pondered)", what, cs,
              nodes - nodes0, cs0);
    else if (answered)
        CHECK(cs * 10 <= since + 10, "%s: %lld cs on the clock %lld ms after the hit (%lld "
              "cs pondered)", what, cs, (long long)since, cs0);
    bool moved = kp_expect(&kaki, "move ", line, sizeof line, (int)p.limit + SLACK_MS);
    CHECK(moved, "%s: no move within %lld ms (limit) + %d ms of the hit", what, p.limit,
          SLACK_MS);
    stop();
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: cecp_clock KAKI\n");
        return 2;
    }
    kaki_path = argv[1];
    clock_units();
    moves_to_go();
    increment();
    fixed_time_and_depth();
    ponder_hit(0);
    ponder_hit(20000);
    return check_finish("cecp_clock");
}
