/* Internal to eval/: the features of one piece on one square (the incremental part), and the
 * terms computed at each call, written once and used both to evaluate (weights summed) and
 * to trace (features counted), so that the two cannot disagree. */
#ifndef KAKI_EVAL_TERMS_H
#define KAKI_EVAL_TERMS_H

#include "eval.h"
#include "feature_set.h"

#include "trace.h"

/* Is the kind in EvalState.rangers: a ranging line (a property of the kind in every rules
   variant), in the groups whose mobility counts (queens, lion hawk, range jumpers; counting
   every ranging piece would cost more search speed than it tells; the fire demons count theirs
   apart)? */
bool kind_has_mobility(int kind);
/* Builds the tables of the terms (eval_init calls it). */
void terms_init(void);

/* Sums of the terms computed at each call (Black minus White); with a trace, the features are
   also counted there. */
typedef struct TermSums {
    int32_t mg, eg;
    EvalTrace *trace;
} TermSums;

/* The terms computed at each call come in two parts: the early one (the fire demons' mobility
   and burn targets, the tempo: cheap, and large enough that a lazy evaluation must not skip
   them) and the late one, which the lazy evaluation may skip. */
enum TermPart { TERMS_EARLY, TERMS_LATE };
void eval_terms(const Position *pos, const EvalState *st, TermSums *sums, int part);
/* Both parts, counted into sums->trace. */
void eval_terms_traced(const Position *pos, const EvalState *st, TermSums *sums);

#endif
