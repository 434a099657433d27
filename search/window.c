/* Aspiration windows of the root search (window.h). */
#include "window.h"

Window window_first(const SearchParams *p, bool aspiration, int depth, int prev)
{
    Window w = {-SCORE_INFINITE, SCORE_INFINITE, p->asp_delta, p->asp_widen, p->asp_full_delta};
    if (aspiration && depth >= p->asp_depth && !score_is_mate(prev)) {
        w.alpha = prev - w.delta;
        w.beta = prev + w.delta;
    }
    return w;
}

/* Tenjiku scores swing by thousands between iterations (a general taken or burnt), and every
   failed window is another search of the root: growing by half, two threads took ten windows to
   follow a score from +1,462 to a mate, and parted on the way (docs/SPEED.md, "Two threads,
   fifth pass"); growing 2.5-fold, the sixth window is the full one at the latest. */
bool window_widen(Window *w, int score)
{
    if (window_is_full(w)) /* nothing lies outside it */
        return false;
    if (score <= w->alpha) {
        w->beta = (w->alpha + w->beta) / 2;
        w->alpha = score - w->delta > -SCORE_INFINITE ? score - w->delta : -SCORE_INFINITE;
    } else if (score >= w->beta) {
        w->beta = score + w->delta < SCORE_INFINITE ? score + w->delta : SCORE_INFINITE;
    } else {
        return false;
    }
    w->delta += w->delta / 2 * 3 + w->widen;
    if (w->delta > w->full_delta) {
        w->alpha = -SCORE_INFINITE;
        w->beta = SCORE_INFINITE;
    }
    return true;
}
