/* Analysis mode's MultiPV and exclude/include (docs/PROTOCOL.md §1.3, §1.4, §1.6) through the
 * kaki executable:
 *  - the features: exclude=1 and the MultiPV spin 1..5;
 *  - with MultiPV=N every iteration prints N thinking lines of one depth, best first, with
 *    distinct first moves; MultiPV=1 prints one;
 *  - `exclude MOVE` restarts the analysis without MOVE, `include MOVE` brings it back,
 *    `exclude all` + `include MOVE` leaves that move alone, `include all` every move;
 *  - a bad move is refused with an Error line and the set stays as it was;
 *  - a new position (a move, undo) forgets the exclusions;
 *  - option MultiPV out of range is clamped, a non-number refused.
 * Every wait is for a line, with a generous time-out.
 *
 * Usage: cecp_analysis KAKI */
#include "check.h"
#include "kaki_pipe.h"

#define WAIT_MS 120000

static KakiPipe kaki;
static int pings;

/* sente: rook d1 (the gote queen on d3 hangs) and king p1; gote: king a16, queen d3 */
static const char *const POSITION = "k15/16/16/16/16/16/16/16/16/16/16/16/16/3q12/16/3R11K b";
static const char *const BEST = "d1d3";

enum { DEPTHS = 64, LINES = 8 };
typedef struct Lines {
    int from, until; /* the complete depths */
    int count[DEPTHS];
    long score[DEPTHS][LINES];
    char first[DEPTHS][LINES][16];
} Lines;

/* Waits until every earlier command has run (ping is answered at once while analysing): the
   lines after the pong come from the analysis that follows (some of its first lines may come
   before the pong: collect leaves out the first depth it sees). */
static void sync(char *other, size_t othercap)
{
    char line[4096], want[32];
    snprintf(want, sizeof want, "pong %d", ++pings);
    kp_send(&kaki, "ping %d\n", pings);
    if (other)
        other[0] = '\0';
    while (kp_line(&kaki, line, sizeof line, WAIT_MS)) {
        if (strcmp(line, want) == 0)
            return;
        if (other && !strchr(line, '\t') && strlen(other) + strlen(line) + 2 < othercap)
            strcat(strcat(other, line), "\n");
    }
    CHECK(false, "no %s", want);
}

/* Reads thinking lines until depth `until` (at least two depths after the first one seen) is
   complete, that is until a deeper line arrives; l->from..l->until are then the complete
   depths.  Other lines (errors, debug) go to *other if given. */
static void collect(Lines *l, int until, char *other, size_t othercap)
{
    memset(l, 0, sizeof *l);
    l->from = -1;
    if (other)
        other[0] = '\0';
    char line[4096];
    while (kp_line(&kaki, line, sizeof line, WAIT_MS)) {
        int depth;
        long score;
        long long time;
        unsigned long long nodes;
        char *tab = strchr(line, '\t');
        if (sscanf(line, "%d %ld %lld %llu", &depth, &score, &time, &nodes) != 4 || !tab) {
            if (other && strlen(other) + strlen(line) + 2 < othercap)
                strcat(strcat(other, line), "\n");
            continue;
        }
        if (l->from < 0) {
            l->from = depth + 1;
            if (until < depth + 2)
                until = depth + 2;
        }
        if (depth > until) {
            l->until = until;
            return;
        }
        if (depth < 0 || depth >= DEPTHS || l->count[depth] >= LINES) {
            CHECK(false, "thinking line out of bounds: %s", line);
            continue;
        }
        int i = l->count[depth]++;
        l->score[depth][i] = score;
        sscanf(tab + 1, "%15[^ ]", l->first[depth][i]);
    }
    CHECK(false, "the thinking lines stopped before depth %d", until + 1);
}

static bool has_first(const Lines *l, int depth, const char *move)
{
    for (int i = 0; i < l->count[depth]; i++)
        if (strcmp(l->first[depth][i], move) == 0)
            return true;
    return false;
}

/* The complete depths each have n lines, best first, with distinct first moves, and `absent`
   (if any) starts none of them. */
static void check_lines(const Lines *l, int n, const char *absent, const char *what)
{
    CHECK(l->from > 0 && l->until >= l->from, "%s: no complete depth", what);
    for (int d = l->from; d <= l->until && d < DEPTHS; d++) {
        CHECK(l->count[d] == n, "%s: depth %d has %d lines, not %d", what, d, l->count[d], n);
        for (int i = 1; i < l->count[d]; i++) {
            CHECK(l->score[d][i] <= l->score[d][i - 1], "%s: depth %d line %d scores %ld above "
                  "%ld", what, d, i + 1, l->score[d][i], l->score[d][i - 1]);
            for (int k = 0; k < i; k++)
                CHECK(strcmp(l->first[d][i], l->first[d][k]) != 0, "%s: depth %d lines %d and %d "
                      "both start with %s", what, d, k + 1, i + 1, l->first[d][i]);
        }
        if (absent)
            CHECK(!has_first(l, d, absent), "%s: depth %d shows the excluded %s", what, d, absent);
    }
}

static void features(void)
{
    char line[4096];
    bool exclude = false, multipv = false;
    kp_send(&kaki, "xboard\nprotover 2\n");
    while (kp_line(&kaki, line, sizeof line, WAIT_MS) && strcmp(line, "feature done=1") != 0) {
        exclude |= strcmp(line, "feature exclude=1") == 0;
        multipv |= strcmp(line, "feature option=\"MultiPV -spin 1 1 5\"") == 0;
    }
    CHECK(exclude, "no feature exclude=1");
    CHECK(multipv, "no MultiPV spin option 1..5 (default 1)");
}

int main(int argc, char **argv)
{
    if (argc != 2 || !kp_start(&kaki, argv[1])) {
        fprintf(stderr, "usage: cecp_analysis KAKI\n");
        return 2;
    }
    static Lines l;
    char other[8192];
    features();
    kp_send(&kaki, "memory 16\nnew\nforce\nsetboard %s\npost\noption MultiPV=3\nanalyze\n",
            POSITION);
    sync(NULL, 0);
    collect(&l, 4, NULL, 0);
    check_lines(&l, 3, NULL, "MultiPV=3");
    CHECK(strcmp(l.first[l.until][0], BEST) == 0, "line 1 is %s, not the capture %s", l.first[l.until][0], BEST);

    kp_send(&kaki, "exclude %s\n", BEST);
    sync(NULL, 0);
    collect(&l, 4, NULL, 0);
    check_lines(&l, 3, BEST, "exclude the best move");

    kp_send(&kaki, "exclude z99\nexclude d1d9\n");
    sync(other, sizeof other);
    CHECK(strstr(other, "Error (") && strstr(other, "): exclude z99\n"), "exclude z99 not refused: "
          "%s", other);
    CHECK(strstr(other, "): exclude d1d9\n"), "the illegal exclude d1d9 not refused: %s", other);
    collect(&l, 4, NULL, 0);
    check_lines(&l, 3, BEST, "after refused excludes");

    kp_send(&kaki, "include %s\n", BEST);
    sync(NULL, 0);
    collect(&l, 4, NULL, 0);
    check_lines(&l, 3, NULL, "include");
    CHECK(strcmp(l.first[l.until][0], BEST) == 0, "after include line 1 is %s", l.first[l.until][0]);

    kp_send(&kaki, "exclude all\ninclude p1o2\n");
    sync(NULL, 0);
    collect(&l, 4, NULL, 0);
    check_lines(&l, 1, NULL, "exclude all, include p1o2");
    CHECK(strcmp(l.first[l.until][0], "p1o2") == 0, "the one move left is %s", l.first[l.until][0]);

    kp_send(&kaki, "include all\noption MultiPV=1\n");
    sync(NULL, 0);
    collect(&l, 4, NULL, 0);
    check_lines(&l, 1, NULL, "include all, MultiPV=1");
    CHECK(strcmp(l.first[l.until][0], BEST) == 0, "MultiPV=1 plays %s", l.first[l.until][0]);

    /* a new position forgets the exclusions: a move and its undo */
    kp_send(&kaki, "option MultiPV=2\nexclude %s\nusermove p1o1\nundo\n", BEST);
    sync(NULL, 0);
    collect(&l, 4, NULL, 0);
    check_lines(&l, 2, NULL, "after a move and undo");
    CHECK(strcmp(l.first[l.until][0], BEST) == 0, "the exclusion outlived its position: line 1 is %s",
          l.first[l.until][0]);

    kp_send(&kaki, "option MultiPV=9\noption MultiPV=x\n");
    sync(other, sizeof other);
    CHECK(strstr(other, "# option MultiPV 9 out of range 1..5, using 5\n"), "MultiPV=9: %s", other);
    CHECK(strstr(other, "tellusererror Option refused (bad option value): option MultiPV=x\n"),
          "MultiPV=x: %s", other);
    collect(&l, 3, NULL, 0);
    check_lines(&l, 5, NULL, "MultiPV=9 clamped");

    kp_send(&kaki, "exit\nquit\n");
    int status = kp_finish(&kaki, WAIT_MS);
    CHECK(status == 0, "exit status %d", status);
    return check_finish("cecp_analysis");
}
