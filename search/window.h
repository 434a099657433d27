/* Internal to search/: the aspiration windows of the root search. */
#ifndef KAKI_SEARCH_WINDOW_H
#define KAKI_SEARCH_WINDOW_H

#include <stdbool.h>

#include "params.h"
#include "score.h"

/* A window of the root search, the step by which it widens when it fails, and the parameters
   of its widening (ASP_WIDEN, ASP_FULL_DELTA: params.h). */
typedef struct Window {
    int alpha, beta, delta;
    int widen, full_delta;
} Window;

/* The first window of an iteration: around the previous iteration's score (ASP_DELTA either
   side), or the full window (aspiration off, an iteration before ASP_DEPTH, or a mate score). */
Window window_first(const SearchParams *p, bool aspiration, int depth, int prev);
/* The next window after score `score` fell outside w, or false if it is inside (exact) or w is
   already the full window.  The step grows 2.5-fold (and by ASP_WIDEN); past ASP_FULL_DELTA
   the window becomes the full window. */
bool window_widen(Window *w, int score);
static inline bool window_is_full(const Window *w)
{
    return w->alpha == -SCORE_INFINITE && w->beta == SCORE_INFINITE;
}

#endif
