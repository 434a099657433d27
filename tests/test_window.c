/* Aspiration windows (search/window.h):
 *   - the first window of an iteration, and when it is the full one;
 *   - a failed window widens around the score that fell out of it, 2.5-fold, and becomes the
 *     full window after at most six failures, from any start. */

#include "check.h"
#include "search/window.h"

static SearchParams P; /* the defaults */

static void first_windows(void)
{
    Window w = window_first(&P, true, 10, 300);
    CHECK(w.alpha == 300 - P.asp_delta && w.beta == 300 + P.asp_delta, "around 300: [%d, %d]", w.alpha, w.beta);
    CHECK(!window_is_full(&w), "an aspiration window is not full");
    w = window_first(&P, false, 10, 300);
    CHECK(window_is_full(&w), "aspiration off: full window");
    w = window_first(&P, true, 3, 300);
    CHECK(window_is_full(&w), "depth 3: full window");
    w = window_first(&P, true, 10, SCORE_MATE - 5);
    CHECK(window_is_full(&w), "after a mate score: full window");
}

static void widening(void)
{
    Window w = window_first(&P, true, 10, 0); /* [-25, 25] */
    CHECK(!window_widen(&w, 10) && w.alpha == -25 && w.beta == 25, "a score inside: exact, unchanged");
    CHECK(window_widen(&w, -40), "fail low");
    CHECK(w.alpha < -40 && w.beta == 0, "fail low: [%d, %d] holds -40 below the old midpoint", w.alpha, w.beta);
    CHECK(w.delta == 25 + 12 * 3 + 10, "2.5-fold: delta %d", w.delta);
    int old_alpha = w.alpha;
    CHECK(window_widen(&w, 500), "fail high");
    CHECK(w.alpha == old_alpha && w.beta > 500, "fail high: [%d, %d] holds 500", w.alpha, w.beta);

    /* from the first window, however the scores fall (up, down, alternating, by little or
       much), the full window comes after at most six failures */
    for (int pattern = 0; pattern < 4; pattern++) {
        w = window_first(&P, true, 10, 0);
        int fails = 0;
        while (!window_is_full(&w) && fails < 20) {
            bool low = pattern == 0 || (pattern == 2 && fails % 2);
            if (w.beta == SCORE_INFINITE || w.alpha == -SCORE_INFINITE)
                low = w.alpha > -SCORE_INFINITE; /* no score falls beyond an infinite bound */
            int far = pattern == 3 ? 20000 : 1;
            int s = low ? w.alpha - far : w.beta + far;
            if (s <= -SCORE_INFINITE) /* a search's scores lie strictly inside the infinities */
                s = -SCORE_INFINITE + 1;
            if (s >= SCORE_INFINITE)
                s = SCORE_INFINITE - 1;
            CHECK(window_widen(&w, s), "pattern %d: %d outside", pattern, s);
            CHECK(w.alpha < s && s < w.beta, "pattern %d: %d inside the next [%d, %d]", pattern, s, w.alpha, w.beta);
            fails++;
        }
        CHECK(fails <= 6, "pattern %d: full window after %d failures", pattern, fails);
    }
}

int main(void)
{
    P = search_params_default();
    first_windows();
    widening();
    return check_finish("test_window");
}
