#include "tourney.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "board/pieces.h"
#include "fastchess.h"
#include "game.h"
#include "openings.h"
#include "pgn.h"
#include "results.h"
#include "resume.h"
#include "stats.h"
#include "log.h"
#include "outfile.h"
#include "cecpclient/xengine.h"
#include "platform/child.h"
#include "platform/files.h"
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
    Scheduled *sched;        /* the games to play (a resumed match: those not finished) */
    int nsched, next, finished;
    int total;               /* games in the match (this shard) */
    pthread_mutex_t mu;
    OutFile pgn, res, log;
    ResultSet results;
    Stats live;              /* engines 1 and 2 (first engine's view) */
    Endings endings;         /* how the finished games ended */
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

/* The game in the PGN, then its line in the result file, each appended whole or not at all.
   A game that cannot be written is not recorded (nor its result line, so that --resume plays
   it again), and the match stops: the files keep every game finished before. */
static int write_game(Tourney *t, const Scheduled *s, const Game *g, const GameEntry *e)
{
    char *buf;
    size_t len;
    int rc = 0;
    if (t->pgn.fd >= 0) {
        FILE *mem = outfile_begin(&buf, &len);
        pgn_write_game(mem, g, t->cfg->event, s->number);
        rc = outfile_commit(&t->pgn, mem, &buf, &len);
    }
    if (rc == 0 && t->res.fd >= 0) {
        FILE *mem = outfile_begin(&buf, &len);
        results_write_game(mem, e);
        rc = outfile_commit(&t->res, mem, &buf, &len);
    }
    if (rc != 0 && !t->stop) {
        msg("error: game %d cannot be recorded; stopping the match (the files keep the games "
            "finished before)", s->number);
        t->stop = 1;
    }
    return rc;
}

/* A finished game in the result set and, with two engines, the live statistics (engine 1's
   view, pairs as they complete) and the SPRT, which may stop the match.  Under t->mu. */
static void count_game(Tourney *t, const GameEntry *e)
{
    const MatchConfig *cfg = t->cfg;
    t->finished++;
    resultset_add(&t->results, e);
    endings_add(&t->endings, e->termination, e->outcome, e->plies, cfg->max_moves);
    if (cfg->nengines != 2)
        return;
    double p = e->outcome == OUT_DRAW ? 0.5
               : (e->outcome == OUT_SENTE_WINS) == (e->sente == 0) ? 1.0 : 0.0;
    stats_add_game(&t->live, p);
    if (e->pair < t->npairs) {
        t->pair_points[e->pair][e->leg] = p;
        t->pair_seen[e->pair] |= (unsigned char)(1 << e->leg);
        if (t->pair_seen[e->pair] == 3)
            stats_add_pair(&t->live, t->pair_points[e->pair][0] + t->pair_points[e->pair][1]);
    }
    int d = cfg->sprt.enabled ? sprt_decision(&t->live, &cfg->sprt) : 0;
    if (d && !t->decision && !cfg->sprt.no_stop) {
        t->decision = d;
        t->stop = 1;
    }
}

/* The progress line of a finished game on stderr. */
static void progress(const Tourney *t, const Scheduled *s, const Game *g)
{
    const MatchConfig *cfg = t->cfg;
    char line[1024];
    int n = snprintf(line, sizeof line, "[%d/%d] game %d: %s vs %s %s {%s}", t->finished,
                     t->total, s->number, g->eng[0]->name, g->eng[1]->name,
                     outcome_string(g->outcome), g->reason);
    if (cfg->nengines == 2) {
        char elo[160];
        stats_format_elo(&t->live, false, elo, sizeof elo);
        n += snprintf(line + n, sizeof line - (size_t)n, " | %s-%s %d-%d-%d (W-L-D) %s",
                      t->results.names[0], t->results.names[1], t->live.wins, t->live.losses,
                      t->live.draws, elo + 5 /* without "Elo: " */);
        if (cfg->sprt.enabled) {
            double lo, hi, llr = sprt_llr(&t->live, &cfg->sprt);
            sprt_bounds(&cfg->sprt, &lo, &hi);
            n += snprintf(line + n, sizeof line - (size_t)n, " | LLR %.2f [%.2f, %.2f]", llr,
                          lo, hi);
        }
    }
    const Endings *e = &t->endings;
    if (n >= 0 && n < (int)sizeof line)
        snprintf(line + n, sizeof line - (size_t)n,
                 " | ends: rules %d, time %d, limit %d, other %d", e->rules, e->time, e->move_limit, e->adjudicated + e->infraction + e->emergency);
    msg("%s", line);
}

static void record(Tourney *t, const Scheduled *s, Game *g)
{
    pthread_mutex_lock(&t->mu);
    if (g->outcome == OUT_ABORTED) {
        pthread_mutex_unlock(&t->mu);
        return;
    }
    outfile_clean_text(g->reason); /* it may quote an engine */
    GameEntry e = {.seed = t->cfg->seed, .number = s->number, .pair = s->pair, .leg = s->leg,
                   .sente = s->sente, .gote = s->gote, .outcome = g->outcome,
                   .termination = g->termination, .plies = g->nplies};
    if (write_game(t, s, g, &e) != 0) {
        pthread_mutex_unlock(&t->mu);
        return;
    }
    count_game(t, &e);
    progress(t, s, g);
    if (t->cfg->fastchess)
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
    XeSetting params[MAX_ENGINE_OPTIONS];
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
    for (int k = 0; k < s->nparams; k++)
        es->params[k] = (XeSetting){s->params[k].name, s->params[k].value};
    es->xc = (XEngineConfig){
        .cmd = s->cmd, .args = s->args, .nargs = s->nargs, .dir = s->dir, .name = s->name,
        .rules = es->rules, .nrules = nrules, .rank_offset = s->rank_offset,
        .options = es->options, .noptions = s->noptions, .params = es->params,
        .nparams = s->nparams, .nps = s->nps,
        .stderr_file = cfg->engine_stderr, .log = protocol_log, .interrupt = &g_interrupted,
        .sync_timeout_ms = s->sync_timeout_ms ? s->sync_timeout_ms : cfg->sync_timeout_ms,
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
        bool stop = t->stop || g_interrupted || g_write_failed || t->next >= t->nsched;
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
        /* unique names, safe in every output (a newline in a name once forged lines of the
           result file and broke PGN tags) */
        char name[160], base[sizeof e.name];
        str_copy(base, sizeof base, e.name);
        outfile_clean_text(base);
        str_copy(name, sizeof name, base);
        for (int k = 2;; k++) {
            bool clash = false;
            for (int j = 0; j < i; j++)
                clash |= strcmp(cfg->engines[j].name, name) == 0;
            if (!clash)
                break;
            snprintf(name, sizeof name, "%s (%d)", base, k);
        }
        free(cfg->engines[i].name);
        cfg->engines[i].name = xstrdup(name);
        xe_quit(&e);
    }
    return 0;
}

static void pick_seed(MatchConfig *cfg)
{
    if (cfg->seed_given)
        return;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    cfg->seed = (uint64_t)ts.tv_sec * 1000003ULL ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid();
    cfg->seed %= 1000000000ULL;
}

/* The openings file, or every random opening generated once up front (fails early, and the
   seed is reproducible). */
static int prepare_openings(Tourney *t)
{
    const MatchConfig *cfg = t->cfg;
    if (cfg->openings_file) {
        char err[400];
        t->ntfens = openings_load(cfg->openings_file, t->rs, &t->tfens, err, sizeof err);
        if (t->ntfens < 0) {
            msg("error: %s", err);
            return -1;
        }
        t->order = openings_order(t->ntfens, cfg->openings_shuffle, cfg->seed,
                                  cfg->openings_offset);
        t->cfg->openings_checksum = openings_checksum(t->tfens, t->ntfens);
        t->cfg->openings_count = t->ntfens;
    }
    if (!cfg->random_plies)
        return 0;
    Opening *op = xmalloc(sizeof *op);
    int last = -1, rc = 0;
    for (int i = 0; i < t->nsched && rc == 0; i++) {
        if (t->sched[i].opening == last)
            continue;
        last = t->sched[i].opening;
        if (opening_random(t->rs, cfg->seed, last, cfg->random_plies,
                           (int)lround(cfg->balance * 100.0), op) != 0) {
            msg("error: no balanced random opening of %d plies found (opening %d); "
                "raise --balance or lower --random-openings", cfg->random_plies, last + 1);
            rc = -1;
        }
    }
    free(op);
    return rc;
}

/* The result set's engines and settings, and the live statistics' pair table. */
static void prepare_results(Tourney *t)
{
    const MatchConfig *cfg = t->cfg;
    for (int i = 0; i < cfg->nengines; i++)
        resultset_engine(&t->results, cfg->engines[i].name);
    t->results.sprt = cfg->sprt;
    str_copy(t->results.tc, sizeof t->results.tc, cfg->tc.text);
    int maxpair = 0;
    for (int i = 0; i < t->nsched; i++)
        if (t->sched[i].pair + 1 > maxpair)
            maxpair = t->sched[i].pair + 1;
    t->npairs = maxpair;
    t->pair_points = xcalloc((size_t)maxpair, sizeof *t->pair_points);
    t->pair_seen = xcalloc((size_t)maxpair, 1);
}

/* The finished games of a resumed match (prev, the result file's): counted as if just
   played, and taken out of the schedule.  Each must be a game of this match's schedule. */
static int take_finished(Tourney *t, const ResultSet *prev, char *err, size_t errsz)
{
    int maxnum = 0;
    for (int i = 0; i < t->nsched; i++)
        if (t->sched[i].number > maxnum)
            maxnum = t->sched[i].number;
    int *at = xmalloc((size_t)maxnum * sizeof *at); /* game number - 1 -> schedule index */
    bool *done = xcalloc((size_t)maxnum, sizeof *done);
    for (int i = 0; i < maxnum; i++)
        at[i] = -1;
    for (int i = 0; i < t->nsched; i++)
        at[t->sched[i].number - 1] = i;
    int rc = 0;
    for (int i = 0; i < prev->ngames && rc == 0; i++) {
        const GameEntry *e = &prev->games[i];
        int k = e->number >= 1 && e->number <= maxnum ? at[e->number - 1] : -1;
        const Scheduled *s = k >= 0 ? &t->sched[k] : NULL;
        if (!s || s->pair != e->pair || s->leg != e->leg || s->sente != e->sente ||
            s->gote != e->gote) {
            snprintf(err, errsz, "--resume: %s: game %d is not a game of this match",
                     t->cfg->results_file, e->number);
            rc = -1;
        } else if (!done[e->number - 1]) {
            done[e->number - 1] = true;
            count_game(t, e);
        }
    }
    if (rc == 0 && t->cfg->pgn_file)
        resume_check_pgn(t->cfg->pgn_file, done, maxnum);
    int n = 0;
    for (int i = 0; i < t->nsched; i++)
        if (!done[t->sched[i].number - 1])
            t->sched[n++] = t->sched[i];
    t->nsched = n;
    free(at);
    free(done);
    return rc;
}

/* --resume: the result file must be this match's (resume.h); its games are finished. */
static int resume_match(Tourney *t)
{
    const MatchConfig *cfg = t->cfg;
    char err[1200], *hdr;
    size_t len;
    FILE *mem = outfile_begin(&hdr, &len);
    results_write_header(mem, cfg, t->results.names, t->results.nnames);
    platform_memstream_close(mem, &hdr, &len);
    int rc = resume_check_header(cfg->results_file, hdr, err, sizeof err);
    free(hdr);
    ResultSet prev;
    memset(&prev, 0, sizeof prev);
    if (rc == 0)
        rc = resume_games(cfg->results_file, &prev, err, sizeof err);
    if (rc == 0)
        rc = take_finished(t, &prev, err, sizeof err);
    if (rc == 0)
        rc = resume_cut_incomplete(cfg->results_file, err, sizeof err);
    resultset_free(&prev);
    if (rc != 0) {
        msg("error: %s", err);
        return -1;
    }
    msg("kaki-match: resuming %s: %d of %d games finished, %d to play", cfg->results_file,
        t->finished, t->total, t->nsched);
    if (t->decision) {
        msg("SPRT: %s accepted after the %d finished games", t->decision > 0 ? "H1" : "H0",
            t->finished);
        t->stop = 2;
    }
    return 0;
}

/* The PGN (appended) and the result file (new with its header, or appended to when
   resuming). */
static int open_outputs(Tourney *t)
{
    const MatchConfig *cfg = t->cfg;
    if (cfg->pgn_file && outfile_open(&t->pgn, "--pgn", cfg->pgn_file, false) != 0)
        return -1;
    if (!cfg->results_file)
        return 0;
    if (outfile_open(&t->res, "--results", cfg->results_file, !cfg->resume) != 0)
        return -1;
    if (cfg->resume)
        return 0;
    char *buf;
    size_t len;
    FILE *mem = outfile_begin(&buf, &len);
    results_write_header(mem, cfg, t->results.names, t->results.nnames);
    return outfile_commit(&t->res, mem, &buf, &len);
}

static void run_workers(Tourney *t)
{
    const MatchConfig *cfg = t->cfg;
    const char *opn = cfg->openings_file ? cfg->openings_file
                      : cfg->random_plies ? "random"
                                          : "start position";
    msg("kaki-match: %d engines, %d games (shard %d/%d), tc %s, openings: %s, seed %llu, "
        "concurrency %d",
        cfg->nengines, t->total, cfg->shard_k, cfg->shard_n, cfg->tc.text, opn,
        (unsigned long long)cfg->seed, cfg->concurrency);
    int nworkers = cfg->concurrency < t->nsched ? cfg->concurrency : t->nsched;
    Worker *w = xcalloc((size_t)(nworkers > 0 ? nworkers : 1), sizeof *w);
    int started = 0;
    for (int i = 0; i < nworkers; i++) {
        w[i].t = t;
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
    for (long p; (p = child_reap_stray()) > 0;)
        msg("warning: reaped a stray child process %ld", p);
}

/* The report (stdout; stderr in fastchess mode, whose stdout is OpenBench's); returns the
   exit status. */
static int final_report(Tourney *t)
{
    const MatchConfig *cfg = t->cfg;
    double wall = (double)(mono_ms() - t->t0) / 1000.0;
    FILE *rep = cfg->fastchess ? stderr : stdout;
    fprintf(rep, "Games: %d finished of %d scheduled (shard %d/%d), wall time %.1f s, "
            "concurrency %d, tc %s\n",
            t->finished, t->total, cfg->shard_k, cfg->shard_n, wall, cfg->concurrency,
            cfg->tc.text);
    report_print(rep, &t->results);
    char endings[200];
    endings_format(&t->endings, endings, sizeof endings);
    fprintf(rep, "Endings: %s\n", endings);
    if (t->decision)
        fprintf(rep, "SPRT stopped the match: %s accepted\n", t->decision > 0 ? "H1" : "H0");
    if (g_write_failed)
        fprintf(rep, "Stopped: an output file could not be written (see the error above)\n");
    else if (g_interrupted)
        fprintf(rep, "Interrupted: the report covers the finished games only\n");
    if (cfg->fastchess)
        fastchess_summary(stdout, cfg, &t->results);
    outfile_check_stream(rep, rep == stdout ? "the report to stdout" : "the report to stderr");
    if (rep != stdout)
        outfile_check_stream(stdout, "the game lines to stdout");
    return g_write_failed ? 1 : g_interrupted ? 130 : 0;
}

static void tourney_free(Tourney *t)
{
    outfile_close(&t->pgn);
    outfile_close(&t->res);
    for (int i = 0; i < t->ntfens; i++)
        free(t->tfens[i]);
    free(t->tfens);
    free(t->order);
    free(t->sched);
    free(t->pair_points);
    free(t->pair_seen);
    resultset_free(&t->results);
    ruleset_free(t->rs);
    pthread_mutex_destroy(&t->mu);
    if (t->log.fd >= 0) {
        log_open(NULL);
        outfile_close(&t->log);
    }
}

int tourney_run(MatchConfig *cfg)
{
    Tourney T;
    memset(&T, 0, sizeof T);
    T.cfg = cfg;
    T.t0 = mono_ms();
    T.pgn.fd = T.res.fd = T.log.fd = -1;
    pthread_mutex_init(&T.mu, NULL);
    T.rs = ruleset_new(&cfg->rules);
    int status = 1;
    char err[1200];
    if (cfg->resume && resume_seed(cfg->results_file, cfg, err, sizeof err) != 0) {
        msg("error: %s", err);
        goto out;
    }
    pick_seed(cfg);
    if (cfg->log_file) {
        if (outfile_open(&T.log, "--log", cfg->log_file, true) != 0)
            goto out;
        log_open(&T.log);
    }
    T.nsched = T.total = schedule_build(cfg, &T.sched);
    if (T.nsched == 0) {
        msg("error: shard %d/%d has no games (fewer pairs than shards)", cfg->shard_k,
            cfg->shard_n);
        goto out;
    }
    if (prepare_openings(&T) != 0 || probe_engines(&T) != 0)
        goto out;
    prepare_results(&T);
    if ((cfg->resume && resume_match(&T) != 0) || open_outputs(&T) != 0)
        goto out;
    run_workers(&T);
    status = final_report(&T);
out:
    tourney_free(&T);
    if (g_write_failed)
        status = 1;
    return status;
}
