/* The Level and Level seed options (docs/PROTOCOL.md §1.3) in-process: their features, a value
 * out of range refused with tellusererror and the level unchanged, a level's limits in the
 * engine's time plan and thinking, no pondering below level 10, and games repeated move for
 * move under one seed. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cecp_harness.h"
#include "check.h"

static Out out;

static Cecp *fresh(void) { return cecp_fresh(&out, 1); }

static void send(Cecp *c, const char *line)
{
    cecp_handle(c, line);
    CHECK(cecp_wait_idle(c, 60000), "engine still thinking after '%s'", line);
    const char *err = cecp_check(c);
    CHECK(err == NULL, "after '%s': %s", line, err);
}

static bool has_line(const char *prefix) { return out_find(&out, 0, prefix) >= 0; }

/* The last line starting with prefix, or NULL (caller frees). */
static char *last_line(const char *prefix)
{
    int idx = -1, i = -1;
    while ((i = out_find(&out, i + 1, prefix)) >= 0)
        idx = i;
    return out_line(&out, idx);
}

/* The deepest iteration of the thinking output since the last out_clear. */
static int deepest(void)
{
    int d = 0;
    for (int i = 0; i < out_n(&out); i++) {
        char *l = out_line(&out, i);
        int x;
        if (l && isdigit((unsigned char)l[0]) && strchr(l, '\t') && sscanf(l, "%d", &x) == 1 &&
            x > d)
            d = x;
        free(l);
    }
    return d;
}

/* The engine's plan for its next move contains `want` (or, with want NULL, no level). */
static void plan_has(Cecp *c, const char *want, const char *what)
{
    out_clear(&out);
    send(c, "force");
    send(c, "go");
    char *plan = last_line("# time plan:");
    CHECK(plan != NULL, "%s: no time plan", what);
    if (plan && want)
        CHECK(strstr(plan, want) != NULL, "%s: plan '%s' lacks '%s'", what, plan, want);
    if (plan && !want)
        CHECK(!strstr(plan, "noise") && !strstr(plan, "nodes"), "%s: plan '%s'", what, plan);
    free(plan);
    CHECK(has_line("move "), "%s: no move", what);
}

static void test_features_and_refusal(void)
{
    Cecp *c = fresh();
    CHECK(has_line("feature option=\"Level -spin 10 1 10\""), "Level feature");
    CHECK(has_line("feature option=\"Level seed -spin 0 0 2147483647\""), "Level seed feature");
    send(c, "new");
    send(c, "st 100");
    send(c, "option Level=3");
    const char *bad[] = {"option Level=0", "option Level=11", "option Level=-2",
                         "option Level=x", "option Level="};
    for (int i = 0; i < 5; i++) {
        out_clear(&out);
        send(c, bad[i]);
        char want[80];
        snprintf(want, sizeof want, "tellusererror Option refused (Level must be 1 to 10): %s",
                 bad[i]);
        CHECK(has_line(want), "'%s' not refused", bad[i]);
        CHECK(!has_line("Error"), "'%s': an Error line", bad[i]);
    }
    out_clear(&out);
    send(c, "protover 2");
    CHECK(has_line("feature option=\"Level -spin 3 1 10\""), "level changed by a refused value");
    plan_has(c, "nodes 4000, noise 60", "level 3 after refusals");
    cecp_free(c);
}

static void test_limits(void)
{
    Cecp *c = fresh();
    send(c, "new");
    send(c, "post");
    send(c, "st 100");
    send(c, "option Level seed=11");
    send(c, "option Level=1");
    plan_has(c, "depth 1, noise 150", "level 1");
    CHECK(deepest() == 1, "level 1 searched to depth %d", deepest());
    send(c, "option Level=5");
    plan_has(c, "nodes 16000, noise 25", "level 5");
    send(c, "option Level=9");
    plan_has(c, "nodes 160000, noise 3", "level 9");
    send(c, "option Level=10");
    send(c, "sd 3");
    plan_has(c, NULL, "level 10");
    CHECK(deepest() == 3, "level 10 under sd 3 searched to depth %d", deepest());
    /* a weaker level does not ponder */
    send(c, "sd 0");
    send(c, "st 1");
    send(c, "hard");
    send(c, "option Level=4");
    out_clear(&out);
    send(c, "force");
    send(c, "go");
    CHECK(!has_line("# pondering"), "level 4 pondered");
    send(c, "option Level=10"); /* the control: level 10 does */
    send(c, "sd 2");
    out_clear(&out);
    send(c, "force");
    cecp_handle(c, "go");
    for (int i = 0; i < 600 && !has_line("# pondering"); i++)
        cecp_wait_idle(c, 100);
    CHECK(has_line("# pondering"), "level 10 did not ponder");
    send(c, "force");
    send(c, "easy");
    cecp_free(c);
}

/* The engine plays both sides for `plies` plies from the start; the moves joined. */
static void self_play(Cecp *c, int plies, char *moves, size_t size)
{
    send(c, "new");
    send(c, "st 100");
    moves[0] = '\0';
    for (int i = 0; i < plies; i++) {
        out_clear(&out);
        send(c, "go");
        char *m = last_line("move ");
        CHECK(m != NULL, "ply %d: no move", i);
        if (m)
            snprintf(moves + strlen(moves), size - strlen(moves), "%s ", m + 5);
        free(m);
        send(c, "force");
    }
}

static void test_seeded_games(void)
{
    static char a[2000], b[2000], d[2000];
    Cecp *c = fresh();
    send(c, "option Level=2");
    send(c, "option Level seed=5");
    self_play(c, 12, a, sizeof a);
    self_play(c, 12, b, sizeof b);
    CHECK(strcmp(a, b) == 0, "seed 5 played '%s' and then '%s'", a, b);
    send(c, "option Level seed=6");
    self_play(c, 12, d, sizeof d);
    CHECK(strcmp(a, d) != 0, "seeds 5 and 6 played the same game '%s'", a);
    cecp_free(c);
}

int main(void)
{
    out_init(&out);
    test_features_and_refusal();
    test_limits();
    test_seeded_games();
    out_free(&out);
    return check_finish("test_cecp_level");
}
