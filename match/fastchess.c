#include "fastchess.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "stats.h"
#include "platform/files.h"
#include "util/parse.h"
#include "util/strutil.h"
#include "util/version.h"

/* With tc=inf there is no clock: a move that takes longer than this is a hang. */
#define FC_HANG_MS 60000
/* Tenjiku has no draw rule (a repetition is an illegal move) and OpenBench passes no
   -maxmoves: weak or fast play can shuffle for thousands of moves, so games are drawn after
   this many moves of each side unless -maxmoves says otherwise. */
#define FC_DEFAULT_MAXMOVES 400

void fastchess_print_version(FILE *f)
{
    version_print(f, "kaki-match");
}

void fastchess_usage(FILE *f)
{
    fputs(
        "usage: fastchess-ob OPTIONS...   (or kaki-match --fastchess-cli OPTIONS...)\n"
        "\n"
        "kaki-match with the command line OpenBench gives fastchess (docs/OPENBENCH.md).  The\n"
        "engines still speak CECP (proto=uci is accepted and ignored).  Options:\n"
        "  -engine KEY=VALUE...  one engine: cmd= (relative to dir=), dir= (empty: the current\n"
        "                        directory), name=, proto=,\n"
        "                        tc=[MOVES/]SECONDS[+INC] | tc=inf with nodes=N or depth=N,\n"
        "                        st=SECONDS, timemargin=MS, option.Threads=N (cores),\n"
        "                        option.Hash=MB (memory), option.NAME=VALUE, args=\"...\"\n"
        "  -each KEY=VALUE...    the same keys, for every engine\n"
        "  -rounds R -games 2    R pairs of games, each opening twice with colours reversed\n"
        "  -concurrency N        games played at once\n"
        "  -openings file=F format=epd|tfen order=random|sequential start=K\n"
        "                        TFEN positions, one per line; pair k plays position\n"
        "                        (K-1+k) of the (seeded) order\n"
        "  -srand S              the seed of order=random\n"
        "  -pgnout file=F        append the games to F\n"
        "  -resign movecount=N score=CP, -draw movenumber=M movecount=N score=CP,\n"
        "  -maxmoves N           adjudication (kaki-match's --resign, --draw, --maxmoves;\n"
        "                        default -maxmoves 400: tenjiku has no draw rule)\n"
        "  -sprt elo0= elo1= alpha= beta=, -log file=F, -event NAME\n"
        "  -recover -testEnv -variant standard -tb -tbpieces -report -output  accepted, no effect\n"
        "  -version, -help\n"
        "Output: one line per finished game on stdout,\n"
        "  Finished game N (WHITE vs BLACK): 1-0|0-1|1/2-1/2 {REASON}\n"
        "White = sente; everything else on stderr.\n",
        f);
}

static int fail(char *err, size_t errsz, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errsz, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errsz, fmt, ap);
    va_end(ap);
    return -1;
}

bool fastchess_wanted(int argc, char **argv)
{
    if (argc > 0 && argv[0]) {
        const char *base = platform_basename(argv[0]);
        if (strncmp(base, "fastchess", 9) == 0)
            return true;
    }
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--fastchess-cli") == 0)
            return true;
    return false;
}

/* An option word: "-name" or "--name" (a negative number is a value). */
static bool is_option(const char *w)
{
    return w[0] == '-' && (isalpha((unsigned char)w[1]) || (w[1] == '-' && w[2]));
}

static int group_len(int argc, char **argv, int i)
{
    int n = 0;
    while (i + n < argc && !is_option(argv[i + n]))
        n++;
    return n;
}

/* KEY=VALUE: the value if w's key is `key`, else NULL. */
static const char *value_of(const char *w, const char *key)
{
    size_t n = strlen(key);
    return strncmp(w, key, n) == 0 && w[n] == '=' ? w + n + 1 : NULL;
}

/* ---- engines and their clocks ------------------------------------------------------- */

enum { CLK_NONE, CLK_TC, CLK_ST, CLK_INF };

typedef struct Clock {
    int kind;
    TimeControl tc;   /* CLK_TC, CLK_ST */
    long nodes, depth;
    long margin_ms;   /* -1: not given */
} Clock;

/* fastchess's tc=: "inf", or [MOVES/]TIME[+INC] with TIME in seconds or MIN:SEC. */
static int parse_clock(const char *v, Clock *c, char *err, size_t errsz)
{
    if (strcmp(v, "inf") == 0) {
        c->kind = CLK_INF;
        return 0;
    }
    char buf[64];
    if (strlen(v) >= sizeof buf)
        return fail(err, errsz, "bad tc=%s: too long", v);
    str_copy(buf, sizeof buf, v);
    TimeControl *tc = &c->tc;
    memset(tc, 0, sizeof *tc);
    tc->type = TC_INCREMENTAL;
    char *time = buf, *slash = strchr(buf, '/'), *plus = strchr(buf, '+');
    long moves;
    double secs, mins = 0, inc = 0;
    if (slash) {
        *slash = '\0';
        if (!parse_long(buf, 1, 100000, &moves))
            return fail(err, errsz, "bad tc=%s: MOVES must be a positive number", v);
        tc->type = TC_CLASSICAL;
        tc->moves = (int)moves;
        time = slash + 1;
    }
    if (plus) {
        *plus = '\0';
        if (!parse_double(plus + 1, 0, 86400, &inc))
            return fail(err, errsz, "bad tc=%s: the increment must be seconds >= 0", v);
    }
    char *colon = strchr(time, ':');
    if (colon)
        *colon = '\0';
    if ((colon && !parse_double(time, 0, 100000, &mins)) ||
        !parse_double(colon ? colon + 1 : time, 0, 1e7, &secs) || mins * 60 + secs <= 0)
        return fail(err, errsz, "bad tc=%s: expected inf or [MOVES/]SECONDS[+INC]", v);
    tc->base_ms = llround((mins * 60 + secs) * 1000.0);
    tc->inc_ms = llround(inc * 1000.0);
    if (tc->base_ms <= 0)
        return fail(err, errsz, "bad tc=%s: the time must be at least 1 ms", v);
    snprintf(tc->text, sizeof tc->text, "%s", v);
    c->kind = CLK_TC;
    return 0;
}

static int parse_st(const char *v, Clock *c, char *err, size_t errsz)
{
    double s;
    if (!parse_double(v, 0.001, 86400, &s))
        return fail(err, errsz, "bad st=%s (seconds per move, > 0)", v);
    memset(&c->tc, 0, sizeof c->tc);
    c->tc.type = TC_FIXED;
    c->tc.st_ms = llround(s * 1000.0);
    snprintf(c->tc.text, sizeof c->tc.text, "st=%s", v);
    c->kind = CLK_ST;
    return 0;
}

static int add_option(EngineSpec *e, const char *name, size_t len, const char *value, char *err,
                      size_t errsz)
{
    if (e->noptions >= MAX_ENGINE_OPTIONS)
        return fail(err, errsz, "-engine: too many options");
    char *n = xmalloc(len + 1);
    memcpy(n, name, len);
    n[len] = '\0';
    e->options[e->noptions].name = n;
    e->options[e->noptions++].value = xstrdup(value);
    return 0;
}

/* option.NAME=VALUE: Threads and Hash become CECP's cores and memory; the tablebase options
   OpenBench adds for chess are dropped; the rest are sent as engine options. */
static int engine_option(const char *w, const char *eq, EngineSpec *e, char *err, size_t errsz)
{
    const char *name = w + 7, *v = eq + 1;
    size_t len = (size_t)(eq - name);
    long x;
    if (len == 7 && strncasecmp(name, "Threads", 7) == 0) {
        if (!parse_long(v, 1, 4096, &x))
            return fail(err, errsz, "-engine: bad option.Threads=%s", v);
        e->cores = (int)x;
    } else if (len == 4 && strncasecmp(name, "Hash", 4) == 0) {
        if (!parse_long(v, 1, 1 << 20, &x))
            return fail(err, errsz, "-engine: bad option.Hash=%s", v);
        e->memory_mb = (int)x;
    } else if ((len == 10 && strncmp(name, "SyzygyPath", 10) == 0) ||
               (len == 16 && strncmp(name, "SyzygyProbeLimit", 16) == 0)) {
        fprintf(stderr, "kaki-match: warning: %s ignored (no tablebases for tenjiku)\n", w);
    } else if (len == 0)
        return fail(err, errsz, "-engine: empty option name in '%s'", w);
    else
        return add_option(e, name, len, v, err, errsz);
    return 0;
}

static int split_args(const char *v, EngineSpec *e, char *err, size_t errsz)
{
    char *copy = xstrdup(v), *save = NULL;
    for (char *t = strtok_r(copy, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
        if (e->nargs >= MAX_ENGINE_ARGS) {
            free(copy);
            return fail(err, errsz, "-engine: too many args");
        }
        e->args[e->nargs++] = xstrdup(t);
    }
    free(copy);
    return 0;
}

static void set_string(char **dst, const char *v)
{
    free(*dst);
    *dst = xstrdup(v);
}

static int engine_word(const char *w, EngineSpec *e, Clock *c, char *err, size_t errsz)
{
    const char *eq = strchr(w, '='), *v;
    long x;
    if (!eq)
        return fail(err, errsz, "-engine: '%s' is not KEY=VALUE", w);
    if ((v = value_of(w, "cmd")))
        set_string(&e->cmd, v);
    else if ((v = value_of(w, "dir"))) {
        free(e->dir); /* an empty dir= is the current directory, as if not given */
        e->dir = *v ? xstrdup(v) : NULL;
    }
    else if ((v = value_of(w, "name")))
        set_string(&e->name, v);
    else if ((v = value_of(w, "proto"))) {
        if (strcmp(v, "uci") && strcmp(v, "xboard") && strcmp(v, "cecp"))
            return fail(err, errsz, "-engine: unknown protocol '%s'", v);
    } else if ((v = value_of(w, "tc")))
        return parse_clock(v, c, err, errsz);
    else if ((v = value_of(w, "st")))
        return parse_st(v, c, err, errsz);
    else if ((v = value_of(w, "nodes"))) {
        if (!parse_long(v, 1, 2000000000L, &c->nodes))
            return fail(err, errsz, "-engine: bad nodes=%s", v);
    } else if ((v = value_of(w, "depth")) || (v = value_of(w, "plies"))) {
        if (!parse_long(v, 1, 1000, &c->depth))
            return fail(err, errsz, "-engine: bad %s", w);
    } else if ((v = value_of(w, "timemargin"))) {
        if (!parse_long(v, 0, 600000, &x))
            return fail(err, errsz, "-engine: bad timemargin=%s (milliseconds)", v);
        c->margin_ms = x;
    } else if ((v = value_of(w, "args")))
        return split_args(v, e, err, errsz);
    else if (strncmp(w, "option.", 7) == 0)
        return engine_option(w, eq, e, err, errsz);
    else if (!value_of(w, "restart") && !value_of(w, "ponder") && !value_of(w, "whitepov"))
        return fail(err, errsz, "-engine: unknown key in '%s'", w);
    return 0;
}

/* fastchess runs cmd= inside dir=; kaki-match resolves a relative command from its own
   directory and starts the engine in dir. */
static void join_dir(EngineSpec *e)
{
    if (!e->dir || !*e->dir || !e->cmd || e->cmd[0] == '/' || !strchr(e->cmd, '/'))
        return;
    size_t n = strlen(e->dir) + strlen(e->cmd) + 2;
    char *p = xmalloc(n);
    snprintf(p, n, "%s%s%s", e->dir, e->dir[strlen(e->dir) - 1] == '/' ? "" : "/", e->cmd);
    free(e->cmd);
    e->cmd = p;
}

static bool same_clock(const TimeControl *a, const TimeControl *b)
{
    return a->type == b->type && a->moves == b->moves && a->base_ms == b->base_ms &&
           a->inc_ms == b->inc_ms && a->st_ms == b->st_ms;
}

/* One clock for the match (kaki-match keeps both engines on it); node and depth limits per
   engine. */
static int apply_clocks(MatchConfig *cfg, const Clock *clk, char *err, size_t errsz)
{
    long margin = -1;
    for (int i = 0; i < cfg->nengines; i++) {
        const Clock *c = &clk[i];
        EngineSpec *e = &cfg->engines[i];
        if (c->kind == CLK_NONE)
            return fail(err, errsz, "engine %d has no time control: give tc=, st=, or tc=inf "
                        "with nodes= or depth=", i + 1);
        if (c->kind != clk[0].kind || (c->kind != CLK_INF && !same_clock(&c->tc, &clk[0].tc)))
            return fail(err, errsz, "the engines' time controls differ: kaki-match plays both "
                        "on one clock (node and depth limits may differ)");
        if (c->kind == CLK_INF && !c->nodes && !c->depth)
            return fail(err, errsz, "engine %d: tc=inf needs nodes= or depth=", i + 1);
        if (c->kind != CLK_INF && c->nodes)
            return fail(err, errsz, "engine %d: nodes= needs tc=inf", i + 1);
        e->nps = c->nodes;
        e->depth = (int)c->depth;
        if (c->margin_ms > margin)
            margin = c->margin_ms;
    }
    if (clk[0].kind == CLK_INF) {
        memset(&cfg->tc, 0, sizeof cfg->tc);
        cfg->tc.type = TC_LIMITS;
        cfg->tc.st_ms = FC_HANG_MS;
        const Clock *c = &clk[0];
        snprintf(cfg->tc.text, sizeof cfg->tc.text, "inf %s=%ld%s", c->nodes ? "nodes" : "depth",
                 c->nodes ? c->nodes : c->depth,
                 cfg->nengines > 1 && (clk[1].nodes != c->nodes || clk[1].depth != c->depth)
                     ? " (per engine)" : "");
    } else
        cfg->tc = clk[0].tc;
    if (margin >= 0)
        cfg->margin_ms = margin;
    return 0;
}

/* ---- the other options ---------------------------------------------------------------- */

static int openings_words(char **w, int n, MatchConfig *cfg, char *err, size_t errsz)
{
    for (int k = 0; k < n; k++) {
        const char *v;
        long x;
        if ((v = value_of(w[k], "file")))
            set_string(&cfg->openings_file, v);
        else if ((v = value_of(w[k], "format"))) {
            if (strcmp(v, "pgn") == 0)
                return fail(err, errsz, "-openings format=pgn: PGN books are not supported; give "
                            "a file of TFEN positions (format=epd or tfen)");
            if (strcmp(v, "epd") && strcmp(v, "tfen"))
                return fail(err, errsz, "-openings: unknown format '%s'", v);
        } else if ((v = value_of(w[k], "order"))) {
            if (strcmp(v, "random") && strcmp(v, "sequential"))
                return fail(err, errsz, "-openings: unknown order '%s'", v);
            cfg->openings_shuffle = strcmp(v, "random") == 0;
        } else if ((v = value_of(w[k], "start"))) {
            if (!parse_long(v, 1, 1000000000L, &x))
                return fail(err, errsz, "-openings: bad start=%s (1, 2, ...)", v);
            cfg->openings_offset = (int)(x - 1);
        } else if (!value_of(w[k], "plies") && !value_of(w[k], "policy"))
            return fail(err, errsz, "-openings: unknown key in '%s'", w[k]);
    }
    if (!cfg->openings_file)
        return fail(err, errsz, "-openings needs file=");
    return 0;
}

/* -resign movecount=N score=CP; -draw movenumber=M movecount=N score=CP. */
static int adjudication_words(char **w, int n, bool draw, MatchConfig *cfg, char *err,
                              size_t errsz)
{
    long moves = 0, score = -1, after = 0;
    for (int k = 0; k < n; k++) {
        const char *v;
        bool ok = true;
        if ((v = value_of(w[k], "movecount")))
            ok = parse_long(v, 1, 100000, &moves);
        else if ((v = value_of(w[k], "score")))
            ok = parse_long(v, 0, 1000000, &score);
        else if (draw && (v = value_of(w[k], "movenumber")))
            ok = parse_long(v, 0, 100000, &after);
        else if (draw || !value_of(w[k], "twosided"))
            ok = false;
        if (!ok)
            return fail(err, errsz, "%s: bad word '%s'", draw ? "-draw" : "-resign", w[k]);
    }
    if (!moves || score < 0)
        return fail(err, errsz, "%s needs movecount= and score=", draw ? "-draw" : "-resign");
    if (draw)
        cfg->draw_moves = (int)moves, cfg->draw_score = (int)score, cfg->draw_after = (int)after;
    else
        cfg->resign_moves = (int)moves, cfg->resign_score = (int)score;
    return 0;
}

static int number_option(const char *opt, char **w, int n, long min, long max, long *out,
                         char *err, size_t errsz)
{
    if (n != 1 || !parse_long(w[0], min, max, out))
        return fail(err, errsz, "-%s needs a number from %ld to %ld", opt, min, max);
    return 0;
}

/* A file= word or a bare file name. */
static const char *file_word(char **w, int n)
{
    for (int k = 0; k < n; k++) {
        const char *v = value_of(w[k], "file");
        if (v || !strchr(w[k], '='))
            return v ? v : w[k];
    }
    return NULL;
}

typedef struct Parse {
    MatchConfig *cfg;
    long rounds, games;
    int each_at, each_n;          /* the -each words */
    int engine_at[MAX_ENGINES];   /* each engine's words */
    int engine_n[MAX_ENGINES];
} Parse;

/* One global option with its n words.  Returns 0, 1 (help/version answered) or -1. */
static int global_option(Parse *P, const char *opt, char **w, int n, char *err, size_t errsz)
{
    MatchConfig *cfg = P->cfg;
    long x;
    if (!strcmp(opt, "help") || !strcmp(opt, "h")) {
        fastchess_usage(stdout);
        return 1;
    }
    if (!strcmp(opt, "version") || !strcmp(opt, "v")) {
        fastchess_print_version(stdout);
        return 1;
    }
    if (!strcmp(opt, "concurrency")) {
        if (number_option(opt, w, n, 1, 256, &x, err, errsz))
            return -1;
        cfg->concurrency = (int)x;
    } else if (!strcmp(opt, "rounds"))
        return number_option(opt, w, n, 1, 50000000, &P->rounds, err, errsz);
    else if (!strcmp(opt, "games")) {
        if (number_option(opt, w, n, 1, 2, &P->games, err, errsz))
            return -1;
        if (P->games != 2)
            return fail(err, errsz, "-games 1 is not supported: kaki-match plays every opening "
                        "twice with colours reversed (-games 2)");
    } else if (!strcmp(opt, "repeat"))
        P->games = 2;
    else if (!strcmp(opt, "srand")) {
        if (n != 1 || !parse_u64(w[0], &cfg->seed))
            return fail(err, errsz, "-srand needs a non-negative number");
        cfg->seed_given = true;
    } else if (!strcmp(opt, "maxmoves")) {
        if (number_option(opt, w, n, 1, 1000000, &x, err, errsz))
            return -1;
        cfg->max_moves = (int)x;
    } else if (!strcmp(opt, "variant")) {
        if (n != 1 || strcmp(w[0], "standard"))
            return fail(err, errsz, "-variant %s: kaki-match plays tenjiku only (OpenBench says "
                        "\"standard\"; FRC, 960 or FISCHER in the book's name asks for Chess960)",
                        n ? w[0] : "");
    } else if (!strcmp(opt, "openings"))
        return openings_words(w, n, cfg, err, errsz);
    else if (!strcmp(opt, "resign") || !strcmp(opt, "draw"))
        return adjudication_words(w, n, opt[0] == 'd', cfg, err, errsz);
    else if (!strcmp(opt, "pgnout") || !strcmp(opt, "log")) {
        const char *f = file_word(w, n);
        if (!f)
            return fail(err, errsz, "-%s needs file=", opt);
        set_string(opt[0] == 'p' ? &cfg->pgn_file : &cfg->log_file, f);
    } else if (!strcmp(opt, "event")) {
        if (n != 1)
            return fail(err, errsz, "-event needs a name");
        set_string(&cfg->event, w[0]);
    } else if (!strcmp(opt, "sprt"))
        return parse_sprt(w, n, &cfg->sprt, err, errsz);
    else if (!strcmp(opt, "tb") || !strcmp(opt, "tbpieces"))
        fprintf(stderr, "kaki-match: warning: -%s ignored (no tablebases for tenjiku)\n", opt);
    else if (strcmp(opt, "recover") && strcmp(opt, "testEnv") && strcmp(opt, "report") &&
             strcmp(opt, "output") && strcmp(opt, "ratinginterval") &&
             strcmp(opt, "scoreinterval") && strcmp(opt, "autosaveinterval") &&
             strcmp(opt, "fastchess-cli"))
        return fail(err, errsz, "unknown option '-%s' (see -help)", opt);
    return 0;
}

static int engines_from_words(Parse *P, int argc, char **argv, char *err, size_t errsz)
{
    MatchConfig *cfg = P->cfg;
    Clock clk[MAX_ENGINES];
    memset(clk, 0, sizeof clk);
    for (int i = 0; i < cfg->nengines; i++) {
        EngineSpec *e = &cfg->engines[i];
        clk[i] = (Clock){.kind = CLK_NONE, .margin_ms = -1};
        for (int pass = 0; pass < 2; pass++) {
            int at = pass ? P->engine_at[i] : P->each_at, n = pass ? P->engine_n[i] : P->each_n;
            for (int k = 0; k < n && at + k < argc; k++)
                if (engine_word(argv[at + k], e, &clk[i], err, errsz))
                    return -1;
        }
        if (!e->cmd)
            return fail(err, errsz, "engine %d needs cmd=", i + 1);
        join_dir(e);
    }
    return apply_clocks(cfg, clk, err, errsz);
}

int fastchess_parse(int argc, char **argv, MatchConfig *cfg, char *err, size_t errsz)
{
    config_defaults(cfg);
    cfg->fastchess = true;
    cfg->max_moves = FC_DEFAULT_MAXMOVES;
    Parse P = {.cfg = cfg, .games = 2};
    for (int i = 1; i < argc;) {
        if (!is_option(argv[i]))
            return fail(err, errsz, "unexpected argument '%s' (see -help)", argv[i]);
        const char *opt = argv[i] + (argv[i][1] == '-' ? 2 : 1);
        int n = group_len(argc, argv, i + 1);
        if (!strcmp(opt, "engine")) {
            if (cfg->nengines >= MAX_ENGINES)
                return fail(err, errsz, "too many engines (at most %d)", MAX_ENGINES);
            P.engine_at[cfg->nengines] = i + 1;
            P.engine_n[cfg->nengines++] = n;
        } else if (!strcmp(opt, "each")) {
            P.each_at = i + 1;
            P.each_n = n;
        } else {
            int rc = global_option(&P, opt, argv + i + 1, n, err, errsz);
            if (rc)
                return rc;
        }
        i += 1 + n;
    }
    if (cfg->nengines < 2)
        return fail(err, errsz, "give at least two -engine groups");
    if (engines_from_words(&P, argc, argv, err, errsz))
        return -1;
    if (P.rounds < 1)
        return fail(err, errsz, "give -rounds R (R pairs of games)");
    cfg->games = (int)(P.rounds * P.games);
    if (cfg->sprt.enabled && cfg->nengines != 2)
        return fail(err, errsz, "-sprt needs exactly two engines");
    if (!cfg->event)
        cfg->event = xstrdup("kaki-match");
    /* OpenBench reads our stdout through a pipe, line by line */
    setvbuf(stdout, NULL, _IOLBF, 0);
    return 0;
}

/* ---- output ----------------------------------------------------------------------------- */

/* OpenBench splits the line at blanks and at the first ':' after the names, and decodes it as
   ASCII: names keep letters, digits and ._+- only. */
static void safe_name(const char *in, char *out, size_t outsz)
{
    size_t n = 0;
    for (; *in && n + 1 < outsz; in++) {
        unsigned char ch = (unsigned char)*in;
        out[n++] = ch < 128 && (isalnum(ch) || strchr("._+-", ch)) ? (char)ch : '_';
    }
    out[n] = '\0';
}

/* cecpclient's words for an engine that stopped answering (xengine.c): a stall, not a crash. */
static bool stalled(const Game *g)
{
    return strstr(g->reason, "no pong within") || strstr(g->reason, "does not read its input");
}

void fastchess_reason(const Game *g, char *out, size_t outsz)
{
    /* sente moves first: PGN's White */
    const char *winner = g->outcome == OUT_SENTE_WINS ? "White" : "Black";
    const char *loser = g->outcome == OUT_SENTE_WINS ? "Black" : "White";
    bool draw = g->outcome == OUT_DRAW;
    switch (g->termination) {
    case TERM_TIME_FORFEIT:
        snprintf(out, outsz, "%s loses on time", loser);
        return;
    case TERM_RULES_INFRACTION:
        snprintf(out, outsz, "%s makes an illegal move", loser);
        return;
    case TERM_EMERGENCY:
        snprintf(out, outsz, stalled(g) ? "%s's connection stalls" : "%s disconnects", loser);
        return;
    case TERM_ADJUDICATION:
        if (draw)
            snprintf(out, outsz, "Draw by adjudication");
        else
            snprintf(out, outsz, "%s wins by adjudication", winner);
        return;
    case TERM_ABANDONED:
        snprintf(out, outsz, "Game abandoned");
        return;
    default:
        break;
    }
    if (g->loser >= 0 && !draw) {
        snprintf(out, outsz, "%s resigns", loser);
        return;
    }
    if (draw && strcmp(g->reason, "draw agreed") == 0) {
        snprintf(out, outsz, "Draw by agreement");
        return;
    }
    /* the rules' words ("gote has no royal left"), without anything OpenBench could misread */
    char why[200];
    size_t n = 0;
    for (const char *p = g->reason; *p && n + 1 < sizeof why; p++) {
        unsigned char ch = (unsigned char)*p;
        why[n++] = ch < 128 && (isalnum(ch) || strchr(" ,.()'-", ch)) ? (char)ch : ' ';
    }
    why[n] = '\0';
    if (draw)
        snprintf(out, outsz, "Draw, %s", why);
    else
        snprintf(out, outsz, "%s wins, %s", winner, why);
}

const char *fastchess_termination(const Game *g)
{
    switch (g->termination) {
    case TERM_RULES_INFRACTION: return "illegal move";
    case TERM_EMERGENCY: return "abandoned";
    case TERM_ABANDONED: return "unterminated";
    default: return termination_name[g->termination];
    }
}

void fastchess_game_line(FILE *out, int number, const Game *g)
{
    char white[128], black[128], why[320];
    safe_name(g->eng[0]->name, white, sizeof white);
    safe_name(g->eng[1]->name, black, sizeof black);
    fastchess_reason(g, why, sizeof why);
    fprintf(out, "Finished game %d (%s vs %s): %s {%s}\n", number, white, black,
            outcome_string(g->outcome), why);
    fflush(out);
}

void fastchess_summary(FILE *out, const MatchConfig *cfg, const ResultSet *rs)
{
    if (rs->nnames < 2)
        return;
    Stats st = results_stats(rs, 0, 1);
    int games = st.wins + st.losses + st.draws;
    char a[128], b[128], book[128], elo[200];
    safe_name(rs->names[0], a, sizeof a);
    safe_name(rs->names[1], b, sizeof b);
    const char *file = cfg->openings_file ? platform_basename(cfg->openings_file) : "startpos";
    safe_name(file, book, sizeof book);
    fprintf(out, "Results of %s vs %s (%s, %s):\n", a, b, cfg->tc.text, book);
    double points = st.wins + 0.5 * st.draws;
    fprintf(out, "Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%.2f %%)\n", games,
            st.wins, st.losses, st.draws, points, games ? 100.0 * points / games : 0.0);
    fprintf(out, "Ptnml(0-2): [%d, %d, %d, %d, %d]\n", st.penta[0], st.penta[1], st.penta[2],
            st.penta[3], st.penta[4]);
    if (games) {
        int pairs = st.penta[0] + st.penta[1] + st.penta[2] + st.penta[3] + st.penta[4];
        stats_format_elo(&st, pairs > 0, elo, sizeof elo);
        for (char *p = elo; *p; p++)
            if ((unsigned char)*p >= 128)
                *p = '?';
        fprintf(out, "%s\n", elo);
    }
    fprintf(out, "Tournament finished\n");
    fflush(out);
}
