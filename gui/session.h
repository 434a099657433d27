/* The game kaki-board shows: one game with its rules, start position, moves (a line that can
 * be stepped through), players (people or CECP engines), clock, result and analysis.  Every
 * page sees the same game.  All rules questions go to board/ (legal moves, burns, game end by
 * game_result), exactly as kaki-match referees its games.
 *
 * Thread safety: every function locks the session; engine threads report through callbacks
 * that lock it too.  Changes are published as "state" events (events.h). */
#ifndef KAKI_GUI_SESSION_H
#define KAKI_GUI_SESSION_H

#include <stdbool.h>

#include "board/rules.h"
#include "cecpclient/xengine.h"
#include "events.h"
#include "json.h"

#define BOARD_MAX_ENGINE_ARGS 32
#define BOARD_MAX_OPTIONS 32

/* One engine command line: the program and its arguments. */
typedef struct EngineCommand {
    char *argv[BOARD_MAX_ENGINE_ARGS + 1];
    int argc;
} EngineCommand;

typedef struct BoardConfig {
    EngineCommand engine[2];    /* engine[1] is engine[0] when only one was given */
    XeSetting options[BOARD_MAX_OPTIONS]; /* --option NAME=VALUE that are not rules options */
    int noptions;
    Rules rules;                /* the rules of the first game */
    const char *engine_log;     /* protocol log file, NULL = none */
} BoardConfig;

typedef struct Session Session;

Session *session_new(const BoardConfig *cfg, EventHub *hub);
/* Stops the engines (quit, then SIGTERM/SIGKILL; every child is reaped). */
void session_free(Session *s);

/* An action of the page: POST /api/ACTION with a JSON body, from page `client` (may be "").
   Returns an HTTP status: 200 with the new state in *answer, or 4xx with {"error": ...} and
   the game unchanged.  *answer is malloc'ed. */
int session_action(Session *s, const char *action, const JsonValue *body, const char *client,
                   char **answer);

/* GET /api/state: the whole state as JSON (malloc'ed). */
char *session_state(Session *s);
/* GET /api/pgn, /api/tfen: the game record (PGN) and the position shown (TFEN). */
char *session_pgn(Session *s);
char *session_tfen(Session *s);
/* GET /api/pieces?set=NAME: every piece's picture in that set, names, diagrams and moves
   under the current rules.  NULL for an unknown set. */
char *session_pieces(Session *s, const char *set);

/* Called about ten times a second: clocks, hanging engines, pages that went away. */
void session_tick(Session *s);

/* Parses "NAME=VALUE": a rules option goes into cfg->rules, anything else is an engine
   option.  0, or -1 with a message. */
int board_config_option(BoardConfig *cfg, const char *assignment, char *err, size_t errsz);
/* Splits an --engine command at blanks ("kaki --threads 2").  0 or -1. */
int board_config_engine(EngineCommand *cmd, const char *command, char *err, size_t errsz);
void board_config_free(BoardConfig *cfg);

#endif
