/* Game review (review.h): a thread with an engine of its own searches every position of the
 * game to a fixed depth ("sd D" and "go" in force mode, the engine's move taken back with
 * "undo", then the game's move), and compares each position's score with the next one's: the
 * drop from the mover's view after move i is score(i) + score(i + 1), both from the side to
 * move's view.  A position where the game is over is scored by the rules, not searched. */
#include "review.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/pieces.h"
#include "board/result.h"
#include "json.h"
#include "util/clock.h"
#include "util/strutil.h"

/* Scores are centipawns from the side to move's view; a mate in N is REVIEW_MATE - N. */
enum { REVIEW_MATE = 30000, POSITION_TIMEOUT_MS = 300000 };

typedef struct ReviewPos {
    bool known;
    int score;                  /* side to move's view */
    char best[MOVE_STR_MAX];    /* the engine's move (Hodges), "" if none */
    char played[MOVE_STR_MAX];  /* the game's move from here (Hodges), "" at the end */
} ReviewPos;

struct Review {
    ReviewNotify notify;
    void *ctx;
    pthread_mutex_t mu;        /* guards everything below but the thread's own */
    pthread_t thread;
    bool thread_started;
    atomic_int cancel;         /* the engine's interrupt and the loop's stop */
    bool running;
    char error[320];
    unsigned game_no;
    int depth, threshold, done, total;
    ReviewPos *pos;            /* total entries */
    /* the thread's own */
    XEngineConfig cfg;
    ReviewGame game;
    char (*moves)[MOVE_STR_MAX];
};

Review *review_new(ReviewNotify notify, void *ctx)
{
    Review *r = xcalloc(1, sizeof *r);
    r->notify = notify;
    r->ctx = ctx;
    pthread_mutex_init(&r->mu, NULL);
    return r;
}

static void wait_thread(Review *r)
{
    if (r->thread_started) {
        pthread_join(r->thread, NULL);
        r->thread_started = false;
    }
}

void review_cancel(Review *r) { atomic_store(&r->cancel, 1); }

void review_free(Review *r)
{
    if (!r)
        return;
    review_cancel(r);
    wait_thread(r);
    pthread_mutex_destroy(&r->mu);
    free(r->pos);
    free(r->moves);
    free(r);
}

static int from_xboard(int score)
{
    if (score >= 100000)
        return REVIEW_MATE - (score - 100000);
    if (score <= -100000)
        return -(REVIEW_MATE - (-score - 100000));
    return score > REVIEW_MATE - 1000 ? REVIEW_MATE - 1000
         : score < -(REVIEW_MATE - 1000) ? -(REVIEW_MATE - 1000) : score;
}

static void fail(Review *r, const char *what, const char *why)
{
    pthread_mutex_lock(&r->mu);
    if (!atomic_load(&r->cancel))
        snprintf(r->error, sizeof r->error, "%.60s: %.250s", what, why);
    pthread_mutex_unlock(&r->mu);
}

/* The engine's game: the rules, the start position, force mode, the depth. */
static int prepare_engine(Review *r, XEngine *x)
{
    char rules[512];
    rules_describe(&r->game.rules, rules, sizeof rules);
    for (char *save, *tok = strtok_r(rules, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq)
            continue;
        *eq = '\0';
        const XOption *o = xe_find_option(x, tok);
        if (o && xe_send(x, "option %s=%s", o->name, eq + 1))
            return -1;
    }
    if (xe_send(x, "new") || xe_send(x, "variant tenjiku") || xe_send(x, "force"))
        return -1;
    if (!r->game.from_start) { /* XBoard FEN: the TFEN board, the side letter swapped */
        const char *sp = strrchr(r->game.start_tfen, ' ');
        int len = sp ? (int)(sp - r->game.start_tfen) : (int)strlen(r->game.start_tfen);
        if (xe_send(x, "setboard %.*s %c 0 1", len, r->game.start_tfen,
                    sp && sp[1] == 'w' ? 'b' : 'w'))
            return -1;
    }
    return xe_send(x, "post") || xe_send(x, "easy") || xe_send(x, "sd %d", r->depth) ||
           xe_send(x, "st 600");
}

/* Searches the engine's current position (pos): its score and move (Hodges, into p). */
static int search_position(Review *r, XEngine *x, Position *pos, ReviewPos *p)
{
    if (xe_send(x, "go"))
        return -1;
    char line[XE_LINE_MAX];
    int64_t deadline = mono_ms() + POSITION_TIMEOUT_MS;
    bool have = false;
    for (;;) {
        int rc = xe_read(x, line, sizeof line, deadline);
        if (rc <= 0) {
            if (rc == 0)
                snprintf(x->error, sizeof x->error, "no move within %d s", POSITION_TIMEOUT_MS / 1000);
            return -1;
        }
        XeThinking t;
        if (xe_parse_thinking(line, &t)) {
            p->score = from_xboard(t.score);
            have = true;
        } else if (strncmp(line, "move ", 5) == 0) {
            Move m = move_from_wire(pos, line + 5, 0, NULL, 0);
            if (m)
                move_to_hodges(pos, m, p->best);
            p->known = have;
            /* the engine played its move: back to force mode and the game's position (the
               ping leaves behind a result the engine may claim after its move) */
            return xe_send(x, "force") || xe_send(x, "undo") || xe_sync(x);
        } else if (strcmp(line, "resign") == 0 || strncmp(line, "1-0", 3) == 0 ||
                   strncmp(line, "0-1", 3) == 0 || strncmp(line, "1/2-1/2", 7) == 0) {
            p->known = have;
            return xe_send(x, "force") || xe_sync(x);
        }
        if (atomic_load(&r->cancel))
            return -1;
    }
}

/* A position where the game is over: won, lost or drawn for the side to move. */
static void score_by_rules(Position *pos, int mover, ReviewPos *p)
{
    GameResult g = game_result(pos, mover);
    p->known = true;
    p->score = g.winner == NO_WINNER ? 0 : g.winner == pos->side ? REVIEW_MATE : -REVIEW_MATE;
}

static void review_game(Review *r, XEngine *x)
{
    RuleSet *rs = ruleset_new(&r->game.rules);
    Position *pos = xmalloc(sizeof *pos);
    char err[200];
    position_clear(pos, rs);
    if (tfen_parse(pos, r->game.start_tfen, err, sizeof err) != 0) {
        fail(r, "the start position", err);
    } else if (xe_start(x) || prepare_engine(r, x)) {
        fail(r, "the engine", x->error);
    } else {
        for (int i = 0; i <= r->game.nmoves && !atomic_load(&r->cancel); i++) {
            ReviewPos p = {0};
            Move played = MOVE_NONE;
            if (i < r->game.nmoves) {
                played = move_from_wire(pos, r->moves[i], 0, err, sizeof err);
                if (!played) {
                    fail(r, r->moves[i], err);
                    break;
                }
                move_to_hodges(pos, played, p.played);
            }
            if (position_game_over(pos))
                score_by_rules(pos, i == 0 ? -1 : pos->side ^ 1, &p);
            else if (search_position(r, x, pos, &p)) {
                fail(r, "the engine", x->error);
                break;
            }
            if (played) {
                Undo u;
                make_move(pos, played, &u);
                if ((x->f_usermove ? xe_send(x, "usermove %s", r->moves[i])
                                   : xe_send(x, "%s", r->moves[i]))) {
                    fail(r, "the engine", x->error);
                    break;
                }
            }
            pthread_mutex_lock(&r->mu);
            r->pos[i] = p;
            r->done = i + 1;
            pthread_mutex_unlock(&r->mu);
            r->notify(r->ctx);
        }
    }
    free(pos);
    ruleset_free(rs);
}

static void *review_main(void *arg)
{
    Review *r = arg;
    XEngine x;
    xe_init(&x, &r->cfg, "review");
    review_game(r, &x);
    if (atomic_load(&r->cancel))
        xe_kill(&x);
    xe_quit(&x);
    pthread_mutex_lock(&r->mu);
    r->running = false;
    pthread_mutex_unlock(&r->mu);
    r->notify(r->ctx);
    return NULL;
}

int review_start(Review *r, const XEngineConfig *engine, const ReviewGame *g, int depth,
                 int threshold, char *err, size_t errsz)
{
    review_cancel(r);
    wait_thread(r);
    if (depth < 1 || depth > REVIEW_DEPTH_MAX) {
        snprintf(err, errsz, "the depth must be from 1 to %d", REVIEW_DEPTH_MAX);
        return -1;
    }
    if (threshold < REVIEW_THRESHOLD_MIN || threshold > REVIEW_THRESHOLD_MAX) {
        snprintf(err, errsz, "the threshold must be from %d to %d centipawns",
                 REVIEW_THRESHOLD_MIN, REVIEW_THRESHOLD_MAX);
        return -1;
    }
    pthread_mutex_lock(&r->mu);
    free(r->pos);
    free(r->moves);
    r->game = *g;
    r->moves = xcalloc((size_t)g->nmoves + 1, sizeof *r->moves);
    memcpy(r->moves, g->moves, (size_t)g->nmoves * sizeof *r->moves);
    r->game.moves = (const char(*)[MOVE_STR_MAX])r->moves;
    r->total = g->nmoves + 1;
    r->pos = xcalloc((size_t)r->total, sizeof *r->pos);
    r->done = 0;
    r->depth = depth;
    r->threshold = threshold;
    r->game_no = g->game_no;
    r->error[0] = '\0';
    r->cfg = *engine;
    r->cfg.interrupt = &r->cancel;
    r->cfg.name = "review";
    atomic_store(&r->cancel, 0);
    r->running = true;
    pthread_mutex_unlock(&r->mu);
    if (pthread_create(&r->thread, NULL, review_main, r) != 0) {
        r->running = false;
        snprintf(err, errsz, "no thread for the review");
        return -1;
    }
    r->thread_started = true;
    return 0;
}

/* The marks: every move i after which the mover's score dropped by more than the threshold
   (both positions scored), unless it was the engine's own choice. */
static void marks_json(const Review *r, JsonBuf *b)
{
    jb_key(b, "marks");
    jb_arr(b);
    for (int i = 0; i + 1 < r->done; i++) {
        const ReviewPos *a = &r->pos[i], *n = &r->pos[i + 1];
        if (!a->known || !n->known)
            continue;
        int before = a->score, after = -n->score, drop = before - after;
        if (drop <= r->threshold || strcmp(a->best, a->played) == 0)
            continue;
        jb_obj(b);
        jb_kint(b, "ply", i);
        jb_kstr(b, "mark", drop > 2 * r->threshold ? "??" : "?");
        jb_kstr(b, "played", a->played);
        jb_kint(b, "playedScore", after);
        jb_kstr(b, "better", a->best);
        jb_kint(b, "betterScore", before);
        jb_kint(b, "drop", drop);
        jb_end_obj(b);
    }
    jb_end_arr(b);
}

char *review_json(Review *r)
{
    JsonBuf b;
    jb_init(&b);
    pthread_mutex_lock(&r->mu);
    jb_obj(&b);
    jb_kbool(&b, "running", r->running);
    jb_kint(&b, "game", r->game_no);
    jb_kint(&b, "depth", r->depth);
    jb_kint(&b, "threshold", r->threshold);
    jb_kint(&b, "done", r->done);
    jb_kint(&b, "total", r->total);
    jb_kstr(&b, "error", r->error);
    jb_key(&b, "moves"); /* the game reviewed, to tell whether the page still shows it */
    jb_arr(&b);
    for (int i = 0; r->moves && i + 1 < r->total; i++)
        jb_str(&b, r->moves[i]);
    jb_end_arr(&b);
    marks_json(r, &b);
    jb_end_obj(&b);
    pthread_mutex_unlock(&r->mu);
    return jb_take(&b, NULL);
}
