/* kaki-match: one CECP v2 engine process as the runner sees it: start-up handshake with
 * feature negotiation, commands, lines from the engine, ping synchronisation, shutdown.
 * (Named XEngine: an engine as seen from outside, not the search.) */
#ifndef KAKI_MATCH_XENGINE_H
#define KAKI_MATCH_XENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "proc.h"

#define XE_MAX_OPTIONS 128
#define XE_LINE_MAX 8192

typedef struct XOption {
    char name[96];
    char type[16];   /* "spin", "check", "combo", ... */
} XOption;

typedef struct XEngine {
    const EngineSpec *spec;
    const MatchConfig *cfg;
    int index;            /* in cfg->engines */
    char label[160];      /* for the log: "w1:Kaki" */
    char name[128];       /* display name */
    Proc proc;
    bool running;         /* a process is up and past the handshake */
    int failures;         /* restarts so far */
    int games_in_process; /* games since the process started */
    /* features (CECP defaults until the engine says otherwise) */
    bool f_ping, f_setboard, f_usermove, f_time, f_draw, f_sigint, f_sigterm, f_reuse, f_name;
    bool f_nps, f_memory, f_smp, f_san, f_variants, f_tenjiku, f_done;
    char myname[128];
    XOption opts[XE_MAX_OPTIONS];
    int nopts;
    int ping_id;
    bool in_force;        /* state of the engine as the runner drives it */
    char error[320];      /* why the last operation failed */
} XEngine;

/* Feature wait of XBoard 4.9.1: 10 s without done=, one hour after done=0. */
#define XE_FEATURE_TIMEOUT_MS 10000
#define XE_FEATURE_TIMEOUT_DONE0_MS 3600000
/* How long a pong, or a write into the engine's input, may take. */
#define XE_SYNC_TIMEOUT_MS 10000
/* How long an engine may take to exit after "quit". */
#define XE_QUIT_GRACE_MS 1000

void xe_init(XEngine *e, const MatchConfig *cfg, int index, const char *worker);
/* Starts the process and negotiates features; sends the options.  Returns 0, or -1 with the
   reason in e->error (the process is then stopped). */
int xe_start(XEngine *e);
/* Sends one command line.  Returns 0, or -1 (engine gone or not reading) with e->error. */
int xe_send(XEngine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Next line from the engine before deadline: 1 line, 0 timeout, -1 the engine died (reason in
   e->error).  Garbage is returned as a line; overlong lines are truncated. */
int xe_read(XEngine *e, char *line, size_t linesz, int64_t deadline);
/* ping/pong (if the engine has ping=1; otherwise returns 0 at once).  Lines in between are
   ignored.  Returns 0 or -1 (dead or no pong within timeout_ms). */
int xe_sync(XEngine *e, int timeout_ms);
/* "quit", then the usual grace, SIGTERM and SIGKILL; reaps the process. */
void xe_quit(XEngine *e);
/* Immediate SIGKILL of the engine's process group (a hung or misbehaving engine). */
void xe_kill(XEngine *e);
/* The engine's own name for an option (matched exactly, then ignoring case and treating
   blanks, '_' and '-' alike), or NULL. */
const XOption *xe_find_option(const XEngine *e, const char *name);

/* Parses a "feature ..." line into e, answering accepted/rejected.  Returns -1 if a reply
   could not be sent.  Exposed for tests. */
int xe_parse_features(XEngine *e, const char *line);

#endif
