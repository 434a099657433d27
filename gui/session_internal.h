/* The session's inside, shared by session.c (game flow, clocks, engines), actions.c (what
 * the page asks for) and state.c (what the page is shown).  Everything here is used with
 * s->mu held. */
#ifndef KAKI_GUI_SESSION_INTERNAL_H
#define KAKI_GUI_SESSION_INTERNAL_H

#include <pthread.h>
#include <stdio.h>

#include "engine.h"
#include "gamestate.h"
#include "session.h"

struct Session {
    pthread_mutex_t mu;
    EventHub *hub;
    BoardConfig cfg;
    GameState game;                /* the game the pages are shown */
    char owner[EVENTS_CLIENT_ID_MAX + 1]; /* the page whose actions started the searches */
    unsigned job_seq;
    unsigned job[2];               /* current job of each engine slot (0 none) */
    int job_kind[2];
    int job_at[2];                 /* the position (ply index) of the job */
    int job_line[2];               /* nplies when the job was given (a THINK job's game) */
    BoardEngine engine[2];
    FILE *log;                     /* the engines' protocol log, or NULL */
};

/* session.c */
void session_publish(Session *s);
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

/* state.c */
char *state_json(Session *s);
void thinking_json(const Session *s, JsonBuf *b);

#endif
