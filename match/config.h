/* kaki-match: the match configuration built from the command line. */
#ifndef KAKI_MATCH_CONFIG_H
#define KAKI_MATCH_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

#include "board/rules.h"

#define MAX_ENGINES 16
#define MAX_ENGINE_ARGS 32
#define MAX_ENGINE_OPTIONS 32

typedef struct EngineOptionSetting {
    char *name;
    char *value;
} EngineOptionSetting;

/* One --engine group. */
typedef struct EngineSpec {
    char *cmd;
    char *name;                 /* NULL: from the engine's myname feature, else the command */
    char *dir;                  /* working directory, NULL = ours */
    char *args[MAX_ENGINE_ARGS];
    int nargs;
    EngineOptionSetting options[MAX_ENGINE_OPTIONS];
    int noptions;
    EngineOptionSetting params[MAX_ENGINE_OPTIONS]; /* param.NAME=VALUE: unannounced options */
    int nparams;
    int depth;                  /* > 0: "sd N" */
    long nps;                   /* > 0: "nps N" */
    int rank_offset;            /* 0/1: rank numbering on this engine's wire (docs/PROTOCOL.md §3.1) */
    int memory_mb;              /* > 0: "memory N" (feature memory=1) */
    int cores;                  /* > 0: "cores N" (feature smp=1) */
    int sync_timeout_ms;        /* > 0: this engine's --sync-timeout (synctimeout=) */
} EngineSpec;

/* TC_LIMITS: no clock; every engine searches to its own depth= and nps= limits (nps=N with
   "st 1": N nodes a move, XBoard's node clock), and a move that takes longer than st_ms is a
   hang.  Only the fastchess-compatible command line (fastchess.c) gives it. */
enum TcType { TC_NONE, TC_INCREMENTAL, TC_CLASSICAL, TC_FIXED, TC_LIMITS };

typedef struct TimeControl {
    int type;
    int moves;         /* TC_CLASSICAL: moves per period */
    int64_t base_ms;   /* period / game time */
    int64_t inc_ms;    /* increment per move */
    int64_t st_ms;     /* TC_FIXED: time per move; TC_LIMITS: the hang limit */
    char text[48];     /* as given, for the PGN TimeControl tag */
} TimeControl;

typedef struct Sprt {
    bool enabled;
    double elo0, elo1, alpha, beta;
    bool trinomial;    /* false: pentanomial (games paired by opening) */
    bool no_stop;      /* --no-sprt-stop: report only, play every game */
} Sprt;

typedef struct MatchConfig {
    EngineSpec engines[MAX_ENGINES];
    int nengines;
    int games;                 /* per pairing of engines */
    TimeControl tc;
    int concurrency;
    char *openings_file;
    uint64_t openings_checksum;/* of its positions (openings_checksum), set when it is read */
    int openings_count;        /* ... and their number */
    bool openings_shuffle;     /* play the file's positions in an order shuffled by the seed */
    int openings_offset;       /* ... starting this many positions in */
    int random_plies;          /* --random-openings K */
    double balance;            /* random openings: max material difference, pawns */
    char *pgn_file;
    char *results_file;
    bool resume;               /* --resume: go on with the match in results_file (resume.h) */
    char *log_file;
    char *engine_stderr;       /* NULL: inherit */
    char *event;
    Sprt sprt;
    int shard_k, shard_n;      /* 1-based shard K of N; 1/1 = everything */
    uint64_t seed;
    bool seed_given;
    Rules rules;               /* the referee's rules (and what engines are told) */
    bool rules_changed[32];    /* options given with --rule */
    int64_t margin_ms;         /* time forfeit only when the clock is below -margin */
    int64_t grace_ms;          /* a hang: no move within the clock + grace */
    int sync_timeout_ms;       /* an engine's start-up, pong or input read (--sync-timeout) */
    int max_moves;             /* draw after this many moves (each side), 0 = never */
    int resign_moves, resign_score;             /* 0 moves = off */
    int draw_moves, draw_score, draw_after;     /* 0 moves = off */
    bool draw_offers;          /* accept draws agreed by both engines */
    bool recover_quiet;        /* fewer progress lines */
    bool gauntlet;             /* engine 1 against each of the others, not round robin */
    bool fastchess;            /* fastchess-compatible command line and output (fastchess.c) */
} MatchConfig;

#endif
