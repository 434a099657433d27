/* One CECP v2 engine process as a GUI or a match runner sees it: start-up handshake with
 * feature negotiation, commands, lines from the engine, ping synchronisation, shutdown.
 * Shared by kaki-match and kaki-board; knows nothing of either.  (Named XEngine: the search
 * already has a Searcher, and "engine" is what the user calls the program.) */
#ifndef KAKI_CECPCLIENT_XENGINE_H
#define KAKI_CECPCLIENT_XENGINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "proc.h"

#define XE_MAX_OPTIONS 128
#define XE_LINE_MAX 8192

typedef struct XOption {
    char name[96];
    char type[16];   /* "spin", "check", "combo", ... */
} XOption;

/* One NAME=VALUE engine option. */
typedef struct XeSetting {
    const char *name;
    const char *value;
} XeSetting;

/* Protocol log: every line to (dir "<") and from (">") the engine, and events ("*", "!"). */
typedef void (*XeLogFn)(void *ctx, const char *who, const char *dir, const char *text);

/* What starting an engine needs.  The strings and arrays must outlive the XEngine. */
typedef struct XEngineConfig {
    const char *cmd;            /* program; looked up in PATH when it has no '/' */
    char *const *args;          /* its arguments */
    int nargs;
    const char *dir;            /* working directory, NULL = ours */
    const char *name;           /* display name; NULL = the myname feature, else cmd's base name */
    const XeSetting *rules;     /* rules options (docs/RULES.md §9): the engine must have
                                   them and is told them first */
    int nrules;
    int rank_offset;            /* 1: 0-based ranks on the wire; the engine's "Rank offset"
                                   option is set (docs/PROTOCOL.md §3.1) */
    const XeSetting *options;   /* other options, sent last; each must exist */
    int noptions;
    const XeSetting *params;    /* sent as options after them without that check (options an
                                   engine accepts but does not announce, e.g. Kaki's search
                                   parameters); a tellusererror in reply fails the start */
    int nparams;
    long nps;                   /* > 0: the engine must not have said feature nps=0 */
    const char *stderr_file;    /* the engine's stderr is appended there; NULL = inherit ours */
    XeLogFn log;                /* NULL: no log */
    void *log_ctx;
    const atomic_int *interrupt;/* non-zero: waits for the engine end early (NULL = never) */
    int sync_timeout_ms;        /* features without done=, a pong, a line of input; 0 = the
                                   default XE_SYNC_TIMEOUT_MS */
} XEngineConfig;

typedef struct XEngine {
    XEngineConfig cfg;
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

/* How long the features without done= or a pong may take unless the configuration says
   otherwise (XBoard 4.9.1 waits 10 s for features).  Every wait
   also ends on the interrupt, whatever the engine writes meanwhile. */
#define XE_SYNC_TIMEOUT_MS 10000
/* Feature wait after done=0 (XBoard 4.9.1: one hour). */
#define XE_FEATURE_TIMEOUT_DONE0_MS 3600000
/* How long an engine may take to exit after "quit" (after the interrupt: a quarter of that). */
#define XE_QUIT_GRACE_MS 1000
/* A write never waits for an engine that is busy (cecpclient/proc.h: input is queued); only
   when 64 KiB of input wait beyond the pipe does it wait, while the engine reads, and gives up
   when the engine has taken nothing for this long: an engine that floods its output and stops
   reading is dropped, not waited for. */
#define XE_WRITE_STALL_MS 1000

/* Prepares e (no process yet); `label_prefix` starts its log label ("w1" gives "w1:Kaki"). */
void xe_init(XEngine *e, const XEngineConfig *cfg, const char *label_prefix);
/* Starts the process and negotiates features; sends the options.  Returns 0, or -1 with the
   reason in e->error (the process is then stopped). */
int xe_start(XEngine *e);
/* Sends one command line.  Returns 0, or -1 (engine gone or not reading) with e->error. */
int xe_send(XEngine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Next line from the engine before deadline: 1 line, 0 timeout, -1 the engine died (reason in
   e->error).  Garbage is returned as a line; overlong lines are truncated. */
int xe_read(XEngine *e, char *line, size_t linesz, int64_t deadline);
/* ping/pong (if the engine has ping=1; otherwise returns 0 at once).  Lines in between are
   ignored.  Returns 0 or -1 (dead, interrupted, or no pong within the sync timeout). */
int xe_sync(XEngine *e);
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

/* A thinking line "DEPTH SCORE TIME NODES [more integers]<TAB or blank>PV" (docs/PROTOCOL.md
   §1.6): time in centiseconds, score in centipawns from the mover's view (mate: 100000+N). */
typedef struct XeThinking {
    int depth;
    int score;
    long long time_cs;
    long long nodes;
    const char *pv; /* points into the parsed line: the rest after the numbers (may be "") */
} XeThinking;

/* The bounds of a thinking line's numbers as they are read: a depth of 0-10000, a score within
   +-10,000,000; a negative time or node count is not thinking output; larger times and node
   counts are clamped to these (about 31 years, 10^15 nodes), so that a reader may multiply
   them by 100 without overflow, whatever an engine writes. */
#define XE_TIME_CS_MAX 100000000000LL
#define XE_NODES_MAX 1000000000000000LL

/* Parses a thinking line; false if the line is something else. */
bool xe_parse_thinking(const char *line, XeThinking *t);

#endif
