/* Internal to eval/: the features of one piece on one square (the incremental part), and the
 * terms computed at each call, written once and used both to evaluate (weights summed) and
 * to trace (features counted), so that the two cannot disagree. */
#ifndef KAKI_EVAL_TERMS_H
#define KAKI_EVAL_TERMS_H

#include "eval.h"
#include "feature_set.h"

#include "trace.h"

/* Does the kind count mobility: a ranging line (a property of the kind in every rules
   variant), in the groups where mobility matters most (queens, lion hawk, range jumpers, fire
   demons; counting every ranging piece would cost more search speed than it tells)? */
bool kind_has_mobility(int kind);
/* Builds the tables of the terms (eval_init calls it). */
void terms_init(void);

/* Sums of the terms computed at each call (Black minus White); with a trace, the features are
   also counted there. */
typedef struct TermSums {
    int32_t mg, eg;
    EvalTrace *trace;
} TermSums;

void eval_dynamic_terms(const Position *pos, const EvalState *st, TermSums *sums);
void eval_dynamic_terms_traced(const Position *pos, const EvalState *st, TermSums *sums);

#endif
