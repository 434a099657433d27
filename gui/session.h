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

#include "config.h"
#include "events.h"
#include "json.h"

typedef struct Session Session;

Session *session_new(const BoardConfig *cfg, EventHub *hub);
/* Stops the engines (quit, then SIGTERM/SIGKILL; every child is reaped). */
void session_free(Session *s);

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

#endif
