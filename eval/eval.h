/* Static evaluation.  Material is the German Chu Shogi Association table (docs/RULES.md §7,
 * pawn = 100; material_value in board/pieces.h); royals are not material but royalty (their
 * number and safety).  The piece-square parts are kept incrementally by the search (eval_state_update); the rest is
 * computed at each call.  Only the terms of EVAL_DEFAULT are on: the others were measured to
 * lose strength (docs/BENCHMARKS.md, bench/feature-gains.sh). */
#ifndef KAKI_EVAL_H
#define KAKI_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "board/makemove.h"
#include "board/position.h"

/* Evaluation terms that can be switched off to measure what they are worth (bench/). */
enum {
    EVAL_PROMOTION = 1 << 0, /* promotion potential of pieces near or in the zone */
    EVAL_ROYAL = 1 << 1,     /* safety and number of royals */
    EVAL_EMPTYING = 1 << 2,  /* fire demons and range jumpers lose value as the board empties */
    EVAL_MOBILITY = 1 << 3,  /* mobility of ranging pieces */
    EVAL_TEMPO = 1 << 4,     /* side to move */
    EVAL_CENTRE = 1 << 5,    /* small centralisation / advancement of minor pieces */
    EVAL_ALL = 0x3F,
    /* the default: the terms that did not lose strength in self-play (docs/BENCHMARKS.md) */
    EVAL_DEFAULT = 0, /* material only */
};

/* The incremental part, from Black's point of view: the piece-square sums of the material, the
   promotion potential and the centre terms (kept apart so that a term can be switched off at no
   cost), and the value that fades as the board empties. */
typedef struct EvalState {
    int32_t material, promotion, centre;
    int32_t fading[2]; /* value of each side's fire demons and range jumpers, weighted by how
                          much of it fades as the board empties */
} EvalState;

/* Builds the piece-square tables once (thread-safe). */
void eval_init(void);

/* From scratch. */
void eval_state_init(EvalState *st, const Position *pos);
/* After make_move(pos, m, u): the new state from the parent's. */
void eval_state_update(EvalState *st, const EvalState *parent, const Position *pos, const Undo *u);

/* Score for the side to move, centipawns, within [-EVAL_MAX, EVAL_MAX].  A side's material
   alone is 84,200 at the start, so a lopsided position would otherwise score beyond the
   search's mate scores (30,000) and the 16-bit scores of the hash table. */
#define EVAL_MAX 28000
static inline int eval_clamp(int s) { return s > EVAL_MAX ? EVAL_MAX : s < -EVAL_MAX ? -EVAL_MAX : s; }
int evaluate(const Position *pos, const EvalState *st, int terms);
/* The mobility term alone, for the side to move (evaluate() includes it when EVAL_MOBILITY is
   set; the quiescence search adds it only when the rest of the score is close to the window). */
int eval_mobility(const Position *pos);
#define MOBILITY_LAZY_MARGIN 300

/* The terms of the evaluation, each from Black's point of view, for `kaki eval`. */
typedef struct EvalTerms {
    int material[2];   /* per colour, incl. nothing for royals */
    int promotion;     /* Black minus White */
    int centre;
    int royal;
    int emptying;
    int mobility;
    int tempo;         /* for the side to move, from Black's view */
    int total_black;   /* sum, Black's view */
    int total_stm;     /* the result of evaluate() */
} EvalTerms;
void eval_explain(const Position *pos, EvalTerms *t);

#endif
