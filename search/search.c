/* The search of one thread (search.h): iterative deepening with aspiration windows,
 * principal-variation alpha-beta (null-move pruning, late-move reductions, futility pruning,
 * killers and history) and the quiescence search, on the thread's own board (thread.h). */
#include "search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "board/exchange.h"
#include "board/legal.h"
#include "board/moveclass.h"
#include "board/movegen.h"
#include "board/result.h"
#include "checks.h"
#include "convert.h"
#include "history.h"
#include "level.h"
#include "movepick.h"
#include "params.h"
#include "thread.h"
#include "timeman.h"
#include "window.h"

/* every evaluation lies strictly between the mate scores, whatever the material */
_Static_assert(EVAL_MAX < SCORE_MATE_BOUND - MAX_PLY, "evaluations must not look like mates");

/* The numbers the search is tuned by are the searcher's parameters (params.h): e->params. */

/* A score the node at `ply` can have: no win before the next move, no loss before this one
   (checked in a checked build: checks.h). */
static inline bool within_mate_distance(int score, int ply)
{
    return score <= SCORE_MATE - (ply + 1) && score >= -(SCORE_MATE - ply);
}

/* Checked build (checks.h): the entry a node has just stored gives its score back when read at
   the node's ply (mate scores are stored counted from the node).  One thread only: another
   may overwrite the entry at once. */
static inline void check_stored(const Thread *t, int best, int ply, int depth)
{
#ifdef KAKI_SEARCH_CHECKS
    const Searcher *e = t->searcher;
    TTHit h;
    if (e->nthreads == 1 && tt_probe(&e->tt, t->pos.key, &h) && h.depth == depth)
        SEARCH_CHECK(tt_score_from(h.score, ply) == best, "the table does not give back the "
                     "score stored", best, ply);
#else
    (void)t, (void)best, (void)ply, (void)depth;
#endif
}

/* ------------------------------------------------------------------ helpers ----------- */

/* A fire demon burns a piece at most this far (king steps): three steps and a burn. */
enum { DEMON_REACH = 4 };

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
        if ((dx > dy ? dx : dy) <= DEMON_REACH)
            return true;
    }
    return square_attacked_by(pos, royal, side ^ 1);
}

static void check_limits(Thread *t)
{
    Searcher *e = t->searcher;
    /* a node budget ends the search once it has a move: depth 1 completed */
    if (e->limits.nodes && total_nodes(e) >= e->limits.nodes && t->done.depth > 0) {
        atomic_store(&e->stop, true);
        return;
    }
    int64_t hard = atomic_load(&e->hard_ms);
    if (hard >= 0 && !atomic_load(&e->infinite) && elapsed_ms(e) >= hard)
        atomic_store(&e->stop, true);
}

/* The main thread checks the limits every this many nodes (of its own; more often under a node
   limit, so that the search stops close to it). */
enum { CHECK_PERIOD = 1024, CHECK_PERIOD_NODES = 64 };

static inline void count_node(Thread *t)
{
    uint64_t n = atomic_load_explicit(&t->nodes, memory_order_relaxed) + 1;
    atomic_store_explicit(&t->nodes, n, memory_order_relaxed);
    uint64_t period = t->searcher->limits.nodes ? CHECK_PERIOD_NODES : CHECK_PERIOD;
    if (t->id == 0 && (n & (period - 1)) == 0)
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

static inline void make(Thread *t, Move m, int ply)
{
    t->made[ply] = m;
    tt_prefetch(&t->searcher->tt, key_after(&t->pos, m)); /* early: the child probes at once */
    make_move(&t->pos, m, &t->undo[ply]);
    eval_state_update(&t->eval[ply + 1], &t->eval[ply], &t->pos, &t->undo[ply]);
}
static inline void unmake(Thread *t, Move m, int ply) { unmake_move(&t->pos, m, &t->undo[ply]); }

/* s rounded to the nearest multiple of grain (0 or 1: s), halves away from 0.  A net's scores
   differ by a few centipawns between sibling moves, and every such difference can cost a
   re-search; in grains more of them tie. */
static inline int grained(int s, int grain)
{
    if (grain <= 1)
        return s;
    int r = s >= 0 ? (s + grain / 2) / grain : -((-s + grain / 2) / grain);
    return eval_clamp(r * grain);
}

/* The search's static score of the position at ply from the evaluation's score s: the net's
   in NNUE_GRAIN grains, with the conversion terms when one side is far ahead (convert.h): in
   this position, or with CONVERT_ROOT_GATE at the root. */
static inline int static_score(const Thread *t, int ply, int s)
{
    const Searcher *e = t->searcher;
    if (e->config.eval_terms == EVAL_NNUE)
        s = grained(s, e->params.nnue_grain);
    const EvalState *st = &t->eval[ply];
    ConvertGate gate = e->params.convert_root_gate ? e->convert_root : convert_gate(st, &e->params);
    return convert_score_gated(&t->pos, st, &e->params, &e->convert, gate, s);
}

/* The static score at ply (lazy: exact within [alpha, beta]). */
static inline int node_eval(Thread *t, int ply, int alpha, int beta)
{
    const Searcher *e = t->searcher;
    int s = evaluate_lazy(&t->pos, &t->eval[ply], e->config.eval_terms, alpha, beta);
    return static_score(t, ply, s);
}

/* ------------------------------------------------------------------ quiescence ------- */

/* Kinds whose promotion gains at least min_gain (by default 10 pawns: a water buffalo becoming
   a fire demon, rook and bishop generals, kirin, phoenix, side soldier): their quiet promotions
   are searched at the first quiescence ply.  Bit = kind number. */
static uint64_t big_promoters(int min_gain)
{
    uint64_t m = 0;
    for (int k = 1; k <= BASE_KIND_COUNT; k++)
        if (kind_can_promote(k) && material_value(promoted_kind(k)) - material_value(k) >= min_gain)
            m |= 1ULL << k;
    return m;
}

void search_init_tables(Searcher *e)
{
    const SearchParams *p = &e->params;
    for (int d = 1; d < LMR_TABLE; d++)
        for (int n = 1; n < LMR_TABLE; n++)
            e->lmr[d][n] =
                (int)(p->lmr_base / 100.0 + log(d) * log(n) / (p->lmr_divisor / 100.0));
    e->big_promoters = big_promoters(p->qs_promotion_gain);
    convert_init_tables(&e->convert, p);
}

static int qsearch(Thread *t, int alpha, int beta, int ply, int qply, int recapture);

/* The score of capture m (ordering gain `gain`) at a quiescence node, or -SCORE_INFINITE if
   the SEE-like test prunes it: a move that gains less than the mover is worth loses material if
   the opponent can take back on its final square. */
static int qsearch_move(Thread *t, Move m, int gain, int alpha, int beta, int ply, int qply)
{
    int mover_pc = t->pos.board[move_from(m)];
    int mover = victim_value((m & MOVE_PROMO) ? t->pos.rs->piece[mover_pc].promotes_to : mover_pc);
    if (gain < mover && gain < ROYAL_VALUE && square_attacked_by(&t->pos, move_to(m), t->pos.side ^ 1))
        return -SCORE_INFINITE;
    make(t, m, ply);
    int score;
    if (!game_over_score(&t->pos, ply, &score))
        score = -qsearch(t, -beta, -alpha, ply + 1, qply + 1, move_to(m));
    unmake(t, m, ply);
    return score;
}

static bool was_tried(Move m, const Move *guessed, int n)
{
    for (int i = 0; i < n; i++)
        if (m == guessed[i])
            return true;
    return false;
}

/* A quiescence move's score into the node's best score and move and its alpha; true at a
   cut-off (beta reached). */
static inline bool take_score(int score, Move m, int *best, Move *best_move, int *alpha, int beta)
{
    if (score <= *best)
        return false;
    *best = score;
    *best_move = m;
    if (score <= *alpha)
        return false;
    *alpha = score;
    return score >= beta;
}

/* A first-ply quiescence node tries a few guesses before it generates every capture: most such
   nodes end with a cut-off by the first move tried, and that move is usually one of them (see
   docs/SPEED.md, "Third pass").  Guess 0 is the hash move, the others the main search's
   capture guesses (capture_guess: the capture killer, the best capture of the piece that has
   just moved).  MOVE_NONE if there is none, if it is not one of generate_noisy's moves here, or
   if an earlier guess was the same move. */
enum { QS_GUESSES = 1 + CAPTURE_GUESSES };
static Move qsearch_guess(const Thread *t, int g, Move hash_move, const Move *earlier,
                          MoveList *list, Bitboard danger, int ply)
{
    const Position *pos = &t->pos;
    Move m;
    if (g == 0) {
        m = move_is_noisy_pseudolegal(pos, hash_move) ? hash_move : MOVE_NONE;
    } else {
        Move last = ply > 0 ? t->made[ply - 1] : MOVE_NONE;
        m = capture_guess(pos, g - 1, t->capture_killer[ply], last ? move_to(last) : -1, list,
                          danger);
    }
    for (int i = 0; i < g; i++)
        if (earlier[i] == m)
            return MOVE_NONE;
    return m;
}

static int qsearch(Thread *t, int alpha, int beta, int ply, int qply, int recapture)
{
    Searcher *e = t->searcher;
    count_node(t);
    if (ply > t->seldepth)
        t->seldepth = ply;
    t->pv_len[ply] = 0;
    if (halted(t))
        return 0;
    TTHit hit;
    hit.move = MOVE_NONE;
    bool use_tt = e->config.tt && e->config.qsearch && qply == 0;
    if (use_tt && tt_probe(&e->tt, t->pos.key, &hit)) {
        int s = tt_score_from(hit.score, ply);
        if (hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && s >= beta) ||
            (hit.bound == BOUND_UPPER && s <= alpha)) {
            SEARCH_CHECK(within_mate_distance(s, ply), "a quiescence table hit beyond the mate "
                         "distance", s, ply);
            return s;
        }
    }
    int stand = node_eval(t, ply, alpha, beta);
    if (!e->config.qsearch || ply >= MAX_PLY || qply >= e->params.qs_max_ply || stand >= beta)
        return stand;
    int old_alpha = alpha;
    if (stand > alpha)
        alpha = stand;

    MoveList *list = &t->lists[ply];
    int *scores = t->scores[ply];
    int delta = e->params.delta_margin;
    Bitboard danger = burn_zone(&t->pos, t->pos.side ^ 1);
    bool full = qply < e->config.qs_full_plies || recapture < 0; /* else only recaptures */
    int best = stand;
    Move best_move = MOVE_NONE;
    Move guessed[QS_GUESSES] = {MOVE_NONE};
    for (int g = 0; full && g < QS_GUESSES; g++) {
        Move m = guessed[g] = qsearch_guess(t, g, hit.move, guessed, list, danger, ply);
        if (!m)
            continue;
        int gain = move_gain_fast(&t->pos, m, danger);
        if (gain <= 0 || stand + gain + delta <= alpha)
            continue;
        int score = qsearch_move(t, m, gain, alpha, beta, ply, qply);
        if (halted(t))
            return 0;
        if (take_score(score, m, &best, &best_move, &alpha, beta))
            goto done;
    }

    /* the big quiet promotions (first quiescence ply only) wait until no capture is worth more
       than the biggest of them could be */
    int promo_bound = 0;
    if (full) {
        generate_noisy(&t->pos, list);
        if (qply == 0 && e->config.qs_promotions)
            promo_bound = quiet_promotion_bound(&t->pos, e->big_promoters);
    } else { /* deeper: recaptures, and captures of a royal */
        list->count = 0;
        list->overflow = false;
        generate_captures_to(&t->pos, recapture, list);
        Bitboard royals = t->pos.royalset[t->pos.side ^ 1];
        bb_clear(&royals, recapture);
        while (bb_any(royals))
            generate_captures_to(&t->pos, bb_pop(&royals), list);
    }
    for (int i = 0; i < list->count; i++)
        scores[i] = move_gain_fast(&t->pos, list->moves[i], danger);
    for (int i = 0;; i++) {
        if (i < list->count)
            pick_best(list, scores, i);
        if (promo_bound > 0 && (i == list->count || scores[i] < promo_bound) &&
            promo_bound + stand + delta > alpha) {
            int n = list->count;
            generate_quiet_promotions(&t->pos, e->big_promoters, list);
            for (int k = n; k < list->count; k++)
                scores[k] = move_gain_fast(&t->pos, list->moves[k], danger);
            promo_bound = 0;
            if (i < list->count)
                pick_best(list, scores, i);
        }
        if (i == list->count)
            break;
        Move m = list->moves[i];
        int gain = scores[i];
        /* best first: once one cannot raise alpha, none of the rest can */
        if (gain <= 0 || stand + gain + delta <= alpha)
            break;
        if (was_tried(m, guessed, QS_GUESSES))
            continue; /* searched already */
        int score = qsearch_move(t, m, gain, alpha, beta, ply, qply);
        if (halted(t))
            return 0;
        if (take_score(score, m, &best, &best_move, &alpha, beta))
            break;
    }
done:
    if (best >= beta && full && e->config.killers)
        t->capture_killer[ply] = best_move;
    if (use_tt)
        tt_store(&e->tt, t->pos.key, best_move, tt_score_to(best, ply), stand, 0,
                 tt_bound(best, old_alpha, beta));
    return best;
}

/* ------------------------------------------------------------------ main search ------ */

/* The counter-move slot and the continuation history row of the opponent's last move (the
   move made at ply - 1, which must be a move, not a null move): by the piece now on its
   destination and that square. */
static inline Move *counter_slot(Thread *t, int ply)
{
    int to = move_to(t->made[ply - 1]);
    return &t->counter[t->pos.board[to]][to];
}
static inline size_t cont_context(const Thread *t, int ply)
{
    return (size_t)t->pos.side * SQUARE_COUNT + (size_t)move_to(t->made[ply - 1]);
}
static inline int16_t *cont_row(Thread *t, int ply)
{
    return t->cont + cont_context(t, ply) * KIND_COUNT * SQUARE_COUNT;
}

static void update_quiet_stats(Thread *t, Move m, int ply, int depth, const Move *tried_moves, int tried)
{
    const SearchConfig *c = &t->searcher->config;
    const SearchParams *p = &t->searcher->params;
    if (c->killers)
        killers_update(t->killers[ply], m);
    if (!c->history)
        return;
    int bonus = depth * depth > p->history_bonus_max ? p->history_bonus_max : depth * depth;
    history_update(t->history[t->pos.side], m, tried_moves, tried, bonus,
                   p->history_bonus_scale);
    if (ply == 0 || t->made[ply - 1] == MOVE_NONE)
        return;
    if (p->counter_moves)
        *counter_slot(t, ply) = m;
    if (p->cont_history) {
        t->cont_written[cont_context(t, ply)] = true;
        cont_history_update(cont_row(t, ply), &t->pos, m, tried_moves, tried, bonus,
                            p->history_bonus_scale);
    }
}

static int search(Thread *t, int alpha, int beta, int depth, int ply, bool null_allowed);

/* Late-move pruning: at depth <= LMP_DEPTH, quiet moves searched at most. */
static inline int lmp_quiets(const SearchParams *p, int depth)
{
    return p->lmp_base + p->lmp_scale * depth * depth;
}

bool null_move_allowed(const Position *pos) { return !royal_threatened(pos, pos->side); }

/* Null move: give the opponent a free move; if we still reach beta, cut.  Not with few pieces
   (NMP_MIN_PIECES: zugzwang-like positions), nor where null_move_allowed says no.  Returns true
   with the cut-off score in *score (0 if the search was stopped meanwhile). */
static bool null_move_cuts(Thread *t, int beta, int depth, int ply, int *score)
{
    const SearchParams *p = &t->searcher->params;
    Position *pos = &t->pos;
    if (pos->count[pos->side] <= p->nmp_min_pieces || !null_move_allowed(pos))
        return false;
    int r = p->nmp_reduction + depth / p->nmp_depth_divisor;
    t->made[ply] = MOVE_NONE;
    make_null_move(pos);
    eval_state_copy(&t->eval[ply + 1], &t->eval[ply]);
    int s = -search(t, -beta, -beta + 1, depth - 1 - r, ply + 1, false);
    unmake_null_move(pos);
    if (halted(t)) {
        *score = 0;
        return true;
    }
    if (s < beta)
        return false;
    *score = s > SCORE_MATE_BOUND ? beta : s;
    return true;
}

/* The most a quiet move's history score (both tables) counts for in its reduction. */
enum { HISTORY_SUM_MAX = 2 * 16384 };

/* Searches the child position after move number `legal` (1-based) of a node: the first move
   with the full window, the others with a null window (reduced if late and quiet; hist, the
   quiet move's ordering score, may shorten the reduction), re-searched when they beat alpha. */
static int search_child(Thread *t, int alpha, int beta, int depth, int ply, int legal,
                        bool reducible, int hist, bool pv_node, Move m)
{
    Searcher *e = t->searcher;
    const SearchConfig *c = &e->config;
    const SearchParams *p = &e->params;
    Position *pos = &t->pos;
    int nd = depth - 1;
    if (c->check_ext && depth <= p->check_ext_depth && pos->royals[pos->side] == 1 &&
        square_attacked_by(pos, bb_lsb(pos->royalset[pos->side]), pos->side ^ 1))
        nd++; /* near the horizon: the move attacks the opponent's last royal */
    uint64_t crumb = 0;
    bool taken = false;
    _Atomic uint64_t *slot = NULL;
    if (e->nthreads > 1 && depth >= p->crumb_depth)
        slot = crumb_mark(e, pos->key, m, &crumb, &taken);
    int score;
    if (legal == 1) {
        score = -search(t, -beta, -alpha, nd, ply + 1, true);
    } else {
        int r = taken ? p->crumb_reduction : 0;
        if (c->lmr && reducible && depth >= p->lmr_depth && legal > p->lmr_moves) {
            r += e->lmr[depth < LMR_TABLE ? depth : LMR_TABLE - 1]
                       [legal < LMR_TABLE ? legal : LMR_TABLE - 1];
            if (pv_node && r > 0)
                r--;
            if (p->lmr_history) { /* a quiet move with a good history is reduced less */
                r -= (hist > HISTORY_SUM_MAX    ? HISTORY_SUM_MAX
                      : hist < -HISTORY_SUM_MAX ? -HISTORY_SUM_MAX
                                                : hist) /
                     p->lmr_history;
                if (r < 0)
                    r = 0;
            }
            if (r > nd - 1)
                r = nd - 1 > 0 ? nd - 1 : 0;
        }
        score = -search(t, -alpha - 1, -alpha, nd - r, ply + 1, true);
        if (score > alpha && r > 0)
            score = -search(t, -alpha - 1, -alpha, nd, ply + 1, true);
        if (score > alpha && score < beta)
            score = -search(t, -beta, -alpha, nd, ply + 1, true);
    }
    if (slot)
        crumb_clear(slot, crumb);
    return score;
}

/* A playing level's root move (level.h): its score plus its bonus (negative for a move that
   hands over a royal), the child searched with the window shifted by the bonus; a mate score
   keeps its exact value.  t->pos is the position after m. */
static int search_noisy_root_move(Thread *t, int alpha, int beta, int depth, int place,
                                  bool reducible, bool pv_node, Move m)
{
    int bonus = level_root_bonus(&t->searcher->limits, t->searcher->root.key, m, &t->pos);
    int a = alpha > -SCORE_MATE_BOUND ? alpha - bonus : alpha;
    int b = beta < SCORE_MATE_BOUND ? beta - bonus : beta;
    int score = search_child(t, a, b, depth, 0, place, reducible, 0, pv_node, m);
    return score_is_mate(score) ? score : score + bonus;
}

/* The principal variation at ply: m followed by the child's. */
static void update_pv(Thread *t, int ply, Move m)
{
    t->pv[ply][0] = m;
    memcpy(&t->pv[ply][1], t->pv[ply + 1], sizeof(Move) * (size_t)t->pv_len[ply + 1]);
    t->pv_len[ply] = t->pv_len[ply + 1] + 1;
}

/* Lazy SMP splitting of PV nodes (docs/SPEED.md, "Two threads, fourth pass").  At a PV node
   every thread searches the first move (it sets the bound), and the other moves mostly have only
   to be shown worse.  The main thread takes them in order; an odd-numbered helper takes them
   from the last back to the second, so that the two meet in the middle, each finding the other's
   results in the hash table, instead of searching the same moves at the same time.  Each move
   keeps the reductions of its place in the main order: the trees are the same, in another order.
   Shallow nodes (below SPLIT_DEPTH) are not worth collecting every move for. */
static bool splits_pv_node(const Thread *t, bool pv_node, int ply, int depth)
{
    return t->id % 2 == 1 && pv_node && depth >= t->searcher->params.split_depth &&
           ply < SPLIT_PLIES;
}

/* MultiPV: the root moves the current line may play into t->root_moves (every root move but
   the first moves of the lines already found in this iteration); returns their number. */
static int root_moves_of_line(Thread *t)
{
    const MoveVec *all = &t->searcher->root_moves;
    if (t->mpv_skip == 0) {
        memcpy(t->root_moves, all->moves, (size_t)all->count * sizeof *t->root_moves);
        return all->count;
    }
    int n = 0;
    for (int i = 0; i < all->count; i++) {
        bool taken = false;
        for (int k = 0; k < t->mpv_skip && !taken; k++)
            taken = t->mpv_new[k].pv[0] == all->moves[i];
        if (!taken)
            t->root_moves[n++] = all->moves[i];
    }
    return n;
}

/* Sets up the move picker: at the root the legal root moves, all scored at once; elsewhere the
   staged picker. */
static void init_picker(Thread *t, MovePicker *mp, int ply, int depth, Move tt_move)
{
    Searcher *e = t->searcher;
    const SearchConfig *c = &e->config;
    const Position *pos = &t->pos;
    const Move *killers = c->killers ? t->killers[ply] : NULL;
    const int16_t(*history)[SQUARE_COUNT] =
        c->history ? (const int16_t(*)[SQUARE_COUNT])t->history[pos->side] : NULL;
    if (ply == 0) {
        int n = root_moves_of_line(t);
        if (t->mpv_skip > 0) /* the move this line had in the last iteration first */
            tt_move = t->mpv_done[t->mpv_skip].depth ? t->mpv_done[t->mpv_skip].pv[0] : MOVE_NONE;
        picker_init_root(mp, pos, tt_move, killers, history, t->root_moves, n, t->root_scores);
        if (splits_pv_node(t, true, 0, depth))
            picker_reverse_root_tail(mp);
    } else {
        picker_init(mp, pos, c->tt ? tt_move : MOVE_NONE, killers, history, &t->lists[ply],
                    &t->scratch, t->scores[ply]);
        Move last = t->made[ply - 1];
        picker_guess_captures(mp, c->killers ? t->capture_killer[ply] : MOVE_NONE,
                              last ? move_to(last) : -1);
        if (last && c->history)
            picker_set_followup(mp, e->params.counter_moves ? *counter_slot(t, ply) : MOVE_NONE,
                                e->params.cont_history ? cont_row(t, ply) : NULL);
    }
}

/* Returns true with the score in *score if the hash table decides this node. */
static bool tt_cutoff(Thread *t, int alpha, int beta, int depth, int ply, bool pv_node,
                      Move *tt_move, int *score)
{
    Searcher *e = t->searcher;
    TTHit hit;
    if (!e->config.tt || !tt_probe(&e->tt, t->pos.key, &hit))
        return false;
    *tt_move = hit.move;
    int s = tt_score_from(hit.score, ply);
    if (pv_node || hit.depth < depth ||
        !(hit.bound == BOUND_EXACT || (hit.bound == BOUND_LOWER && s >= beta) ||
          (hit.bound == BOUND_UPPER && s <= alpha)))
        return false;
    *score = s;
    return true;
}

static int search(Thread *t, int alpha, int beta, int depth, int ply, bool null_allowed)
{
    Searcher *e = t->searcher;
    const SearchConfig *c = &e->config;
    const SearchParams *p = &e->params;
    Position *pos = &t->pos;
    bool pv_node = beta - alpha > 1, root = ply == 0;
    t->pv_len[ply] = 0;
    if (depth <= 0)
        return qsearch(t, alpha, beta, ply, 0, -1);
    count_node(t);
    if (halted(t))
        return 0;
    if (ply >= MAX_PLY)
        return static_score(t, ply, evaluate(pos, &t->eval[ply], c->eval_terms));
    if (!root) { /* mate distance pruning */
        int lo = -(SCORE_MATE - ply), hi = SCORE_MATE - ply - 1;
        if (alpha < lo)
            alpha = lo;
        if (beta > hi)
            beta = hi;
        if (alpha >= beta)
            return alpha;
    }
    Move tt_move = MOVE_NONE;
    int score;
    if (tt_cutoff(t, alpha, beta, depth, ply, pv_node, &tt_move, &score)) {
        SEARCH_CHECK(within_mate_distance(score, ply), "a table cut-off beyond the mate distance",
                     score, ply);
        return score;
    }
    if (tt_move != MOVE_NONE && c->tt) /* searched first, after the evaluation and pruning */
        tt_prefetch(&e->tt, key_after(pos, tt_move));
    /* internal iterative reduction: a deep node the table knows nothing of is searched a ply
       less (its first search fills the table for the next iteration); not without a table */
    if (p->iir_depth && c->tt && depth >= p->iir_depth && depth > 1 && tt_move == MOVE_NONE &&
        !root)
        depth--;
    int static_eval = node_eval(t, ply, alpha, beta);
    /* reverse futility (static null move): near the horizon, a static evaluation far above beta
       returns it, unless the lone royal is attacked */
    if (c->rfp && !pv_node && !root && depth <= p->rfp_depth && beta < SCORE_MATE_BOUND &&
        static_eval - p->rfp_margin * depth >= beta && !royal_threatened(pos, pos->side))
        return static_eval;
    if (c->nullmove && null_allowed && !pv_node && !root && depth >= p->nmp_depth &&
        static_eval >= beta &&
        null_move_cuts(t, beta, depth, ply, &score)) {
        SEARCH_CHECK(score <= SCORE_MATE_BOUND, "a null-move cut-off claims a mate", score, ply);
        return score;
    }

    MovePicker mp;
    init_picker(t, &mp, ply, depth, tt_move);
    int best = -SCORE_INFINITE, legal = 0, nquiets = 0, quiets_tried = 0, old_alpha = alpha;
    int incheck = -1; /* computed if the repetition rule needs it */
    Move best_move = MOVE_NONE, *quiets = t->quiets[ply], m;
    bool futile = c->futility && !pv_node && depth <= p->futility_depth &&
                  static_eval + p->futility_margin * depth <= alpha;
    /* late-move pruning: near the horizon, the quiet moves after the first few (in history
       order) are not searched at all; a tenjiku position has hundreds of them */
    int lmp_limit = c->lmp && !pv_node && !root && depth <= p->lmp_depth ? lmp_quiets(p, depth) : 0;
    int stage, mscore, rank = 0;
    SplitList *split = NULL; /* the root's split is the picker's own (init_picker) */
    if (!root && splits_pv_node(t, pv_node, ply, depth))
        split = picker_split(&mp, &t->split[ply]);
    while ((m = split ? split_next(split, &stage, &mscore, &rank)
                      : picker_next(&mp, &stage, &mscore)) != MOVE_NONE) {
        bool quiet = stage == STAGE_QUIET && !(m & MOVE_PROMO) && mscore < SCORE_PROMOTION;
        bool killer = quiet && mscore >= SCORE_KILLER;
        if (futile && quiet && !killer && legal > 0)
            continue;
        if (lmp_limit && quiet && !killer && quiets_tried >= lmp_limit)
            continue;
        /* the bucket of the next move's child starts loading now, and has the whole search of
           this move's child to arrive (make's own prefetch comes just before the probe) */
        Move next = picker_peek(&mp);
        if (next != MOVE_NONE && c->tt)
            tt_prefetch(&e->tt, key_after(pos, next));
        make(t, m, ply);
        bool over = game_over_score(pos, ply, &score);
        if (!over && !root && repetition_forbids(pos, m, &t->undo[ply], &incheck)) {
            unmake(t, m, ply); /* illegal: it repeats a position (docs/RULES.md §5.11) */
            continue;
        }
        legal++;
        if (!over) { /* a split node's moves keep their place in the main order (its rank) */
            int place = split ? rank : root ? mp.rank : legal;
            if (root && e->limits.root_noise)
                score = search_noisy_root_move(t, alpha, beta, depth, place, quiet && !killer,
                                               pv_node, m);
            else
                score = search_child(t, alpha, beta, depth, ply, place, quiet && !killer, mscore,
                                     pv_node, m);
        }
        unmake(t, m, ply);
        if (halted(t))
            return 0;
        SEARCH_CHECK(within_mate_distance(score, ply), "a move's score beyond the mate distance",
                     score, ply);
        quiets_tried += quiet;
        if (quiet && nquiets < QUIETS_MAX)
            quiets[nquiets++] = m;
        if (score <= best)
            continue;
        best = score;
        if (score <= alpha)
            continue;
        alpha = score;
        best_move = m;
        update_pv(t, ply, m);
        if (score >= beta) {
            if (quiet)
                update_quiet_stats(t, m, ply, depth, quiets, nquiets - 1);
            else if (stage == STAGE_NOISY && c->killers)
                t->capture_killer[ply] = m;
            break;
        }
    }
    if (!legal) /* no legal move: the side to move loses (docs/RULES.md §5.12) */
        return -(SCORE_MATE - ply);
    if (c->tt && !(root && t->mpv_skip > 0)) { /* a later MultiPV line is not the root's value */
        tt_store(&e->tt, pos->key, best_move, tt_score_to(best, ply), static_eval, depth,
                 tt_bound(best, old_alpha, beta));
        check_stored(t, best, ply, depth);
    }
    return best;
}

/* ------------------------------------------------------------------ driver ----------- */

static int aspiration(Thread *t, int depth, int prev)
{
    const Searcher *e = t->searcher;
    Window w = window_first(&e->params, e->config.aspiration, depth, prev);
    for (;;) {
        int s = search(t, w.alpha, w.beta, depth, 0, false);
        if (halted(t) || !window_widen(&w, s))
            return s;
    }
}

/* MultiPV (main thread): the iteration at `depth` searches e->multipv lines, each root move
   after the best of the moves the earlier lines left; then sorts them best first (a later line
   may come out better: the search is not exact) into t->mpv_done and the first into t->pv[0].
   Returns the best line's score.  Stopped part-way, it keeps the first line if that one was
   done and leaves t->mpv_done as it was. */
static int search_lines(Thread *t, int depth, int prev)
{
    const Searcher *e = t->searcher;
    int n = 0;
    for (; n < e->multipv; n++) {
        t->mpv_skip = n;
        Completed *line = &t->mpv_new[n];
        int around = n == 0 ? prev : t->mpv_done[n].depth ? t->mpv_done[n].score
                                                             : t->mpv_new[n - 1].score;
        int score = aspiration(t, depth, around);
        if (halted(t) || t->pv_len[0] == 0)
            break;
        line->depth = depth;
        line->score = score;
        line->seldepth = t->seldepth;
        line->pv_len = t->pv_len[0];
        memcpy(line->pv, t->pv[0], sizeof(Move) * (size_t)t->pv_len[0]);
    }
    t->mpv_skip = 0;
    if (n == 0)
        return 0; /* as aspiration would: the caller sees the stop */
    if (n == e->multipv) {
        for (int i = 1; i < n; i++) /* insertion sort, stable: best score first */
            for (int k = i; k > 0 && t->mpv_new[k].score > t->mpv_new[k - 1].score; k--) {
                Completed tmp = t->mpv_new[k];
                t->mpv_new[k] = t->mpv_new[k - 1];
                t->mpv_new[k - 1] = tmp;
            }
        memcpy(t->mpv_done, t->mpv_new, sizeof(Completed) * (size_t)n);
    }
    const Completed *best = n == e->multipv ? &t->mpv_done[0] : &t->mpv_new[0];
    t->pv_len[0] = best->pv_len;
    memcpy(t->pv[0], best->pv, sizeof(Move) * (size_t)best->pv_len);
    t->seldepth = best->seldepth;
    return best->score;
}

void iterative_deepening(Thread *t)
{
    Searcher *e = t->searcher;
    int limit = e->limits.depth > 0 && e->limits.depth < MAX_PLY - 4 ? e->limits.depth : MAX_PLY - 4;
    /* a depth limit holds for every thread; the first to complete it ends the search */
    int max_depth = limit;
    int prev = 0;
    int64_t started = elapsed_ms(e), last_ms = 0, before_ms = 0; /* iteration times */
    for (int depth = 1; depth <= max_depth; depth++) {
        if (thread_skips_depth(t, depth))
            continue;
        if (e->nthreads > 1) { /* on to the iteration after the deepest completed */
            int done = atomic_load(&e->completed_depth);
            if (depth <= done)
                depth = done + 1;
            if (depth > max_depth)
                break;
        }
        t->iter_depth = depth;
        t->seldepth = 0;
        int score = t->id == 0 && e->multipv > 1 ? search_lines(t, depth, prev)
                                                  : aspiration(t, depth, prev);
        if (should_stop(e) && t->done.depth > 0)
            break;
        if (superseded(t)) {
            if (t->id != 0)
                continue;
            score = thread_adopt_completed(t); /* the main thread reports it and keeps the clock */
        } else {
            if (t->pv_len[0] == 0)
                break; /* stopped during depth 1 before any move was searched */
            t->done.depth = depth;
            t->done.score = score;
            t->done.seldepth = t->seldepth;
            t->done.pv_len = t->pv_len[0];
            memcpy(t->done.pv, t->pv[0], sizeof(Move) * (size_t)t->pv_len[0]);
            thread_publish_completed(t);
        }
        prev = score;
        if (t->id != 0) {
            /* a ponder search (infinite) waits at the limit for the ponder hit instead */
            if (depth >= limit && e->limits.depth > 0 && !atomic_load(&e->infinite))
                atomic_store(&e->stop, true);
            continue;
        }
        atomic_store(&e->progress_depth, t->done.depth);
        report_iteration(e, t);
        int64_t now = elapsed_ms(e);
        before_ms = last_ms;
        last_ms = now - started;
        started = now;
        if (atomic_load(&e->infinite))
            continue;
        TimeBudget budget = {atomic_load(&e->soft_ms), atomic_load(&e->hard_ms),
                             e->params.time_growth_min, e->params.time_growth_max,
                             e->params.time_growth_unknown};
        if (!time_start_iteration(&budget, now, last_ms, before_ms))
            break;
        if (e->root_moves.count == 1 && (budget.soft_ms >= 0 || e->limits.nps))
            break; /* a forced move: no need to think on the clock */
        if (score_is_mate(score) &&
            depth > 2 * abs(score_mate_moves(score)) + e->params.mate_stop_plies)
            break;
        if (should_stop(e))
            break;
    }
}
