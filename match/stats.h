/* kaki-match: match statistics.
 *
 * Elo (logistic): elo(s) = -400 log10(1/s - 1) for a score fraction s.
 * 95% error bar: normal approximation, s +- 1.96 * sd / sqrt(N), mapped through elo().
 *   trinomial model: N games, each scoring 1, 1/2 or 0;
 *   pentanomial model: N game pairs (same opening, colours reversed), each scoring
 *   0, 1/4, 1/2, 3/4 or 1 (the pair's points / 2).
 * SPRT: the generalised SPRT (GSPRT) with the normal approximation of the log-likelihood
 *   ratio, LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var), s0 and s1 the scores of elo0 and
 *   elo1 (logistic), s and var the observed mean and variance per unit (game or pair);
 *   bounds lower = ln(beta / (1 - alpha)), upper = ln((1 - beta) / alpha).  Empty bins
 *   count 0.5 in the LLR (a small prior), so that one-sided results still decide. */
#ifndef KAKI_MATCH_STATS_H
#define KAKI_MATCH_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"

typedef struct Stats {
    int wins, draws, losses;  /* games, from the first engine's view */
    int penta[5];             /* complete pairs by the first engine's points: 0, 1/2, ..., 2 */
} Stats;

typedef struct EloEstimate {
    bool valid;               /* false: no games, or a zero variance */
    int units;                /* games or pairs */
    double score;             /* mean score fraction */
    double elo, lo, hi;       /* hi/lo may be +-INFINITY */
    double los;               /* likelihood of superiority, trinomial */
} EloEstimate;

double elo_from_score(double s);
double score_from_elo(double elo);

EloEstimate stats_elo(const Stats *st, bool pentanomial);

/* LLR of the SPRT; 0 with fewer than 2 units. */
double sprt_llr(const Stats *st, const Sprt *sp);
void sprt_bounds(const Sprt *sp, double *lower, double *upper);
/* 1: H1 accepted (elo >= elo1), -1: H0 accepted (elo <= elo0), 0: continue. */
int sprt_decision(const Stats *st, const Sprt *sp);

/* Adds one finished game (points of the first engine: 1, 0.5, 0). */
void stats_add_game(Stats *st, double points);
/* Adds one complete pair (the first engine's points over both games: 0, 0.5, ..., 2). */
void stats_add_pair(Stats *st, double points);

/* How games ended, so that a rise of draws at the move limit shows at once: by the rules (a
   royal lost, no legal move, a correct claim, a resignation, a draw agreed: kaki-match's
   "normal"), on time, at the move limit (an adjudicated draw of 2 x max_moves plies), by score
   adjudication (--resign, --draw), rules infractions and emergencies. */
typedef struct Endings {
    int rules, time, move_limit, adjudicated, infraction, emergency;
} Endings;

/* Counts one game: its TERM_* and OUT_* (game.h), its plies and the match's --maxmoves (0 =
   none). */
void endings_add(Endings *e, int termination, int outcome, int plies, int max_moves);
/* "by the rules 30, on time 0, move limit 8, adjudicated 0, infraction 0, emergency 0". */
void endings_format(const Endings *e, char *out, size_t outsz);

/* "Elo +35.2 +- 20.1 (95%, pentanomial, 100 pairs)" etc. */
void stats_format_elo(const Stats *st, bool pentanomial, char *out, size_t outsz);

#endif
