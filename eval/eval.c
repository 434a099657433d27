/* The evaluation: piece-square tables built from the weights, the incremental state, and the
 * score (eval.h), which adds the terms computed at each call (terms.h). */
#include "eval.h"

#include <pthread.h>
#include <stddef.h>
#include <string.h>

#include "board/pieces.h"
#include "feature_set.h"
#include "terms.h"
#include "weights.h"

typedef struct PsqEntry {
    int16_t mg, eg; /* Black's view (negative for White's pieces) */
} PsqEntry;

static PsqEntry psq[PIECE_CODE_COUNT][SQUARE_COUNT];
static int16_t material_of[PIECE_CODE_COUNT]; /* docs/RULES.md §7, Black's view */
static bool ranging[PIECE_CODE_COUNT];

static void build_tables(void)
{
    geometry_init();
    terms_init();
    for (int pc = 2; pc < PIECE_CODE_COUNT; pc++) {
        int kind = piece_kind(pc), sign = piece_colour(pc) == BLACK ? 1 : -1;
        if (!kind_move_type[kind])
            continue;
        material_of[pc] = (int16_t)(sign * material_value(kind));
        ranging[pc] = kind_has_mobility(kind);
        for (int sq = 0; sq < SQUARE_COUNT; sq++) {
            int f[4], n[4], k = piece_square_features(pc, sq, f, n), mg = 0, eg = 0;
            for (int i = 0; i < k; i++) {
                mg += n[i] * eval_weights[f[i]].mg;
                eg += n[i] * eval_weights[f[i]].eg;
            }
            psq[pc][sq] = (PsqEntry){(int16_t)(sign * mg), (int16_t)(sign * eg)};
        }
    }
}

const char *const eval_mode_names[EVAL_MODE_COUNT] = {"gcsa", "learnt", "nnue"};

int eval_mode_by_name(const char *name)
{
    for (int m = 0; m < EVAL_MODE_COUNT; m++)
        if (strcmp(name, eval_mode_names[m]) == 0)
            return m;
    return -1;
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
void eval_init(void) { pthread_once(&once, build_tables); }

static inline void add_piece(EvalState *st, int pc, int sq, int sign)
{
    st->mg += sign * psq[pc][sq].mg;
    st->eg += sign * psq[pc][sq].eg;
    st->material += sign * material_of[pc];
    st->total += material_of[pc] < 0 ? -sign * material_of[pc] : sign * material_of[pc];
    if (ranging[pc])
        bb_toggle(&st->rangers[piece_colour(pc)], sq);
}

void eval_state_init(EvalState *st, const Position *pos)
{
    eval_init();
    memset(st, 0, offsetof(EvalState, nn));
    st->nn.net = 0;
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        if (pos->board[sq])
            add_piece(st, pos->board[sq], sq, 1);
}

void eval_state_update(EvalState *st, const EvalState *parent, const Position *pos, const Undo *u)
{
    memcpy(st, parent, offsetof(EvalState, nn));
    nnue_update(&st->nn, &parent->nn, pos, u);
    for (int i = 0; i < u->nchanges; i++) {
        if (!undo_first_change(u, i))
            continue;
        int sq = u->sq[i];
        int now = pos->board[sq], old = u->old[i];
        if (old)
            add_piece(st, old, sq, -1);
        if (now)
            add_piece(st, now, sq, 1);
    }
}

void eval_state_copy(EvalState *dst, const EvalState *src)
{
    memcpy(dst, src, offsetof(EvalState, nn));
    nnue_copy(&dst->nn, &src->nn);
}

/* The piece-square part and the early terms (terms.h), Black's view. */
static inline TermSums early_sums(const Position *pos, const EvalState *st)
{
    TermSums s = {st->mg, st->eg, NULL};
    eval_terms(pos, st->rangers, &s, TERMS_EARLY);
    return s;
}

int evaluate_black(const Position *pos, const EvalState *st)
{
    TermSums s = early_sums(pos, st);
    eval_terms(pos, st->rangers, &s, TERMS_LATE);
    return eval_taper(s.mg, s.eg, eval_phase(st->total));
}

int evaluate(const Position *pos, const EvalState *st, int mode)
{
    if (mode == EVAL_NNUE)
        return eval_clamp(nnue_evaluate(pos, &st->nn));
    int score = eval_clamp(mode == EVAL_MATERIAL ? st->material : evaluate_black(pos, st));
    return pos->side == BLACK ? score : -score;
}

int evaluate_lazy(const Position *pos, const EvalState *st, int mode, int alpha, int beta)
{
    if (mode == EVAL_MATERIAL || mode == EVAL_NNUE)
        return evaluate(pos, st, mode);
    TermSums s = early_sums(pos, st);
    int phase = eval_phase(st->total), early = eval_clamp(eval_taper(s.mg, s.eg, phase));
    if (pos->side != BLACK)
        early = -early;
    if (early - EVAL_LAZY_MARGIN >= beta || early + EVAL_LAZY_MARGIN <= alpha)
        return early;
    eval_terms(pos, st->rangers, &s, TERMS_LATE);
    int score = eval_clamp(eval_taper(s.mg, s.eg, phase));
    return pos->side == BLACK ? score : -score;
}
