/* Which features the search uses (SearchConfig): all on by default; switched off one at a time
 * to measure what each is worth (bench/selfplay), or all off for the 1-ply greedy opponent.
 * The numbers the features use are the search parameters (params.h). */
#ifndef KAKI_SEARCH_CONFIG_H
#define KAKI_SEARCH_CONFIG_H

#include <stdbool.h>

typedef struct SearchConfig {
    bool tt;            /* transposition table cutoffs and hash move */
    bool nullmove;      /* null-move pruning */
    bool lmr;           /* late-move reductions */
    bool aspiration;    /* aspiration windows */
    bool killers;       /* killer moves */
    bool history;       /* history heuristic */
    bool qsearch;       /* quiescence search (off: static evaluation at the horizon) */
    bool futility;      /* futility pruning of quiet moves near the horizon */
    bool rfp;           /* reverse futility: a static evaluation far above beta cuts near the
                           horizon */
    bool lmp;           /* late-move pruning: near the horizon only the first quiet moves */
    bool check_ext;     /* search one ply deeper after a move that attacks a lone royal */
    int qs_full_plies;  /* quiescence plies that try every capture; deeper ones only recapture
                           (and take a royal) */
    bool qs_promotions; /* big quiet promotions at the first quiescence ply */
    int eval_terms;     /* EVAL_* mask (eval/eval.h) */
} SearchConfig;

/* Every feature on but the check extension; quiescence tries every capture at its first ply;
   the default evaluation. */
SearchConfig search_config_default(void);

#endif
