#include "tourney.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "board/pieces.h"
#include "fastchess.h"
#include "game.h"
#include "openings.h"
#include "pgn.h"
#include "results.h"
#include "stats.h"
#include "log.h"
#include "cecpclient/xengine.h"
#include "util/clock.h"
#include "util/strutil.h"

int schedule_build(const MatchConfig *cfg, Scheduled **out)
{
    int pa[MAX_ENGINES * MAX_ENGINES], pb[MAX_ENGINES * MAX_ENGINES], np = 0;
    for (int a = 0; a < cfg->nengines; a++)
        for (int b = a + 1; b < cfg->nengines; b++)
            if (!cfg->gauntlet || a == 0)
                pa[np] = a, pb[np++] = b;
    int openings = (cfg->games + 1) / 2;
    Scheduled *s = xmalloc((size_t)openings * (size_t)np * 2 * sizeof *s);
    int n = 0;
    for (int o = 0; o < openings; o++)
        for (int q = 0; q < np; q++) {
            int pair = o * np + q;
            if (pair % cfg->shard_n != cfg->shard_k - 1)
                continue;
            for (int leg = 0; leg < 2; leg++) {
                if (leg == 1 && 2 * o + 1 >= cfg->games)
                    break; /* odd number of games: the last opening once */
                s[n++] = (Scheduled){.number = 2 * pair + leg + 1,
                                     .pair = pair,
                                     .leg = leg,
                                     .opening = o,
                                     .sente = leg ? pb[q] : pa[q],
                                     .gote = leg ? pa[q] : pb[q]};
            }
        }
    *out = s;
    return n;
}

typedef struct Tourney {
    MatchConfig *cfg;
    RuleSet *rs;
    char **tfens;
    int ntfens;
    int *order;              /* opening k plays tfens[order[k % ntfens]] */
    Scheduled *sched;
    int nsched, next, finished;
    pthread_mutex_t mu;
    FILE *pgn, *res;
    ResultSet results;
    Stats live;              /* engines 1 and 2 (first engine's view) */
    double (*pair_points)[2];/* per pair id: points of the pair's first engine, by leg */
    unsigned char *pair_seen;
    int npairs;
    atomic_int stop;
    int decision;            /* SPRT: 1 H1, -1 H0 */
    int64_t t0;
    int failures;
} Tourney;

typedef struct Worker {
    Tourney *t;
    int id;
    pthread_t thread;
} Worker;

static void make_opening(Tourney *t, const Scheduled *s, Opening *op)
{
    const MatchConfig *cfg = t->cfg;
    memset(op, 0, sizeof *op);
    op->number = s->opening;
    if (cfg->openings_file) {
        int k = t->order[s->opening % t->ntfens];
        op->tfen = t->tfens[k];
        snprintf(op->label, sizeof op->label, "%s #%d", cfg->openings_file, k + 1);
    } else if (cfg->random_plies) {
        /* checked for every opening number when the match starts: cannot fail here */
        opening_random(t->rs, cfg->seed, s->opening, cfg->random_plies,
                       (int)lround(cfg->balance * 100.0), op);
    }
}

static void record(Tourney *t, const Scheduled *s, Game *g)
{
    const MatchConfig *cfg = t->cfg;
    pthread_mutex_lock(&t->mu);
    if (g->outcome == OUT_ABORTED) {
        pthread_mutex_unlock(&t->mu);
        return;
    }
    t->finished++;
    if (t->pgn)
        pgn_write_game(t->pgn, g, cfg->event, s->number);
    GameEntry e = {.number = s->number, .pair = s->pair, .leg = s->leg, .sente = s->sente,
                   .gote = s->gote, .outcome = g->outcome, .termination = g->termination,
                   .plies = g->nplies};
    resultset_add(&t->results, &e);
    if (t->res)
        results_write_game(t->res, &e);

    char line[1024];
    int n = snprintf(line, sizeof line, "[%d/%d] game %d: %s vs %s %s {%s}", t->finished,
                     t->nsched, s->number, g->eng[0]->name, g->eng[1]->name,
                     outcome_string(g->outcome), g->reason);
    if (cfg->nengines == 2) {
        /* points of engine 1 */
        double p = g->outcome == OUT_DRAW ? 0.5
                   : (g->outcome == OUT_SENTE_WINS) == (s->sente == 0) ? 1.0 : 0.0;
        stats_add_game(&t->live, p);
        if (s->pair < t->npairs) {
            t->pair_points[s->pair][s->leg] = p;
            t->pair_seen[s->pair] |= (unsigned char)(1 << s->leg);
            if (t->pair_seen[s->pair] == 3)
                stats_add_pair(&t->live, t->pair_points[s->pair][0] + t->pair_points[s->pair][1]);
        }
        char elo[160];
        stats_format_elo(&t->live, false, elo, sizeof elo);
        n += snprintf(line + n, sizeof line - (size_t)n, " | %s-%s %d-%d-%d (W-L-D) %s",
                      t->results.names[0], t->results.names[1], t->live.wins, t->live.losses,
                      t->live.draws, elo + 5 /* without "Elo: " */);
        if (cfg->sprt.enabled) {
            double lo, hi, llr = sprt_llr(&t->live, &cfg->sprt);
            sprt_bounds(&cfg->sprt, &lo, &hi);
            snprintf(line + n, sizeof line - (size_t)n, " | LLR %.2f [%.2f, %.2f]", llr, lo, hi);
            int d = sprt_decision(&t->live, &cfg->sprt);
            if (d && !t->decision && !cfg->sprt.no_stop) {
                t->decision = d;
                t->stop = 1;
            }
        }
    }
    msg("%s", line);
    if (cfg->fastchess)
        fastchess_game_line(stdout, s->number, g);
    if (t->decision && t->stop == 1) {
        msg("SPRT: %s accepted after %d games; stopping", t->decision > 0 ? "H1" : "H0",
            t->finished);
        t->stop = 2;
    }
    pthread_mutex_unlock(&t->mu);
}

/* An engine's start-up settings in the CECP client's terms, with the storage they point to
   (which must outlive the XEngine). */
typedef struct EngineStart {
    XEngineConfig xc;
    XeSetting rules[32];
    XeSetting options[MAX_ENGINE_OPTIONS];
} EngineStart;

static void protocol_log(void *ctx, const char *who, const char *dir, const char *text)
{
    (void)ctx;
    log_line(who, dir, text);
}

/* Engine i of the match, started as its --engine group says; the referee's rules that were
   given with --rule are told to it. */
static void engine_start_init(const MatchConfig *cfg, int i, EngineStart *es)
{
    const EngineSpec *s = &cfg->engines[i];
    memset(es, 0, sizeof *es);
    int nrules = 0;
    for (int k = 0; k < rule_option_count && nrules < 32; k++)
        if (cfg->rules_changed[k])
            es->rules[nrules++] = (XeSetting){rule_options[k].name,
                                              rule_options[k].values[rules_get(&cfg->rules, k)]};
    for (int k = 0; k < s->noptions; k++)
        es->options[k] = (XeSetting){s->options[k].name, s->options[k].value};
    es->xc = (XEngineConfig){
        .cmd = s->cmd, .args = s->args, .nargs = s->nargs, .dir = s->dir, .name = s->name,
        .rules = es->rules, .nrules = nrules, .rank_offset = s->rank_offset,
        .options = es->options, .noptions = s->noptions, .nps = s->nps,
        .stderr_file = cfg->engine_stderr, .log = protocol_log, .interrupt = &g_interrupted,
        .sync_timeout_ms = cfg->sync_timeout_ms,
    };
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    Tourney *t = w->t;
    const MatchConfig *cfg = t->cfg;
    XEngine *eng = xcalloc((size_t)cfg->nengines, sizeof *eng);
    EngineStart *es = xcalloc((size_t)cfg->nengines, sizeof *es);
    char label[16];
    snprintf(label, sizeof label, "w%d", w->id + 1);
    for (int i = 0; i < cfg->nengines; i++) {
        engine_start_init(cfg, i, &es[i]);
        xe_init(&eng[i], &es[i].xc, label);
    }
    Opening *op = xmalloc(sizeof *op);
    for (;;) {
        pthread_mutex_lock(&t->mu);
        bool stop = t->stop || g_interrupted || t->next >= t->nsched;
        Scheduled s;
        if (!stop)
            s = t->sched[t->next++];
        pthread_mutex_unlock(&t->mu);
        if (stop)
            break;
        make_opening(t, &s, op);
        Game g;
        memset(&g, 0, sizeof g);
        g.cfg = cfg;
        g.rs = t->rs;
        g.opening = op;
        g.eng[0] = &eng[s.sente];
        g.eng[1] = &eng[s.gote];
        g.spec[0] = &cfg->engines[s.sente];
        g.spec[1] = &cfg->engines[s.gote];
        g.number = s.number;
        g.abort = &t->stop;
        game_play(&g);
        record(t, &s, &g);
        game_free(&g);
    }
    for (int i = 0; i < cfg->nengines; i++)
        xe_quit(&eng[i]);
    free(op);
    free(eng);
    free(es);
    return NULL;
}

/* Starts every engine once: checks that it works, learns its name. */
static int probe_engines(Tourney *t)
{
    MatchConfig *cfg = t->cfg;
    for (int i = 0; i < cfg->nengines; i++) {
        XEngine e;
        EngineStart es;
        engine_start_init(cfg, i, &es);
        xe_init(&e, &es.xc, "probe");
        if (xe_start(&e) != 0) {
            msg("error: engine %d (%s): %s", i + 1, cfg->engines[i].cmd, e.error);
            return -1;
        }
        if (cfg->openings_file && !e.f_setboard) {
            msg("error: engine %d (%s) lacks feature setboard=1, needed for --openings", i + 1,
                e.name);
            xe_quit(&e);
            return -1;
        }
        if (cfg->engines[i].memory_mb && !e.f_memory)
            msg("warning: engine %s has no feature memory=1: memory not sent", e.name);
        if (cfg->engines[i].cores && !e.f_smp)
            msg("warning: engine %s has no feature smp=1: cores not sent", e.name);
        if (!e.f_ping)
            msg("warning: engine %s has no feature ping=1: no synchronisation between games",
                e.name);
        /* unique names */
        char name[160];
        str_copy(name, sizeof name, e.name);
        for (int k = 2;; k++) {
            bool clash = false;
            for (int j = 0; j < i; j++)
                clash |= strcmp(cfg->engines[j].name, name) == 0;
            if (!clash)
                break;
            snprintf(name, sizeof name, "%s (%d)", e.name, k);
        }
        free(cfg->engines[i].name);
        cfg->engines[i].name = xstrdup(name);
        xe_quit(&e);
    }
    return 0;
}

int tourney_run(MatchConfig *cfg)
{
    Tourney T;
    memset(&T, 0, sizeof T);
    T.cfg = cfg;
    T.t0 = mono_ms();
    pthread_mutex_init(&T.mu, NULL);
    if (!cfg->seed_given) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        cfg->seed = (uint64_t)ts.tv_sec * 1000003ULL ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid();
        cfg->seed %= 1000000000ULL;
    }
    FILE *logf = NULL;
    if (cfg->log_file) {
        logf = fopen(cfg->log_file, "w");
        if (!logf) {
            msg("error: cannot open --log %s: %s", cfg->log_file, strerror(errno));
            return 1;
        }
        fcntl(fileno(logf), F_SETFD, FD_CLOEXEC);
        log_open(logf);
    }
    T.rs = ruleset_new(&cfg->rules);
    int status = 1;
    if (cfg->openings_file) {
        char err[400];
        T.ntfens = openings_load(cfg->openings_file, T.rs, &T.tfens, err, sizeof err);
        if (T.ntfens < 0) {
            msg("error: %s", err);
            goto out;
        }
        T.order = openings_order(T.ntfens, cfg->openings_shuffle, cfg->seed, cfg->openings_offset);
    }
    T.nsched = schedule_build(cfg, &T.sched);
    if (T.nsched == 0) {
        msg("error: shard %d/%d has no games (fewer pairs than shards)", cfg->shard_k,
            cfg->shard_n);
        goto out;
    }
    if (cfg->random_plies) {
        /* generate every opening once up front: fails early, and the seed is reproducible */
        Opening *op = xmalloc(sizeof *op);
        int last = -1;
        for (int i = 0; i < T.nsched; i++) {
            if (T.sched[i].opening == last)
                continue;
            last = T.sched[i].opening;
            if (opening_random(T.rs, cfg->seed, last, cfg->random_plies,
                               (int)lround(cfg->balance * 100.0), op) != 0) {
                msg("error: no balanced random opening of %d plies found (opening %d); "
                    "raise --balance or lower --random-openings", cfg->random_plies, last + 1);
                free(op);
                goto out;
            }
        }
        free(op);
    }
    if (probe_engines(&T) != 0)
        goto out;
    for (int i = 0; i < cfg->nengines; i++)
        resultset_engine(&T.results, cfg->engines[i].name);
    T.results.sprt = cfg->sprt;
    str_copy(T.results.tc, sizeof T.results.tc, cfg->tc.text);
    int maxpair = 0;
    for (int i = 0; i < T.nsched; i++)
        if (T.sched[i].pair + 1 > maxpair)
            maxpair = T.sched[i].pair + 1;
    T.npairs = maxpair;
    T.pair_points = xcalloc((size_t)maxpair, sizeof *T.pair_points);
    T.pair_seen = xcalloc((size_t)maxpair, 1);

    if (cfg->pgn_file) {
        T.pgn = fopen(cfg->pgn_file, "a");
        if (!T.pgn) {
            msg("error: cannot open --pgn %s: %s", cfg->pgn_file, strerror(errno));
            goto out;
        }
        fcntl(fileno(T.pgn), F_SETFD, FD_CLOEXEC);
    }
    if (cfg->results_file) {
        T.res = fopen(cfg->results_file, "w");
        if (!T.res) {
            msg("error: cannot open --results %s: %s", cfg->results_file, strerror(errno));
            goto out;
        }
        fcntl(fileno(T.res), F_SETFD, FD_CLOEXEC);
        results_write_header(T.res, cfg, T.results.names, T.results.nnames);
    }

    const char *opn = cfg->openings_file ? cfg->openings_file
                      : cfg->random_plies ? "random"
                                          : "start position";
    msg("kaki-match: %d engines, %d games (shard %d/%d), tc %s, openings: %s, seed %llu, "
        "concurrency %d",
        cfg->nengines, T.nsched, cfg->shard_k, cfg->shard_n, cfg->tc.text, opn,
        (unsigned long long)cfg->seed, cfg->concurrency);

    int nworkers = cfg->concurrency < T.nsched ? cfg->concurrency : T.nsched;
    Worker *w = xcalloc((size_t)nworkers, sizeof *w);
    int started = 0;
    for (int i = 0; i < nworkers; i++) {
        w[i].t = &T;
        w[i].id = i;
        if (pthread_create(&w[i].thread, NULL, worker_main, &w[i]) != 0) {
            msg("warning: could not start worker %d: %s", i + 1, strerror(errno));
            break;
        }
        started++;
    }
    for (int i = 0; i < started; i++)
        pthread_join(w[i].thread, NULL);
    free(w);

    /* no child may be left unwaited */
    for (;;) {
        int st;
        pid_t p = waitpid(-1, &st, WNOHANG);
        if (p <= 0)
            break;
        msg("warning: reaped a stray child process %d", (int)p);
    }

    double wall = (double)(mono_ms() - T.t0) / 1000.0;
    /* fastchess mode: stdout is OpenBench's, the report goes to stderr */
    FILE *rep = cfg->fastchess ? stderr : stdout;
    fprintf(rep, "Games: %d finished of %d scheduled (shard %d/%d), wall time %.1f s, "
            "concurrency %d, tc %s\n",
            T.finished, T.nsched, cfg->shard_k, cfg->shard_n, wall, cfg->concurrency,
            cfg->tc.text);
    report_print(rep, &T.results);
    if (T.decision)
        fprintf(rep, "SPRT stopped the match: %s accepted\n", T.decision > 0 ? "H1" : "H0");
    if (g_interrupted)
        fprintf(rep, "Interrupted: the report covers the finished games only\n");
    fflush(rep);
    if (cfg->fastchess)
        fastchess_summary(stdout, cfg, &T.results);
    status = g_interrupted ? 130 : 0;
out:
    if (T.pgn)
        fclose(T.pgn);
    if (T.res)
        fclose(T.res);
    for (int i = 0; i < T.ntfens; i++)
        free(T.tfens[i]);
    free(T.tfens);
    free(T.order);
    free(T.sched);
    free(T.pair_points);
    free(T.pair_seen);
    resultset_free(&T.results);
    ruleset_free(T.rs);
    pthread_mutex_destroy(&T.mu);
    if (logf) {
        log_open(NULL);
        fclose(logf);
    }
    return status;
}
