/* kaki-match: one refereed game between two CECP engines.
 *
 * The referee is Kaki's rules core: every move an engine sends is parsed with move_from_wire
 * against the referee's own position and history (so a move that repeats a position is
 * illegal), game ends are decided by the rules (royal loss first, then no legal move,
 * docs/RULES.md §5.13), and result claims are checked against them.  The clock is the runner's own. */
#ifndef KAKI_MATCH_GAME_H
#define KAKI_MATCH_GAME_H

#include <stdbool.h>
#include <stdint.h>
#include <stdatomic.h>
#include <time.h>

#include "board/move.h"
#include "board/notation.h"
#include "board/tfen.h"
#include "config.h"
#include "cecpclient/xengine.h"

/* An opening: a start position (TFEN, NULL = the standard start) and book plies from it. */
#define OPENING_MAX_PLIES 256
typedef struct Opening {
    int number;                 /* 0-based opening number */
    char *tfen;                 /* NULL: the start position */
    Move moves[OPENING_MAX_PLIES];
    int nmoves;
    char label[96];             /* for the PGN Opening tag */
} Opening;

enum GameOutcome { OUT_SENTE_WINS, OUT_GOTE_WINS, OUT_DRAW, OUT_ABORTED };

/* PGN Termination classes. */
enum Termination {
    TERM_NORMAL, TERM_TIME_FORFEIT, TERM_RULES_INFRACTION, TERM_ADJUDICATION, TERM_EMERGENCY,
    TERM_ABANDONED
};
extern const char *const termination_name[];   /* "normal", "time forfeit", ... */
extern const char *const termination_code[];   /* one word, for the results file */

typedef struct PlyRecord {
    Move move;
    char wire[MOVE_STR_MAX];    /* canonical wire move, 1-based ranks */
    char hodges[MOVE_STR_MAX];
    int mover;                  /* BLACK (sente) or WHITE */
    bool book;
    bool has_score;
    int score, depth;           /* last thinking line before the move, mover's view */
    int64_t ms;                 /* thinking time */
} PlyRecord;

typedef struct Game {
    /* set by the caller */
    const MatchConfig *cfg;
    const RuleSet *rs;
    const Opening *opening;
    XEngine *eng[2];            /* [BLACK] plays sente, [WHITE] gote */
    const EngineSpec *spec[2];  /* their command-line settings */
    int number;                 /* game number, 1-based */
    atomic_int *abort;          /* non-zero: give up the game (not scored) */
    /* results */
    int outcome;                /* GameOutcome */
    int termination;            /* Termination */
    char reason[320];
    int loser;                  /* colour that lost by a fault, -1 otherwise */
    PlyRecord *plies;
    int nplies, cap;
    char start_tfen[TFEN_MAX];
    bool from_start;
    time_t started;
    int64_t duration_ms;
} Game;

/* Plays the game (starting or restarting engines as needed; a failed engine is killed and left
   for the next game to restart).  Never fails: every problem is a game result. */
void game_play(Game *g);
void game_free(Game *g);

/* "1-0", "0-1", "1/2-1/2", "*". */
const char *outcome_string(int outcome);

/* The result by the rules in pos: the winning colour, or -1 if the game goes on.  `mover` is
   the colour that made the last move (it wins if both sides lost their last royal). */
int rules_winner(Position *pos, int mover, char *why, size_t whysz);

#endif
