/* The features of the evaluation.  The evaluation is linear in its weights: every weight
 * multiplies one feature, a count computed from the position (a piece of some kind, a piece of
 * some group on some rank, a square a ranging piece can reach, ...), once for the opening and
 * once for the endgame, and the two sums are blended by the phase.  This header numbers the
 * features and says which of them a piece on a square counts; eval/weights.c (written by
 * kaki-tune) gives each its weights, and the tuner, the trace (eval/trace.h) and `kaki eval`
 * name them from here.
 *
 *   features        what they count, for each side (the score is Black's minus White's)
 *   F_MATERIAL(k)   pieces of kind k (royals excepted: they are not material)
 *   F_RANK(g, r)    pieces of group g on rank r counted from their own side (0 = own back rank;
 *                   11-15 = the promotion zone)
 *   F_FILE(g, f)    pieces of group g on file f counted from the nearer edge (0-7)
 *   F_PROMO(d)      promotion potential: the promotion gain in pawns (docs/RULES.md §7) of
 *                   every piece d ranks short of its zone (d = 0: inside it), water buffalo apart
 *   F_BUFFALO(d)    water buffaloes d ranks short of the zone (promotion to a fire demon)
 *   F_MOBILITY(g)   squares the ranging pieces of group g can move to along their lines (empty
 *                   squares up to the first piece, plus that piece if it is an enemy); for the
 *                   queens, the lion hawk, the range jumpers and the fire demons
 *   F_JUMP_TARGETS  enemy pieces on a range-jumping general's lines beyond the first piece, which
 *                   its jumps may reach (docs/RULES.md §6)
 *   F_ROYAL_*       safety of a lone royal, a spare royal (see eval/terms.c)
 *   F_DEMON_*       fire-demon activity and safety (see eval/terms.c)
 *   F_TEMPO         the side to move
 */
#ifndef KAKI_EVAL_FEATURE_SET_H
#define KAKI_EVAL_FEATURE_SET_H

#include <stddef.h>

#include "board/pieces.h"

/* Groups of kinds that share piece-square and mobility weights, by how the piece moves (a
   promoted piece is in the group of the move type it gained). */
enum PieceGroup {
    GROUP_PAWN,    /* pawns */
    GROUP_STEPPER, /* generals and other step movers: G, S, C, I, DE, BT, FL, Dg, tokin */
    GROUP_LEAPER,  /* knight, kirin, phoenix */
    GROUP_MINOR,   /* lance-like rangers: L, RC, VM, SM, VSo, SSo */
    GROUP_RANGER,  /* rooks, bishops, dragons and the rangers promotion makes */
    GROUP_QUEEN,   /* queen, free eagle */
    GROUP_EAGLE,   /* soaring eagle, horned falcon */
    GROUP_BUFFALO, /* water buffalo */
    GROUP_CHARIOT, /* chariot soldier, heavenly tetrarch */
    GROUP_LION,    /* lion, lion hawk */
    GROUP_JUMPER,  /* the range-jumping generals (docs/RULES.md §6) */
    GROUP_DEMON,   /* fire demons */
    GROUP_ROYAL,   /* king, prince */
    GROUP_COUNT
};

#define PROMO_DISTANCES 5 /* ranks short of the zone that count: 0 (inside) to 4 */
#define ROYAL_DEMON_BANDS 4 /* enemy fire demon at distance <= 2, 3, 4, 5-6 from a lone royal */

enum {
    F_RANK_BASE = KIND_COUNT,
    F_FILE_BASE = F_RANK_BASE + GROUP_COUNT * 16,
    F_PROMO_BASE = F_FILE_BASE + GROUP_COUNT * 8,
    F_BUFFALO_BASE = F_PROMO_BASE + PROMO_DISTANCES,
    F_MOBILITY_BASE = F_BUFFALO_BASE + PROMO_DISTANCES,
    F_JUMP_TARGETS = F_MOBILITY_BASE + GROUP_COUNT,
    F_ROYAL_SPARE,      /* royals beyond the first */
    F_ROYAL_NEAR,       /* enemy pieces within two squares of a lone royal */
    F_ROYAL_NEAR_LION,  /* ... that have lion power or an area move */
    F_ROYAL_GUARD,      /* own pieces next to a lone royal */
    F_ROYAL_OPEN_LINE,  /* lines from a lone royal with three or more empty squares */
    F_ROYAL_JUMPER_XRAY,/* enemy range jumpers aiming at a lone royal through pieces they jump */
    F_ROYAL_DEMON_BASE, /* enemy fire demons near a lone royal, by distance band */
    F_DEMON_NEAR = F_ROYAL_DEMON_BASE + ROYAL_DEMON_BANDS, /* enemy pieces a fire demon can burn
                           after one step (within two squares; enemy demons do not count) */
    F_DEMON_FAR,        /* ... within three or four squares (an area move away) */
    F_DEMON_ATTACKED,   /* the side to move's fire demons that the enemy attacks */
    F_TEMPO,
    FEATURE_COUNT
};

#define F_MATERIAL(kind) (kind)
#define F_RANK(group, rank) (F_RANK_BASE + (group) * 16 + (rank))
#define F_FILE(group, file) (F_FILE_BASE + (group) * 8 + (file))
#define F_PROMO(d) (F_PROMO_BASE + (d))
#define F_BUFFALO(d) (F_BUFFALO_BASE + (d))
#define F_MOBILITY(group) (F_MOBILITY_BASE + (group))
#define F_ROYAL_DEMON(band) (F_ROYAL_DEMON_BASE + (band))

/* The terms `kaki eval` prints: each feature belongs to one. */
enum EvalTerm {
    TERM_MATERIAL, TERM_PSQ, TERM_PROMOTION, TERM_MOBILITY, TERM_ROYAL, TERM_DEMON, TERM_TEMPO,
    TERM_COUNT
};
extern const char *const term_names[TERM_COUNT];

/* Group of a kind (by its move type); GROUP_COUNT for kind 0 and kinds that do not exist. */
int kind_group(int kind);
extern const char *const group_names[GROUP_COUNT];      /* "pawn", "stepper", ... */
extern const char *const group_constants[GROUP_COUNT];  /* "GROUP_PAWN", ... */

int feature_term(int f);
/* "rank pawn 5", "material water buffalo", ... */
void feature_name(int f, char *out, size_t outsz);
/* The feature as a C constant expression for the generated weights file: "F_RANK(GROUP_PAWN, 5)". */
void feature_expression(int f, char *out, size_t outsz);

/* The tuner's starting point and the weights of pure material: docs/RULES.md §7 values for
   material in both phases, 0 for everything else. */
int feature_prior(int f);

/* The sign a feature's weights must have, when its meaning fixes one: +1 (a good thing for the
   side that has it: material, promotion potential, mobility, guards, burn targets, tempo, ...),
   -1 (a danger: enemies near the royal, attacked demons, ...), 0 (free: the rank and file
   tables).  The tuner keeps the weights on that side of 0. */
int feature_sign(int f);

/* Promotion gain of a kind in pawns for F_PROMO (0 if it cannot promote or is a water
   buffalo, which has F_BUFFALO); a drunk elephant's promotion to a spare royal counts 6. */
int promotion_gain_pawns(int kind);

/* The features a piece code on a square counts for its colour (the incremental part of the
   evaluation: material, rank, file, promotion potential): at most four, in f[] with their
   counts in n[]; returns how many. */
int piece_square_features(int pc, int sq, int f[4], int n[4]);

#endif
