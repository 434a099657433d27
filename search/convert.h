/* Conversion: what the search adds when one side is far ahead in material, so that it plays to
 * win instead of shuffling (docs/CONVERSION.md).  The evaluation (material only, with the
 * learnt weights) scores every quiet move of a won position the same, and a search of a few
 * plies then finds nothing to do; these terms give the side ahead a direction:
 *
 *   - approach: each of its strong pieces (docs/RULES.md §7 value at least CONVERT_STRONG:
 *     fire demons, range jumpers, lions, eagles, queens, ...) scores CONVERT_APPROACH
 *     centipawns for every square (king steps) it is closer than 15 to the nearest enemy
 *     royal, so that it brings them to the royals and breaks through;
 *   - shuffle pressure: the score shrinks towards 0 by CONVERT_SHUFFLE / 10000 of itself for
 *     each of the q plies since the last capture, burn or promotion (q at most
 *     CONVERT_SHUFFLE_MAX; at most down to 0), so that a
 *     search of a few plies prefers the line that takes something (Stockfish scales its
 *     scores by its 50-move counter the same way);
 *   - the ending approach: in an ending (the side behind keeps at most CONVERT_DEFENDER_MAX of
 *     material) every piece of the side ahead but its royals scores CONVERT_ENDING_APPROACH
 *     centipawns a square it is closer than 15 to the nearest enemy royal: its whole army
 *     closes in, not only the strong pieces, and a mate needs fewer plies to see;
 *   - danger: the side ahead loses CONVERT_DANGER centipawns for every square each strong enemy
 *     piece is closer than 15 to its nearest royal, so that it keeps its royals away from the
 *     fire demons and range jumpers left to the defender, and trades those off;
 *   - no undoing at the root: the side ahead does not take back its own previous move (the
 *     same piece straight back, nothing captured) unless nothing else is legal.
 *
 * "Far ahead" is a lead of CONVERT_LEAD centipawns of §7 material; the terms grow linearly to
 * full weight at CONVERT_LEAD_FULL.  Below CONVERT_LEAD nothing changes. */
#ifndef KAKI_SEARCH_CONVERT_H
#define KAKI_SEARCH_CONVERT_H

#include <stdbool.h>
#include <stdint.h>

#include "board/position.h"
#include "eval/eval.h"
#include "params.h"

/* The strong kinds (from CONVERT_STRONG), derived from the parameters. */
typedef struct ConvertTables {
    uint8_t strong[KIND_COUNT];
    int nstrong;
} ConvertTables;

void convert_init_tables(ConvertTables *ct, const SearchParams *p);

/* The weight of the terms for a position with this state: 0 (neither side CONVERT_LEAD
   ahead) to 256 (CONVERT_LEAD_FULL or more). */
static inline int convert_weight(const EvalState *st, const SearchParams *p)
{
    int lead = st->material < 0 ? -st->material : st->material;
    if (lead <= p->convert_lead)
        return 0;
    if (lead >= p->convert_lead_full)
        return 256;
    return (lead - p->convert_lead) * 256 / (p->convert_lead_full - p->convert_lead);
}

/* Whether, how much and for which side the terms act: from the position scored itself, or
   with CONVERT_ROOT_GATE from the root of the search (then an exchange in progress deep in the
   tree, a lead of one line, does not switch them on or off). */
typedef struct ConvertGate {
    int weight; /* convert_weight */
    int leader; /* the side ahead (BLACK = sente) */
} ConvertGate;

static inline ConvertGate convert_gate(const EvalState *st, const SearchParams *p)
{
    return (ConvertGate){convert_weight(st, p), st->material > 0 ? BLACK : WHITE};
}

/* The static evaluation `score` (the side to move's view) of pos with the conversion terms,
   at the gate's weight for the gate's leader: unchanged when the weight is 0 or every term is
   off (then nothing is computed; the ending approach is on by default). */
int convert_terms(const Position *pos, const EvalState *st, const SearchParams *p,
                  const ConvertTables *ct, ConvertGate gate, int score);
static inline int convert_score_gated(const Position *pos, const EvalState *st,
                                      const SearchParams *p, const ConvertTables *ct,
                                      ConvertGate gate, int score)
{
    return (p->convert_approach || p->convert_danger || p->convert_shuffle ||
            p->convert_ending_approach) &&
                   gate.weight
               ? convert_terms(pos, st, p, ct, gate, score)
               : score;
}
/* The same gated by the position itself. */
static inline int convert_score(const Position *pos, const EvalState *st,
                                const SearchParams *p, const ConvertTables *ct, int score)
{
    return convert_score_gated(pos, st, p, ct, convert_gate(st, p), score);
}

/* The ending approach's count for side c: over c's pieces but its royals, how far below 15 the
   king distance to the nearest enemy royal is. */
int convert_approach_all(const Position *pos, int c);

/* Does m, a legal move of the side to move, take back that side's previous move (the same
   piece straight back, nothing captured, no promotion on either move)?  False if the game
   before pos is not known that far. */
bool convert_undoes_last_move(const Position *pos, Move m);

#endif
