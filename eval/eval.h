/* Static evaluation.  Linear in its weights (eval/feature_set.h, eval/weights.c, learnt from
 * Kaki's own games by the tuner in tuning/): every feature is counted for each side once for
 * the opening and once for the endgame, and the two sums are blended by the phase, the share
 * of the docs/RULES.md §7 material still on the board.  The piece-square part (material per
 * kind, rank and file tables per group of kinds, promotion potential) is kept incrementally
 * from make_move's record of changed squares; mobility, royal safety, the fire demons and the
 * tempo are computed at each call.  eval/trace.h computes the same sums feature by feature for
 * the tuner, `kaki eval` and the tests.
 *
 * EVAL_MATERIAL is pure German Chu Shogi Association material (docs/RULES.md §7), the
 * evaluation Kaki had before the learnt one; building with -DKAKI_PURE_MATERIAL=ON makes it the
 * default, so that the two can be compared in real matches.  EVAL_NNUE is the network of
 * eval/nnue.h, whose accumulators the incremental state carries too (docs/NNUE.md). */
#ifndef KAKI_EVAL_H
#define KAKI_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "board/makemove.h"
#include "board/position.h"
#include "nnue.h"

/* Evaluation modes (SearchConfig.eval_terms). */
enum {
    EVAL_MATERIAL = 0, /* docs/RULES.md §7 material only ("gcsa") */
    EVAL_LEARNT = 1,   /* every term, with the learnt weights ("learnt") */
    EVAL_NNUE = 2,     /* the network in use (eval/nnue.h, "nnue") */
    EVAL_MODE_COUNT,
#ifdef KAKI_PURE_MATERIAL
    EVAL_DEFAULT = EVAL_MATERIAL,
#else
    EVAL_DEFAULT = EVAL_NNUE,
#endif
};
/* The modes' names for options ("gcsa", "learnt", "nnue"), and the mode of a name or -1. */
extern const char *const eval_mode_names[EVAL_MODE_COUNT];
int eval_mode_by_name(const char *name);

/* The incremental part, from Black's point of view. */
typedef struct EvalState {
    Bitboard rangers[2]; /* pieces of each side that have ranging lines (mobility; first, so
                            that handing them to the terms costs no instruction) */
    int32_t mg, eg;      /* piece-square sums: material, ranks, files, promotion potential */
    int32_t material;    /* docs/RULES.md §7 material, Black minus White */
    int32_t total;       /* docs/RULES.md §7 material of both sides (the phase) */
    NnueAcc nn;          /* the network's accumulators, computed on demand (eval/nnue.h); last */
} EvalState;

/* Builds the piece-square tables once (thread-safe). */
void eval_init(void);

/* From scratch. */
void eval_state_init(EvalState *st, const Position *pos);
/* After make_move(pos, m, u): the new state from the parent's. */
void eval_state_update(EvalState *st, const EvalState *parent, const Position *pos, const Undo *u);
/* dst = src, copying only the accumulator entries in use (a null move). */
void eval_state_copy(EvalState *dst, const EvalState *src);

/* The phase: PHASE_MAX with all the start position's material on the board, 0 with none. */
#define PHASE_MAX 256
#define PHASE_MATERIAL 168400 /* both sides' material at the start */
static inline int eval_phase(int32_t total)
{
    int p = (int)((int64_t)total * PHASE_MAX / PHASE_MATERIAL);
    return p > PHASE_MAX ? PHASE_MAX : p;
}
/* Opening and endgame sums blended by the phase (symmetric: taper(-a, -b) = -taper(a, b)). */
static inline int eval_taper(int32_t mg, int32_t eg, int phase)
{
    return (int)(((int64_t)mg * phase + (int64_t)eg * (PHASE_MAX - phase)) / PHASE_MAX);
}

/* Score for the side to move, centipawns, within [-EVAL_MAX, EVAL_MAX].  A side's material
   alone is 84,200 at the start, so a lopsided position would otherwise score beyond the
   search's mate scores (30,000) and the 16-bit scores of the hash table. */
#define EVAL_MAX 28000
static inline int eval_clamp(int s) { return s > EVAL_MAX ? EVAL_MAX : s < -EVAL_MAX ? -EVAL_MAX : s; }
int evaluate(const Position *pos, const EvalState *st, int mode);
/* The same, lazily: when the incremental part and the early terms (the fire demons' activity,
   the tempo: eval/terms.h) are beyond the window [alpha, beta] by more than EVAL_LAZY_MARGIN,
   their sum (the late terms could not bring the score back into the window unless they are
   that large), for the search's static evaluations. */
#define EVAL_LAZY_MARGIN 400
int evaluate_lazy(const Position *pos, const EvalState *st, int mode, int alpha, int beta);
/* Black's view, unclamped: what the tuner fits (eval/trace.h computes the same). */
int evaluate_black(const Position *pos, const EvalState *st);

#endif
