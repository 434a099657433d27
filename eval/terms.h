/* Internal to eval/: the terms computed at each call (mobility and range jumps, royal safety,
 * the fire demons, the tempo), written once and used both to evaluate (weights summed: eval.c)
 * and to trace (features counted: trace.c), so that the two cannot disagree.  The bottom of
 * eval/'s own files after feature_set and weights: it knows neither the incremental state
 * (eval.h) nor the trace (trace.h). */
#ifndef KAKI_EVAL_TERMS_H
#define KAKI_EVAL_TERMS_H

#include <stdbool.h>
#include <stdint.h>

#include "board/position.h"
#include "feature_set.h"

/* Is the kind one whose mobility the terms count (the pieces in EvalState.rangers): a ranging
   line (a property of the kind in every rules variant), in the groups whose mobility counts
   (queens, lion hawk, range jumpers; counting every ranging piece would cost more search speed
   than it tells; the fire demons count theirs apart)? */
bool kind_has_mobility(int kind);
/* Builds the tables of the terms (eval_init calls it). */
void terms_init(void);

/* Sums of the terms computed at each call (Black minus White); with counts (EvalTrace.coef,
   [feature][colour]), the features are also counted there. */
typedef struct TermSums {
    int32_t mg, eg;
    int16_t (*counts)[2];
} TermSums;

/* The terms computed at each call come in two parts: the early one (the fire demons' mobility
   and burn targets, the tempo: cheap, and large enough that a lazy evaluation must not skip
   them) and the late one, which the lazy evaluation may skip.  rangers: each side's pieces
   whose kind has mobility (kind_has_mobility; EvalState.rangers keeps them). */
enum TermPart { TERMS_EARLY, TERMS_LATE };
void eval_terms(const Position *pos, const Bitboard rangers[2], TermSums *sums, int part);
/* Both parts, counted into sums->counts. */
void eval_terms_traced(const Position *pos, const Bitboard rangers[2], TermSums *sums);

#endif
