/* The routes of kaki-board's HTTP server:
 *   GET  /, /app.js, ...          the page (assets.h)
 *   GET  /api/state               the game (session.h), JSON
 *   GET  /api/pieces?set=NAME     piece pictures, names and movement diagrams, JSON
 *   GET  /api/pgn, /api/tfen      the game record, the position shown
 *   GET  /api/events?client=ID    server-sent events: "state", "thinking", "resync"
 *   POST /api/ACTION              JSON body (actions.h): move, new, setup, loadpgn, undo, goto,
 *                                 resign, analyse, restart, resume, stop
 * Bad requests get 4xx with {"error": "..."}; the game is unchanged. */
#ifndef KAKI_GUI_API_H
#define KAKI_GUI_API_H

#include "events.h"
#include "server.h"
#include "session.h"

typedef struct Api {
    Session *session;
    EventHub *hub;
} Api;

/* The server's request handler (ctx is an Api). */
void api_handle(void *ctx, HttpConn *c, const HttpRequest *req, const char *body, size_t len);

#endif
