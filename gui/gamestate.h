/* The game kaki-board shows, as data: its rules and start position, the moves (a line that
 * can be stepped through) with the engines' scores, the players, the clock, the result, and
 * the last thinking line of an engine.  The session (session.h) owns it; the session and the
 * page's actions (actions.h) change it, the page's view (view.h) only reads it.  Nothing here
 * locks: the session's lock guards it. */
#ifndef KAKI_GUI_GAMESTATE_H
#define KAKI_GUI_GAMESTATE_H

#include <stdbool.h>
#include <stdint.h>

#include "board/game.h"
#include "board/pgn.h"
#include "board/position.h"
#include "board/rules.h"
#include "board/tfen.h"
#include "movelist.h"
#include "pgnload.h"

enum PlayerKind { PLAYER_HUMAN, PLAYER_ENGINE };
enum ClockKind { CLOCK_NONE, CLOCK_SUDDEN, CLOCK_INCREMENT, CLOCK_PER_MOVE, CLOCK_DEPTH };
/* The names the page uses: "none", "sudden", ...; "human", "engine". */
/* The engines' playing levels (the engine option Level, docs/PROTOCOL.md §1.3): 10 is full
   strength; gui/README.md has what each level is worth. */
enum { BOARD_LEVEL_MIN = 1, BOARD_LEVEL_FULL = 10 };
/* The evaluations of a Kaki engine (its option Evaluation, docs/PROTOCOL.md §1.3), by name in
   board_eval_name; the first, "nnue", is its default, all an engine without the option plays. */
enum { BOARD_EVAL_DEFAULT = 0, BOARD_EVAL_COUNT = 3 };

extern const char *const clock_kind_name[];
extern const char *const player_kind_name[];
extern const char *const board_eval_name[BOARD_EVAL_COUNT];
/* The index of an evaluation's name in board_eval_name, or -1 (NULL too). */
int board_eval_by_name(const char *name);

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

#define THINK_LINES_MAX 5  /* lines of one thinking report kept (MultiPV) */
#define THINK_PV_MAX 64     /* moves of a line kept */

/* One line of an engine's thinking: its score and principal variation. */
typedef struct ThinkLine {
    int depth;
    int score;           /* centipawns from sente's view (+ = good for sente; mate: 100000+N) */
    int npv;             /* the PV's moves, as far as they are legal */
    Move pv[THINK_PV_MAX];
    char hodges[1024];   /* the same moves in Hodges notation, one blank between two */
    char wire[1024];     /* ... and in wire notation (canonical) */
    MoveEffects best;    /* the first PV move (for the arrow); best.from < 0 if none */
} ThinkLine;

/* The last thinking report of an engine, about position `at` (which the page may have left:
   the view shows a line from the position shown, when the moves played since are its
   first moves). */
typedef struct Thinking {
    bool valid;
    int slot;
    int at;              /* the position (ply index) it is about */
    long long nodes, time_cs;
    int nlines;          /* lines in line[], best first */
    /* the engine's lines come one by one: a block is one iteration's (docs/PROTOCOL.md §1.6,
       MultiPV: the same depth, at most the lines asked for) */
    unsigned job;
    int block_depth, block_lines, block_max;
    ThinkLine line[THINK_LINES_MAX];
} Thinking;

typedef struct GameState {
    unsigned version;              /* changes with every published state */
    Rules rules;
    RuleSet *rs;
    unsigned game_no;              /* counts the games: a new one when the page must reset */
    char start_tfen[TFEN_MAX];     /* the game's start position (canonical TFEN) */
    bool from_start;               /* ... is the standard start position */
    int start_side;                /* the side to move there */
    GamePly *plies;
    int nplies, cap;
    int cursor;                    /* the position shown: after `cursor` plies */
    GameRecord record;             /* the game up to the cursor, with its whole history */
    Position *pos;                 /* record.pos: the position at the cursor */
    bool *has_eval;                /* per position 0..nplies: an engine score (sente's view) */
    int *eval;
    int evalcap;
    int player[2];                 /* PLAYER_* of sente and gote */
    int slot_of[2];                /* engine slot that plays each side */
    int level[2];                  /* the playing level of sente's and gote's engine, sent as
                                      "option Level=N" (BOARD_LEVEL_MIN..BOARD_LEVEL_FULL) */
    int evaluation[2];             /* the evaluation of sente's and gote's engine (an index of
                                      board_eval_name), sent as "option Evaluation=NAME" */
    ClockSpec clock;
    int64_t remaining[2];
    int64_t turn_start;            /* mono_ms() when the clock's side started thinking */
    bool clock_running;            /* from the game's start (its first move, or an engine asked
                                      for it) to its end, wherever the page's cursor is */
    int clock_side;                /* the side whose clock runs (or ran last) */
    bool over;
    char result[8];                /* "1-0" (sente won), "0-1", "1/2-1/2", "*" */
    char ending[320];
    bool paused;                   /* play stopped (a page went away, a step back, stop) */
    char pause_reason[200];
    bool analysing;
    int multipv;                   /* lines the analysis shows (1..THINK_LINES_MAX) */
    char notice[900];              /* the last message for the page ("" = none) */
    int pgn_ngames, pgn_loaded;    /* the games of the last PGN file loaded, the one shown */
    char (*pgn_label)[PGNLOAD_LABEL_MAX]; /* ... their labels (GET /api/pgngames) */
    Thinking think;
} GameState;

/* Rebuilds g->pos for the cursor (from the start position, making every move); the cursor
   is clamped to 0..nplies. */
void gamestate_seek(GameState *g, int cursor);
/* Makes room for two more plies and their scores. */
void gamestate_grow(GameState *g);
/* The plies, the scores, the record and the rule set (not g itself). */
void gamestate_free(GameState *g);

/* The position after `ply` plies of the game, without history (malloc'ed). */
Position *gamestate_position_at(const GameState *g, int ply);
/* The side to move at the end of the game (the side whose turn it is, whatever is shown). */
int gamestate_side_to_play(const GameState *g);

/* Stops or starts the clock of the side to play to match the game: it runs while the game
   goes on (not over, not paused) once it has started (a first move was made, or an engine
   is to make it), also while the page shows an earlier position. */
void gamestate_update_clock(GameState *g);
/* Stops the clock, charging the time used to the side whose clock ran. */
void gamestate_stop_clock(GameState *g);
/* The clock after a move by `mover` that took `elapsed`; false if the mover lost on time. */
bool gamestate_charge_clock(GameState *g, int mover, int64_t elapsed);
/* Has the running clock fallen (at mono_ms() `now`)? */
bool gamestate_out_of_time(const GameState *g, int64_t now);

/* Is the game going on, waiting for a move at its end (wherever the cursor is)? */
bool gamestate_playing(const GameState *g);
/* Whose turn is it in the position shown, and is that a person? */
bool gamestate_human_to_move(const GameState *g);
/* Is an engine playing the running game (so analysis is not possible)? */
bool gamestate_engine_game(const GameState *g);

#endif
