/* A game as its players see it: the set-up position, the moves played, the position now, and
 * the whole repetition history however long the game (RULES.md §5.11).  The owners of real
 * games (the protocol, kaki-match's referee, the board, self-play) keep one; the position's own
 * ring (position.h) reads the positions it no longer holds from it. */
#ifndef KAKI_GAME_H
#define KAKI_GAME_H

#include "move.h"
#include "position.h"

typedef struct GameRecord {
    Position *start;    /* the set-up position (history restarted there) */
    Position *pos;      /* the position now, with `history` attached as its archive */
    Move *moves;        /* the moves played from `start` */
    int nmoves, moves_cap;
    HistEntry *history; /* every position of the game: [i] = position i (0 = start) */
    int nhistory, history_cap;
} GameRecord;

/* A new game from `start` (copied; its history restarted). */
void game_record_init(GameRecord *g, const Position *start);
/* Starts a new game from `start` (which may be g->start) in the same storage: g->start and
   g->pos stay where they are. */
void game_record_restart(GameRecord *g, const Position *start);
void game_record_free(GameRecord *g);
/* Plays m, a legal move of g->pos (the caller checked it). */
void game_record_play(GameRecord *g, Move m);
/* Takes back the last `plies` moves (at most all of them) by replaying the rest. */
void game_record_undo(GameRecord *g, int plies);
/* Keeps the first `keep` moves: g->pos becomes the position after them. */
void game_record_truncate(GameRecord *g, int keep);

#endif
