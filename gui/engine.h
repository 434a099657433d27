/* One CECP engine of kaki-board, driven by a thread of its own through the CECP client
 * (cecpclient/).  The game (session.c) hands it jobs: "think in this position and move",
 * "analyse this position", "stop"; the thread brings the engine's game up to date (only the
 * new moves when the engine already has the earlier ones), fences off the output of earlier
 * searches with ping/pong, and reports moves, thinking lines, crashes and hangs through
 * callbacks.  A dead engine stays dead (the game is kept) until engine_restart. */
#ifndef KAKI_GUI_ENGINE_H
#define KAKI_GUI_ENGINE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "board/notation.h"
#include "board/rules.h"
#include "board/tfen.h"
#include "cecpclient/xengine.h"

enum EngineState { ENGINE_IDLE, ENGINE_STARTING, ENGINE_THINKING, ENGINE_ANALYSING, ENGINE_DEAD };
enum JobKind { JOB_STOP, JOB_THINK, JOB_ANALYSE };

/* What the engine is to do.  The line is the game up to the position (wire moves, 1-based
   ranks); limits are the commands that set the search limits ("level 0 5 2", "st 3",
   "sd 4"), clock the "time"/"otim" lines sent just before "go". */
typedef struct EngineJob {
    int kind;
    unsigned id;                   /* chosen by the caller, reported back with the results */
    char start_fen[TFEN_MAX + 16]; /* XBoard FEN of the start position, "" = standard start */
    int nmoves, cap;
    char (*moves)[MOVE_STR_MAX];   /* owned by the job */
    char rules[512];               /* "name=value name=value ..." (every option) */
    char limits[96];
    char clock[64];
    int64_t deadline_ms;           /* THINK: no move by then (mono_ms) = the engine hangs */
    int multipv;                   /* ANALYSE: lines wanted (option MultiPV, if the engine has
                                      it); a THINK job asks for one line */
} EngineJob;

typedef struct EngineCallbacks {
    /* The engine moved (THINK job `job`).  Returns true with the canonical wire move in
       `canonical` if the move was legal and was played. */
    bool (*on_move)(void *ctx, int slot, unsigned job, const char *move, char *canonical);
    /* The engine has taken in everything before "go" of THINK job `job` (its pong came back):
       it thinks from now on, so its clock starts now.  Without feature ping it is not called. */
    void (*on_ready)(void *ctx, int slot, unsigned job);
    void (*on_thinking)(void *ctx, int slot, unsigned job, const XeThinking *t);
    void (*on_resign)(void *ctx, int slot, unsigned job);
    void (*on_state)(void *ctx, int slot); /* state, name or error changed */
} EngineCallbacks;

typedef struct BoardEngine {
    int slot;
    XEngineConfig cfg;
    XEngine xe;
    EngineCallbacks cb;
    void *ctx;
    pthread_t thread;
    bool thread_started;
    atomic_int interrupt;          /* set at shutdown: every wait for the engine ends at once */
    pthread_mutex_t mu;            /* guards the fields below */
    pthread_cond_t cv;
    bool quit, restart, has_job;
    EngineJob job;                 /* the next job, when has_job */
    int state;
    unsigned job_id;               /* job being run */
    char name[128];
    char error[400];
    /* owned by the thread */
    EngineJob synced;              /* what the engine's game is (moves, rules, limits) */
    bool synced_valid;
    bool analysing, thinking;      /* in "analyze" mode; a "go" is waiting for its move */
    int multipv_sent;              /* the last option MultiPV sent (0: none) */
    int awaiting_pong;
    int64_t ping_sent_ms;
    int64_t deadline_ms;
} BoardEngine;

/* Prepares the engine (the process starts with engine_launch). */
void engine_init(BoardEngine *e, int slot, const XEngineConfig *cfg, const EngineCallbacks *cb,
                 void *ctx);
/* Starts the engine's thread (which starts the process).  0 or -1. */
int engine_launch(BoardEngine *e);
/* Replaces any job not yet started by this one (takes over job->moves). */
void engine_submit(BoardEngine *e, EngineJob *job);
/* Kills a dead or hanging engine's process and starts a new one; the next job resyncs. */
void engine_restart(BoardEngine *e);
/* Tells the thread to stop and ends its waits for the engine at once (returns at once):
   engine_shutdown then takes a fraction of a second whatever the engine does. */
void engine_interrupt(BoardEngine *e);
/* engine_interrupt, then waits for the thread, which sends "quit" and reaps the process. */
void engine_shutdown(BoardEngine *e);
/* The engine's name as it is now (under the engine's lock: its thread may change it). */
void engine_name(BoardEngine *e, char *name, size_t namesz);
/* A snapshot of state, name and error. */
int engine_snapshot(BoardEngine *e, char *name, size_t namesz, char *error, size_t errsz,
                    unsigned *job);

void engine_job_init(EngineJob *job, int kind, unsigned id);
void engine_job_free(EngineJob *job);
void engine_job_add_move(EngineJob *job, const char *wire);

#endif
