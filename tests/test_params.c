/* The search parameters (search/params.h):
 *   - the table: names unique and non-empty, every one with a meaning, every default inside
 *     its range, and search_params_default giving the defaults field by field;
 *   - search_params_set refuses unknown names and values out of range and leaves the
 *     parameters unchanged then, takes the range's ends, and search_params_get reads back;
 *   - every parameter reaches the search: with one parameter changed through
 *     searcher_set_param (to half or twice its default or an end of its range), a fixed-depth
 *     search of one of three bench positions counts other nodes than with the defaults, which
 *     count the same every time and after a default is set back.  The Lazy SMP parameters are
 *     the exception: they act in helper threads only, whose node counts are not reproducible;
 *     CHECK_EXT_DEPTH is tried with the check extension on, MATE_STOP_PLIES on a mate in 2,
 *     CONVERT_NO_UNDO on a position far ahead after two moves (it needs a move to take back),
 *     CONVERT_ENDING_APPROACH and CONVERT_DEFENDER_MAX (with the former on) in an ending of
 *     bench/conversion-endings.txt, the other conversion parameters with CONVERT_APPROACH on
 *     (CONVERT_SHUFFLE_MAX with CONVERT_SHUFFLE on);
 *     NNUE_GRAIN is tried with the net as the evaluation;
 *   - NNUE_GRAIN rounds the net's static scores: every exact score a search with the net
 *     reports (the ending approach and the danger term off) is a multiple of the grain (mates
 *     and the evaluation's limit EVAL_MAX aside). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_positions.h"
#include "board/makemove.h"
#include "board/notation.h"
#include "board/tfen.h"
#include "check.h"
#include "eval/eval.h"
#include "search/params.h"
#include "search/searcher.h"
#include "search/timeman.h"

static void table(void)
{
    int n = search_param_count();
    CHECK(n > 20, "%d parameters", n);
    CHECK(search_param_info(-1) == NULL && search_param_info(n) == NULL, "rows 0..%d only", n - 1);
    SearchParams p = search_params_default();
    for (int i = 0; i < n; i++) {
        const SearchParamInfo *r = search_param_info(i);
        CHECK(r->name && r->name[0] && r->meaning && r->meaning[0], "row %d: name and meaning", i);
        CHECK(!strchr(r->meaning, '\n'), "%s: a one-line meaning", r->name);
        CHECK(r->min <= r->def && r->def <= r->max, "%s: default %d outside [%d, %d]", r->name,
              r->def, r->min, r->max);
        CHECK(search_param_find(r->name) == r, "%s: found by its name", r->name);
        for (int j = 0; j < i; j++) {
            const SearchParamInfo *o = search_param_info(j);
            CHECK(strcmp(r->name, o->name) != 0, "%s: the name of two rows", r->name);
            CHECK(r->offset != o->offset, "%s and %s: the same field", r->name, o->name);
        }
        int v = -1;
        CHECK(search_params_get(&p, r->name, &v) && v == r->def, "%s: default %d, got %d",
              r->name, r->def, v);
    }
    CHECK(n * sizeof(int) == sizeof(SearchParams), "a row for every field");
}

static void setting(void)
{
    const SearchParams def = search_params_default();
    SearchParams p = def;
    CHECK(!search_params_set(&p, "NO_SUCH_PARAMETER", 1), "an unknown name is refused");
    CHECK(!search_params_set(&p, "rfp_margin", 100), "names are case-sensitive");
    CHECK(!search_params_set(&p, "", 1), "the empty name is refused");
    CHECK(search_param_find("RFP_MARGIN ") == NULL, "no trailing blank");
    for (int i = 0; i < search_param_count(); i++) {
        const SearchParamInfo *r = search_param_info(i);
        CHECK(!search_params_set(&p, r->name, r->min - 1), "%s: %d below the range", r->name,
              r->min - 1);
        CHECK(!search_params_set(&p, r->name, r->max + 1), "%s: %d above the range", r->name,
              r->max + 1);
        CHECK(memcmp(&p, &def, sizeof p) == 0, "%s: a refused value changes nothing", r->name);
        int v;
        CHECK(search_params_set(&p, r->name, r->min) && search_params_get(&p, r->name, &v) &&
                  v == r->min, "%s: its minimum %d", r->name, r->min);
        CHECK(search_params_set(&p, r->name, r->max) && search_params_get(&p, r->name, &v) &&
                  v == r->max, "%s: its maximum %d", r->name, r->max);
        CHECK(search_params_set(&p, r->name, r->def), "%s: back to the default", r->name);
    }
    CHECK(memcmp(&p, &def, sizeof p) == 0, "every parameter back at its default");
    CHECK(search_params_set(&p, "RFP_MARGIN", 77) && p.rfp_margin == 77, "the named field is set");
    int v = 0;
    CHECK(!search_params_get(&p, "NO_SUCH_PARAMETER", &v) && v == 0, "unknown name: no value");
}

/* The moves (wire notation, blank-separated) played from the position of each test, if any. */
static const char *moves_played = "";

/* The nodes of a single-threaded search of tfen to `depth` from a fresh searcher (so that the
   hash table starts the same), with parameter `name` set to value (name NULL: the defaults),
   after moves_played. */
/* A second parameter every search of nodes_of gets (NULL: none), for parameters that only act
   when another one is on. */
static const char *extra_name;
static int extra_value;
/* The evaluation of nodes_of's searches. */
static int eval_mode = EVAL_DEFAULT;

static uint64_t nodes_of(const char *tfen, int depth, bool check_ext, const char *name, int value)
{
    Searcher *e = searcher_new();
    searcher_set_threads(e, 1);
    searcher_set_hash_mb(e, 16);
    SearchConfig c = search_config_default();
    c.check_ext = check_ext;
    c.eval_terms = eval_mode;
    searcher_set_config(e, &c);
    CHECK(!extra_name || searcher_set_param(e, extra_name, extra_value), "%s refused", extra_name);
    CHECK(!name || searcher_set_param(e, name, value), "%s = %d refused", name, value);
    Position *pos = malloc(sizeof *pos);
    char err[200];
    position_clear(pos, ruleset_default());
    CHECK(tfen_parse(pos, tfen, err, sizeof err) == 0, "%s", err);
    char moves[200];
    snprintf(moves, sizeof moves, "%s", moves_played);
    for (char *w = strtok(moves, " "); w; w = strtok(NULL, " ")) {
        Move m = move_from_wire(pos, w, 0, err, sizeof err);
        CHECK(m != MOVE_NONE, "%s: %s", w, err);
        Undo u;
        make_move(pos, m, &u);
    }
    SearchLimits l = limits_none();
    l.depth = depth;
    searcher_search(e, pos, &l, NULL, NULL, NULL);
    uint64_t nodes;
    int reached;
    int64_t ms;
    searcher_progress(e, &nodes, &reached, &ms);
    free(pos);
    searcher_free(e);
    return nodes;
}

/* Does the search feel parameter r?  Each of a few other values (half and twice the default,
   the ends of the range) on each of a few positions, until one counts other nodes than the
   defaults: not every parameter acts in every small tree. */
static bool felt(const SearchParamInfo *r, const uint64_t *def, const char *const *tfens, int n,
                 int depth, bool ext)
{
    int values[] = {r->def / 2, r->def * 2, r->min, r->max};
    for (int k = 0; k < n; k++)
        for (size_t i = 0; i < sizeof values / sizeof *values; i++) {
            int v = values[i] < r->min ? r->min : values[i] > r->max ? r->max : values[i];
            if (v != r->def && nodes_of(tfens[k], depth, ext, r->name, v) != def[k])
                return true;
        }
    return false;
}

/* Does time_budget feel the time parameter r?  Some other value changes the budget (or the
   growth rule it carries) for one of a few clocks. */
static bool felt_by_clock(const SearchParamInfo *r)
{
    const SearchLimits clocks[] = {
        {.movetime_ms = 1000, .depth = 0}, {.time_ms = 60000, .inc_ms = 1000},
        {.time_ms = 5000, .moves_to_go = 1}, {.time_ms = 600000, .moves_to_go = 80}};
    int values[] = {r->def / 2, r->def * 2, r->min, r->max};
    SearchParams def = search_params_default();
    for (size_t c = 0; c < sizeof clocks / sizeof *clocks; c++)
        for (size_t i = 0; i < sizeof values / sizeof *values; i++) {
            int v = values[i] < r->min ? r->min : values[i] > r->max ? r->max : values[i];
            SearchParams p = def;
            CHECK(search_params_set(&p, r->name, v), "%s = %d", r->name, v);
            TimeBudget a = time_budget(&clocks[c], &def), b = time_budget(&clocks[c], &p);
            if (memcmp(&a, &b, sizeof a) != 0)
                return true;
        }
    return false;
}

static void reaches_search(void)
{
    const char *const boards[] = {bench_positions[3], bench_positions[12], bench_positions[8],
                                  bench_positions[11]};
    const char *const mate_in_2[] = {"k15/16/16/16/16/16/16/16/16/16/16/16/16/16/1R14/2R12K b"};
    /* an ending: gote 100 pawns ahead, sente keeping about 60 (bench/conversion-endings.txt) */
    const char *const ending[] = {"7tk7/4cs2e7/l3c!1g1s'1x5/10m5/a4f10/1+Q14/p15/16/16/"
                                   "8P2PD'3/5P7X2/16/10O1M2+L/7EGG1S'CI1F/6T2TS5/7K3+H4 b"};
    enum { N = sizeof boards / sizeof *boards, DEPTH = 6, MATE_DEPTH = 8, UNDO_DEPTH = 4 };
    uint64_t def[N], def_ext[N], def_mate[1];
    for (int k = 0; k < N; k++) {
        def[k] = nodes_of(boards[k], DEPTH, false, NULL, 0);
        def_ext[k] = nodes_of(boards[k], DEPTH, true, NULL, 0);
        CHECK(def[k] > 1000 && def[k] == nodes_of(boards[k], DEPTH, false, NULL, 0),
              "position %d: the defaults count %llu nodes, and again the same", k,
              (unsigned long long)def[k]);
    }
    def_mate[0] = nodes_of(mate_in_2[0], MATE_DEPTH, false, NULL, 0);
    const SearchParamInfo *rfp = search_param_find("RFP_MARGIN");
    CHECK(nodes_of(boards[0], DEPTH, false, rfp->name, rfp->def) == def[0],
          "a default set back counts the same");
    Searcher *e = searcher_new();
    CHECK(!searcher_set_param(e, "NO_SUCH_PARAMETER", 1), "the searcher refuses unknown names");
    CHECK(!searcher_set_param(e, rfp->name, rfp->min - 1), "the searcher refuses out of range");
    searcher_free(e);
    for (int i = 0; i < search_param_count(); i++) {
        const SearchParamInfo *r = search_param_info(i);
        if (strncmp(r->name, "CRUMB_", 6) == 0 || strcmp(r->name, "SPLIT_DEPTH") == 0)
            continue; /* helper threads only */
        bool ok;
        if (strncmp(r->name, "TIME_", 5) == 0 || strcmp(r->name, "MOVE_OVERHEAD_MS") == 0)
            ok = felt_by_clock(r); /* clocks, not trees */
        else if (strcmp(r->name, "CHECK_EXT_DEPTH") == 0)
            ok = felt(r, def_ext, boards, N, DEPTH, true);
        else if (strcmp(r->name, "NNUE_GRAIN") == 0) {
            eval_mode = EVAL_NNUE;
            uint64_t def_nnue[N];
            for (int k = 0; k < N; k++)
                def_nnue[k] = nodes_of(boards[k], DEPTH, false, NULL, 0);
            ok = felt(r, def_nnue, boards, N, DEPTH, false);
            eval_mode = EVAL_DEFAULT;
        }
        else if (strcmp(r->name, "MATE_STOP_PLIES") == 0)
            ok = felt(r, def_mate, mate_in_2, 1, MATE_DEPTH, false);
        else if (strcmp(r->name, "CONVERT_NO_UNDO") == 0) {
            moves_played = "b2b3 a16a15"; /* two rooks ahead; b3b2 would take back b2b3 */
            uint64_t def_undo = nodes_of(mate_in_2[0], UNDO_DEPTH, false, NULL, 0);
            ok = felt(r, &def_undo, mate_in_2, 1, UNDO_DEPTH, false);
            moves_played = "";
        }
        else if (strcmp(r->name, "CONVERT_ENDING_APPROACH") == 0 ||
                 strcmp(r->name, "CONVERT_DEFENDER_MAX") == 0) {
            bool gate = strcmp(r->name, "CONVERT_DEFENDER_MAX") == 0;
            extra_name = gate ? "CONVERT_ENDING_APPROACH" : NULL;
            extra_value = 12;
            uint64_t def_ending = nodes_of(ending[0], DEPTH, false, NULL, 0);
            ok = felt(r, &def_ending, ending, 1, DEPTH, false);
            extra_name = NULL;
        }
        else if (strncmp(r->name, "CONVERT_", 8) == 0 && strcmp(r->name, "CONVERT_APPROACH") != 0 &&
                 strcmp(r->name, "CONVERT_SHUFFLE") != 0) {
            /* off by default: the others act through them */
            bool max = strcmp(r->name, "CONVERT_SHUFFLE_MAX") == 0;
            extra_name = max ? "CONVERT_SHUFFLE" : "CONVERT_APPROACH";
            extra_value = max ? 25 : 2;
            uint64_t def_on[N];
            for (int k = 0; k < N; k++)
                def_on[k] = nodes_of(boards[k], DEPTH, false, NULL, 0);
            ok = felt(r, def_on, boards, N, DEPTH, false);
            extra_name = NULL;
        }
        else
            ok = felt(r, def, boards, N, DEPTH, false);
        CHECK(ok, "%s: no other value changes the search", r->name);
    }
}

static void grain_report(void *ctx, const Position *root, const SearchReport *r)
{
    (void)root;
    int *counts = ctx; /* exact reports, those off the grain */
    if (r->lowerbound || r->upperbound || score_is_mate(r->score) || abs(r->score) >= EVAL_MAX)
        return; /* bounds, mates and the evaluation's own limit */
    counts[0]++;
    counts[1] += r->score % 64 != 0;
}

static void grain(void)
{
    int counts[2] = {0, 0}, off = 0;
    for (int k = 0; k < 6; k++) {
        Searcher *e = searcher_new();
        searcher_set_threads(e, 1);
        CHECK(searcher_set_param(e, "NNUE_GRAIN", 64), "NNUE_GRAIN 64");
        /* the conversion terms add to the grained scores in endings */
        CHECK(searcher_set_param(e, "CONVERT_ENDING_APPROACH", 0), "the ending approach off");
        CHECK(searcher_set_param(e, "CONVERT_DANGER", 0), "the danger term off");
        SearchConfig c = search_config_default();
        c.eval_terms = EVAL_NNUE;
        searcher_set_config(e, &c);
        Position *pos = malloc(sizeof *pos);
        char err[200];
        position_clear(pos, ruleset_default());
        CHECK(tfen_parse(pos, bench_positions[k * 3], err, sizeof err) == 0, "%s", err);
        SearchLimits l = limits_none();
        l.depth = 5;
        searcher_search(e, pos, &l, grain_report, counts, NULL);
        free(pos);
        searcher_free(e);
    }
    off = counts[1];
    CHECK(counts[0] >= 6 && off == 0, "NNUE_GRAIN 64: %d of %d exact scores off the grain", off,
          counts[0]);
}

int main(void)
{
    table();
    setting();
    reaches_search();
    grain();
    return check_finish("test_params");
}
