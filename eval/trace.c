/* The trace (trace.h): the piece-square features of every piece, the terms computed at each
 * call counted by terms.c, and the phase of the incremental state (eval.h). */
#include "trace.h"

#include <string.h>

#include "eval.h"
#include "terms.h"

void eval_trace(const Position *pos, EvalTrace *t)
{
    memset(t, 0, sizeof *t);
    EvalState st;
    eval_state_init(&st, pos);
    for (int sq = 0; sq < SQUARE_COUNT; sq++) {
        int pc = pos->board[sq];
        if (!pc)
            continue;
        int f[4], n[4], k = piece_square_features(pc, sq, f, n);
        for (int i = 0; i < k; i++)
            t->coef[f[i]][piece_colour(pc)] = (int16_t)(t->coef[f[i]][piece_colour(pc)] + n[i]);
    }
    TermSums s = {0, 0, t->coef};
    eval_terms_traced(pos, st.rangers, &s);
    t->phase = eval_phase(st.total);
}

void trace_sums(const EvalTrace *t, const EvalWeight *w, int64_t *mg, int64_t *eg)
{
    *mg = *eg = 0;
    for (int f = 0; f < FEATURE_COUNT; f++) {
        int n = t->coef[f][BLACK] - t->coef[f][WHITE];
        *mg += (int64_t)n * w[f].mg;
        *eg += (int64_t)n * w[f].eg;
    }
}

int trace_score(const EvalTrace *t, const EvalWeight *w)
{
    int64_t mg, eg;
    trace_sums(t, w, &mg, &eg);
    return eval_taper((int32_t)mg, (int32_t)eg, t->phase);
}

void trace_terms(const EvalTrace *t, const EvalWeight *w, int out[TERM_COUNT][2])
{
    int64_t mg[TERM_COUNT][2] = {{0}}, eg[TERM_COUNT][2] = {{0}};
    for (int f = 0; f < FEATURE_COUNT; f++)
        for (int c = 0; c < 2; c++) {
            mg[feature_term(f)][c] += (int64_t)t->coef[f][c] * w[f].mg;
            eg[feature_term(f)][c] += (int64_t)t->coef[f][c] * w[f].eg;
        }
    for (int term = 0; term < TERM_COUNT; term++)
        for (int c = 0; c < 2; c++)
            out[term][c] = eval_taper((int32_t)mg[term][c], (int32_t)eg[term][c], t->phase);
}
