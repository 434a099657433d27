/* The session's inside, shared by session.c (game flow, clocks, engines), actions.c (what
 * the page asks for) and state.c (what the page is shown).  Everything here is used with
 * s->mu held. */
#ifndef KAKI_GUI_SESSION_INTERNAL_H
#define KAKI_GUI_SESSION_INTERNAL_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#include "board/game.h"
#include "board/pgn.h"
#include "board/position.h"
#include "board/tfen.h"
#include "engine.h"
#include "movelist.h"
#include "session.h"

enum PlayerKind { PLAYER_HUMAN, PLAYER_ENGINE };
enum ClockKind { CLOCK_NONE, CLOCK_SUDDEN, CLOCK_INCREMENT, CLOCK_PER_MOVE, CLOCK_DEPTH };
extern const char *const clock_kind_name[];
extern const char *const player_kind_name[];

typedef struct ClockSpec {
    int kind;
    int64_t base_ms, inc_ms; /* SUDDEN, INCREMENT */
    int64_t move_ms;         /* PER_MOVE: the engines' time per move */
    int depth;               /* DEPTH: the engines' depth */
} ClockSpec;

typedef struct GamePly {
    PgnPly rec;          /* move, Hodges, wire, note */
    MoveEffects fx;      /* what it captured and burned (for the page's marks) */
    int mover;
    int64_t ms;          /* thinking time */
} GamePly;

typedef struct Thinking {
    bool valid;
    int slot;
    int at;              /* the position (ply index) it is about */
    int depth;
    int score;           /* centipawns, the side to move's view (mate: 100000+N) */
    long long nodes, time_cs;
    char pv[1024];       /* Hodges, as far as the moves could be read */
    char pv_wire[1024];
    MoveEffects best;    /* the first PV move (for the arrow); best.from < 0 if none */
} Thinking;

struct Session {
    pthread_mutex_t mu;
    EventHub *hub;
    BoardConfig cfg;
    unsigned version;              /* changes with every published state */
    Rules rules;
    RuleSet *rs;
    char start_tfen[TFEN_MAX];     /* the game's start position (canonical TFEN) */
    bool from_start;               /* ... is the standard start position */
    GamePly *plies;
    int nplies, cap;
    int cursor;                    /* the position shown: after `cursor` plies */
    GameRecord game;               /* the game up to the cursor, with its whole history */
    Position *pos;                 /* game.pos: the position at the cursor */
    bool *has_eval;                /* per position 0..nplies: an engine score (sente's view) */
    int *eval;
    int evalcap;
    int player[2];                 /* PLAYER_* of sente and gote */
    int slot_of[2];                /* engine slot that plays each side */
    ClockSpec clock;
    int64_t remaining[2];
    int64_t turn_start;            /* mono_ms() when the side to move started thinking */
    bool clock_running;
    bool over;
    char result[8];                /* "1-0" (sente won), "0-1", "1/2-1/2", "*" */
    char ending[320];
    bool paused;                   /* play stopped (a page went away, a step back, stop) */
    char pause_reason[200];
    bool analysing;
    char owner[EVENTS_CLIENT_ID_MAX + 1]; /* the page whose actions started the searches */
    char notice[700];              /* the last message for the page ("" = none) */
    unsigned job_seq;
    unsigned job[2];               /* current job of each engine slot (0 none) */
    int job_kind[2];
    int job_at[2];                 /* the position (ply index) of the job */
    int job_line[2];               /* nplies when the job was given (a THINK job's game) */
    Thinking think;
    BoardEngine engine[2];
    FILE *log;                     /* the engines' protocol log, or NULL */
};

/* session.c */
void session_publish(Session *s);
/* Rebuilds s->pos for the cursor (from the start position, making every move). */
void session_seek(Session *s, int cursor);
/* Plays legal move m at the end of the game (the cursor must be there). */
void session_play(Session *s, Move m, int64_t ms, const char *note);
/* Starts or stops engine searches to match the game (whose turn, analysis, pause). */
void session_kick(Session *s);
/* Stops every engine search (the engines stay up). */
void session_stop_engines(Session *s);
void session_end(Session *s, const char *result, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The game from the start with these rules, players and clock (start_tfen NULL: standard). */
void session_reset(Session *s, const Rules *rules, const char *start_tfen, const int player[2],
                   const ClockSpec *clock);
/* Whose turn is it at the end of the game, and is that a person? */
bool session_human_to_move(const Session *s);
/* Is an engine playing the running game (so analysis is not possible)? */
bool session_engine_game(const Session *s);

/* state.c */
char *state_json(Session *s);
void thinking_json(const Session *s, JsonBuf *b);

#endif
