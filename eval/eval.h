/* Static evaluation.  Material is the German Chu Shogi Association table (RULES.md §7,
 * pawn = 100); royals are not material but royalty (their number and safety).  The
 * piece-square part is kept incrementally by the search (eval_update); the rest is computed
 * at each call. */
#ifndef KAKI_EVAL_H
#define KAKI_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "board/makemove.h"
#include "board/position.h"

/* GCSA value of every kind (promoted kinds valued as what they became), centipawns. */
extern const int16_t kind_value[KIND_COUNT];

/* Evaluation terms that can be switched off to measure what they are worth (bench/). */
enum {
    EVAL_PROMOTION = 1 << 0, /* promotion potential of pieces near or in the zone */
    EVAL_ROYAL = 1 << 1,     /* safety and number of royals */
    EVAL_EMPTYING = 1 << 2,  /* fire demons and range jumpers lose value as the board empties */
    EVAL_MOBILITY = 1 << 3,  /* mobility of ranging pieces */
    EVAL_TEMPO = 1 << 4,     /* side to move */
    EVAL_CENTRE = 1 << 5,    /* small centralisation / advancement of minor pieces */
    EVAL_ALL = 0x3F,
    /* the default: every term that paid for itself in self-play (see README) */
    EVAL_DEFAULT = EVAL_PROMOTION | EVAL_ROYAL | EVAL_EMPTYING | EVAL_TEMPO | EVAL_CENTRE,
};

/* The incremental part: piece-square sums (material + promotion potential + centre) from
   Black's point of view, and counts needed by the other terms. */
typedef struct EvalState {
    int32_t psq;
    int32_t fading[2]; /* value of each side's fire demons and range jumpers, weighted by how
                          much of it fades as the board empties */
} EvalState;

/* Builds the piece-square tables once (thread-safe). */
void eval_init(void);

/* Piece-square value of piece code pc on sq, from its owner's point of view. */
int eval_psq(int pc, int sq);

/* From scratch. */
void eval_state_init(EvalState *st, const Position *pos);
/* After make_move(pos, m, u): the new state from the parent's. */
void eval_state_update(EvalState *st, const EvalState *parent, const Position *pos, const Undo *u);

/* Score for the side to move, centipawns. */
int evaluate(const Position *pos, const EvalState *st, int terms);

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
