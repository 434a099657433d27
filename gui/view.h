/* What the page is shown, written from the game (gamestate.h), which it only reads: the
 * state as JSON, an engine's thinking line, the game record, the piece catalogue under the
 * game's rules.  The caller holds whatever lock guards the game (the session's). */
#ifndef KAKI_GUI_VIEW_H
#define KAKI_GUI_VIEW_H

#include "board/pgn.h"
#include "engine.h"
#include "gamestate.h"
#include "json.h"

/* The whole state (GET /api/state, the "state" event) with the engines' names and states,
   as JSON (malloc'ed). */
char *view_state_json(const GameState *g, BoardEngine engine[2]);
/* The engine's last thinking (the "thinking" event, "think" in the state): its lines from
   the position shown, scores from sente's view. */
void view_thinking_json(const GameState *g, JsonBuf *b);

/* GET /api/pgngames: {"loaded": N, "games": [label, ...]}, the games of the last PGN file
   loaded (malloc'ed). */
char *view_pgn_games_json(const GameState *g);

/* The game record with its tags; an engine player is named by engine[slot].name.  Free it
   with pgn_game_free. */
void view_record(const GameState *g, BoardEngine engine[2], PgnGame *rec);
/* The record as PGN text (malloc'ed). */
char *view_pgn_text(const PgnGame *rec);

/* GET /api/pieces?set=NAME: every piece's pictures in that set, names, diagrams and moves
   under the game's rules, as JSON (malloc'ed).  NULL for an unknown set. */
char *view_pieces_json(const GameState *g, const char *set);

#endif
