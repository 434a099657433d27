/* The fast generator against the independent reference generator (tests/refgen): identical
 * legal move sets and identical resulting positions (burns included) on thousands of positions,
 * identical perft(2) on hundreds, under the default rules and under every alternative value of
 * every rules option.
 *
 * Positions: random games from the start position (uniform and capture-hungry, so that boards
 * thin out, pieces promote, fire demons burn and royals get few) and random scattered
 * positions holding every piece kind, promoted ones included.
 *
 * Usage: test_refgen [SCALE_PERCENT]  (default $KAKI_TEST_SCALE or 100 = the full counts) */
#include <stdlib.h>
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/perft.h"
#include "board/tfen.h"
#include "check.h"
#include "crowded.h"
#include "randpos.h"
#include "refgen/refgen.h"

typedef struct Config {
    const char *name; /* "" = defaults, else NAME=VALUE */
} Config;

static const Config configs[] = {
    {""}, {"lion_hawk=tsa"}, {"free_eagle=west"}, {"fd_suicide=all_burn"}, {"fd_range=file"},
    {"tetrarch=western"}, {"jumper_capture=nojump"}, {"jumper_capture=tsa"},
    {"jump_noncapture=on"}, {"second_chance=on"}, {"promo_path=any_square"}, {"promo_burn=on"},
    {"rep_check_exception=off"},
};
#define NCONFIGS ((int)(sizeof configs / sizeof configs[0]))

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

#define LINE_MAX_LEN 700
/* more than the crowded positions below have (and far more than a MoveList holds) */
#define LIST_CAP 8192
static RefMove ref_moves[LIST_CAP];
static char *fast_lines[LIST_CAP], *ref_lines[LIST_CAP];
static int positions_compared, moves_compared, perfts_compared, mismatches_reported;

/* Compares the two generators on pos (treated as a game start: no history). */
static void compare_position(Position *pos, const RefRules *rr, const char *config)
{
    char tfen[TFEN_MAX], err[200];
    tfen_print(pos, tfen);
    static Position fresh;
    position_clear(&fresh, pos->rs);
    tfen_parse(&fresh, tfen, err, sizeof err);
    static MoveVec list;
    generate_legal(&fresh, &list);
    int nf = 0;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        char *line = fast_lines[nf++];
        int len = (int)strlen(move_to_wire(&fresh, m, 0, line));
        line[len++] = ' ';
        Undo u;
        make_move(&fresh, m, &u);
        tfen_print(&fresh, line + len);
        unmake_move(&fresh, m, &u);
    }
    CHECK(list.count <= LIST_CAP, "%d moves: raise LIST_CAP", list.count);
    if (list.count > LIST_CAP)
        return;
    int nr = ref_legal_moves(rr, tfen, ref_moves, LIST_CAP, err, sizeof err);
    CHECK(nr >= 0, "reference rejected %s: %s", tfen, err);
    if (nr < 0)
        return;
    for (int i = 0; i < nr; i++)
        snprintf(ref_lines[i], LINE_MAX_LEN, "%s %s", ref_moves[i].wire, ref_moves[i].result);
    qsort(fast_lines, (size_t)nf, sizeof(char *), cmp_str);
    qsort(ref_lines, (size_t)nr, sizeof(char *), cmp_str);
    bool same = nf == nr;
    for (int i = 0; same && i < nf; i++)
        same = strcmp(fast_lines[i], ref_lines[i]) == 0;
    CHECK(same, "[%s] generators disagree on %s (fast %d moves, reference %d)", config, tfen, nf, nr);
    if (!same && mismatches_reported++ < 5) {
        /* show the symmetric difference */
        int i = 0, j = 0, shown = 0;
        while ((i < nf || j < nr) && shown < 12) {
            int c = i >= nf ? 1 : j >= nr ? -1 : strcmp(fast_lines[i], ref_lines[j]);
            if (c == 0) {
                i++, j++;
                continue;
            }
            fprintf(stderr, "  only %s: %s\n", c < 0 ? "fast" : "reference",
                    c < 0 ? fast_lines[i++] : ref_lines[j++]);
            shown++;
        }
    }
    positions_compared++;
    moves_compared += nf;
}

static void compare_perft2(Position *pos, const RefRules *rr, const char *config)
{
    char tfen[TFEN_MAX], err[200];
    tfen_print(pos, tfen);
    static Position fresh;
    position_clear(&fresh, pos->rs);
    tfen_parse(&fresh, tfen, err, sizeof err);
    uint64_t bulk = perft(&fresh, 2, false), full = perft(&fresh, 2, true);
    uint64_t ref = ref_perft(rr, tfen, 2);
    CHECK(bulk == ref && full == ref, "[%s] perft(2) of %s: fast %llu (full %llu), reference %llu",
          config, tfen, (unsigned long long)bulk, (unsigned long long)full, (unsigned long long)ref);
    perfts_compared++;
}

/* Positions for one configuration: random games under its rules plus scattered positions. */
static void run_config(const Config *cfg, int npositions, int nperft, uint64_t seed)
{
    Rules rules;
    rules_default(&rules);
    RefRules rr;
    ref_rules_default(&rr);
    if (cfg->name[0]) {
        char err[128], name[64];
        rules_set_assignment(&rules, cfg->name, err, sizeof err);
        const char *eq = strchr(cfg->name, '=');
        snprintf(name, sizeof name, "%.*s", (int)(eq - cfg->name), cfg->name);
        CHECK(ref_rules_set(&rr, name, eq + 1) == 0, "reference lacks option %s", cfg->name);
    }
    const char *label = cfg->name[0] ? cfg->name : "defaults";
    RuleSet *rs = ruleset_new(&rules);
    static Position pos;
    static MoveVec list;
    Rng rng = {seed};
    int done = 0, perft_every = npositions / (nperft ? nperft : 1);
    if (perft_every < 1)
        perft_every = 1;
    int before = positions_compared;
    while (done < npositions) {
        int kind = done % 5;
        if (kind == 4) {
            /* scattered: 4..30 pieces a side of any kind */
            random_scatter(&pos, &rng, 4 + rng_below(&rng, 27));
            compare_position(&pos, &rr, label);
            if (done % perft_every == 0)
                compare_perft2(&pos, &rr, label);
            done++;
            continue;
        }
        /* a random game, sampled at a random depth */
        int bias = kind == 0 ? 0 : kind == 1 ? 40 : 90;
        int plies = 1 + rng_below(&rng, kind == 3 ? 600 : 150);
        position_start(&pos, rs);
        for (int p = 0; p < plies; p++) {
            generate_legal(&pos, &list);
            Move m = random_move(&pos, &list, &rng, bias);
            if (!m)
                break;
            Undo u;
            make_move(&pos, m, &u);
        }
        compare_position(&pos, &rr, label);
        if (done % perft_every == 0)
            compare_perft2(&pos, &rr, label);
        done++;
    }
    printf("  %-26s %d positions\n", label, positions_compared - before);
    ruleset_free(rs);
}

/* Positions with more legal moves than a MoveList holds (MAX_MOVES): every one of them, and
   perft(2), must still agree.  (The fast generator once stopped adding moves at about 3,400:
   perft(1) of the first gave 3,427.) */
static void compare_crowded(void)
{
    static const struct {
        const char *tfen;
        int moves;
    } crowded[] = {
        {CROWDED_LIONS_SENTE, 4687},
        {CROWDED_LIONS_GOTE, 4687},
    };
    RefRules rr;
    ref_rules_default(&rr);
    static Position pos;
    for (size_t i = 0; i < sizeof crowded / sizeof crowded[0]; i++) {
        char err[200];
        position_clear(&pos, ruleset_default());
        CHECK(tfen_parse(&pos, crowded[i].tfen, err, sizeof err) == 0, "%s", err);
        int before = moves_compared;
        compare_position(&pos, &rr, "crowded");
        CHECK(moves_compared - before == crowded[i].moves, "crowded position %zu: %d legal moves",
              i, moves_compared - before);
        compare_perft2(&pos, &rr, "crowded");
    }
    printf("  %-26s %zu positions of more than %d moves\n", "crowded",
           sizeof crowded / sizeof crowded[0], MAX_MOVES);
}

int main(int argc, char **argv)
{
    int scale = argc > 1 ? atoi(argv[1]) : test_scale();
    if (scale < 1)
        scale = 1;
    for (int i = 0; i < LIST_CAP; i++) {
        fast_lines[i] = malloc(LINE_MAX_LEN);
        ref_lines[i] = malloc(LINE_MAX_LEN);
    }
    compare_crowded();
    int positions = 2000 * scale / 100, perfts = 200 * scale / 100;
    for (int c = 0; c < NCONFIGS; c++)
        run_config(&configs[c], positions, perfts, 1000 + (uint64_t)c);
    printf("compared %d positions (%d moves with resulting positions), %d perft(2)\n",
           positions_compared, moves_compared, perfts_compared);
    for (int i = 0; i < LIST_CAP; i++) {
        free(fast_lines[i]);
        free(ref_lines[i]);
    }
    return check_finish("test_refgen");
}
