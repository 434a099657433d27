/* Iterative-deepening principal-variation alpha-beta with aspiration windows, quiescence
 * search, a shared lock-free transposition table, null-move pruning, late-move reductions,
 * killers and history, on N threads (Lazy SMP: every thread searches the same root with its
 * own board and histories; they share only the hash table and the stop flag). */
#include "search.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board/makemove.h"
#include "board/exchange.h"
#include "board/movegen.h"
#include "board/result.h"
#include "eval/eval.h"
#include "movepick.h"
#include "tt.h"
#include "util/clock.h"

/* every evaluation lies strictly between the mate scores, whatever the material */
_Static_assert(EVAL_MAX < SCORE_MATE_BOUND - MAX_PLY, "evaluations must not look like mates");

#define MOVE_OVERHEAD_MS 15   /* kept in hand on every clock move for I/O latency */
#define QS_MAX_PLY 12         /* quiescence depth limit */
#define DELTA_MARGIN 200

typedef struct Thread {
    struct Searcher *searcher;
    int id;
    Position pos;
    EvalState eval[MAX_PLY + 4];
    Undo undo[MAX_PLY + 4];
    MoveList lists[MAX_PLY + 4];
    MoveList scratch;
    int scores[MAX_PLY + 4][MAX_MOVES];
    Move killers[MAX_PLY + 4][2];
    Move quiets[MAX_PLY + 4][64];
    int16_t history[2][SQUARE_COUNT][SQUARE_COUNT];
    Move pv[MAX_PLY + 4][MAX_PLY + 4];
    int pv_len[MAX_PLY + 4];
    _Atomic uint64_t nodes;
    int seldepth;
    /* the last completed iteration */
    int done_depth, done_score, done_seldepth;
    int done_pv_len;
    Move done_pv[MAX_PLY];
} Thread;

struct Searcher {
    TT tt;
    int nthreads, hash_mb;
    SearchConfig config;
    Thread *threads[MAX_THREADS];
    pthread_t main_tid;
    bool joinable;
    _Atomic bool stop;
    _Atomic bool running;
    _Atomic bool infinite;
    _Atomic int64_t start_us, soft_ms, hard_ms; /* -1: no limit */
    _Atomic int progress_depth;
    SearchLimits limits;
    Position root;
    MoveList root_moves;
    SearchReportFn report;
    void *ctx;
    Move best, ponder;
    int lmr[64][64];
    uint64_t big_promoters; /* kinds whose quiet promotions quiescence searches */
    /* Lazy SMP "breadcrumbs": (position, move) pairs some thread is searching right now */
    _Atomic uint64_t crumbs[4096];
};

/* ------------------------------------------------------------------ time ------------- */


static uint64_t total_nodes(const Searcher *e)
{
    uint64_t n = 0;
    for (int i = 0; i < e->nthreads; i++)
        if (e->threads[i])
            n += atomic_load_explicit(&e->threads[i]->nodes, memory_order_relaxed);
    return n;
}

/* Milliseconds since the clock started (with "nps", nodes converted to time). */
static int64_t elapsed_ms(const Searcher *e)
{
    if (e->limits.nps)
        return (int64_t)(total_nodes(e) * 1000 / e->limits.nps);
    return (mono_us() - atomic_load(&e->start_us)) / 1000;
}

/* Soft limit: no new iteration after it.  Hard limit: the search stops. */
static void allocate_time(Searcher *e, const SearchLimits *l)
{
    int64_t soft = -1, hard = -1;
    if (!l->infinite) {
        if (l->movetime_ms > 0) {
            soft = hard = l->movetime_ms > 2 * MOVE_OVERHEAD_MS ? l->movetime_ms - MOVE_OVERHEAD_MS
                                                                 : l->movetime_ms / 2 + 1;
        } else if (l->time_ms >= 0) {
            int64_t left = l->time_ms - MOVE_OVERHEAD_MS;
            if (left < 1)
                left = 1;
            int mtg = l->moves_to_go > 0 ? (l->moves_to_go < 50 ? l->moves_to_go : 50) : 50;
            int64_t base = left / mtg + (int64_t)l->inc_ms * 3 / 4;
            int64_t cap = mtg == 1 ? left * 8 / 10 : left / 3;
            hard = base * 3 < cap ? base * 3 : cap;
            soft = base * 6 / 10 < hard ? base * 6 / 10 : hard;
            if (hard < 1)
                hard = 1;
        }
    }
    atomic_store(&e->soft_ms, soft);
    atomic_store(&e->hard_ms, hard);
}


/* ------------------------------------------------------------------ helpers ----------- */

/* Is `side`'s only royal attacked (capture, or an enemy fire demon close enough to burn it)?
   A cheap approximation of in_check for search decisions (null move, extensions). */
static bool royal_threatened(const Position *pos, int side)
{
    if (pos->royals[side] != 1)
        return false;
    int royal = bb_lsb(pos->royalset[side]);
    Bitboard demons = pos->demons[side ^ 1];
    while (bb_any(demons)) {
        int d = bb_pop(&demons);
        int dx = abs(sq_file(d) - sq_file(royal)), dy = abs(sq_rank(d) - sq_rank(royal));
        if ((dx > dy ? dx : dy) <= 4)
            return true;
    }
    return square_attacked_by(pos, royal, side ^ 1);
}

static inline bool should_stop(const Searcher *e) { return atomic_load_explicit(&e->stop, memory_order_relaxed); }

static void check_limits(Thread *t)
{
    Searcher *e = t->searcher;
    if (e->limits.nodes && total_nodes(e) >= e->limits.nodes) {
        atomic_store(&e->stop, true);
        return;
    }
    int64_t hard = atomic_load(&e->hard_ms);
    if (hard >= 0 && !atomic_load(&e->infinite) && elapsed_ms(e) >= hard)
        atomic_store(&e->stop, true);
}

static inline void count_node(Thread *t)
{
    uint64_t n = atomic_load_explicit(&t->nodes, memory_order_relaxed) + 1;
    atomic_store_explicit(&t->nodes, n, memory_order_relaxed);
    if (t->id == 0 && (n & (t->searcher->limits.nodes ? 63 : 1023)) == 0)
        check_limits(t);
}

/* Score of the position after the move just made, if the game is over there: the mover wins
   if the opponent has no royal left (even if the move also cost its own last royal), loses if
   only its own last royal is gone.  ply is that of the position before the move. */
static inline bool game_over_score(const Position *pos, int ply, int *score)
{
    int mover = pos->side ^ 1;
    int winner = royal_loss_winner(pos, mover);
    if (winner == NO_WINNER)
        return false;
    *score = winner == mover ? SCORE_MATE - (ply + 1) : -(SCORE_MATE - (ply + 1));
    return true;
}

static inline int tt_score_in(int s, int ply)
{
    return s > SCORE_MATE_BOUND ? s + ply : s < -SCORE_MATE_BOUND ? s - ply : s;
}
static inline int tt_score_out(int s, int ply)
{
    return s > SCORE_MATE_BOUND ? s - ply : s < -SCORE_MATE_BOUND ? s + ply : s;
}

static inline void make(Thread *t, Move m, int ply)
{
    make_move(&t->pos, m, &t->undo[ply]);
    tt_prefetch(&t->searcher->tt, t->pos.key);
    eval_state_update(&t->eval[ply + 1], &t->eval[ply], &t->pos, &t->undo[ply]);
}
static inline void unmake(Thread *t, Move m, int ply) { unmake_move(&t->pos, m, &t->undo[ply]); }

/* Picks the best-scored remaining move into place i. */
static inline Move pick(MoveList *list, int *scores, int i)
{
    int best = i;
    for (int j = i + 1; j < list->count; j++)
        if (scores[j] > scores[best])
            best = j;
    Move m = list->moves[best];
    int s = scores[best];
    list->moves[best] = list->moves[i];
    scores[best] = scores[i];
    list->moves[i] = m;
    scores[i] = s;
    return m;
}

/* ------------------------------------------------------------------ quiescence ------- */

/* Kinds whose promotion gains at least 10 pawns (a water buffalo becoming a fire demon, rook and
   bishop generals, kirin, phoenix, side soldier): their quiet promotions are searched at the
   first quiescence ply.  Bit = kind number; computed once per engine. */
static uint64_t big_promoters(void)
{
    uint64_t m = 0;
    for (int k = 1; k <= BASE_KIND_COUNT; k++)
        if (kind_can_promote(k) && material_value(promoted_kind(k)) - material_value(k) >= 1000)
            m |= 1ULL << k;
    return m;
}

static int qsearch(Thread *t, int alpha, int beta, int ply, int qply, int recapture)
{
    Searcher *e = t->searcher;
    count_node(t);
    if (ply > t->seldepth)
        t->seldepth = ply;
    t->pv_len[ply] = 0;
    if (should_stop(e))
        return 0;
    TTHit hit;
    bool use_tt = e->config.tt && e->config.qsearch;
    if (use_tt && tt_probe(&e->tt, t->pos.key, &hit)) {
        int s = tt_score_out(hit.score, ply);
        if (hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && s >= beta) ||
            (hit.bound == BOUND_UPPER && s <= alpha))
            return s;
    }
    /* lazy evaluation: the costly mobility term only when the rest is near the window */
    int terms = e->config.eval_terms;
    int stand = evaluate(&t->pos, &t->eval[ply], terms & ~EVAL_MOBILITY);
    if ((terms & EVAL_MOBILITY) && stand - MOBILITY_LAZY_MARGIN < beta && stand + MOBILITY_LAZY_MARGIN > alpha)
        stand = eval_clamp(stand + eval_mobility(&t->pos));
    if (!e->config.qsearch || ply >= MAX_PLY || qply >= QS_MAX_PLY || stand >= beta)
        return stand;
    int old_alpha = alpha;
    if (stand > alpha)
        alpha = stand;

    MoveList *list = &t->lists[ply];
    int *scores = t->scores[ply];
    if (qply < e->config.qs_full_plies || recapture < 0) {
        generate_noisy(&t->pos, list);
        if (qply == 0 && e->config.qs_promotions)
            generate_quiet_promotions(&t->pos, e->big_promoters, list);
    } else { /* deeper: recaptures, and captures of a royal */
        list->count = 0;
        list->overflow = false;
        generate_captures_to(&t->pos, recapture, list);
        Bitboard royals = t->pos.royalset[t->pos.side ^ 1];
        bb_clear(&royals, recapture);
        while (bb_any(royals))
            generate_captures_to(&t->pos, bb_pop(&royals), list);
    }
    Bitboard danger = burn_zone(&t->pos, t->pos.side ^ 1);
    for (int i = 0; i < list->count; i++)
        scores[i] = move_gain_fast(&t->pos, list->moves[i], danger);
    sort_moves(list, scores, 0);
    int best = stand;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        int gain = scores[i];
        /* sorted by gain: once one cannot raise alpha, none of the rest can */
        if (gain <= 0 || stand + gain + DELTA_MARGIN <= alpha)
            break;
        /* SEE-like pruning: a move that gains less than the mover is worth loses material if
           the opponent can take back on its final square */
        int mover_pc = t->pos.board[move_from(m)];
        int mover = victim_value((m & MOVE_PROMO) ? t->pos.rs->piece[mover_pc].promotes_to : mover_pc);
        if (gain < mover && gain < ROYAL_VALUE && square_attacked_by(&t->pos, move_to(m), t->pos.side ^ 1))
            continue;
        make(t, m, ply);
        int score;
        if (!game_over_score(&t->pos, ply, &score))
            score = -qsearch(t, -beta, -alpha, ply + 1, qply + 1, move_to(m));
        unmake(t, m, ply);
        if (should_stop(e))
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (score >= beta)
                    break;
            }
        }
    }
    if (use_tt)
        tt_store(&e->tt, t->pos.key, MOVE_NONE, tt_score_in(best, ply), stand, 0,
                 best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER);
    return best;
}

/* ------------------------------------------------------------------ main search ------ */

static void score_moves(Thread *t, MoveList *list, int *scores, Move tt_move, int ply)
{
    const Position *pos = &t->pos;
    const SearchConfig *c = &t->searcher->config;
    Bitboard danger = burn_zone(pos, pos->side ^ 1);
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        int to = move_to(m), from = move_from(m);
        bool plain = !(m & (MOVE_MID | MOVE_PROMO)) && ((m & MOVE_PASS) || !pos->board[to]) &&
                     !bb_test(&danger, to) && !pos->rs->piece[pos->board[from]].demon;
        int gain = plain ? 0 : move_gain(pos, m);
        if (m == tt_move)
            scores[i] = 1 << 30;
        else if (gain > 0)
            scores[i] = (1 << 24) + gain * 8 - material_value(piece_kind(pos->board[move_from(m)])) / 16;
        else if (c->killers && m == t->killers[ply][0])
            scores[i] = (1 << 22) + 1;
        else if (c->killers && m == t->killers[ply][1])
            scores[i] = 1 << 22;
        else if (gain < 0)
            scores[i] = -(1 << 23) + gain; /* suicide: last */
        else
            scores[i] = c->history ? t->history[pos->side][move_from(m)][move_to(m)] : 0;
    }
}

static void update_quiet_stats(Thread *t, Move m, int ply, int depth, const Move *tried_moves, int tried)
{
    const SearchConfig *c = &t->searcher->config;
    if (c->killers && t->killers[ply][0] != m) {
        t->killers[ply][1] = t->killers[ply][0];
        t->killers[ply][0] = m;
    }
    if (!c->history)
        return;
    int side = t->pos.side, bonus = depth * depth > 400 ? 400 : depth * depth;
    int16_t *h = &t->history[side][move_from(m)][move_to(m)];
    *h = (int16_t)(*h + 32 * bonus - *h * bonus / 512);
    for (int i = 0; i < tried; i++) { /* the quiet moves tried before it failed */
        Move q = tried_moves[i];
        if (q == m)
            continue;
        int16_t *hq = &t->history[side][move_from(q)][move_to(q)];
        *hq = (int16_t)(*hq - 32 * bonus - *hq * bonus / 512);
    }
}

static int search(Thread *t, int alpha, int beta, int depth, int ply, bool null_allowed)
{
    Searcher *e = t->searcher;
    const SearchConfig *c = &e->config;
    Position *pos = &t->pos;
    bool pv_node = beta - alpha > 1, root = ply == 0;
    t->pv_len[ply] = 0;
    if (depth <= 0)
        return qsearch(t, alpha, beta, ply, 0, -1);
    count_node(t);
    if (should_stop(e))
        return 0;
    if (ply >= MAX_PLY)
        return evaluate(pos, &t->eval[ply], c->eval_terms);
    if (!root) { /* mate distance pruning */
        int lo = -(SCORE_MATE - ply), hi = SCORE_MATE - ply - 1;
        if (alpha < lo)
            alpha = lo;
        if (beta > hi)
            beta = hi;
        if (alpha >= beta)
            return alpha;
    }

    TTHit hit;
    Move tt_move = MOVE_NONE;
    bool tt_hit = c->tt && tt_probe(&e->tt, pos->key, &hit);
    if (tt_hit) {
        tt_move = hit.move;
        int s = tt_score_out(hit.score, ply);
        if (!pv_node && hit.depth >= depth &&
            (hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && s >= beta) ||
             (hit.bound == BOUND_UPPER && s <= alpha)))
            return s;
    }
    int static_eval = evaluate(pos, &t->eval[ply], c->eval_terms);

    /* Null move: give the opponent a free move; if we still reach beta, cut.  Not with a
       lone royal in danger (a null move there would ignore the threat of losing the game). */
    if (c->nullmove && null_allowed && !pv_node && !root && depth >= 3 && static_eval >= beta &&
        pos->count[pos->side] > 4 && !royal_threatened(pos, pos->side)) {
        int r = 3 + depth / 6;
        make_null_move(pos);
        t->eval[ply + 1] = t->eval[ply];
        int s = -search(t, -beta, -beta + 1, depth - 1 - r, ply + 1, false);
        unmake_null_move(pos);
        if (should_stop(e))
            return 0;
        if (s >= beta)
            return s > SCORE_MATE_BOUND ? beta : s;
    }

    MoveList *list = &t->lists[ply];
    int *scores = t->scores[ply];
    MovePicker mp;
    if (root) { /* the legal root moves, all scored at once */
        *list = e->root_moves;
        score_moves(t, list, scores, tt_move, ply);
    } else {
        picker_init(&mp, pos, c->tt ? tt_move : MOVE_NONE, c->killers ? t->killers[ply] : NULL,
                    c->history ? (const int16_t(*)[SQUARE_COUNT])t->history[pos->side] : NULL, list,
                    &t->scratch, scores);
    }

    int best = -SCORE_INFINITE, legal = 0, nquiets = 0;
    Move best_move = MOVE_NONE;
    Move *quiets = t->quiets[ply];
    int incheck = -1; /* computed if the repetition rule needs it */
    int old_alpha = alpha;
    bool futile = c->futility && !pv_node && depth <= 2 && static_eval + 150 * depth <= alpha;
    for (int i = 0;; i++) {
        Move m;
        int stage, mscore;
        if (root) {
            if (i >= list->count)
                break;
            m = pick(list, scores, i);
            mscore = scores[i];
            stage = m == tt_move ? STAGE_TT : mscore >= (1 << 24) ? STAGE_NOISY : STAGE_QUIET;
        } else {
            m = picker_next(&mp, &stage, &mscore);
            if (!m)
                break;
        }
        bool quiet = stage == STAGE_QUIET && !(m & MOVE_PROMO) && mscore < SCORE_PROMOTION;
        bool killer = quiet && mscore >= SCORE_KILLER;
        if (futile && quiet && !killer && legal > 0)
            continue;
        make(t, m, ply);
        int score;
        bool over = game_over_score(pos, ply, &score);
        if (!over && !root && !undo_irreversible(&t->undo[ply], m) && position_is_repetition(pos)) {
            /* illegal unless the mover is in check (RULES.md §5.11) */
            bool allowed = false;
            if (pos->rs->rules.rep_check_exception == REPCHECK_ON) {
                if (incheck < 0) {
                    unmake(t, m, ply);
                    incheck = in_check(pos);
                    make(t, m, ply);
                }
                allowed = incheck;
            }
            if (!allowed) {
                unmake(t, m, ply);
                continue;
            }
        }
        legal++;
        if (!over) {
            int nd = depth - 1;
            if (c->check_ext && depth <= 4 && pos->royals[pos->side] == 1 &&
                square_attacked_by(pos, bb_lsb(pos->royalset[pos->side]), pos->side ^ 1))
                nd++; /* near the horizon: the move attacks the opponent's last royal */
            /* another thread is searching this very move: search it less deeply and let that
               thread's result come through the hash table */
            uint64_t crumb = 0;
            _Atomic uint64_t *slot = NULL;
            if (e->nthreads > 1 && depth >= 4) {
                crumb = (pos->key ^ (0x9E3779B97F4A7C15ULL * (m + 1))) | 1;
                slot = &e->crumbs[crumb & 4095];
                if (atomic_load_explicit(slot, memory_order_relaxed) == crumb)
                    slot = NULL, crumb = 2; /* marked by someone else */
                else
                    atomic_store_explicit(slot, crumb, memory_order_relaxed);
            }
            if (legal == 1) {
                score = -search(t, -beta, -alpha, nd, ply + 1, true);
            } else {
                int r = crumb == 2 ? 1 : 0;
                if (c->lmr && quiet && !killer && depth >= 3 && legal > 3) {
                    r += e->lmr[depth < 64 ? depth : 63][legal < 64 ? legal : 63];
                    if (pv_node && r > 0)
                        r--;
                    if (r > nd - 1)
                        r = nd - 1 > 0 ? nd - 1 : 0;
                }
                score = -search(t, -alpha - 1, -alpha, nd - r, ply + 1, true);
                if (score > alpha && r > 0)
                    score = -search(t, -alpha - 1, -alpha, nd, ply + 1, true);
                if (score > alpha && score < beta)
                    score = -search(t, -beta, -alpha, nd, ply + 1, true);
            }
            if (slot && atomic_load_explicit(slot, memory_order_relaxed) == crumb)
                atomic_store_explicit(slot, 0, memory_order_relaxed);
        }
        unmake(t, m, ply);
        if (should_stop(e))
            return 0;
        if (quiet && nquiets < 64)
            quiets[nquiets++] = m;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                best_move = m;
                t->pv[ply][0] = m;
                memcpy(&t->pv[ply][1], t->pv[ply + 1], sizeof(Move) * (size_t)t->pv_len[ply + 1]);
                t->pv_len[ply] = t->pv_len[ply + 1] + 1;
                if (score >= beta) {
                    if (quiet)
                        update_quiet_stats(t, m, ply, depth, quiets, nquiets - 1);
                    break;
                }
            }
        }
    }
    if (!legal) /* no legal move: the side to move loses (RULES.md §5.12) */
        return -(SCORE_MATE - ply);
    if (c->tt) {
        int bound = best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
        tt_store(&e->tt, pos->key, best_move, tt_score_in(best, ply), static_eval, depth, bound);
    }
    return best;
}

/* ------------------------------------------------------------------ driver ----------- */

static int aspiration(Thread *t, int depth, int prev)
{
    Searcher *e = t->searcher;
    int delta = 25, alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
    if (e->config.aspiration && depth >= 4 && !score_is_mate(prev)) {
        alpha = prev - delta;
        beta = prev + delta;
    }
    for (;;) {
        int s = search(t, alpha, beta, depth, 0, false);
        if (should_stop(e) || (alpha == -SCORE_INFINITE && beta == SCORE_INFINITE))
            return s;
        if (s <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = s - delta > -SCORE_INFINITE ? s - delta : -SCORE_INFINITE;
        } else if (s >= beta) {
            beta = s + delta < SCORE_INFINITE ? s + delta : SCORE_INFINITE;
        } else {
            return s;
        }
        delta += delta / 2 + 10;
        if (delta > 1500) {
            alpha = -SCORE_INFINITE;
            beta = SCORE_INFINITE;
        }
    }
}

static void fill_report(const Searcher *e, const Thread *t, SearchReport *r)
{
    memset(r, 0, sizeof *r);
    r->depth = t->done_depth;
    r->seldepth = t->done_seldepth;
    r->score = t->done_score;
    r->time_ms = elapsed_ms(e);
    r->nodes = total_nodes(e);
    r->nps = r->time_ms > 0 ? r->nodes * 1000 / (uint64_t)r->time_ms : r->nodes * 1000;
    r->pv_length = t->done_pv_len;
    memcpy(r->pv, t->done_pv, sizeof(Move) * (size_t)t->done_pv_len);
}

/* Lazy SMP: helper threads skip some depths so that the threads spread over two depths
   (the skip pattern of Stockfish's classic Lazy SMP). */
static const int skip_size[20] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
static const int skip_phase[20] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};

static void iterative_deepening(Thread *t)
{
    Searcher *e = t->searcher;
    int limit = e->limits.depth > 0 && e->limits.depth < MAX_PLY - 4 ? e->limits.depth : MAX_PLY - 4;
    /* helpers run until stopped; the first thread to complete the depth limit ends the search */
    int max_depth = t->id == 0 ? limit : MAX_PLY - 4;
    int prev = 0;
    for (int depth = 1; depth <= max_depth; depth++) {
        if (t->id > 0) {
            int k = (t->id - 1) % 20;
            if (((depth + skip_phase[k]) / skip_size[k]) % 2)
                continue;
        }
        t->seldepth = 0;
        int score = aspiration(t, depth, prev);
        if (should_stop(e) && t->done_depth > 0)
            break;
        if (t->pv_len[0] == 0)
            break; /* stopped during depth 1 before any move was searched */
        prev = score;
        t->done_depth = depth;
        t->done_score = score;
        t->done_seldepth = t->seldepth;
        t->done_pv_len = t->pv_len[0];
        memcpy(t->done_pv, t->pv[0], sizeof(Move) * (size_t)t->pv_len[0]);
        if (t->id != 0) {
            if (depth >= limit && e->limits.depth > 0)
                atomic_store(&e->stop, true);
            continue;
        }
        atomic_store(&e->progress_depth, depth);
        if (e->report) {
            SearchReport r;
            fill_report(e, t, &r);
            e->report(e->ctx, &e->root, &r);
        }
        if (atomic_load(&e->infinite))
            continue;
        int64_t soft = atomic_load(&e->soft_ms);
        if (soft >= 0 && elapsed_ms(e) >= soft)
            break;
        if (e->root_moves.count == 1 && (soft >= 0 || e->limits.nps))
            break; /* a forced move: no need to think on the clock */
        if (score_is_mate(score) && depth > 2 * abs(score_mate_moves(score)) + 4)
            break;
        if (should_stop(e))
            break;
    }
}

static void *helper_main(void *arg)
{
    iterative_deepening(arg);
    return NULL;
}

static void *main_thread(void *arg)
{
    Searcher *e = arg;
    Thread *t = e->threads[0];
    pthread_t helpers[MAX_THREADS];
    int nhelpers = 0;
    if (e->root_moves.count > 0) {
        for (int i = 1; i < e->nthreads; i++)
            if (pthread_create(&helpers[nhelpers], NULL, helper_main, e->threads[i]) == 0)
                nhelpers++;
        iterative_deepening(t);
    }
    /* an analysis or ponder search never ends by itself */
    while (atomic_load(&e->infinite) && !should_stop(e)) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    atomic_store(&e->stop, true);
    for (int i = 0; i < nhelpers; i++)
        pthread_join(helpers[i], NULL);

    /* the deepest completed iteration wins; the main thread on ties */
    Thread *best = t;
    for (int i = 1; i <= nhelpers; i++) {
        Thread *h = e->threads[i];
        if (h->done_depth > best->done_depth && h->done_pv_len > 0)
            best = h;
    }
    if (best->done_pv_len > 0) {
        e->best = best->done_pv[0];
        e->ponder = best->done_pv_len > 1 ? best->done_pv[1] : MOVE_NONE;
        if (best != t && e->report) {
            SearchReport r;
            fill_report(e, best, &r);
            e->report(e->ctx, &e->root, &r);
        }
    } else {
        e->best = e->root_moves.count ? e->root_moves.moves[0] : MOVE_NONE;
        e->ponder = MOVE_NONE;
    }
    atomic_store(&e->running, false);
    return NULL;
}

/* ------------------------------------------------------------------ engine API ------- */

SearchConfig search_config_default(void)
{
    return (SearchConfig){.tt = true, .nullmove = true, .lmr = true, .aspiration = true,
                          .killers = true, .history = true, .qsearch = true, .futility = true,
                          .check_ext = false, .qs_full_plies = 1, .qs_promotions = true,
                          .eval_terms = EVAL_DEFAULT};
}

Searcher *searcher_new(void)
{
    Searcher *e = calloc(1, sizeof *e);
    if (!e)
        abort();
    eval_init();
    e->config = search_config_default();
    e->nthreads = 1;
    e->hash_mb = 64;
    if (!tt_resize(&e->tt, (size_t)e->hash_mb))
        abort();
    for (int d = 1; d < 64; d++)
        for (int n = 1; n < 64; n++)
            e->lmr[d][n] = (int)(0.75 + log(d) * log(n) / 2.25);
    e->big_promoters = big_promoters();
    atomic_store(&e->soft_ms, -1);
    atomic_store(&e->hard_ms, -1);
    return e;
}

void searcher_free(Searcher *e)
{
    if (!e)
        return;
    searcher_stop(e);
    searcher_wait(e, NULL);
    for (int i = 0; i < MAX_THREADS; i++)
        free(e->threads[i]);
    tt_free(&e->tt);
    free(e);
}

int searcher_set_threads(Searcher *e, int threads)
{
    searcher_stop(e);
    searcher_wait(e, NULL);
    e->nthreads = threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : threads;
    return e->nthreads;
}

int searcher_set_hash_mb(Searcher *e, int mb)
{
    searcher_stop(e);
    searcher_wait(e, NULL);
    if (mb < 1)
        mb = 1;
    if (mb > 65536)
        mb = 65536;
    size_t got = tt_resize(&e->tt, (size_t)mb);
    if (got)
        e->hash_mb = (int)got;
    return e->hash_mb;
}

void searcher_set_config(Searcher *e, const SearchConfig *config)
{
    searcher_stop(e);
    searcher_wait(e, NULL);
    e->config = *config;
}

void searcher_new_game(Searcher *e)
{
    searcher_stop(e);
    searcher_wait(e, NULL);
    tt_clear(&e->tt);
    for (int i = 0; i < MAX_THREADS; i++)
        if (e->threads[i])
            memset(e->threads[i]->history, 0, sizeof e->threads[i]->history);
}

void searcher_start(Searcher *e, const Position *pos, const SearchLimits *limits,
                  SearchReportFn report, void *ctx)
{
    searcher_stop(e);
    searcher_wait(e, NULL);
    e->root = *pos;
    e->limits = *limits;
    e->report = report;
    e->ctx = ctx;
    e->best = e->ponder = MOVE_NONE;

    /* root moves: legal, and never a move that leaves a piece dead unless nothing else */
    generate_legal(&e->root, &e->root_moves);
    int n = 0;
    for (int i = 0; i < e->root_moves.count; i++)
        if (!move_leaves_dead_piece(&e->root, e->root_moves.moves[i]))
            e->root_moves.moves[n++] = e->root_moves.moves[i];
    if (n > 0)
        e->root_moves.count = n;

    for (int i = 0; i < e->nthreads; i++) {
        if (!e->threads[i]) {
            e->threads[i] = calloc(1, sizeof(Thread));
            if (!e->threads[i])
                abort();
        }
        Thread *t = e->threads[i];
        t->searcher = e;
        t->id = i;
        t->pos = e->root;
        eval_state_init(&t->eval[0], &t->pos);
        atomic_store(&t->nodes, 0);
        t->done_depth = 0;
        t->done_pv_len = 0;
        memset(t->killers, 0, sizeof t->killers);
        for (int s = 0; s < 2; s++) /* age the history between searches */
            for (int a = 0; a < SQUARE_COUNT; a++)
                for (int b = 0; b < SQUARE_COUNT; b++)
                    t->history[s][a][b] /= 2;
    }
    tt_new_search(&e->tt);
    atomic_store(&e->progress_depth, 0);
    atomic_store(&e->infinite, limits->infinite);
    atomic_store(&e->start_us, mono_us());
    allocate_time(e, limits);
    atomic_store(&e->stop, false);
    atomic_store(&e->running, true);
    if (pthread_create(&e->main_tid, NULL, main_thread, e) != 0) {
        main_thread(e); /* no thread to be had: search in the caller */
        e->joinable = false;
        return;
    }
    e->joinable = true;
}

void searcher_stop(Searcher *e) { atomic_store(&e->stop, true); }

void searcher_ponderhit(Searcher *e, const SearchLimits *limits)
{
    atomic_store(&e->start_us, mono_us());
    allocate_time(e, limits);
    atomic_store(&e->infinite, false);
}

Move searcher_wait(Searcher *e, Move *ponder)
{
    if (e->joinable) {
        pthread_join(e->main_tid, NULL);
        e->joinable = false;
    }
    if (ponder)
        *ponder = e->ponder;
    return e->best;
}

bool searcher_running(const Searcher *e) { return atomic_load(&e->running); }

void searcher_progress(const Searcher *e, uint64_t *nodes, int *depth, int64_t *elapsed)
{
    *nodes = total_nodes(e);
    *depth = atomic_load(&e->progress_depth);
    *elapsed = elapsed_ms(e);
}

Move searcher_search(Searcher *e, const Position *pos, const SearchLimits *limits,
                   SearchReportFn report, void *ctx, Move *ponder)
{
    searcher_start(e, pos, limits, report, ctx);
    return searcher_wait(e, ponder);
}
