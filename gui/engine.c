#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/clock.h"
#include "util/strutil.h"

/* How long a pong may take before the engine counts as hanging. */
#define PONG_TIMEOUT_MS 15000

void engine_job_init(EngineJob *job, int kind, unsigned id)
{
    memset(job, 0, sizeof *job);
    job->kind = kind;
    job->id = id;
}

void engine_job_free(EngineJob *job)
{
    free(job->moves);
    job->moves = NULL;
    job->nmoves = job->cap = 0;
}

void engine_job_add_move(EngineJob *job, const char *wire)
{
    if (job->nmoves == job->cap) {
        job->cap = job->cap ? 2 * job->cap : 64;
        job->moves = xrealloc(job->moves, (size_t)job->cap * sizeof *job->moves);
    }
    str_copy(job->moves[job->nmoves++], MOVE_STR_MAX, wire);
}

static void copy_job(EngineJob *dst, const EngineJob *src)
{
    engine_job_free(dst);
    *dst = *src;
    dst->moves = NULL;
    dst->nmoves = dst->cap = 0;
    for (int i = 0; i < src->nmoves; i++)
        engine_job_add_move(dst, src->moves[i]);
}

void engine_init(BoardEngine *e, int slot, const XEngineConfig *cfg, const EngineCallbacks *cb,
                 void *ctx)
{
    memset(e, 0, sizeof *e);
    e->slot = slot;
    e->cfg = *cfg;
    e->cfg.interrupt = &e->interrupt;
    e->cb = *cb;
    e->ctx = ctx;
    pthread_mutex_init(&e->mu, NULL);
    pthread_cond_init(&e->cv, NULL);
    xe_init(&e->xe, &e->cfg, slot ? "engine2" : "engine1");
    str_copy(e->name, sizeof e->name, e->xe.name);
    e->state = ENGINE_IDLE;
}

static void set_state(BoardEngine *e, int state, const char *error)
{
    pthread_mutex_lock(&e->mu);
    e->state = state;
    if (error)
        str_copy(e->error, sizeof e->error, error);
    str_copy(e->name, sizeof e->name, e->xe.name);
    pthread_mutex_unlock(&e->mu);
    e->cb.on_state(e->ctx, e->slot);
}

/* The engine failed: it is stopped and stays so until a restart. */
static void died(BoardEngine *e, const char *what)
{
    char msg[400];
    snprintf(msg, sizeof msg, "%s: %s", what, e->xe.error[0] ? e->xe.error : "unknown error");
    xe_kill(&e->xe);
    e->synced_valid = false;
    e->analysing = e->thinking = false;
    e->awaiting_pong = 0;
    e->deadline_ms = 0;
    set_state(e, ENGINE_DEAD, msg);
}

static int send_move(BoardEngine *e, const char *wire)
{
    return e->xe.f_usermove ? xe_send(&e->xe, "usermove %s", wire) : xe_send(&e->xe, "%s", wire);
}

/* Is the word tok one of the blank-separated words of list? */
static bool has_word(const char *list, const char *tok)
{
    size_t n = strlen(tok);
    for (const char *p = list; (p = strstr(p, tok)) != NULL; p++)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

/* Tells the engine the options (rules options, Level, Evaluation) that differ from what it
   has.  An engine without a rules option, Level or Evaluation plays the default of it (Level 10
   = full strength, Evaluation nnue); asked for another value, it fails. */
static int send_rules(BoardEngine *e, const char *want, const char *have)
{
    char buf[512];
    str_copy(buf, sizeof buf, want);
    for (char *save, *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        if (has_word(have, tok)) /* "name=value" already set */
            continue;
        char *eq = strchr(tok, '=');
        if (!eq)
            continue;
        *eq = '\0';
        const XOption *o = xe_find_option(&e->xe, tok);
        bool is_default = false;
        for (int i = 0; i < rule_option_count; i++)
            if (strcmp(rule_options[i].name, tok) == 0)
                is_default = strcmp(rule_options[i].values[0], eq + 1) == 0;
        if (strcmp(tok, "Level") == 0)
            is_default = strcmp(eq + 1, "10") == 0;
        if (strcmp(tok, "Evaluation") == 0)
            is_default = strcmp(eq + 1, "nnue") == 0; /* gamestate.h's BOARD_EVAL_DEFAULT */
        if (!o) {
            if (is_default)
                continue; /* an engine without rules options plays the default rules */
            snprintf(e->xe.error, sizeof e->xe.error,
                     "the engine has no option '%s', so it cannot play %s=%s", tok, tok, eq + 1);
            return -1;
        }
        if (xe_send(&e->xe, "option %s=%s", o->name, eq + 1))
            return -1;
    }
    return 0;
}

/* Is the engine's game a beginning of the job's game, under the same rules and limits? */
static bool extends_synced(const BoardEngine *e, const EngineJob *job)
{
    if (!e->synced_valid || strcmp(e->synced.start_fen, job->start_fen) != 0 ||
        strcmp(e->synced.rules, job->rules) != 0 || strcmp(e->synced.limits, job->limits) != 0 ||
        e->synced.nmoves > job->nmoves)
        return false;
    for (int i = 0; i < e->synced.nmoves; i++)
        if (strcmp(e->synced.moves[i], job->moves[i]) != 0)
            return false;
    return true;
}

/* Brings the engine to the job's position (in force mode) with its limits. */
static int sync_game(BoardEngine *e, const EngineJob *job)
{
    XEngine *x = &e->xe;
    if (e->analysing && xe_send(x, "exit"))
        return -1;
    e->analysing = false;
    if (xe_send(x, "force"))
        return -1;
    int from = 0;
    if (extends_synced(e, job)) {
        from = e->synced.nmoves;
    } else {
        if (send_rules(e, job->rules, e->synced_valid ? e->synced.rules : "") ||
            xe_send(x, "new") || xe_send(x, "variant tenjiku") || xe_send(x, "force"))
            return -1;
        if (job->start_fen[0]) {
            if (!x->f_setboard) {
                snprintf(x->error, sizeof x->error,
                         "the engine lacks feature setboard=1, needed for a set-up position");
                return -1;
            }
            if (xe_send(x, "setboard %s", job->start_fen))
                return -1;
        }
        if (job->limits[0] && xe_send(x, "%s", job->limits))
            return -1;
        if (xe_send(x, "post") || xe_send(x, "easy"))
            return -1;
    }
    for (int i = from; i < job->nmoves; i++)
        if (send_move(e, job->moves[i]))
            return -1;
    copy_job(&e->synced, job);
    e->synced_valid = true;
    return 0;
}

/* Sets the engine's MultiPV option to n lines, if it has one and n is new to it. */
static int send_multipv(BoardEngine *e, int n)
{
    const XOption *o = xe_find_option(&e->xe, "MultiPV");
    if (!o || n == e->multipv_sent || (n == 1 && e->multipv_sent == 0))
        return 0;
    e->multipv_sent = n;
    return xe_send(&e->xe, "option %s=%d", o->name, n);
}

/* Starts job: the engine's game is brought up to date, then "go" or "analyze". */
static void run_job(BoardEngine *e, EngineJob *job)
{
    XEngine *x = &e->xe;
    int rc;
    e->thinking = false;
    if (job->kind == JOB_STOP) { /* only end the search; the game stays as it is */
        rc = e->analysing ? xe_send(x, "exit") : 0;
        e->analysing = false;
        rc = rc || xe_send(x, "force");
    } else
        rc = sync_game(e, job);
    if (rc == 0 && x->f_ping) {
        rc = xe_send(x, "ping %d", ++x->ping_id);
        e->awaiting_pong = x->ping_id;
        e->ping_sent_ms = mono_ms();
    }
    if (rc == 0 && job->kind != JOB_STOP)
        rc = send_multipv(e, job->kind == JOB_ANALYSE && job->multipv > 0 ? job->multipv : 1);
    if (rc == 0 && job->kind == JOB_THINK)
        rc = (job->clock[0] && x->f_time ? xe_send(x, "%s", job->clock) : 0) || xe_send(x, "go");
    if (rc == 0 && job->kind == JOB_ANALYSE) {
        rc = xe_send(x, "analyze");
        e->analysing = rc == 0;
    }
    if (rc) {
        died(e, "the engine could not be given its task");
        return;
    }
    e->thinking = job->kind == JOB_THINK;
    e->deadline_ms = e->thinking ? job->deadline_ms : 0;
    pthread_mutex_lock(&e->mu);
    e->job_id = job->id;
    pthread_mutex_unlock(&e->mu);
    set_state(e, job->kind == JOB_THINK ? ENGINE_THINKING
                 : job->kind == JOB_ANALYSE ? ENGINE_ANALYSING
                                            : ENGINE_IDLE,
              "");
}

static bool starts_with_word(const char *line, const char *word)
{
    size_t n = strlen(word);
    return strncmp(line, word, n) == 0 && (line[n] == '\0' || line[n] == ' ' || line[n] == '\t');
}

/* One line of output. */
static void handle_line(BoardEngine *e, const char *line, char *partial, size_t partialsz)
{
    int pong;
    if (e->awaiting_pong) { /* output of an earlier search, until the pong */
        if (sscanf(line, "pong %d", &pong) == 1 && pong == e->awaiting_pong) {
            e->awaiting_pong = 0;
            if (e->thinking)
                e->cb.on_ready(e->ctx, e->slot, e->job_id);
        } else if (starts_with_word(line, "move"))
            e->synced_valid = false; /* it moved before it saw "force": its game is unknown */
        return;
    }
    unsigned job = e->job_id;
    XeThinking t;
    if (starts_with_word(line, "move") && e->thinking) {
        const char *m = line + 4;
        while (*m == ' ')
            m++;
        size_t n = strlen(m), have = strlen(partial);
        if (n && m[n - 1] == ',') { /* a leg of a multi-leg move; more follow */
            if (have + n < partialsz)
                memcpy(partial + have, m, n + 1);
            return;
        }
        char full[2 * MOVE_STR_MAX + 512], canonical[MOVE_STR_MAX];
        snprintf(full, sizeof full, "%s%s", partial, m);
        partial[0] = '\0';
        e->thinking = false;
        e->deadline_ms = 0;
        if (e->cb.on_move(e->ctx, e->slot, job, full, canonical))
            engine_job_add_move(&e->synced, canonical);
        else
            e->synced_valid = false;
        set_state(e, ENGINE_IDLE, NULL);
    } else if ((e->thinking || e->analysing) && xe_parse_thinking(line, &t)) {
        e->cb.on_thinking(e->ctx, e->slot, job, &t);
    } else if (starts_with_word(line, "resign") ||
               ((starts_with_word(line, "0-1") || starts_with_word(line, "1-0")) &&
                strstr(line, "esign"))) {
        e->cb.on_resign(e->ctx, e->slot, job);
    } else if (starts_with_word(line, "feature")) {
        if (xe_parse_features(&e->xe, line) != 0) /* the answer did not go in: flooding */
            died(e, "the engine was dropped");
    } else if (strncmp(line, "Illegal move", 12) == 0 || strncmp(line, "Error", 5) == 0 ||
               strncmp(line, "tellusererror", 13) == 0) {
        snprintf(e->xe.error, sizeof e->xe.error, "the engine said: %.300s", line);
        e->synced_valid = false; /* it did not take everything we sent */
        set_state(e, e->state, e->xe.error);
    }
}

/* Waits up to 100 ms for output and handles it; checks for hangs. */
static void pump(BoardEngine *e, char *partial, size_t partialsz)
{
    char line[XE_LINE_MAX];
    for (int n = 0; n < 200; n++) {
        int r = xe_read(&e->xe, line, sizeof line, n == 0 ? mono_ms() + 100 : 0);
        if (r < 0) {
            died(e, "the engine crashed or exited");
            return;
        }
        if (r == 0)
            break;
        handle_line(e, line, partial, partialsz);
        if (!e->xe.running)
            return; /* dropped (its reason stays) */
    }
    int64_t now = mono_ms();
    if (e->awaiting_pong && now - e->ping_sent_ms > PONG_TIMEOUT_MS) {
        snprintf(e->xe.error, sizeof e->xe.error, "no answer to ping within %d s",
                 PONG_TIMEOUT_MS / 1000);
        died(e, "the engine hangs");
    } else if (e->deadline_ms && now > e->deadline_ms) {
        snprintf(e->xe.error, sizeof e->xe.error, "no move within its time and 10 s grace");
        died(e, "the engine hangs");
    }
}

static void start_process(BoardEngine *e)
{
    set_state(e, ENGINE_STARTING, "");
    e->synced_valid = false;
    e->analysing = e->thinking = false;
    e->awaiting_pong = 0;
    e->deadline_ms = 0;
    if (xe_start(&e->xe) != 0) {
        died(e, "the engine could not be started");
        return;
    }
    set_state(e, ENGINE_IDLE, "");
}

static void *engine_main(void *arg)
{
    BoardEngine *e = arg;
    char partial[512] = "";
    EngineJob job;
    engine_job_init(&job, JOB_STOP, 0);
    for (;;) {
        pthread_mutex_lock(&e->mu);
        while (!e->quit && !e->restart && !e->has_job && !e->xe.running)
            pthread_cond_wait(&e->cv, &e->mu); /* dead or never started: nothing to read */
        bool quit = e->quit, restart = e->restart, has_job = e->has_job;
        e->restart = false;
        if (has_job) {
            engine_job_free(&job);
            job = e->job;
            memset(&e->job, 0, sizeof e->job);
            e->has_job = false;
        }
        int state = e->state;
        pthread_mutex_unlock(&e->mu);
        if (quit)
            break;
        if (restart || (has_job && !e->xe.running && state != ENGINE_DEAD)) {
            xe_kill(&e->xe);
            start_process(e);
        }
        if (has_job && e->xe.running) {
            partial[0] = '\0';
            run_job(e, &job);
        }
        if (e->xe.running)
            pump(e, partial, sizeof partial);
    }
    engine_job_free(&job);
    xe_quit(&e->xe);
    return NULL;
}

int engine_launch(BoardEngine *e)
{
    if (pthread_create(&e->thread, NULL, engine_main, e) != 0)
        return -1;
    e->thread_started = true;
    return 0;
}

void engine_submit(BoardEngine *e, EngineJob *job)
{
    pthread_mutex_lock(&e->mu);
    engine_job_free(&e->job);
    e->job = *job;
    memset(job, 0, sizeof *job);
    e->has_job = true;
    pthread_cond_signal(&e->cv);
    pthread_mutex_unlock(&e->mu);
}

void engine_restart(BoardEngine *e)
{
    pthread_mutex_lock(&e->mu);
    e->restart = true;
    pthread_cond_signal(&e->cv);
    pthread_mutex_unlock(&e->mu);
}

void engine_interrupt(BoardEngine *e)
{
    atomic_store(&e->interrupt, 1);
    pthread_mutex_lock(&e->mu);
    e->quit = true;
    pthread_cond_signal(&e->cv);
    pthread_mutex_unlock(&e->mu);
}

void engine_name(BoardEngine *e, char *name, size_t namesz)
{
    pthread_mutex_lock(&e->mu);
    str_copy(name, namesz, e->name);
    pthread_mutex_unlock(&e->mu);
}

void engine_shutdown(BoardEngine *e)
{
    engine_interrupt(e);
    if (e->thread_started)
        pthread_join(e->thread, NULL);
    e->thread_started = false;
    engine_job_free(&e->job);
    engine_job_free(&e->synced);
    pthread_mutex_destroy(&e->mu);
    pthread_cond_destroy(&e->cv);
}

int engine_snapshot(BoardEngine *e, char *name, size_t namesz, char *error, size_t errsz,
                    unsigned *job)
{
    pthread_mutex_lock(&e->mu);
    int state = e->state;
    if (name)
        str_copy(name, namesz, e->name);
    if (error)
        str_copy(error, errsz, e->error);
    if (job)
        *job = e->job_id;
    pthread_mutex_unlock(&e->mu);
    return state;
}
