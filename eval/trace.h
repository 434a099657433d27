/* The evaluation feature by feature: how often each feature counts for each side in a
 * position, and the phase.  The tuner fits the weights to these counts; `kaki eval` prints the
 * terms from them; the tests check that the weights times the counts are exactly what
 * evaluate() returns. */
#ifndef KAKI_EVAL_TRACE_H
#define KAKI_EVAL_TRACE_H

#include "board/position.h"
#include "feature_set.h"
#include "weights.h"

typedef struct EvalTrace {
    int16_t coef[FEATURE_COUNT][2]; /* [feature][colour]: the count for that side */
    int phase;                      /* 0 .. PHASE_MAX */
} EvalTrace;

/* Counts every feature of pos from scratch. */
void eval_trace(const Position *pos, EvalTrace *t);

/* The opening and endgame sums (Black minus White) of a trace with these weights. */
void trace_sums(const EvalTrace *t, const EvalWeight *w, int64_t *mg, int64_t *eg);
/* Black's view score of a trace: equals evaluate_black() for the compiled-in weights. */
int trace_score(const EvalTrace *t, const EvalWeight *w);
/* Each term's tapered value for each side (its own view: positive is good for that side). */
void trace_terms(const EvalTrace *t, const EvalWeight *w, int out[TERM_COUNT][2]);

#endif
