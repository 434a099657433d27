/* Internal to search/: the aspiration windows of the root search. */
#ifndef KAKI_SEARCH_WINDOW_H
#define KAKI_SEARCH_WINDOW_H

#include <stdbool.h>

#include "score.h"

enum { WINDOW_FIRST_DELTA = 25, WINDOW_FULL_DELTA = 1500 };

/* A window of the root search and the step by which it widens when it fails. */
typedef struct Window {
    int alpha, beta, delta;
} Window;

/* The first window of an iteration: around the previous iteration's score, or the full window
   (aspiration off, a shallow iteration, or a mate score). */
Window window_first(bool aspiration, int depth, int prev);
/* The next window after score `score` fell outside w, or false if it is inside (exact) or w is
   already the full window.  The window widens 2.5-fold; past WINDOW_FULL_DELTA it becomes the
   full window. */
bool window_widen(Window *w, int score);
static inline bool window_is_full(const Window *w)
{
    return w->alpha == -SCORE_INFINITE && w->beta == SCORE_INFINITE;
}

#endif
