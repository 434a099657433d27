/* The result of a game by the rules (docs/RULES.md §5.13): royal loss first, then no legal move.
 * The one place that decides it; the protocol (result claims), kaki-match (the referee) and the
 * search (mate scores) all ask here. */
#ifndef KAKI_RESULT_H
#define KAKI_RESULT_H

#include <stddef.h>

#include "position.h"

#define NO_WINNER (-1)

enum ResultReason {
    RESULT_ONGOING,       /* the game goes on */
    RESULT_ROYAL_LOST,    /* the loser's last royal was captured or burned */
    RESULT_ROYAL_SUICIDE, /* the loser removed its own last royal (suicide next to a fire demon) */
    RESULT_NO_LEGAL_MOVE, /* the side to move has no legal move (and loses) */
    RESULT_NO_ROYALS,     /* a set-up position in which neither side has a royal: no winner */
};

typedef struct GameResult {
    int winner; /* BLACK, WHITE or NO_WINNER */
    int reason; /* ResultReason */
} GameResult;

/* Royal loss alone, after a move by `mover`: the mover wins if the opponent has no royal left
   (even if the move also cost its own last one: the capture comes before the burn), and loses
   if only its own last royal is gone.  NO_WINNER while both sides have a royal.  Cheap: the
   search calls it after every move. */
static inline int royal_loss_winner(const Position *pos, int mover)
{
    if (!pos->royals[mover ^ 1])
        return mover;
    if (!pos->royals[mover])
        return mover ^ 1;
    return NO_WINNER;
}

/* The full result of the position: `mover` is the colour that made the last move, or -1 for a
   set-up position before any move.  pos is restored before returning. */
GameResult game_result(Position *pos, int mover);

/* One line for a result claim or a PGN comment, e.g. "gote has no royal left",
   "sente lost its last royal by its own move", "sente has no legal move". */
void game_result_describe(const GameResult *r, char *out, size_t outsz);

/* Would the non-promoting move m leave its piece without any move ever after (a pawn, lance or
   iron general on its last rank, a knight on its last two; docs/RULES.md §4.2)?  Legal, but never
   better than promoting: engines play the promoting version instead. */
bool move_leaves_dead_piece(const Position *pos, Move m);

#endif
