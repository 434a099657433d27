/* kaki-match command line: time controls, engine groups, SPRT words, errors. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "match/cli.h"

static int parse(const char *line, MatchConfig *cfg, char *err, size_t errsz)
{
    char buf[2048], *argv[64];
    int argc = 0;
    snprintf(buf, sizeof buf, "kaki-match %s", line);
    for (char *save, *t = strtok_r(buf, " ", &save); t && argc < 63; t = strtok_r(NULL, " ", &save))
        argv[argc++] = t;
    argv[argc] = NULL;
    memset(cfg, 0, sizeof *cfg);
    return cli_parse(argc, argv, cfg, err, errsz);
}

int main(void)
{
    TimeControl tc;
    char err[600];
    CHECK(parse_tc("0:10+0.1", &tc, err, sizeof err) == 0 && tc.type == TC_INCREMENTAL &&
              tc.base_ms == 10000 && tc.inc_ms == 100, "0:10+0.1");
    CHECK(parse_tc("40/5:00", &tc, err, sizeof err) == 0 && tc.type == TC_CLASSICAL &&
              tc.moves == 40 && tc.base_ms == 300000 && tc.inc_ms == 0, "40/5:00");
    CHECK(parse_tc("40/2+1", &tc, err, sizeof err) == 0 && tc.moves == 40 && tc.base_ms == 120000 &&
              tc.inc_ms == 1000, "40/2+1");
    CHECK(parse_tc("1+0.5", &tc, err, sizeof err) == 0 && tc.base_ms == 60000 && tc.inc_ms == 500,
          "1+0.5");
    CHECK(parse_tc("0.5", &tc, err, sizeof err) == 0 && tc.base_ms == 30000, "0.5 minutes");
    const char *bad[] = {"1:60", "0:00", "40/", "/1", "x", "1:2:3", "0:10+", "0:10+-1", "0.001",
                         "", "-1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(parse_tc(bad[i], &tc, err, sizeof err) == -1, "'%s' must be rejected", bad[i]);

    MatchConfig cfg;
    int rc = parse("--engine cmd=/bin/e1 name=One arg=-x plain option.Hash=64 depth=3 "
                   "rankoffset=1 --engine cmd=e2 nps=5000 --games 7 --st 0.5 --concurrency 3 "
                   "--sprt elo0=0 elo1=5 alpha=0.05 beta=0.1 model=trinomial --shard 2/3 "
                   "--seed 42 --random-openings 6 --rule fd_range=file --maxmoves 200 "
                   "--resign moves=3 score=600 --draw moves=8 score=10 after=40 --cores 2",
                   &cfg, err, sizeof err);
    CHECK(rc == 0, "full command line: %s", err);
    if (rc == 0) {
        EngineSpec *e = &cfg.engines[0];
        CHECK(cfg.nengines == 2, "two engines");
        CHECK(!strcmp(e->cmd, "/bin/e1") && !strcmp(e->name, "One"), "cmd/name");
        CHECK(e->nargs == 2 && !strcmp(e->args[0], "-x") && !strcmp(e->args[1], "plain"), "args");
        CHECK(e->noptions == 1 && !strcmp(e->options[0].name, "Hash") &&
                  !strcmp(e->options[0].value, "64"), "option");
        CHECK(e->depth == 3 && e->rank_offset == 1 && cfg.engines[1].nps == 5000, "depth/nps");
        CHECK(e->cores == 2 && cfg.engines[1].cores == 2, "--cores for all engines");
        CHECK(cfg.games == 7 && cfg.tc.type == TC_FIXED && cfg.tc.st_ms == 500, "games/st");
        CHECK(cfg.concurrency == 3 && cfg.shard_k == 2 && cfg.shard_n == 3, "concurrency/shard");
        CHECK(cfg.sprt.enabled && cfg.sprt.trinomial && cfg.sprt.elo1 == 5 && cfg.sprt.beta == 0.1,
              "sprt");
        CHECK(cfg.seed == 42 && cfg.seed_given && cfg.random_plies == 6, "seed/openings");
        CHECK(cfg.rules.fd_range == FDRANGE_FILE, "rule");
        CHECK(cfg.max_moves == 200 && cfg.resign_moves == 3 && cfg.resign_score == 600 &&
                  cfg.draw_moves == 8 && cfg.draw_score == 10 && cfg.draw_after == 40,
              "adjudication");
        config_free(&cfg);
    }
    /* dir=: the engine's directory; empty, the current one (as if not given) */
    rc = parse("--engine cmd=./a dir=sub --engine cmd=./b dir=sub dir= --tc 0:10", &cfg, err,
               sizeof err);
    CHECK(rc == 0 && cfg.engines[0].dir && !strcmp(cfg.engines[0].dir, "sub") &&
              !cfg.engines[1].dir, "dir=: %s", err);
    if (rc == 0)
        config_free(&cfg);
    const char *errors[][2] = {
        {"--engine cmd=a --engine cmd=b", "time control"},
        {"--engine cmd=a --tc 0:10", "at least two"},
        {"--engine name=x --engine cmd=b --tc 0:10", "needs cmd="},
        {"--engine cmd=a bogus=1 --engine cmd=b --tc 0:10", "unknown key"},
        {"--engine cmd=a depth=0 --engine cmd=b --tc 0:10", "bad depth"},
        {"--engine cmd=a --engine cmd=b --tc 0:10 --games", "needs a value"},
        {"--engine cmd=a --engine cmd=b --tc 0:10 --games -3", "bad --games"},
        {"--engine cmd=a --engine cmd=b --tc 0:10 --st 2", "only one of"},
        {"--engine cmd=a --engine cmd=b --tc 0:10 --shard 0/2", "bad --shard"},
        {"--engine cmd=a --engine cmd=b --tc 0:10 --shard 2", "bad --shard"},
        {"--engine cmd=a --engine cmd=b --tc 0:10 --sprt elo0=0 elo1=5 alpha=0.05", "needs elo0="},
        {"--engine cmd=a --engine cmd=b --tc 0:10 --sprt elo0=0 elo1=5 alpha=2 beta=0.05", "alpha"},
        {"--engine cmd=a --engine cmd=b --tc 0:10 --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=x", "model"},
        {"--engine cmd=a --engine cmd=b --engine cmd=c --tc 0:10 --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05", "exactly two"},
        {"--engine cmd=a --engine cmd=b --tc 0:10 --openings f --random-openings 4", "exclude"},
        {"--engine cmd=a --engine cmd=b --tc 0:10 --random-openings 4 --shard 1/2", "--seed"},
        {"--engine cmd=a --engine cmd=b --tc 0:10 --rule lion_hawk=maybe", "unknown value"},
        {"--engine cmd=a --engine cmd=b --tc 0:10 --resign moves=3", "needs moves"},
        {"--engine cmd=a --engine cmd=b --tc 0:10 --seed -1", "bad --seed"},
        {"--engine cmd=a --engine cmd=b --tc 0:10 --frobnicate", "unknown argument"},
        {"--engine cmd=a --engine cmd=b --tc 0:10 --grace x", "bad --grace"},
    };
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++) {
        err[0] = '\0';
        rc = parse(errors[i][0], &cfg, err, sizeof err);
        CHECK(rc == -1 && strstr(err, errors[i][1]), "'%s': rc %d, message '%s' (want '%s')",
              errors[i][0], rc, err, errors[i][1]);
        config_free(&cfg);
    }
    return check_finish("test_match_cli");
}
