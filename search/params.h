/* The search parameters: every number the tree search is tuned by, in one table (params.c)
 * with its name, meaning, default and range.  A searcher holds a SearchParams value, filled
 * with the defaults and changed only through search_params_set, which refuses unknown names
 * and values out of range; a tuner or an engine option sets them by name.  The features that
 * use them are switched on and off by SearchConfig (config.h). */
#ifndef KAKI_SEARCH_PARAMS_H
#define KAKI_SEARCH_PARAMS_H

#include <stdbool.h>
#include <stddef.h>

/* The history's gravity: a cut-off's bonus b (at most HISTORY_BONUS_MAX) moves a history entry
   b / HISTORY_GRAVITY of the way towards HISTORY_BONUS_SCALE * HISTORY_GRAVITY (or its
   negative); the two parameters' ranges keep every entry within int16_t. */
enum { HISTORY_GRAVITY = 512 };

/* One field per row of the table, in the table's order; depths and plies in plies, margins in
   centipawns.  The meanings are the table's (params.c, or search_param_info). */
typedef struct SearchParams {
    int rfp_depth, rfp_margin;                   /* reverse futility */
    int futility_depth, futility_margin;         /* futility pruning */
    int lmp_depth, lmp_base, lmp_scale;          /* late-move pruning */
    int nmp_depth, nmp_reduction, nmp_depth_divisor, nmp_min_pieces; /* null move */
    int lmr_depth, lmr_moves, lmr_base, lmr_divisor, lmr_history; /* late-move reductions */
    int check_ext_depth;                         /* check extension */
    int qs_max_ply, delta_margin, qs_promotion_gain; /* quiescence */
    int history_bonus_max, history_bonus_scale;  /* history heuristic */
    int counter_moves, cont_history, iir_depth;  /* move ordering after the last move */
    int asp_depth, asp_delta, asp_widen, asp_full_delta; /* aspiration windows */
    int split_depth, crumb_depth, crumb_reduction; /* Lazy SMP */
    int mate_stop_plies;                         /* iterative deepening */
    int move_overhead_ms, time_moves_left, time_inc_share, time_cap_share, time_cap_last; /* time */
    int time_growth_min, time_growth_max, time_growth_unknown; /* when to start an iteration */
    int convert_lead, convert_lead_full;         /* conversion: far ahead (convert.h) */
    int convert_strong, convert_approach, convert_no_undo; /* conversion terms */
    int convert_shuffle, convert_shuffle_max;    /* ... and the shuffle pressure */
    int convert_defender_max, convert_ending_approach; /* ... and the endings' approach */
    int convert_danger;                          /* ... and the side ahead's royal safety */
    int convert_root_gate;                       /* ... gated by the root's lead */
    int nnue_grain;                              /* the net's static scores */
} SearchParams;

/* A row of the table. */
typedef struct SearchParamInfo {
    const char *name;    /* e.g. "RFP_MARGIN" */
    const char *meaning; /* one line */
    int def, min, max;   /* the default, and the range a value must lie in (inclusive) */
    size_t offset;       /* of the field in SearchParams */
} SearchParamInfo;

/* The number of parameters, and row i of the table (NULL when i is out of range). */
int search_param_count(void);
const SearchParamInfo *search_param_info(int i);
/* The row named `name` (exactly, case included), NULL if there is none. */
const SearchParamInfo *search_param_find(const char *name);

/* Every parameter at its default. */
SearchParams search_params_default(void);
/* Sets parameter `name` of p to value; false (p unchanged) for an unknown name or a value out
   of the parameter's range. */
bool search_params_set(SearchParams *p, const char *name, int value);
/* "NAME=VALUE" (a command-line or protocol assignment): 1 when p's parameter NAME is set to
   VALUE; 0 (p unchanged) when the text is not an assignment to a parameter of the table; -1
   (p unchanged) when VALUE is not an integer in NAME's range, with "NAME must be MIN to MAX,
   got 'VALUE'" in err. */
int search_params_assign(SearchParams *p, const char *text, char *err, size_t errsz);
/* The value of parameter `name` of p into *value; false for an unknown name. */
bool search_params_get(const SearchParams *p, const char *name, int *value);

#endif
