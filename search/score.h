/* Scores and plies: what every part of the search (and its callers) counts in. */
#ifndef KAKI_SEARCH_SCORE_H
#define KAKI_SEARCH_SCORE_H

#include <stdbool.h>

#define MAX_PLY 128 /* the deepest ply a search line reaches */

/* Scores are centipawns from the side to move's view.  Capturing the last royal wins: a side
   that can do so on its move scores SCORE_MATE - 1; mate in n plies scores SCORE_MATE - n. */
#define SCORE_MATE 30000
#define SCORE_MATE_BOUND (SCORE_MATE - 1000)
#define SCORE_INFINITE 32000
static inline bool score_is_mate(int s) { return s > SCORE_MATE_BOUND || s < -SCORE_MATE_BOUND; }
/* Moves (not plies) to mate, positive when the side to move mates, negative when mated;
   0 for ordinary scores. */
static inline int score_mate_moves(int s)
{
    if (s > SCORE_MATE_BOUND)
        return (SCORE_MATE - s + 1) / 2;
    if (s < -SCORE_MATE_BOUND)
        return -((SCORE_MATE + s + 1) / 2);
    return 0;
}

#endif
