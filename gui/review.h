/* Game review: an engine of its own (a second process of engine 1's program) analyses every
 * position of a game to a fixed depth, in a thread of its own, and the moves after which the
 * mover's evaluation dropped by more than a threshold are marked ("?" above the threshold,
 * "??" above twice it), each with the move the engine preferred and both scores.  The review
 * knows nothing of the session: it is given the game (wire moves from a start position, the
 * rules) and tells of its progress through a callback; review_json is what the page shows. */
#ifndef KAKI_GUI_REVIEW_H
#define KAKI_GUI_REVIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "board/notation.h"
#include "board/rules.h"
#include "board/tfen.h"
#include "cecpclient/xengine.h"

enum { REVIEW_DEPTH_MAX = 30, REVIEW_THRESHOLD_MIN = 10, REVIEW_THRESHOLD_MAX = 100000 };

/* What to review: copied by review_start. */
typedef struct ReviewGame {
    unsigned game_no;              /* the page's game number, told back in the JSON */
    Rules rules;
    char start_tfen[TFEN_MAX];     /* the start position (TFEN) */
    bool from_start;               /* ... is the standard start position */
    int nmoves;
    const char (*moves)[MOVE_STR_MAX]; /* wire moves */
} ReviewGame;

typedef struct Review Review;
typedef void (*ReviewNotify)(void *ctx); /* progress, end, failure or cancel: the page is told */

Review *review_new(ReviewNotify notify, void *ctx);
/* Cancels a running review and starts this one: the engine is started as `engine` says
   (its interrupt is the review's own), every position searched to `depth`.  0, or -1 with the
   reason in err. */
int review_start(Review *r, const XEngineConfig *engine, const ReviewGame *g, int depth,
                 int threshold, char *err, size_t errsz);
/* Stops a running review (its results so far stay); returns at once. */
void review_cancel(Review *r);
/* {"running", "game", "depth", "threshold", "done", "total", "error", "marks": [...]}. */
char *review_json(Review *r);
/* Cancels and waits for the thread. */
void review_free(Review *r);

#endif
