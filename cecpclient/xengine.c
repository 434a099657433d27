#include "xengine.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/files.h"
#include "util/clock.h"
#include "util/strutil.h"

void xe_init(XEngine *e, const XEngineConfig *cfg, const char *label_prefix)
{
    memset(e, 0, sizeof *e);
    e->cfg = *cfg;
    const char *base = platform_basename(cfg->cmd);
    str_copy(e->name, sizeof e->name, cfg->name ? cfg->name : base);
    snprintf(e->label, sizeof e->label, "%s:%s", label_prefix, e->name);
}

static void log_line(const XEngine *e, const char *dir, const char *text)
{
    if (e->cfg.log)
        e->cfg.log(e->cfg.log_ctx, e->label, dir, text);
}

static bool interrupted(const XEngine *e) { return e->cfg.interrupt && *e->cfg.interrupt; }

static int sync_timeout(const XEngine *e)
{
    return e->cfg.sync_timeout_ms > 0 ? e->cfg.sync_timeout_ms : XE_SYNC_TIMEOUT_MS;
}

static void set_defaults(XEngine *e)
{
    /* CECP v2 defaults (engine-intf: ping=0 setboard=0 usermove=0 time=1 draw=1 sigint=1
       sigterm=1 reuse=1 name=0 nps=1 memory=0 smp=0 san=0) */
    e->f_ping = e->f_setboard = e->f_usermove = false;
    e->f_time = e->f_draw = e->f_sigint = e->f_sigterm = e->f_reuse = true;
    e->f_name = false;
    e->f_nps = true;
    e->f_memory = e->f_smp = e->f_san = false;
    e->f_variants = e->f_tenjiku = e->f_done = false;
    e->myname[0] = '\0';
    e->nopts = 0;
    e->in_force = false;
}

int xe_send(XEngine *e, const char *fmt, ...)
{
    char buf[XE_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    log_line(e, "<", buf);
    if (!e->proc.pid || proc_write_line(&e->proc, buf, XE_WRITE_STALL_MS) != 0) {
        if (interrupted(e)) {
            str_copy(e->error, sizeof e->error, "interrupted");
        } else if (e->proc.pid && proc_exited(&e->proc)) {
            char how[128];
            proc_describe_exit(&e->proc, how, sizeof how);
            snprintf(e->error, sizeof e->error, "engine died (%s)", how);
        } else
            snprintf(e->error, sizeof e->error,
                     "engine does not read its input (%zu bytes unread for %d ms)",
                     proc_queued(&e->proc), XE_WRITE_STALL_MS);
        return -1;
    }
    return 0;
}

int xe_read(XEngine *e, char *line, size_t linesz, int64_t deadline)
{
    bool truncated;
    int r = proc_read_line(&e->proc, line, linesz, &truncated, deadline);
    if (r == 1) {
        log_line(e, ">", line);
        if (truncated)
            log_line(e, "!", "(overlong line truncated)");
        return 1;
    }
    if (r < 0) {
        /* output closed: wait a moment for the exit status */
        for (int i = 0; i < 50 && !proc_exited(&e->proc); i++)
            sleep_ms(10);
        char how[128];
        proc_describe_exit(&e->proc, how, sizeof how);
        if (e->proc.exited)
            snprintf(e->error, sizeof e->error, "engine died (%s)", how);
        else
            snprintf(e->error, sizeof e->error, "engine closed its output");
        log_line(e, "!", e->error);
        return -1;
    }
    return 0;
}

static bool norm_equal(const char *a, const char *b)
{
    for (;; a++, b++) {
        char x = *a, y = *b;
        if (x == '_' || x == '-')
            x = ' ';
        if (y == '_' || y == '-')
            y = ' ';
        if (tolower((unsigned char)x) != tolower((unsigned char)y))
            return false;
        if (!x)
            return true;
    }
}

const XOption *xe_find_option(const XEngine *e, const char *name)
{
    for (int i = 0; i < e->nopts; i++)
        if (strcmp(e->opts[i].name, name) == 0)
            return &e->opts[i];
    for (int i = 0; i < e->nopts; i++)
        if (norm_equal(e->opts[i].name, name))
            return &e->opts[i];
    return NULL;
}

static void add_option(XEngine *e, const char *def)
{
    static const char *const types[] = {"button", "save", "reset", "check", "string", "spin",
                                        "combo", "slider", "file", "path", NULL};
    /* NAME -TYPE ...: the name ends at the first " -TYPE" */
    for (const char *p = def; (p = strstr(p, " -")) != NULL; p++) {
        for (int t = 0; types[t]; t++) {
            size_t n = strlen(types[t]);
            if (strncmp(p + 2, types[t], n) == 0 && (p[2 + n] == ' ' || p[2 + n] == '\0')) {
                if (e->nopts >= XE_MAX_OPTIONS)
                    return;
                XOption *o = &e->opts[e->nopts];
                size_t len = (size_t)(p - def);
                if (len >= sizeof o->name)
                    len = sizeof o->name - 1;
                memcpy(o->name, def, len);
                o->name[len] = '\0';
                str_copy(o->type, sizeof o->type, types[t]);
                for (int i = 0; i < e->nopts; i++)
                    if (strcmp(e->opts[i].name, o->name) == 0) {
                        e->opts[i] = *o; /* redefinition */
                        return;
                    }
                e->nopts++;
                return;
            }
        }
    }
}

int xe_parse_features(XEngine *e, const char *line)
{
    const char *p = line + strlen("feature");
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        char name[64], value[1024];
        size_t n = 0;
        while (*p && *p != '=' && *p != ' ' && *p != '\t') {
            if (n < sizeof name - 1)
                name[n++] = *p;
            p++;
        }
        name[n] = '\0';
        if (*p != '=') /* malformed: skip the token */
            continue;
        p++;
        n = 0;
        if (*p == '"') {
            p++;
            while (*p && *p != '"') {
                if (n < sizeof value - 1)
                    value[n++] = *p;
                p++;
            }
            if (*p == '"')
                p++;
        } else {
            while (*p && *p != ' ' && *p != '\t') {
                if (n < sizeof value - 1)
                    value[n++] = *p;
                p++;
            }
        }
        value[n] = '\0';
        bool on = strcmp(value, "1") == 0;
        bool accept = true;
        if (strcmp(name, "ping") == 0)
            e->f_ping = on;
        else if (strcmp(name, "setboard") == 0)
            e->f_setboard = on;
        else if (strcmp(name, "usermove") == 0)
            e->f_usermove = on;
        else if (strcmp(name, "time") == 0)
            e->f_time = on;
        else if (strcmp(name, "draw") == 0)
            e->f_draw = on;
        else if (strcmp(name, "sigint") == 0)
            e->f_sigint = on;
        else if (strcmp(name, "sigterm") == 0)
            e->f_sigterm = on;
        else if (strcmp(name, "reuse") == 0)
            e->f_reuse = on;
        else if (strcmp(name, "name") == 0)
            e->f_name = on;
        else if (strcmp(name, "nps") == 0)
            e->f_nps = on;
        else if (strcmp(name, "memory") == 0)
            e->f_memory = on;
        else if (strcmp(name, "smp") == 0)
            e->f_smp = on;
        else if (strcmp(name, "san") == 0) {
            e->f_san = false;
            accept = !on; /* we only speak coordinates */
        } else if (strcmp(name, "myname") == 0)
            str_copy(e->myname, sizeof e->myname, value);
        else if (strcmp(name, "variants") == 0) {
            e->f_variants = true;
            e->f_tenjiku = false;
            char v[1024];
            str_copy(v, sizeof v, value);
            for (char *save, *tok = strtok_r(v, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
                while (*tok == ' ')
                    tok++;
                if (strcmp(tok, "tenjiku") == 0)
                    e->f_tenjiku = true;
            }
        } else if (strcmp(name, "option") == 0)
            add_option(e, value);
        else if (strcmp(name, "done") == 0)
            e->f_done = on;
        else if (strcmp(name, "colors") == 0 || strcmp(name, "playother") == 0 ||
                 strcmp(name, "analyze") == 0 || strcmp(name, "debug") == 0 ||
                 strcmp(name, "highlight") == 0 || strcmp(name, "exclude") == 0 ||
                 strcmp(name, "pause") == 0 || strcmp(name, "ics") == 0 ||
                 strcmp(name, "egt") == 0 || strcmp(name, "smp") == 0)
            ; /* harmless: we never use them */
        else
            accept = false; /* setscore, unknown features */
        if (xe_send(e, "%s %s", accept ? "accepted" : "rejected", name) != 0)
            return -1;
    }
    return 0;
}

static int fail(XEngine *e)
{
    xe_kill(e);
    return -1;
}

static int spawn(XEngine *e)
{
    const XEngineConfig *c = &e->cfg;
    char **argv = xcalloc((size_t)c->nargs + 2, sizeof *argv);
    int argc = 0;
    argv[argc++] = (char *)c->cmd;
    for (int i = 0; i < c->nargs; i++)
        argv[argc++] = c->args[i];
    argv[argc] = NULL;
    char err[300];
    int rc = proc_spawn(&e->proc, argv, c->dir, c->stderr_file, err, sizeof err);
    e->proc.interrupt = c->interrupt;
    free(argv);
    if (rc != 0) {
        str_copy(e->error, sizeof e->error, err);
        return -1;
    }
    log_line(e, "*", "started");
    return 0;
}

/* What a line means to a wait (read_until): 1 the wait is over, 0 read on, -1 failure (the
   reason in e->error). */
typedef int (*LineFn)(XEngine *e, const char *line, void *ctx);

/* Reads the engine's lines until `fn` ends the wait, the engine dies or *deadline passes
   (which `fn` may move).  Returns 0 when fn ended it, 1 at the deadline, -1 on failure (the
   engine died, fn failed, or the interrupt ended the wait: "interrupted"). */
static int read_until(XEngine *e, const int64_t *deadline, LineFn fn, void *ctx)
{
    char line[XE_LINE_MAX];
    for (;;) {
        int r = xe_read(e, line, sizeof line, *deadline);
        if (r < 0)
            return -1;
        if (r == 0) {
            if (!interrupted(e))
                return 1;
            str_copy(e->error, sizeof e->error, "interrupted");
            return -1;
        }
        int rc = fn(e, line, ctx);
        if (rc != 0)
            return rc > 0 ? 0 : -1;
    }
}

/* The feature wait: when it started, and its deadline. */
typedef struct FeatureWait {
    int64_t start, deadline;
} FeatureWait;

static int feature_line(XEngine *e, const char *line, void *ctx)
{
    FeatureWait *w = ctx;
    if (strncmp(line, "feature", 7) != 0 || (line[7] != ' ' && line[7] != '\t'))
        return 0;
    bool had_done0 = strstr(line, "done=0") != NULL;
    if (xe_parse_features(e, line) != 0)
        return -1;
    if (e->f_done)
        return 1;
    if (had_done0)
        w->deadline = w->start + XE_FEATURE_TIMEOUT_DONE0_MS;
    return 0;
}

/* Features until done=1, or the sync timeout (10 s; one hour after done=0), as XBoard 4.9.1
   waits. */
static int read_features(XEngine *e)
{
    FeatureWait w = {.start = mono_ms()};
    w.deadline = w.start + sync_timeout(e);
    int r = read_until(e, &w.deadline, feature_line, &w);
    if (r < 0)
        return -1;
    if (r == 1 && !e->f_done && w.deadline - w.start >= XE_FEATURE_TIMEOUT_DONE0_MS) {
        str_copy(e->error, sizeof e->error, "no feature done=1 within an hour of done=0");
        return -1;
    }
    return 0; /* done=1, or the 10 s wait of an engine that never says done */
}

/* "engine has no option 'X' (it has: 'A', 'B')" */
static void missing_option(XEngine *e, const char *name)
{
    int n = snprintf(e->error, sizeof e->error, "engine has no option '%s' (it has:", name);
    for (int k = 0; k < e->nopts && n > 0 && (size_t)n < sizeof e->error; k++)
        n += snprintf(e->error + n, sizeof e->error - (size_t)n, "%s '%s'", k ? "," : "",
                      e->opts[k].name);
    if (n > 0 && (size_t)n < sizeof e->error)
        snprintf(e->error + n, sizeof e->error - (size_t)n, "%s)", e->nopts ? "" : " none");
}

/* Can this engine do what the configuration asks?  0, or -1 with the reason in e->error. */
static int check_capabilities(XEngine *e)
{
    const XEngineConfig *c = &e->cfg;
    if (!e->f_variants || !e->f_tenjiku) {
        snprintf(e->error, sizeof e->error,
                 "engine does not list tenjiku in feature variants (cannot play tenjiku)");
        return -1;
    }
    if (c->nps > 0 && !e->f_nps) {
        snprintf(e->error, sizeof e->error, "nps=%ld given but the engine said feature nps=0",
                 c->nps);
        return -1;
    }
    for (int i = 0; i < c->noptions; i++)
        if (!xe_find_option(e, c->options[i].name)) {
            missing_option(e, c->options[i].name);
            return -1;
        }
    if (c->rank_offset && !xe_find_option(e, "Rank offset")) {
        snprintf(e->error, sizeof e->error,
                 "rankoffset=1 given but the engine has no option 'Rank offset'");
        return -1;
    }
    for (int i = 0; i < c->nrules; i++)
        if (!xe_find_option(e, c->rules[i].name)) {
            snprintf(e->error, sizeof e->error,
                     "rule %s=%s given but the engine has no option '%s' to be told the rule",
                     c->rules[i].name, c->rules[i].value, c->rules[i].name);
            return -1;
        }
    return 0;
}

static int pong_line(XEngine *e, const char *line, void *ctx)
{
    (void)e;
    int got;
    return sscanf(line, "pong %d", &got) == 1 && got == *(const int *)ctx;
}

/* As pong_line, but a tellusererror before the pong fails the wait (its text in e->error). */
static int pong_or_refusal(XEngine *e, const char *line, void *ctx)
{
    if (strncmp(line, "tellusererror", 13) == 0) {
        snprintf(e->error, sizeof e->error, "engine refused a parameter: %s", line);
        return -1;
    }
    return pong_line(e, line, ctx);
}

/* The unannounced options (XEngineConfig.params), then a ping whose pong must come before any
   refusal; without feature ping the refusal cannot be seen and is not waited for. */
static int send_params(XEngine *e)
{
    const XEngineConfig *c = &e->cfg;
    for (int i = 0; i < c->nparams; i++)
        if (xe_send(e, "option %s=%s", c->params[i].name, c->params[i].value))
            return -1;
    if (!c->nparams || !e->f_ping)
        return 0;
    int id = ++e->ping_id;
    if (xe_send(e, "ping %d", id))
        return -1;
    int64_t deadline = mono_ms() + sync_timeout(e);
    int r = read_until(e, &deadline, pong_or_refusal, &id);
    if (r == 1)
        snprintf(e->error, sizeof e->error, "no pong within %d ms (engine hangs)", sync_timeout(e));
    return r == 0 ? 0 : -1;
}

int xe_start(XEngine *e)
{
    const XEngineConfig *c = &e->cfg;
    set_defaults(e);
    e->running = false;
    e->games_in_process = 0;
    if (spawn(e) != 0)
        return -1;
    if (xe_send(e, "xboard") || xe_send(e, "protover 2") || read_features(e) != 0)
        return fail(e);
    if (e->myname[0] && !c->name)
        str_copy(e->name, sizeof e->name, e->myname);
    if (check_capabilities(e) != 0)
        return fail(e);

    /* options: the rules first, then rank offset, then the others */
    for (int i = 0; i < c->nrules; i++)
        if (xe_send(e, "option %s=%s", xe_find_option(e, c->rules[i].name)->name,
                    c->rules[i].value))
            return fail(e);
    if (c->rank_offset && xe_send(e, "option %s=1", xe_find_option(e, "Rank offset")->name))
        return fail(e);
    for (int i = 0; i < c->noptions; i++)
        if (xe_send(e, "option %s=%s", xe_find_option(e, c->options[i].name)->name,
                    c->options[i].value))
            return fail(e);
    if (send_params(e) != 0 || xe_sync(e) != 0)
        return fail(e);
    e->running = true;
    return 0;
}

/* The pong of ping *(int *)ctx ends the wait. */
int xe_sync(XEngine *e)
{
    if (!e->f_ping)
        return 0;
    int id = ++e->ping_id;
    if (xe_send(e, "ping %d", id))
        return -1;
    int timeout_ms = sync_timeout(e);
    int64_t deadline = mono_ms() + timeout_ms;
    int r = read_until(e, &deadline, pong_line, &id);
    if (r == 1)
        snprintf(e->error, sizeof e->error, "no pong within %d ms (engine hangs)", timeout_ms);
    return r == 0 ? 0 : -1;
}

void xe_quit(XEngine *e)
{
    if (e->proc.pid && !e->proc.eof) {
        log_line(e, "<", "quit");
        proc_write_line(&e->proc, "quit", 0);
    }
    proc_stop(&e->proc, interrupted(e) ? XE_QUIT_GRACE_MS / 4 : XE_QUIT_GRACE_MS, e->f_sigterm);
    if (e->proc.pid)
        log_line(e, "*", "stopped");
    e->proc.pid = 0;
    e->running = false;
}

void xe_kill(XEngine *e)
{
    proc_stop(&e->proc, 0, false);
    if (e->proc.pid)
        log_line(e, "*", "killed");
    e->proc.pid = 0;
    e->running = false;
}

bool xe_parse_thinking(const char *line, XeThinking *t)
{
    const char *p = line;
    while (*p == ' ' || *p == '\t')
        p++;
    if (!isdigit((unsigned char)*p))
        return false;
    long long v[4];
    for (int i = 0; i < 4; i++) {
        char *end;
        errno = 0;
        v[i] = strtoll(p, &end, 10);
        if (end == p || errno)
            return false;
        p = end;
        if (i < 3 && *p != ' ' && *p != '\t')
            return false;
        while (i < 3 && (*p == ' ' || *p == '\t'))
            p++;
    }
    if (*p && *p != ' ' && *p != '\t')
        return false;
    if (v[0] < 0 || v[0] > 10000 || v[1] < -10000000 || v[1] > 10000000 || v[2] < 0 || v[3] < 0)
        return false;
    t->depth = (int)v[0];
    t->score = (int)v[1];
    t->time_cs = v[2] > XE_TIME_CS_MAX ? XE_TIME_CS_MAX : v[2];
    t->nodes = v[3] > XE_NODES_MAX ? XE_NODES_MAX : v[3];
    /* optional further integers end with a tab; without a tab the PV follows the 4th number */
    const char *tab = strchr(p, '\t');
    if (tab) {
        bool numbers_only = true;
        for (const char *q = p; q < tab; q++)
            if (!isdigit((unsigned char)*q) && *q != ' ' && *q != '-')
                numbers_only = false;
        if (numbers_only)
            p = tab;
    }
    while (*p == ' ' || *p == '\t')
        p++;
    t->pv = p;
    return true;
}
