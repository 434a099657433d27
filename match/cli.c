#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cecpclient/xengine.h"
#include "util/parse.h"
#include "util/strutil.h"


void cli_usage(FILE *f)
{
    fputs(
        "usage: kaki-match --engine cmd=PATH [KEY=VALUE ...] --engine ... [OPTIONS]\n"
        "       kaki-match merge FILE... [--sprt elo0=E0 elo1=E1 alpha=A beta=B [model=M]]\n"
        "       kaki-match book --count N [--plies K] [--seed S] [--balance PAWNS]\n"
        "       kaki-match --version | --fastchess-cli FASTCHESS-OPTIONS (for OpenBench: -help)\n"
        "\n"
        "Plays tenjiku shogi games between CECP v2 (XBoard protocol) engines and referees them\n"
        "with Kaki's rules core.  Each opening is played twice, colours reversed (a pair).\n"
        "\n"
        "Engines (two or more; every --engine starts a group of KEY=VALUE words):\n"
        "  cmd=PATH            the program (looked up in PATH if it has no '/'); required\n"
        "  name=NAME           name in the PGN and the report (default: its myname feature,\n"
        "                      else the program's file name; duplicates get \" (2)\" etc.;\n"
        "                      control characters become blanks)\n"
        "  arg=ARG             one command-line argument for the engine (repeatable); words\n"
        "                      without '=' after cmd= are arguments too\n"
        "  dir=DIR             working directory of the engine (empty: the current one)\n"
        "  option.NAME=VALUE   sends \"option NAME=VALUE\" after the handshake; an error if the\n"
        "                      engine has no such option feature\n"
        "  param.NAME=VALUE    sends \"option NAME=VALUE\" for an option the engine accepts but\n"
        "                      does not announce (Kaki's search parameters, e.g.\n"
        "                      param.RFP_MARGIN=100); an error if it answers tellusererror\n"
        "  depth=N             sends \"sd N\" (depth limit; e.g. a deliberately weak engine)\n"
        "  nps=N               sends \"nps N\" (node-based clock)\n"
        "  rankoffset=0|1      rank numbering on this engine's wire: 0 = ranks 1-16 (default),\n"
        "                      1 = 0-15; 1 also sets the engine's \"Rank offset\" option\n"
        "  memory=MB           sends \"memory MB\" (if the engine has feature memory=1)\n"
        "  cores=N             sends \"cores N\" (if the engine has feature smp=1)\n"
        "  synctimeout=SECONDS this engine's --sync-timeout (its handshake and pongs), e.g.\n"
        "                      for an engine that is slow to start or to take memory=MB\n"
        "\n"
        "Games:\n"
        "  --games N           games per pairing of engines (default 10); N odd: the last\n"
        "                      opening is played once\n"
        "  --gauntlet          the first engine plays each other engine (default: round robin)\n"
        "  --tc MIN:SEC+INC    incremental clock, e.g. 0:10+0.1 (MIN alone or +INC optional)\n"
        "  --tc MOVES/MIN:SEC  classical: MOVES moves in MIN:SEC, repeating (+INC allowed)\n"
        "  --st SECONDS        fixed time per move (may be fractional)\n"
        "                      (one of --tc or --st is required)\n"
        "  --margin MS         a move is lost on time only when the clock is below -MS\n"
        "                      (default 50)\n"
        "  --grace SECONDS     an engine that has not moved within its clock + grace hangs:\n"
        "                      it loses, is killed and restarted (default 2)\n"        "  --sync-timeout SECONDS\n"
        "                      the handshake timeout: how long an engine may take to finish\n"
        "                      its start-up (features without done=1), to answer a ping\n"
        "                      (after memory, new, the position) and to read a line of\n"
        "                      input; past it the engine hangs (default 10; per engine:\n"
        "                      synctimeout=)\n"
        "  --concurrency N     games played in parallel (default 1); each game has its own\n"
        "                      engine processes\n"
        "  --rule NAME=VALUE   referee rule option of docs/RULES.md section 9 (repeatable), e.g.\n"
        "                      --rule fd_range=file; engines are sent \"option NAME=VALUE\" and\n"
        "                      must have that option\n"
        "  --memory MB         memory=MB for every engine without its own\n"
        "  --cores N           cores=N for every engine without its own\n"
        "\n"
        "Openings (default: the start position):\n"
        "  --openings FILE     TFEN positions, one per line ('#' comments); played in file order,\n"
        "                      cycling, each twice with colours reversed\n"
        "  --random-openings K random balanced openings of K plies from the start position\n"
        "                      (sent to the engines as moves, recorded as book moves)\n"
        "  --balance PAWNS     balance bound of random openings (default 3): the material\n"
        "                      difference (docs/RULES.md section 7 values) and what the side to move\n"
        "                      can win by a sequence of captures must both be at most PAWNS\n"
        "  --seed S            seed of the random openings (default: from the clock; printed)\n"
        "\n"
        "Adjudication:\n"
        "  --maxmoves N        draw after N moves of each side (default 0 = never)\n"
        "  --resign moves=N score=CP\n"
        "                      loss for a side when, for N moves of each engine, its engine\n"
        "                      scored <= -CP and the opponent's engine >= +CP\n"
        "  --draw moves=N score=CP [after=M]\n"
        "                      draw when, from move M on, for N moves of each engine, both\n"
        "                      scores were within +-CP\n"
        "  --draw-offers       accept draws offered by both engines (\"offer draw\")\n"
        "\n"
        "Output:\n"
        "  --pgn FILE          append the games to FILE (flushed after every game)\n"
        "  --results FILE      write the result file for `kaki-match merge` (overwritten)\n"
        "  --resume            go on with the interrupted match whose --results FILE this is\n"
        "                      (same command line; --seed may be left out): its finished\n"
        "                      games are kept and counted, the others played with the same\n"
        "                      openings and colours, the file and the PGN appended to; a\n"
        "                      file of another match (engines, seed, tc, openings, games,\n"
        "                      ...) is refused\n"
        "  --event NAME        PGN Event tag (default \"kaki-match\")\n"
        "  --log FILE          log every line to and from the engines, with times\n"
        "  --engine-stderr FILE  append the engines' stderr to FILE (default: ours)\n"
        "                      (a game that cannot be written whole to --pgn, --results or\n"
        "                      --log is taken back, reported, and stops the match: status 1)\n"
        "\n"
        "Statistics:\n"
        "  --sprt elo0=E0 elo1=E1 alpha=A beta=B [model=pentanomial|trinomial]\n"
        "                      sequential test (GSPRT, logistic Elo); the match stops as soon\n"
        "                      as the LLR crosses a bound.  Default model: pentanomial (game\n"
        "                      pairs of one opening).  Needs exactly two engines.\n"
        "  --no-sprt-stop      report the SPRT but play all games (e.g. a fixed-size match)\n"
        "  --shard K/N         play only pairs with pair id = K-1 modulo N (K = 1..N): N\n"
        "                      machines with the same command line and shards 1/N..N/N play\n"
        "                      disjoint slices of one match; combine their --results files\n"
        "                      with `kaki-match merge`\n"
        "\n"
        "  --help              this text\n",
        f);
}

static int error(char *err, size_t errsz, const char *fmt, const char *a, const char *b)
{
    snprintf(err, errsz, fmt, a, b);
    return -1;
}

int parse_tc(const char *s, TimeControl *tc, char *err, size_t errsz)
{
    memset(tc, 0, sizeof *tc);
    char buf[64];
    if (strlen(s) >= sizeof buf)
        return error(err, errsz, "bad --tc '%s'%s", s, ": too long");
    str_copy(buf, sizeof buf, s);
    char *rest = buf;
    tc->type = TC_INCREMENTAL;
    char *slash = strchr(buf, '/');
    if (slash) {
        *slash = '\0';
        long moves;
        if (!parse_long(buf, 1, 100000, &moves))
            return error(err, errsz, "bad --tc '%s': %s", s, "MOVES must be a positive number");
        tc->type = TC_CLASSICAL;
        tc->moves = (int)moves;
        rest = slash + 1;
    }
    char *plus = strchr(rest, '+');
    if (plus) {
        *plus = '\0';
        double inc;
        if (!parse_double(plus + 1, 0, 86400, &inc))
            return error(err, errsz, "bad --tc '%s': %s", s, "the increment must be seconds >= 0");
        tc->inc_ms = llround(inc * 1000.0);
    }
    char *colon = strchr(rest, ':');
    double minutes;
    long secs = 0;
    if (colon) {
        *colon = '\0';
        long m;
        if (!parse_long(rest, 0, 100000, &m) || !parse_long(colon + 1, 0, 59, &secs))
            return error(err, errsz, "bad --tc '%s': %s", s,
                         "expected MIN:SEC with whole minutes and seconds (SEC 0-59)");
        minutes = (double)m;
    } else if (!parse_double(rest, 0, 100000, &minutes))
        return error(err, errsz, "bad --tc '%s': %s", s, "expected MIN:SEC+INC or MOVES/MIN:SEC");
    double ms = minutes * 60000.0 + (double)secs * 1000.0;
    tc->base_ms = llround(ms);
    if (tc->base_ms % 1000 != 0)
        return error(err, errsz, "bad --tc '%s': %s", s,
                     "the base time must be whole seconds (XBoard's level command)");
    if (tc->base_ms <= 0)
        return error(err, errsz, "bad --tc '%s': %s", s, "the base time must be positive");
    str_copy(tc->text, sizeof tc->text, s);
    return 0;
}

int parse_sprt(char **words, int nwords, Sprt *sp, char *err, size_t errsz)
{
    memset(sp, 0, sizeof *sp);
    int got = 0;
    for (int i = 0; i < nwords; i++) {
        char key[32];
        const char *eq = strchr(words[i], '=');
        if (!eq || (size_t)(eq - words[i]) >= sizeof key)
            return error(err, errsz, "bad --sprt word '%s'%s", words[i], ": expected KEY=VALUE");
        memcpy(key, words[i], (size_t)(eq - words[i]));
        key[eq - words[i]] = '\0';
        const char *v = eq + 1;
        if (strcmp(key, "model") == 0) {
            if (strcmp(v, "trinomial") == 0)
                sp->trinomial = true;
            else if (strcmp(v, "pentanomial") == 0)
                sp->trinomial = false;
            else
                return error(err, errsz, "bad --sprt model '%s'%s", v,
                             " (pentanomial or trinomial)");
            continue;
        }
        double x;
        bool prob = strcmp(key, "alpha") == 0 || strcmp(key, "beta") == 0;
        if (!parse_double(v, prob ? 1e-9 : -2000, prob ? 0.5 : 2000, &x))
            return error(err, errsz, "bad --sprt value '%s'%s", words[i],
                         prob ? " (alpha and beta must be in (0, 0.5])" : " (Elo -2000..2000)");
        if (strcmp(key, "elo0") == 0)
            sp->elo0 = x, got |= 1;
        else if (strcmp(key, "elo1") == 0)
            sp->elo1 = x, got |= 2;
        else if (strcmp(key, "alpha") == 0)
            sp->alpha = x, got |= 4;
        else if (strcmp(key, "beta") == 0)
            sp->beta = x, got |= 8;
        else
            return error(err, errsz, "unknown --sprt key '%s'%s", key,
                         " (elo0, elo1, alpha, beta, model)");
    }
    if (got != 15)
        return error(err, errsz, "--sprt needs elo0=, elo1=, alpha= and beta=%s%s", "", "");
    if (sp->elo1 <= sp->elo0)
        return error(err, errsz, "--sprt needs elo0 < elo1%s%s", "", "");
    sp->enabled = true;
    return 0;
}

/* KEY=VALUE words following a flag (not starting with "--"). */
static int collect_words(int argc, char **argv, int i)
{
    int n = 0;
    while (i + n < argc && strncmp(argv[i + n], "--", 2) != 0 && strchr(argv[i + n], '='))
        n++;
    return n;
}

/* Appends NAME (n bytes at name) = value to a group's settings; false if it is full. */
static bool add_setting(EngineOptionSetting *set, int *count, const char *name, size_t n,
                        const char *value)
{
    if (*count >= MAX_ENGINE_OPTIONS)
        return false;
    char *copy = xmalloc(n + 1);
    memcpy(copy, name, n);
    copy[n] = '\0';
    set[*count].name = copy;
    set[(*count)++].value = xstrdup(value);
    return true;
}

static void free_settings(EngineOptionSetting *set, int count)
{
    for (int k = 0; k < count; k++) {
        free(set[k].name);
        free(set[k].value);
    }
}

static int parse_engine(int argc, char **argv, int i, EngineSpec *e, char *err, size_t errsz)
{
    memset(e, 0, sizeof *e);
    int n = 0;
    while (i + n < argc && strncmp(argv[i + n], "--", 2) != 0)
        n++;
    for (int k = 0; k < n; k++) {
        const char *w = argv[i + k];
        const char *eq = strchr(w, '=');
        if (!eq) {
            if (!e->cmd)
                return error(err, errsz, "--engine: '%s' before cmd=PATH%s", w,
                             " (give cmd= first, or use arg=)");
            if (e->nargs >= MAX_ENGINE_ARGS)
                return error(err, errsz, "--engine: too many arguments%s%s", "", "");
            e->args[e->nargs++] = xstrdup(w);
            continue;
        }
        size_t kl = (size_t)(eq - w);
        const char *v = eq + 1;
        long x;
#define KEY(s) (kl == strlen(s) && strncmp(w, s, kl) == 0)
        if (KEY("cmd")) {
            if (!*v)
                return error(err, errsz, "--engine: empty cmd=%s%s", "", "");
            free(e->cmd);
            e->cmd = xstrdup(v);
        } else if (KEY("name")) {
            if (!*v)
                return error(err, errsz, "--engine: empty name=%s%s", "", "");
            free(e->name);
            e->name = xstrdup(v);
        } else if (KEY("arg")) {
            if (e->nargs >= MAX_ENGINE_ARGS)
                return error(err, errsz, "--engine: too many arguments%s%s", "", "");
            e->args[e->nargs++] = xstrdup(v);
        } else if (KEY("dir")) {
            free(e->dir); /* an empty dir= is the current directory, as if not given */
            e->dir = *v ? xstrdup(v) : NULL;
        } else if (kl > 7 && strncmp(w, "option.", 7) == 0) {
            if (!add_setting(e->options, &e->noptions, w + 7, kl - 7, v))
                return error(err, errsz, "--engine: too many options%s%s", "", "");
        } else if (kl > 6 && strncmp(w, "param.", 6) == 0) {
            if (!add_setting(e->params, &e->nparams, w + 6, kl - 6, v))
                return error(err, errsz, "--engine: too many parameters%s%s", "", "");
        } else if (KEY("depth")) {
            if (!parse_long(v, 1, 1000, &x))
                return error(err, errsz, "--engine: bad depth '%s'%s", v, " (1..1000)");
            e->depth = (int)x;
        } else if (KEY("nps")) {
            if (!parse_long(v, 1, 2000000000L, &x))
                return error(err, errsz, "--engine: bad nps '%s'%s", v, " (a positive number)");
            e->nps = x;
        } else if (KEY("rankoffset")) {
            if (!parse_long(v, 0, 1, &x))
                return error(err, errsz, "--engine: bad rankoffset '%s'%s", v, " (0 or 1)");
            e->rank_offset = (int)x;
        } else if (KEY("memory")) {
            if (!parse_long(v, 1, 1 << 20, &x))
                return error(err, errsz, "--engine: bad memory '%s'%s", v, " (MB, positive)");
            e->memory_mb = (int)x;
        } else if (KEY("cores")) {
            if (!parse_long(v, 1, 4096, &x))
                return error(err, errsz, "--engine: bad cores '%s'%s", v, " (positive)");
            e->cores = (int)x;
        } else if (KEY("synctimeout")) {
            double d;
            if (!parse_double(v, 0.001, 86400, &d))
                return error(err, errsz, "--engine: bad synctimeout '%s'%s", v, " (seconds > 0)");
            e->sync_timeout_ms = (int)llround(d * 1000.0);
        } else
            return error(err, errsz, "--engine: unknown key in '%s'%s", w,
                         " (cmd, name, arg, dir, option.NAME, param.NAME, depth, nps, rankoffset, memory, "
                         "cores, synctimeout)");
#undef KEY
    }
    if (!e->cmd)
        return error(err, errsz, "--engine needs cmd=PATH%s%s", "", "");
    return n;
}

static int adjud_words(int argc, char **argv, int i, const char *flag, int *moves, int *score,
                       int *after, char *err, size_t errsz)
{
    int n = collect_words(argc, argv, i);
    int got = 0;
    for (int k = 0; k < n; k++) {
        const char *w = argv[i + k];
        const char *v = strchr(w, '=') + 1;
        long x;
        if (strncmp(w, "moves=", 6) == 0 && parse_long(v, 1, 100000, &x))
            *moves = (int)x, got |= 1;
        else if (strncmp(w, "score=", 6) == 0 && parse_long(v, 0, 1000000, &x))
            *score = (int)x, got |= 2;
        else if (after && strncmp(w, "after=", 6) == 0 && parse_long(v, 0, 100000, &x))
            *after = (int)x;
        else
            return error(err, errsz, "%s: bad word '%s'", flag, w);
    }
    if (got != 3)
        return error(err, errsz, "%s needs moves=N and score=CP%s", flag, "");
    return n;
}

/* The state of one parse: what the flags gave beyond the config, and where errors go. */
typedef struct CliState {
    MatchConfig *cfg;
    char *err;
    size_t errsz;
    int global_memory, global_cores;
    bool have_tc, no_sprt_stop;
} CliState;

static int cli_error(CliState *st, const char *fmt, const char *a, const char *b)
{
    return error(st->err, st->errsz, fmt, a, b);
}

/* Each flag_ function takes the flag at argv[i] if it is one of its own: it returns how many
   words it used, 0 if the flag is not its, or -1 with a message.  v is the next word (NULL at
   the end). */
#define IS(name) (strcmp(a, name) == 0)
#define NEED_VALUE()                                                                           \
    do {                                                                                       \
        if (!v)                                                                                \
            return cli_error(st, "%s needs a value%s", a, "");                                \
    } while (0)

/* Words that stand alone or take a list: --engine, --sprt, --resign, --draw, switches. */
static int flag_groups(CliState *st, int argc, char **argv, int i)
{
    MatchConfig *cfg = st->cfg;
    const char *a = argv[i];
    int n;
    if (IS("--engine")) {
        if (cfg->nengines >= MAX_ENGINES)
            return cli_error(st, "too many engines (at most %s)%s", "16", "");
        n = parse_engine(argc, argv, i + 1, &cfg->engines[cfg->nengines], st->err, st->errsz);
        cfg->nengines++; /* also on an error: config_free frees what was parsed */
        return n < 0 ? -1 : 1 + n;
    }
    if (IS("--sprt")) {
        n = collect_words(argc, argv, i + 1);
        return parse_sprt(argv + i + 1, n, &cfg->sprt, st->err, st->errsz) ? -1 : 1 + n;
    }
    if (IS("--resign")) {
        n = adjud_words(argc, argv, i + 1, "--resign", &cfg->resign_moves, &cfg->resign_score,
                        NULL, st->err, st->errsz);
        return n < 0 ? -1 : 1 + n;
    }
    if (IS("--draw")) {
        n = adjud_words(argc, argv, i + 1, "--draw", &cfg->draw_moves, &cfg->draw_score,
                        &cfg->draw_after, st->err, st->errsz);
        return n < 0 ? -1 : 1 + n;
    }
    bool *sw = IS("--draw-offers")   ? &cfg->draw_offers
               : IS("--no-sprt-stop") ? &st->no_sprt_stop
               : IS("--gauntlet")     ? &cfg->gauntlet
               : IS("--resume")       ? &cfg->resume
                                      : NULL;
    if (!sw)
        return 0;
    *sw = true;
    return 1;
}

/* The time control: --tc, --st. */
static int flag_clock(CliState *st, const char *a, const char *v)
{
    MatchConfig *cfg = st->cfg;
    double d;
    if (!IS("--tc") && !IS("--st"))
        return 0;
    NEED_VALUE();
    if (st->have_tc)
        return cli_error(st, "give only one of --tc and --st%s%s", "", "");
    st->have_tc = true;
    if (IS("--tc"))
        return parse_tc(v, &cfg->tc, st->err, st->errsz) ? -1 : 2;
    if (!parse_double(v, 0.001, 86400, &d))
        return cli_error(st, "bad --st '%s'%s", v, " (seconds per move, > 0)");
    memset(&cfg->tc, 0, sizeof cfg->tc);
    cfg->tc.type = TC_FIXED;
    cfg->tc.st_ms = llround(d * 1000.0);
    snprintf(cfg->tc.text, sizeof cfg->tc.text, "st=%s", v);
    return 2;
}

/* A whole number in [lo, hi] into *out, for flag a. */
static int flag_long(CliState *st, const char *a, const char *v, long lo, long hi,
                     const char *hint, int *out)
{
    long x;
    NEED_VALUE();
    if (!parse_long(v, lo, hi, &x)) {
        char what[64];
        snprintf(what, sizeof what, "bad %s '%%s'%%s", a);
        return cli_error(st, what, v, hint);
    }
    *out = (int)x;
    return 2;
}

/* A number in [lo, hi] into *out, for flag a. */
static int flag_double(CliState *st, const char *a, const char *v, double lo, double hi,
                       const char *hint, double *out)
{
    NEED_VALUE();
    if (!parse_double(v, lo, hi, out)) {
        char what[64];
        snprintf(what, sizeof what, "bad %s '%%s'%%s", a);
        return cli_error(st, what, v, hint);
    }
    return 2;
}

/* Flags with a number: games, concurrency, limits, times. */
static int flag_numbers(CliState *st, const char *a, const char *v)
{
    MatchConfig *cfg = st->cfg;
    double d = 0;
    int rc, n = 0;
    if (IS("--games"))
        return flag_long(st, a, v, 1, 100000000, " (a positive number)", &cfg->games);
    if (IS("--concurrency"))
        return flag_long(st, a, v, 1, 256, " (1..256)", &cfg->concurrency);
    if (IS("--random-openings"))
        return flag_long(st, a, v, 1, 256, " (plies, 1..256)", &cfg->random_plies);
    if (IS("--maxmoves"))
        return flag_long(st, a, v, 0, 1000000, " (>= 0)", &cfg->max_moves);
    if (IS("--memory"))
        return flag_long(st, a, v, 1, 1 << 20, " (MB, positive)", &st->global_memory);
    if (IS("--cores"))
        return flag_long(st, a, v, 1, 4096, " (positive)", &st->global_cores);
    if (IS("--margin")) {
        rc = flag_long(st, a, v, 0, 600000, " (milliseconds >= 0)", &n);
        cfg->margin_ms = n;
    } else if (IS("--grace")) {
        rc = flag_double(st, a, v, 0, 3600, " (seconds >= 0)", &d);
        cfg->grace_ms = llround(d * 1000.0);
    } else if (IS("--sync-timeout")) {
        rc = flag_double(st, a, v, 0.001, 86400, " (seconds > 0)", &d);
        cfg->sync_timeout_ms = (int)llround(d * 1000.0);
    } else if (IS("--balance"))
        rc = flag_double(st, a, v, 0, 10000, " (pawns, >= 0)", &cfg->balance);
    else
        return 0;
    return rc;
}

/* Flags with a file name or text. */
static int flag_strings(CliState *st, const char *a, const char *v)
{
    MatchConfig *cfg = st->cfg;
    char **p = IS("--openings")        ? &cfg->openings_file
               : IS("--pgn")           ? &cfg->pgn_file
               : IS("--results")       ? &cfg->results_file
               : IS("--log")           ? &cfg->log_file
               : IS("--engine-stderr") ? &cfg->engine_stderr
               : IS("--event")         ? &cfg->event
                                       : NULL;
    if (!p)
        return 0;
    NEED_VALUE();
    free(*p);
    *p = xstrdup(v);
    return 2;
}

/* --shard, --seed, --rule. */
static int flag_match(CliState *st, const char *a, const char *v)
{
    MatchConfig *cfg = st->cfg;
    if (IS("--shard")) {
        NEED_VALUE();
        long k, n;
        char buf[32];
        str_copy(buf, sizeof buf, v);
        char *sl = strchr(buf, '/');
        if (!sl)
            return cli_error(st, "bad --shard '%s'%s", v, " (K/N)");
        *sl = '\0';
        if (!parse_long(buf, 1, 100000, &k) || !parse_long(sl + 1, 1, 100000, &n) || k > n)
            return cli_error(st, "bad --shard '%s'%s", v, " (K/N with 1 <= K <= N)");
        cfg->shard_k = (int)k;
        cfg->shard_n = (int)n;
    } else if (IS("--seed")) {
        NEED_VALUE();
        char *end;
        unsigned long long s = strtoull(v, &end, 10);
        if (*end || end == v || *v == '-')
            return cli_error(st, "bad --seed '%s'%s", v, " (a non-negative number)");
        cfg->seed = s;
        cfg->seed_given = true;
    } else if (IS("--rule")) {
        NEED_VALUE();
        char e2[200];
        if (rules_set_assignment(&cfg->rules, v, e2, sizeof e2))
            return cli_error(st, "--rule: %s%s", e2, "");
        for (int k = 0; k < rule_option_count; k++)
            if (strncmp(v, rule_options[k].name, strlen(rule_options[k].name)) == 0 &&
                v[strlen(rule_options[k].name)] == '=')
                cfg->rules_changed[k] = true;
    } else
        return 0;
    return 2;
}
#undef IS
#undef NEED_VALUE

/* What the flags together must satisfy, and the defaults that depend on several. */
static int cli_finish(CliState *st)
{
    MatchConfig *cfg = st->cfg;
    if (cfg->nengines < 2)
        return cli_error(st, "give at least two --engine groups%s%s", "", "");
    if (!st->have_tc)
        return cli_error(st, "give a time control: --tc MIN:SEC+INC, --tc MOVES/MIN:SEC or "
                             "--st SECONDS%s%s", "", "");
    if (cfg->openings_file && cfg->random_plies)
        return cli_error(st, "--openings and --random-openings exclude each other%s%s", "", "");
    if (st->no_sprt_stop && !cfg->sprt.enabled)
        return cli_error(st, "--no-sprt-stop needs --sprt%s%s", "", "");
    cfg->sprt.no_stop = st->no_sprt_stop;
    if (cfg->sprt.enabled && cfg->nengines != 2)
        return cli_error(st, "--sprt needs exactly two engines%s%s", "", "");
    if (cfg->shard_n > 1 && cfg->random_plies && !cfg->seed_given)
        return cli_error(st, "--shard with --random-openings needs --seed (every shard "
                             "must generate the same openings)%s%s", "", "");
    if (cfg->resume && !cfg->results_file)
        return cli_error(st, "--resume needs --results FILE (the interrupted match's)%s%s", "",
                         "");
    for (int i = 0; i < cfg->nengines; i++) {
        if (!cfg->engines[i].memory_mb)
            cfg->engines[i].memory_mb = st->global_memory;
        if (!cfg->engines[i].cores)
            cfg->engines[i].cores = st->global_cores;
    }
    if (!cfg->event)
        cfg->event = xstrdup("kaki-match");
    return 0;
}

void config_defaults(MatchConfig *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->concurrency = 1;
    cfg->balance = 3.0;
    cfg->shard_k = cfg->shard_n = 1;
    cfg->margin_ms = 50;
    cfg->grace_ms = 2000;
    rules_default(&cfg->rules);
}

int cli_parse(int argc, char **argv, MatchConfig *cfg, char *err, size_t errsz)
{
    config_defaults(cfg);
    cfg->games = 10;
    cfg->sync_timeout_ms = XE_SYNC_TIMEOUT_MS;
    CliState st = {.cfg = cfg, .err = err, .errsz = errsz};
    for (int i = 1; i < argc;) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            cli_usage(stdout);
            return 1;
        }
        int n = flag_groups(&st, argc, argv, i);
        if (!n)
            n = flag_clock(&st, a, v);
        if (!n)
            n = flag_numbers(&st, a, v);
        if (!n)
            n = flag_strings(&st, a, v);
        if (!n)
            n = flag_match(&st, a, v);
        if (!n)
            return error(err, errsz, "unknown argument '%s'%s", a, " (see --help)");
        if (n < 0)
            return -1;
        i += n;
    }
    return cli_finish(&st);
}

void config_free(MatchConfig *cfg)
{
    for (int i = 0; i < cfg->nengines; i++) {
        EngineSpec *e = &cfg->engines[i];
        free(e->cmd);
        free(e->name);
        free(e->dir);
        for (int k = 0; k < e->nargs; k++)
            free(e->args[k]);
        free_settings(e->options, e->noptions);
        free_settings(e->params, e->nparams);
    }
    free(cfg->openings_file);
    free(cfg->pgn_file);
    free(cfg->results_file);
    free(cfg->log_file);
    free(cfg->engine_stderr);
    free(cfg->event);
}
