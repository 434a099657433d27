/* Search parameters as options (docs/PROTOCOL.md §1.3, search/params.h): every row of the
 * table is accepted by its name at its default and not announced to the GUI; a value out of
 * range or not a number is refused with tellusererror and the value stays; a value set changes
 * the search (more nodes to the same depth with the pruning off) and the defaults set again
 * give the default search back node for node. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cecp_harness.h"
#include "check.h"
#include "search/params.h"

static Out out;

static void send(Cecp *c, const char *line)
{
    cecp_handle(c, line);
    CHECK(cecp_wait_idle(c, 120000), "engine still thinking after '%s'", line);
    const char *err = cecp_check(c);
    CHECK(err == NULL, "after '%s': %s", line, err);
}

static bool has_line(const char *prefix) { return out_find(&out, 0, prefix) >= 0; }

/* The nodes of the last depth-5 thinking line of a fresh search of the start position. */
static long nodes_to_depth5(Cecp *c)
{
    send(c, "new");
    send(c, "force");
    send(c, "sd 5");
    send(c, "post");
    out_clear(&out);
    send(c, "go");
    long nodes = -1;
    for (int i = 0; i < out_n(&out); i++) {
        char *l = out_line(&out, i);
        int depth, score, time;
        long n;
        if (l && sscanf(l, "%d %d %d %ld", &depth, &score, &time, &n) == 4 && depth == 5)
            nodes = n;
        free(l);
    }
    CHECK(nodes > 0, "no depth-5 thinking line");
    return nodes;
}

/* A new engine: a search's node count depends on what earlier games left in the table (a new
   game salts it, docs/ARCHITECTURE.md), so searches compared node for node start from one. */
static Cecp *restart(Cecp *c)
{
    if (c) {
        send(c, "quit");
        cecp_free(c);
    }
    return cecp_fresh(&out, 1);
}

int main(void)
{
    out_init(&out);
    Cecp *c = restart(NULL);
    CHECK(!has_line("feature option=\"RFP_MARGIN"), "a search parameter was announced");
    long base = nodes_to_depth5(c);

    c = restart(c);
    char line[160], want[160];
    for (int i = 0; i < search_param_count(); i++) {
        const SearchParamInfo *p = search_param_info(i);
        out_clear(&out);
        snprintf(line, sizeof line, "option %s=%d", p->name, p->def);
        send(c, line);
        snprintf(want, sizeof want, "# search parameter %s=%d", p->name, p->def);
        CHECK(has_line(want), "'%s' not taken", line);
        CHECK(!has_line("tellusererror"), "'%s' refused", line);
    }
    CHECK(nodes_to_depth5(c) == base, "the defaults set by name changed the search");

    c = restart(c);
    const char *refused[] = {"option RFP_MARGIN=-1", "option RFP_MARGIN=5001", "option LMP_DEPTH=x",
                             "option LMP_DEPTH=", "option rfp_margin=100"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        out_clear(&out);
        send(c, refused[i]);
        CHECK(has_line("tellusererror Option refused"), "'%s' not refused", refused[i]);
    }
    CHECK(nodes_to_depth5(c) == base, "a refused value changed the search");

    c = restart(c);
    const char *pruning[] = {"RFP_DEPTH", "FUTILITY_DEPTH", "LMP_DEPTH"};
    for (int i = 0; i < 3; i++) {
        snprintf(line, sizeof line, "option %s=0", pruning[i]);
        send(c, line);
    }
    long full = nodes_to_depth5(c);
    CHECK(full > base, "without pruning %ld nodes, with it %ld", full, base);

    c = restart(c);
    for (int i = 0; i < 3; i++) {
        snprintf(line, sizeof line, "option %s=0", pruning[i]);
        send(c, line);
        snprintf(line, sizeof line, "option %s=%d", pruning[i], search_param_find(pruning[i])->def);
        send(c, line);
    }
    CHECK(nodes_to_depth5(c) == base, "the defaults set again did not give the search back");

    send(c, "quit");
    cecp_free(c);
    return check_finish("test_cecp_params");
}
