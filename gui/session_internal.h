/* The session's fields (session.h), shared by session.c and actions.c, which use them with
 * s->mu held.  Only the type: the functions are declared in session.h. */
#ifndef KAKI_GUI_SESSION_INTERNAL_H
#define KAKI_GUI_SESSION_INTERNAL_H

#include <pthread.h>
#include <stdio.h>

#include "config.h"
#include "engine.h"
#include "events.h"
#include "gamestate.h"
#include "review.h"

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
    Review *review;                /* the game review (its own engine and thread) */
    int analysis_eval;             /* the evaluation of an engine that plays no side: that of
                                      --option Evaluation=NAME, else the default */
};

#endif
