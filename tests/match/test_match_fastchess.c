/* kaki-match's fastchess-compatible mode (match/fastchess.c): OpenBench's runner command lines
 * translated into the match configuration, the errors, the "Finished game" lines and reasons
 * in fastchess's words, the PGN terminations, and the order of the openings. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "match/cli.h"
#include "match/fastchess.h"
#include "match/openings.h"

#define OB_ENGINES                                                                             \
    "-engine dir=Engines/ cmd=./Kaki-0123ABCD proto=uci %s option.Threads=1 option.Hash=8 "  \
    "name=Kaki-dev -engine dir=Engines/ cmd=./Kaki-4567CDEF proto=uci %s option.Threads=1 "  \
    "option.Hash=8 name=Kaki-base"

/* Splits `line` at blanks, except that a word may be quoted with '...' (as shlex.split does
   with OpenBench's match_line). */
static int split(char *line, char **argv, int max)
{
    int argc = 0;
    char *p = line;
    while (*p && argc < max - 1) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        char *w = p, *o = p;
        bool quoted = false;
        for (; *p && (quoted || *p != ' '); p++)
            if (*p == '\'')
                quoted = !quoted;
            else
                *o++ = *p;
        if (*p)
            p++;
        *o = '\0';
        argv[argc++] = w;
    }
    argv[argc] = NULL;
    return argc;
}

static int parse(const char *argv0, const char *line, MatchConfig *cfg, char *err, size_t errsz)
{
    static char buf[4096];
    char *argv[128];
    snprintf(buf, sizeof buf, "%s %s", argv0, line);
    int argc = split(buf, argv, 128);
    config_free(cfg);
    memset(cfg, 0, sizeof *cfg);
    err[0] = '\0';
    return fastchess_parse(argc, argv, cfg, err, errsz);
}

/* OpenBench's command line (Client/worker.py, build_runner_command) for two clocks. */
static int parse_ob(const char *dev_tc, const char *base_tc, MatchConfig *cfg, char *err,
                    size_t errsz)
{
    char line[2048], engines[1024];
    snprintf(engines, sizeof engines, OB_ENGINES, dev_tc, base_tc);
    snprintf(line, sizeof line,
             "-recover -variant standard -testEnv -concurrency 3 -rounds 16 -games 2 "
             "-resign movecount=3 score=400 -draw movenumber=40 movecount=8 score=10   %s "
             "-openings file=Books/tenjiku-8ply.tfen format=tfen order=random start=33 "
             "-srand 12 -pgnout file=PGNs/12.34.1700000000.0.pgn seldepth=true nodes=true "
             "'match_line=^info string pgncomment .*'",
             engines);
    return parse("./fastchess-ob", line, cfg, err, errsz);
}

static void test_wanted(void)
{
    char *a[] = {"./fastchess-ob", NULL}, *b[] = {"/usr/bin/kaki-match", NULL},
         *c[] = {"kaki-match", "--games", "2", "--fastchess-cli", NULL},
         *d[] = {"/opt/ob/Client/fastchess-ob", "-version", NULL};
    CHECK(fastchess_wanted(1, a), "fastchess-ob");
    CHECK(!fastchess_wanted(1, b), "kaki-match");
    CHECK(fastchess_wanted(4, c), "--fastchess-cli");
    CHECK(fastchess_wanted(2, d), "absolute path");
}

static void test_openbench_lines(void)
{
    MatchConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    char err[600];
    int rc = parse_ob("tc=inf nodes=20000", "tc=inf nodes=5000", &cfg, err, sizeof err);
    CHECK(rc == 0, "fixed nodes: %s", err);
    CHECK(cfg.fastchess && cfg.nengines == 2, "two engines");
    CHECK(cfg.games == 32 && cfg.concurrency == 3, "games %d, concurrency %d", cfg.games,
          cfg.concurrency);
    EngineSpec *e = cfg.engines;
    CHECK(strcmp(e[0].cmd, "Engines/./Kaki-0123ABCD") == 0 && strcmp(e[0].dir, "Engines/") == 0,
          "cmd relative to dir: %s", e[0].cmd);
    CHECK(strcmp(e[0].name, "Kaki-dev") == 0 && strcmp(e[1].name, "Kaki-base") == 0, "names");
    CHECK(e[0].cores == 1 && e[0].memory_mb == 8 && e[0].noptions == 0,
          "Threads and Hash become cores and memory");
    CHECK(cfg.tc.type == TC_LIMITS && e[0].nps == 20000 && e[1].nps == 5000 && e[0].depth == 0,
          "nodes per engine: %ld %ld", e[0].nps, e[1].nps);
    CHECK(cfg.tc.st_ms >= 10000, "a hang limit without a clock");
    CHECK(strcmp(cfg.openings_file, "Books/tenjiku-8ply.tfen") == 0 && cfg.openings_shuffle &&
              cfg.openings_offset == 32 && cfg.seed_given && cfg.seed == 12,
          "openings");
    CHECK(strcmp(cfg.pgn_file, "PGNs/12.34.1700000000.0.pgn") == 0, "pgn");
    CHECK(cfg.resign_moves == 3 && cfg.resign_score == 400, "resign");
    CHECK(cfg.draw_moves == 8 && cfg.draw_score == 10 && cfg.draw_after == 40, "draw");
    CHECK(cfg.max_moves == 400, "a move limit by default: %d", cfg.max_moves);

    rc = parse_ob("tc=8.25+0.08 timemargin=250", "tc=8.25+0.08 timemargin=250", &cfg, err,
                  sizeof err);
    CHECK(rc == 0 && cfg.tc.type == TC_INCREMENTAL && cfg.tc.base_ms == 8250 &&
              cfg.tc.inc_ms == 80 && cfg.margin_ms == 250,
          "scaled Fischer clock: %s", err);
    rc = parse_ob("tc=40/60.00+0.60 timemargin=250", "tc=40/60.00+0.60 timemargin=250", &cfg,
                  err, sizeof err);
    CHECK(rc == 0 && cfg.tc.type == TC_CLASSICAL && cfg.tc.moves == 40 &&
              cfg.tc.base_ms == 60000 && cfg.tc.inc_ms == 600,
          "cyclic clock: %s", err);
    rc = parse_ob("st=1.25 timemargin=250", "st=1.25 timemargin=250", &cfg, err, sizeof err);
    CHECK(rc == 0 && cfg.tc.type == TC_FIXED && cfg.tc.st_ms == 1250, "movetime: %s", err);
    rc = parse_ob("tc=inf depth=6", "tc=inf depth=4", &cfg, err, sizeof err);
    CHECK(rc == 0 && cfg.tc.type == TC_LIMITS && cfg.engines[0].depth == 6 &&
              cfg.engines[1].depth == 4 && cfg.engines[0].nps == 0,
          "fixed depth: %s", err);
    config_free(&cfg);
}

static void test_options_and_errors(void)
{
    MatchConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    char err[600];
    int rc = parse("kaki-match",
                   "--fastchess-cli -rounds 2 -each tc=10+0.1 proto=uci -engine cmd=/bin/a "
                   "option.Threads=2 option.Hash=64 option.Resign_threshold=900 "
                   "option.SyzygyPath=/tb -engine cmd=b args=\"-x\" -maxmoves 250",
                   &cfg, err, sizeof err);
    CHECK(rc == 0, "-each and options: %s", err);
    CHECK(cfg.engines[0].cores == 2 && cfg.engines[0].memory_mb == 64, "cores, memory");
    CHECK(cfg.engines[0].noptions == 1 &&
              strcmp(cfg.engines[0].options[0].name, "Resign_threshold") == 0 &&
              strcmp(cfg.engines[0].options[0].value, "900") == 0,
          "other options are engine options; SyzygyPath dropped");
    CHECK(cfg.tc.type == TC_INCREMENTAL && cfg.tc.base_ms == 10000 && cfg.games == 4 &&
              cfg.max_moves == 250 && strcmp(cfg.engines[1].cmd, "b") == 0 &&
              cfg.engines[1].nargs == 1,
          "each applies to every engine");
    /* an empty dir= is the current directory (it once read the byte before the string and
       ran "/./a" from the root directory) */
    rc = parse("fastchess-ob",
               "-rounds 2 -each tc=1 -engine dir= cmd=./a -engine cmd=./b dir=sub dir=",
               &cfg, err, sizeof err);
    CHECK(rc == 0, "empty dir=: %s", err);
    CHECK(rc == 0 && strcmp(cfg.engines[0].cmd, "./a") == 0 && !cfg.engines[0].dir,
          "empty dir= before cmd=: cmd '%s', dir '%s'", rc ? "" : cfg.engines[0].cmd,
          rc || !cfg.engines[0].dir ? "(none)" : cfg.engines[0].dir);
    CHECK(rc == 0 && strcmp(cfg.engines[1].cmd, "./b") == 0 && !cfg.engines[1].dir,
          "a later empty dir= undoes dir=: cmd '%s'", rc ? "" : cfg.engines[1].cmd);
    rc = parse("fastchess-ob", "-rounds 2 -each tc=1 -engine dir=/ cmd=./a -engine cmd=b",
               &cfg, err, sizeof err);
    CHECK(rc == 0 && strcmp(cfg.engines[0].cmd, "/./a") == 0, "dir=/: cmd '%s'",
          rc ? "" : cfg.engines[0].cmd);
    struct {
        const char *line, *message;
    } bad[] = {
        {"-rounds 2 -engine cmd=a tc=1+0.1 -engine cmd=b tc=2+0.1", "differ"},
        {"-rounds 2 -engine cmd=a tc=inf -engine cmd=b tc=inf", "nodes= or depth="},
        {"-rounds 2 -engine cmd=a tc=1+0.1 nodes=5 -engine cmd=b tc=1+0.1 nodes=5", "tc=inf"},
        {"-rounds 2 -engine cmd=a -engine cmd=b st=1", "no time control"},
        {"-rounds 2 -each tc=1 -engine cmd=a -engine cmd=b -openings file=x.pgn format=pgn",
         "PGN"},
        {"-rounds 2 -each tc=1 -engine cmd=a -engine cmd=b -variant fischerandom", "tenjiku"},
        {"-rounds 2 -games 1 -each tc=1 -engine cmd=a -engine cmd=b", "-games 1"},
        {"-each tc=1 -engine cmd=a -engine cmd=b", "-rounds"},
        {"-rounds 2 -each tc=1 -engine cmd=a -engine cmd=b -frobnicate", "unknown option"},
        {"-rounds 2 -each tc=1 -engine cmd=a proto=ucci -engine cmd=b", "protocol"},
        {"-rounds 2 -each tc=1 -engine cmd=a -engine name=b", "cmd="},
        {"-rounds 2 -each tc=1 -engine cmd=a", "two -engine"},
        {"-rounds x -each tc=1 -engine cmd=a -engine cmd=b", "-rounds"},
        {"-rounds 2 -each tc=0 -engine cmd=a -engine cmd=b", "tc=0"},
        {"-rounds 2 -each tc=1 -engine cmd=a -engine cmd=b -openings file=b order=up", "order"},
        {"-rounds 2 -each tc=1 -engine cmd=a -engine cmd=b -resign score=3", "movecount"},
        {"-rounds 2 -each tc=1 -engine cmd=a option.Threads=0 -engine cmd=b", "Threads"},
        {"-rounds 2 -each tc=1 -engine cmd=a stray -engine cmd=b", "KEY=VALUE"},
        {"stray -rounds 2", "unexpected"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rc = parse("fastchess-ob", bad[i].line, &cfg, err, sizeof err);
        CHECK(rc == -1 && strstr(err, bad[i].message), "'%s' -> rc %d, '%s' (want '%s')",
              bad[i].line, rc, err, bad[i].message);
    }
    config_free(&cfg);
}

/* A finished game as kaki-match's referee leaves it. */
static Game game(XEngine *e, int outcome, int term, int loser, const char *reason)
{
    Game g;
    memset(&g, 0, sizeof g);
    g.eng[0] = &e[0];
    g.eng[1] = &e[1];
    g.outcome = outcome;
    g.termination = term;
    g.loser = loser;
    snprintf(g.reason, sizeof g.reason, "%s", reason);
    return g;
}

static void test_reasons(void)
{
    XEngine e[2];
    memset(e, 0, sizeof e);
    snprintf(e[0].name, sizeof e[0].name, "Kaki-dev");
    snprintf(e[1].name, sizeof e[1].name, "Kaki-base");
    struct {
        int outcome, term, loser;
        const char *reason, *want, *pgn;
    } cases[] = {
        {OUT_GOTE_WINS, TERM_EMERGENCY, BLACK, "sente (Kaki-dev) engine crashed or exited: engine "
         "died (killed by signal 11)", "White disconnects", "abandoned"},
        {OUT_SENTE_WINS, TERM_EMERGENCY, WHITE, "gote (Kaki-base) engine failed at the start of "
         "the game: no pong within 10000 ms (engine hangs)", "Black's connection stalls",
         "abandoned"},
        {OUT_SENTE_WINS, TERM_TIME_FORFEIT, WHITE, "gote (x) loses on time (1.5 s)",
         "Black loses on time", "time forfeit"},
        {OUT_GOTE_WINS, TERM_TIME_FORFEIT, BLACK, "sente (x) did not move within 3 s",
         "White loses on time", "time forfeit"},
        {OUT_GOTE_WINS, TERM_RULES_INFRACTION, BLACK, "sente (x) played an illegal move 'a5a7'",
         "White makes an illegal move", "illegal move"},
        {OUT_SENTE_WINS, TERM_RULES_INFRACTION, WHITE, "gote (x) made a false claim: 0-1",
         "Black makes an illegal move", "illegal move"},
        {OUT_DRAW, TERM_ADJUDICATION, -1, "adjudication: move limit (400 moves)",
         "Draw by adjudication", "adjudication"},
        {OUT_SENTE_WINS, TERM_ADJUDICATION, -1, "adjudication: both engines score gote below",
         "White wins by adjudication", "adjudication"},
        {OUT_GOTE_WINS, TERM_NORMAL, BLACK, "sente (Kaki-dev) resigns", "White resigns", "normal"},
        {OUT_DRAW, TERM_NORMAL, -1, "draw agreed", "Draw by agreement", "normal"},
        {OUT_SENTE_WINS, TERM_NORMAL, -1, "gote has no royal left",
         "White wins, gote has no royal left", "normal"},
        {OUT_GOTE_WINS, TERM_NORMAL, -1, "sente has no legal move: {claimed}",
         "Black wins, sente has no legal move   claimed ", "normal"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Game g = game(e, cases[i].outcome, cases[i].term, cases[i].loser, cases[i].reason);
        char why[400];
        fastchess_reason(&g, why, sizeof why);
        CHECK(strcmp(why, cases[i].want) == 0, "'%s' -> '%s' (want '%s')", cases[i].reason, why,
              cases[i].want);
        CHECK(strcmp(fastchess_termination(&g), cases[i].pgn) == 0, "termination %s",
              fastchess_termination(&g));
    }
}

/* The line as OpenBench's update_results reads it: tokens[2] the game, tokens[6] the result,
   the text between the first two ':' the reason it searches. */
static void test_game_line(void)
{
    XEngine e[2];
    memset(e, 0, sizeof e);
    snprintf(e[0].name, sizeof e[0].name, "Kaki dev:1\xc3\xa9");
    snprintf(e[1].name, sizeof e[1].name, "Kaki-base");
    Game g = game(e, OUT_GOTE_WINS, TERM_EMERGENCY, BLACK, "engine died");
    FILE *f = tmpfile();
    fastchess_game_line(f, 17, &g);
    rewind(f);
    char line[512] = "";
    CHECK(fgets(line, sizeof line, f) != NULL, "a line");
    fclose(f);
    CHECK(strcmp(line, "Finished game 17 (Kaki_dev_1__ vs Kaki-base): 0-1 {White disconnects}\n")
              == 0, "line '%s'", line);
    for (const char *p = line; *p; p++)
        CHECK((unsigned char)*p < 128, "ASCII only");
    char copy[512], *tok[16];
    snprintf(copy, sizeof copy, "%s", line);
    int n = 0;
    char *save;
    for (char *t = strtok_r(copy, " \n", &save); t && n < 16; t = strtok_r(NULL, " \n", &save))
        tok[n++] = t;
    CHECK(n >= 7 && strcmp(tok[2], "17") == 0 && strcmp(tok[6], "0-1") == 0, "tokens");
    const char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    CHECK(c1 && !c2 && strstr(c1, "disconnect"), "one ':', then the reason");
}

static void test_openings_order(void)
{
    int *a = openings_order(10, false, 5, 3), *b = openings_order(10, true, 5, 0),
        *c = openings_order(10, true, 5, 4), *d = openings_order(10, true, 5, 0),
        *e = openings_order(10, true, 6, 0);
    bool rotated = true, same = true, perm = true, differs = false;
    int seen[10] = {0};
    for (int i = 0; i < 10; i++) {
        CHECK(a[i] == (i + 3) % 10, "sequential from start=4: %d", a[i]);
        rotated &= c[i] == b[(i + 4) % 10];
        same &= b[i] == d[i];
        differs |= b[i] != e[i];
        if (b[i] >= 0 && b[i] < 10)
            seen[b[i]]++;
    }
    for (int i = 0; i < 10; i++)
        perm &= seen[i] == 1;
    CHECK(perm, "a shuffle is a permutation");
    CHECK(same, "the same seed gives the same order");
    CHECK(differs, "another seed another order");
    CHECK(rotated, "start= rotates the shuffled order");
    free(a), free(b), free(c), free(d), free(e);
}

int main(void)
{
    test_wanted();
    test_openbench_lines();
    test_options_and_errors();
    test_reasons();
    test_game_line();
    test_openings_order();
    return check_finish("test_match_fastchess");
}
