/* The game kaki-board shows: one game with its rules, start position, moves (a line that can
 * be stepped through), players (people or CECP engines), clock, result and analysis.  Every
 * page sees the same game.  All rules questions go to board/ (legal moves, burns, game end by
 * game_result), exactly as kaki-match referees its games.  The session owns the game
 * (gamestate.h) and the engines (engine.h); what the page is shown is written by view.h.
 *
 * Thread safety: the functions of the first part lock the session; engine threads report
 * through callbacks that lock it too.  Changes are published as "state" events (events.h). */
#ifndef KAKI_GUI_SESSION_H
#define KAKI_GUI_SESSION_H

#include <stdint.h>

#include "board/move.h"
#include "config.h"
#include "events.h"
#include "gamestate.h"

typedef struct Session Session;

Session *session_new(const BoardConfig *cfg, EventHub *hub);
/* Stops the engines (quit, then SIGTERM/SIGKILL; every child is reaped). */
void session_free(Session *s);

/* GET /api/state: the whole state as JSON (malloc'ed). */
char *session_state(Session *s);
/* The game review's state (review.h), as JSON (malloc'ed). */
char *session_review(Session *s);
/* GET /api/pgn, /api/tfen: the game record (PGN) and the position shown (TFEN). */
char *session_pgn(Session *s);
char *session_tfen(Session *s);
/* GET /api/pgngames: the games of the last PGN file loaded. */
char *session_pgn_games(Session *s);
/* GET /api/pieces?set=NAME: every piece's picture in that set, names, diagrams and moves
   under the current rules.  NULL for an unknown set. */
char *session_pieces(Session *s, const char *set);

/* Called about ten times a second: clocks, hanging engines, pages that went away. */
void session_tick(Session *s);

/* ---- For the page's actions (actions.c), with s->mu held (the fields: session_internal.h).
   They change the game; the caller publishes it when it is done. */

/* A new version of the state to every page (a "state" event). */
void session_publish(Session *s);
/* Plays legal move m at the end of the game (the cursor must be there). */
void session_play(Session *s, Move m, int64_t ms, const char *note);
/* Starts or stops engine searches to match the game (whose turn, analysis, pause). */
void session_kick(Session *s);
/* Stops every engine search (the engines stay up). */
void session_stop_engines(Session *s);
/* Ends the game with result ("1-0", "0-1", "1/2-1/2", "*") and the reason; stops the
   searches. */
void session_end(Session *s, const char *result, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The game from the start with these rules, players and clock (start_tfen NULL: standard). */
void session_reset(Session *s, const Rules *rules, const char *start_tfen, const int player[2],
                   const ClockSpec *clock);

#endif
