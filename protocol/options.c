/* What Kaki tells XBoard about itself and what XBoard may set: the features
 * (docs/PROTOCOL.md §1.3), the variant's `setup` and `piece` lines (docs/PROTOCOL.md §2, written
 * by xbvariant.c), the options (the rule options of docs/RULES.md §9, rank offset, resign
 * threshold, hash, threads), and the rule-set cache behind the rule options: a rule set's tables
 * are built once, so switching an option back and forth costs nothing.
 */
#include "options.h"

#include "analysis.h"
#include "board/legal.h"
#include "evaloptions.h"
#include "game.h"
#include "numbers.h"
#include "output.h"
#include "playlevel.h"
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/xbvariant.h"
#include "search/level.h"
#include "search/params.h"
#include "util/parse.h"
#include "util/strutil.h"
#include "util/version.h"

const RuleSet *cecp_ruleset_for(Cecp *c, const Rules *r)
{
    int victim = 0;
    for (int i = 0; i < RULESET_CACHE; i++) {
        if (c->rs_cache[i].rs && memcmp(&c->rs_cache[i].rules, r, sizeof *r) == 0) {
            c->rs_cache[i].used = ++c->rs_clock;
            return c->rs_cache[i].rs;
        }
        if (!c->rs_cache[i].rs || c->rs_cache[i].used < c->rs_cache[victim].used)
            victim = i;
    }
    /* the least recently used set is never the current one (that was used last) and no
       search is running when the rules change */
    for (int i = 0; i < RULESET_CACHE && c->rs_cache[victim].rs == c->rs; i++)
        victim = (victim + 1) % RULESET_CACHE;
    ruleset_free(c->rs_cache[victim].rs);
    c->rs_cache[victim].rs = ruleset_new(r);
    c->rs_cache[victim].rules = *r;
    c->rs_cache[victim].used = ++c->rs_clock;
    return c->rs_cache[victim].rs;
}

static int find_rule_option(const char *name)
{
    for (int i = 0; i < rule_option_count; i++)
        if (strcmp(rule_options[i].name, name) == 0)
            return i;
    return -1;
}

/* The spin options: name, range and current value, for the feature list and `option`.  A
   value out of range is clamped (docs/PROTOCOL.md §1.4), or refused if `strict`. */
typedef struct Spin {
    const char *name;
    long lo, hi, value;
    bool strict;
} Spin;
enum {
    SPIN_RANK_OFFSET,
    SPIN_RESIGN_THRESHOLD,
    SPIN_HASH,
    SPIN_THREADS,
    SPIN_LEVEL,
    SPIN_LEVEL_SEED,
    SPIN_COUNT
};

static void spin_options(Cecp *c, Spin spins[SPIN_COUNT])
{
    spins[SPIN_RANK_OFFSET] = (Spin){"Rank offset", 0, 1, atomic_load(&c->rank_offset), false};
    spins[SPIN_RESIGN_THRESHOLD] = (Spin){"Resign threshold", 0, 100000, c->resign_threshold, false};
    spins[SPIN_HASH] = (Spin){"Hash", 1, c->max_hash_mb, c->hash_mb, false};
    spins[SPIN_THREADS] = (Spin){"Threads", 1, c->max_threads, c->threads, false};
    spins[SPIN_LEVEL] = (Spin){"Level", LEVEL_MIN, LEVEL_MAX, c->level, true};
    spins[SPIN_LEVEL_SEED] = (Spin){"Level seed", 0, 2147483647, c->level_seed, false};
}

static void send_features(Cecp *c)
{
    cecp_emit(c, "feature done=0");
    /* the version is CMakeLists.txt's project(VERSION) (util/version.h) */
    cecp_emitf(c, "feature myname=\"Kaki %s\" variants=\"tenjiku\" setboard=1 "
                  "usermove=1 ping=1 playother=1 colors=0 sigint=0 sigterm=0 debug=1 memory=1 "
                  "smp=1 highlight=1 analyze=1 nps=1 reuse=1 pause=0",
               kaki_version());
    for (int i = 0; i < rule_option_count; i++) {
        char buf[256];
        int n = snprintf(buf, sizeof buf, "feature option=\"%s -combo", rule_options[i].name);
        int cur = rules_get(&c->rules, i);
        for (int v = 0; rule_options[i].values[v]; v++)
            n += snprintf(buf + n, sizeof buf - (size_t)n, "%s %s%s", v ? " ///" : "",
                          v == cur ? "*" : "", rule_options[i].values[v]);
        snprintf(buf + n, sizeof buf - (size_t)n, "\"");
        cecp_emit(c, buf);
    }
    Spin spins[SPIN_COUNT];
    spin_options(c, spins);
    for (int i = 0; i < SPIN_COUNT; i++)
        cecp_emitf(c, "feature option=\"%s -spin %ld %ld %ld\"", spins[i].name, spins[i].value,
                   spins[i].lo, spins[i].hi);
    cecp_eval_features(c);
    cecp_analysis_features(c);
    cecp_emit(c, "feature done=1");
}

void cecp_cmd_protover(Cecp *c, Command *cmd)
{
    (void)cmd; /* any version: the features say what Kaki needs */
    send_features(c);
}

void cecp_set_hash(Cecp *c, long mb)
{
    if (mb != c->hash_mb)
        c->hash_mb = searcher_set_hash_mb(c->searcher, (int)mb);
}

void cecp_set_threads(Cecp *c, long n)
{
    if (n != c->threads)
        c->threads = searcher_set_threads(c->searcher, (int)n);
}

/* New rules: rebuild the start position and replay the game; refused if a move of the game is
   not legal under the new rules (repetition included: the new record keeps the whole history). */
static bool apply_rules(Cecp *c, const Rules *r, char *err, size_t errsz)
{
    const RuleSet *rs = cecp_ruleset_for(c, r);
    Position *ns = xmalloc(sizeof *ns);
    cecp_copy_board(ns, c->game.start, rs);
    GameRecord ng;
    game_record_init(&ng, ns);
    free(ns);
    MoveVec all = {0};
    bool ok = true;
    for (int i = 0; i < c->game.nmoves && ok; i++) {
        Move m = c->game.moves[i];
        generate_all_moves(ng.pos, &all);
        if (!movevec_has(&all, m) || !move_is_legal(ng.pos, m)) {
            char w[MOVE_STR_MAX];
            move_to_wire(ng.pos, m, atomic_load(&c->rank_offset), w);
            snprintf(err, errsz, "move %d (%s) of the game would be illegal", i + 1, w);
            ok = false;
            break;
        }
        game_record_play(&ng, m);
    }
    movevec_free(&all);
    if (!ok) {
        game_record_free(&ng);
        return false;
    }
    game_record_free(&c->game);
    c->game = ng;
    c->rules = *r;
    c->rs = rs;
    c->hint = MOVE_NONE;
    cecp_clear_lift(c);
    cecp_clear_exclusions(c);
    return true;
}

/* A refused option: a tellusererror line, never an Error line, which XBoard would take for the
   refusal of the last move and take that move back on its board (docs/PROTOCOL.md §1.3). */
static void refuse_option(Cecp *c, const char *reason, const char *shown)
{
    cecp_emitf(c, "tellusererror Option refused (%s): %s", reason, shown);
}

/* A search parameter by its table name (search/params.h, e.g. `option RFP_MARGIN=100`): a
   tuner's option, not announced to the GUI, as Stockfish's tuning builds; a value that is not a
   number within the parameter's range is refused and the value stays.  True if name is one. */
static bool search_param_option(Cecp *c, const char *name, const char *value, const char *shown)
{
    const SearchParamInfo *info = search_param_find(name);
    if (!info)
        return false;
    long v;
    if (!parse_long(value, info->min, info->max, &v)) {
        char reason[96];
        snprintf(reason, sizeof reason, "%s must be %d to %d", info->name, info->min, info->max);
        refuse_option(c, reason, shown);
        return true;
    }
    searcher_set_param(c->searcher, info->name, (int)v);
    cecp_emitf(c, "# search parameter %s=%ld", info->name, v);
    return true;
}

void cecp_cmd_option(Cecp *c, Command *cmd)
{
    char shown[160];
    cecp_printable(cmd->line, shown, sizeof shown);
    char *args = cmd->args;
    char *eq = strchr(args, '=');
    if (!eq) {
        refuse_option(c, "bad option value", shown);
        return;
    }
    *eq = '\0';
    char *name = args, *value = eq + 1;
    size_t nl = strlen(name);
    while (nl && (name[nl - 1] == ' ' || name[nl - 1] == '\t'))
        name[--nl] = '\0';
    while (*value == ' ' || *value == '\t')
        value++;
    size_t vl = strlen(value);
    while (vl && (value[vl - 1] == ' ' || value[vl - 1] == '\t'))
        value[--vl] = '\0';

    int ri = find_rule_option(name);
    if (ri >= 0) {
        Rules r = c->rules;
        char err[160];
        if (rules_set(&r, name, value, err, sizeof err) != 0) {
            refuse_option(c, "bad option value", shown);
            return;
        }
        if (memcmp(&r, &c->rules, sizeof r) == 0)
            return;
        if (!apply_rules(c, &r, err, sizeof err))
            refuse_option(c, err, shown);
        else
            cecp_emitf(c, "# rules: %s=%s", name, value);
        return;
    }
    if (cecp_eval_option(c, name, value, shown) || cecp_analysis_option(c, name, value, shown) ||
        search_param_option(c, name, value, shown))
        return;
    Spin spins[SPIN_COUNT];
    spin_options(c, spins);
    for (int i = 0; i < SPIN_COUNT; i++) {
        if (strcasecmp(name, spins[i].name) != 0)
            continue;
        long v;
        char what[48];
        snprintf(what, sizeof what, "option %s", spins[i].name);
        if (spins[i].strict && (!parse_long(value, spins[i].lo, spins[i].hi, &v))) {
            char reason[64];
            snprintf(reason, sizeof reason, "%s must be %ld to %ld", spins[i].name, spins[i].lo,
                     spins[i].hi);
            refuse_option(c, reason, shown);
            return;
        }
        if (!cecp_number(c, what, value, spins[i].lo, spins[i].hi, &v)) {
            refuse_option(c, "bad option value", shown);
            return;
        }
        switch (i) {
        case SPIN_RANK_OFFSET: atomic_store(&c->rank_offset, (int)v); break;
        case SPIN_RESIGN_THRESHOLD: c->resign_threshold = (int)v; break;
        case SPIN_HASH: cecp_set_hash(c, v); break;
        case SPIN_THREADS: cecp_set_threads(c, v); break;
        case SPIN_LEVEL: c->level = (int)v; break;
        case SPIN_LEVEL_SEED: cecp_set_level_seed(c, v); break;
        }
        return;
    }
    refuse_option(c, "unknown option", shown);
}

/* memory MB and cores N (docs/PROTOCOL.md §5): clamped to the session's limits. */
void cecp_cmd_memory(Cecp *c, Command *cmd)
{
    long mb;
    if (cecp_arg_long(c, cmd, 1, c->max_hash_mb, &mb))
        cecp_set_hash(c, mb);
}

void cecp_cmd_cores(Cecp *c, Command *cmd)
{
    long n;
    if (cecp_arg_long(c, cmd, 1, c->max_threads, &n))
        cecp_set_threads(c, n);
}

void cecp_send_variant(Cecp *c)
{
    char buf[2048];
    cecp_emit(c, xb_setup_line(c->game.start, buf, sizeof buf));
    for (int s = 0; s < XB_SLOTS; s++)
        cecp_emit(c, xb_piece_line(c->rs, s, buf, sizeof buf));
}
