/* The engine's searches: thinking on its own move, pondering on the expected reply and
 * analysing (docs/PROTOCOL.md §5); the waiter thread that turns a finished search into an
 * event; the thinking output (docs/PROTOCOL.md §1.6); and what happens when a search on the
 * engine's move ends: the move, a resignation or a result claim, and the move to ponder on.
 */
#include "thinking.h"

#include "analysis.h"
#include "board/legal.h"
#include "game.h"
#include "input.h"
#include "output.h"
#include "session.h"
#include "timecontrol.h"

#include <stdio.h>
#include <stdlib.h>

#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/result.h"
#include "search/level.h"
#include "util/strutil.h"

void *cecp_waiter_main(void *arg)
{
    Cecp *c = arg;
    for (;;) {
        pthread_mutex_lock(&c->w_lock);
        while (!c->w_go && !c->w_quit)
            pthread_cond_wait(&c->w_cond, &c->w_lock);
        if (c->w_quit) {
            pthread_mutex_unlock(&c->w_lock);
            return NULL;
        }
        c->w_go = false;
        unsigned serial = c->w_serial;
        pthread_mutex_unlock(&c->w_lock);

        Move ponder = MOVE_NONE;
        Move best = searcher_wait(c->searcher, &ponder);
        Event *ev = xcalloc(1, sizeof *ev);
        ev->type = EV_DONE;
        ev->serial = serial;
        ev->best = best;
        ev->ponder = ponder;
        cecp_post_event(&c->events, ev);

        pthread_mutex_lock(&c->w_lock);
        c->w_busy = false;
        pthread_cond_broadcast(&c->w_cond);
        pthread_mutex_unlock(&c->w_lock);
    }
}

static void wait_waiter(Cecp *c)
{
    pthread_mutex_lock(&c->w_lock);
    while (c->w_busy)
        pthread_cond_wait(&c->w_cond, &c->w_lock);
    pthread_mutex_unlock(&c->w_lock);
}

static void report_cb(void *ctx, const Position *root, const SearchReport *r);

static void start_search(Cecp *c, int mode, const Position *root, const SearchLimits *limits)
{
    wait_waiter(c);
    pthread_mutex_lock(&c->info_lock);
    c->have_report = false;
    c->last_pv[0] = c->last_pv[1] = MOVE_NONE;
    pthread_mutex_unlock(&c->info_lock);
    c->mode = mode;
    c->serial++;
    searcher_start(c->searcher, root, limits, report_cb, c);
    pthread_mutex_lock(&c->w_lock);
    c->w_busy = true;
    c->w_go = true;
    c->w_serial = c->serial;
    pthread_cond_broadcast(&c->w_cond);
    pthread_mutex_unlock(&c->w_lock);
}

/* Stops the running search and forgets its result. */
void cecp_abort_search(Cecp *c)
{
    if (c->mode == MODE_IDLE)
        return;
    c->mode = MODE_IDLE;
    searcher_stop(c->searcher);
    wait_waiter(c);
}

static long xboard_score(int score)
{
    int mate = score_mate_moves(score);
    if (mate > 0)
        return 100000L + mate;
    if (mate < 0)
        return -100000L + mate;
    return score;
}

static void report_cb(void *ctx, const Position *root, const SearchReport *r)
{
    Cecp *c = ctx;
    if (r->line <= 1) { /* MultiPV: the best line is the engine's own */
        pthread_mutex_lock(&c->info_lock);
        c->have_report = true;
        c->last_score = r->score;
        c->last_pv[0] = r->pv_length > 0 ? r->pv[0] : MOVE_NONE;
        c->last_pv[1] = r->pv_length > 1 ? r->pv[1] : MOVE_NONE;
        pthread_mutex_unlock(&c->info_lock);
    }
    if (!atomic_load(&c->post))
        return;

    int ro = atomic_load(&c->rank_offset);
    char pv[1600];
    size_t n = 0;
    pv[0] = '\0';
    Position *p = malloc(sizeof *p);
    if (p) {
        *p = *root;
        for (int i = 0; i < r->pv_length && i < MAX_PLY && n + MOVE_STR_MAX + 2 < sizeof pv; i++) {
            Move m = r->pv[i];
            if (!move_is_pseudolegal(p, m))
                break;
            char w[MOVE_STR_MAX];
            move_to_wire(p, m, ro, w);
            n += (size_t)snprintf(pv + n, sizeof pv - n, "%s%s", n ? " " : "", w);
            Undo u;
            make_move(p, m, &u);
        }
    }
    free(p);
    if (n && (r->upperbound || r->lowerbound) && n + 1 < sizeof pv)
        pv[n++] = r->upperbound ? '?' : '!', pv[n] = '\0';
    cecp_emitf(c, "%d %ld %lld %llu %d %llu 0\t%s", r->depth, xboard_score(r->score),
               (long long)(r->time_ms / 10), (unsigned long long)r->nodes, r->seldepth,
               (unsigned long long)r->nps, pv);
}

void cecp_start_thinking(Cecp *c)
{
    if (!c->position_ok) {
        cecp_emit(c, "Error (no valid position): go");
        return;
    }
    if (cecp_claim_if_over(c))
        return;
    c->game_over = false;
    SearchLimits l = cecp_own_limits(c);
    cecp_emit_plan(c, "time plan", &l);
    start_search(c, MODE_THINK, c->game.pos, &l);
}

void cecp_start_analysis(Cecp *c)
{
    if (!c->analyzing || !c->position_ok || position_game_over(c->game.pos))
        return;
    SearchLimits l = limits_none();
    l.infinite = true;
    cecp_analysis_limits(c, &l); /* MultiPV and exclusions: analysis only */
    start_search(c, MODE_ANALYZE, c->game.pos, &l);
}

static void start_ponder(Cecp *c, Move guess)
{
    *c->scratch = *c->game.pos;
    Undo u;
    make_move(c->scratch, guess, &u);
    if (position_game_over(c->scratch))
        return;
    /* the depth limit (sd) holds while pondering: after a ponder hit the engine moves as soon
       as that depth is done, at once if it is done already */
    SearchLimits l = limits_none();
    l.infinite = true;
    l.depth = c->sd;
    l.nps = c->nps; /* the clock of the ponder hit counts nodes too */
    c->ponder_move = guess;
    char w[MOVE_STR_MAX];
    cecp_emitf(c, "# pondering on %s",
               move_to_wire(c->game.pos, guess, atomic_load(&c->rank_offset), w));
    start_search(c, MODE_PONDER, c->scratch, &l);
}

/* docs/PROTOCOL.md §3.2: never a non-promoting move that leaves a pawn, lance, iron general or
   knight without moves, when the promoting version exists. */
static Move promote_dead(const Position *pos, Move m, const MoveVec *legal)
{
    if (move_leaves_dead_piece(pos, m) && movevec_has(legal, m | MOVE_PROMO))
        return m | MOVE_PROMO;
    return m;
}

void cecp_engine_moved(Cecp *c, Move best, Move ponder)
{
    MoveVec legal_all = {0}, *legal = &legal_all;
    generate_legal(c->game.pos, legal);
    if (legal->count == 0) {
        movevec_free(legal);
        if (!cecp_claim_if_over(c))
            cecp_emit(c, "# no move found");
        return;
    }
    if (!best || !movevec_has(legal, best)) {
        if (best)
            cecp_emitf(c, "# search returned an illegal move (%08x); playing a legal one", best);
        best = legal->moves[0];
    }
    best = promote_dead(c->game.pos, best, legal);
    movevec_free(legal);

    pthread_mutex_lock(&c->info_lock);
    bool have = c->have_report;
    int score = c->last_score;
    Move pv0 = c->last_pv[0], pv1 = c->last_pv[1];
    pthread_mutex_unlock(&c->info_lock);
    if (c->resign_threshold > 0 && have &&
        (score <= -c->resign_threshold || score_mate_moves(score) < 0))
        c->resign_count++;
    else
        c->resign_count = 0;
    if (c->resign_count >= 2) {
        cecp_emit(c, "resign");
        c->game_over = true;
        return;
    }

    char w[MOVE_STR_MAX];
    move_to_wire(c->game.pos, best, atomic_load(&c->rank_offset), w);
    cecp_emitf(c, "move %s", w);
    cecp_record_move(c, best);
    if (cecp_claim_if_over(c))
        return;

    if (!ponder && (pv0 & ~MOVE_PROMO) == (best & ~MOVE_PROMO))
        ponder = pv1;
    if (ponder) {
        MoveVec l2_all = {0}, *l2 = &l2_all;
        generate_legal(c->game.pos, l2);
        if (!movevec_has(l2, ponder))
            ponder = MOVE_NONE;
        movevec_free(l2);
    }
    if (ponder) {
        c->hint = ponder;
        c->hint_key = c->game.pos->key;
        if (c->ponder_on && c->level == LEVEL_FULL) /* a weaker level never ponders */
            start_ponder(c, ponder);
    }
}
