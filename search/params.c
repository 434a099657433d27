/* The search parameters (params.h): the table of every parameter, and setting one by name. */
#include "params.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "score.h"
#include "util/parse.h"

#define ROW(NAME, field, def, min, max, meaning) \
    {NAME, meaning, def, min, max, offsetof(SearchParams, field)}

static const SearchParamInfo table[] = {
    ROW("RFP_DEPTH", rfp_depth, 6, 0, MAX_PLY,
        "reverse futility: a non-PV node at most this deep may cut on its static evaluation"),
    ROW("RFP_MARGIN", rfp_margin, 120, 0, 5000,
        "reverse futility: it cuts if the static evaluation beats beta by this per ply of depth"),
    ROW("FUTILITY_DEPTH", futility_depth, 2, 0, MAX_PLY,
        "futility: at a non-PV node at most this deep, quiet moves are skipped if hopeless"),
    ROW("FUTILITY_MARGIN", futility_margin, 150, 0, 5000,
        "futility: hopeless if the static evaluation plus this per ply of depth is at most alpha"),
    ROW("LMP_DEPTH", lmp_depth, 4, 0, MAX_PLY,
        "late-move pruning: at a non-PV node at most this deep, only the first quiet moves"),
    ROW("LMP_BASE", lmp_base, 8, 0, 10000,
        "late-move pruning: quiet moves searched: LMP_BASE + LMP_SCALE * depth * depth"),
    ROW("LMP_SCALE", lmp_scale, 4, 0, 1000, "late-move pruning: see LMP_BASE"),
    ROW("NMP_DEPTH", nmp_depth, 3, 1, MAX_PLY, "null move: tried at nodes at least this deep"),
    ROW("NMP_REDUCTION", nmp_reduction, 3, 1, MAX_PLY,
        "null move: the reply is searched this much less deep, and depth / NMP_DEPTH_DIVISOR"),
    ROW("NMP_DEPTH_DIVISOR", nmp_depth_divisor, 6, 1, MAX_PLY, "null move: see NMP_REDUCTION"),
    ROW("NMP_MIN_PIECES", nmp_min_pieces, 4, 0, 1000,
        "null move: only when the side to move has more pieces than this (zugzwang)"),
    ROW("LMR_DEPTH", lmr_depth, 3, 1, MAX_PLY, "late-move reductions: at nodes at least this deep"),
    ROW("LMR_MOVES", lmr_moves, 3, 1, 10000,
        "late-move reductions: the first this many moves are never reduced"),
    ROW("LMR_BASE", lmr_base, 75, 0, 1000,
        "late-move reductions: LMR_BASE/100 + ln(depth) ln(move) / (LMR_DIVISOR/100) plies"),
    ROW("LMR_DIVISOR", lmr_divisor, 225, 10, 10000, "late-move reductions: see LMR_BASE"),
    ROW("LMR_HISTORY", lmr_history, 0, 0, 16384,
        "late-move reductions: a ply less for each this much of the move's history (0: off)"),
    ROW("CHECK_EXT_DEPTH", check_ext_depth, 4, 0, MAX_PLY,
        "check extension (when on): after a move that attacks a lone royal, at most this deep"),
    ROW("QS_MAX_PLY", qs_max_ply, 12, 0, MAX_PLY, "quiescence: its deepest ply"),
    ROW("DELTA_MARGIN", delta_margin, 200, 0, 100000,
        "quiescence: a capture is skipped unless it may raise the score above alpha by this much"),
    ROW("QS_PROMOTION_GAIN", qs_promotion_gain, 1000, 0, 100000,
        "quiescence: kinds whose quiet promotions its first ply searches gain at least this"),
    ROW("HISTORY_BONUS_MAX", history_bonus_max, 400, 1, HISTORY_GRAVITY,
        "history: the bonus of a quiet cut-off move is depth * depth, at most this"),
    ROW("HISTORY_BONUS_SCALE", history_bonus_scale, 32, 1, INT16_MAX / HISTORY_GRAVITY,
        "history: a cut-off adds this times its bonus to the move's entry"),
    ROW("COUNTER_MOVES", counter_moves, 1, 0, 1,
        "counter moves: the quiet move that last refuted the opponent's move follows the killers"),
    ROW("CONT_HISTORY", cont_history, 1, 0, 1,
        "continuation history: quiet moves also ordered by [kind][to] after the last move's square"),
    ROW("IIR_DEPTH", iir_depth, 4, 0, MAX_PLY,
        "internal iterative reduction: a node this deep without a hash move searched a ply less (0: off)"),
    ROW("ASP_DEPTH", asp_depth, 4, 1, MAX_PLY,
        "aspiration windows: from this iteration on (the shallower ones: the full window)"),
    ROW("ASP_DELTA", asp_delta, 25, 1, 10000,
        "aspiration windows: the first window's half-width around the last score"),
    ROW("ASP_WIDEN", asp_widen, 10, 1, 10000,
        "aspiration windows: a failed window's step grows 2.5-fold, plus this"),
    ROW("ASP_FULL_DELTA", asp_full_delta, 1500, 1, SCORE_INFINITE,
        "aspiration windows: past this step the window becomes the full one"),
    ROW("SPLIT_DEPTH", split_depth, 3, 1, MAX_PLY,
        "Lazy SMP: odd helpers split PV nodes at least this deep (of the first plies)"),
    ROW("CRUMB_DEPTH", crumb_depth, 4, 1, MAX_PLY,
        "Lazy SMP: moves searched at nodes at least this deep are marked for the other threads"),
    ROW("CRUMB_REDUCTION", crumb_reduction, 1, 0, MAX_PLY,
        "Lazy SMP: a move another thread is searching is searched this much less deep"),
    ROW("MATE_STOP_PLIES", mate_stop_plies, 4, 0, MAX_PLY,
        "iterative deepening stops this many plies past the distance of a mate it found"),
    ROW("MOVE_OVERHEAD_MS", move_overhead_ms, 15, 0, 10000,
        "time: ms kept in hand on every clock move for I/O latency"),
    ROW("TIME_MOVES_LEFT", time_moves_left, 30, 1, 1000,
        "time: moves still to play when the time control does not say (or says more)"),
    ROW("TIME_INC_SHARE", time_inc_share, 100, 0, 100,
        "time: percent of the increment added to a move's target"),
    ROW("TIME_CAP_SHARE", time_cap_share, 25, 1, 100,
        "time: the hard limit is at most this percent of the time left"),
    ROW("TIME_CAP_LAST", time_cap_last, 80, 1, 100,
        "time: ... and this percent on the last move before the time control"),
    ROW("TIME_GROWTH_MIN", time_growth_min, 15, 1, 1000,
        "time: an iteration is predicted to take at least this many tenths of the last one"),
    ROW("TIME_GROWTH_MAX", time_growth_max, 50, 1, 1000,
        "time: ... and at most this many tenths"),
    ROW("TIME_GROWTH_UNKNOWN", time_growth_unknown, 25, 1, 1000,
        "time: ... and this many tenths when the growth is not known yet"),
    ROW("CONVERT_LEAD", convert_lead, 2000, 0, 100000,
        "conversion: a side this far ahead in RULES.md section 7 material (cp) gets its terms"),
    ROW("CONVERT_LEAD_FULL", convert_lead_full, 4000, 0, 100000,
        "conversion: ... at full weight from this lead on, growing linearly from CONVERT_LEAD"),
    ROW("CONVERT_STRONG", convert_strong, 1500, 0, 100000,
        "conversion: pieces of at least this section 7 value are brought to the enemy royals"),
    ROW("CONVERT_APPROACH", convert_approach, 0, 0, 1000,
        "conversion: cp per square a strong piece of the side ahead is nearer an enemy royal"),
    ROW("CONVERT_NO_UNDO", convert_no_undo, 0, 0, 1,
        "conversion: 1 = the side ahead never takes back its own last move at the root"),
    ROW("CONVERT_SHUFFLE", convert_shuffle, 0, 0, 10000,
        "conversion: far ahead, scores shrink by this many 1/10000 a quiet ply (0 = off)"),
    ROW("CONVERT_SHUFFLE_MAX", convert_shuffle_max, 200, 0, 1000,
        "conversion: ... counting at most this many plies since a capture, burn or promotion"),
    ROW("CONVERT_DEFENDER_MAX", convert_defender_max, 12000, 0, 1000000,
        "conversion, endings: their terms act only while the side behind keeps at most this material"),
    ROW("CONVERT_ENDING_APPROACH", convert_ending_approach, 12, 0, 1000,
        "conversion, endings: cp per square any piece of the side ahead is nearer an enemy royal"),
    ROW("CONVERT_DANGER", convert_danger, 0, 0, 1000,
        "conversion: cp the side ahead loses per square a strong enemy piece is nearer its royal"),
    ROW("CONVERT_ROOT_GATE", convert_root_gate, 0, 0, 1,
        "conversion: 1 = the terms' weight and side ahead come from the root, not each node"),
    ROW("NNUE_GRAIN", nnue_grain, 64, 0, 1000,
        "the net's static scores are rounded to multiples of this (cp; 0 or 1 = exact)"),
};

enum { COUNT = sizeof table / sizeof table[0] };
_Static_assert(sizeof(SearchParams) == COUNT * sizeof(int), "a row for every field");

int search_param_count(void) { return COUNT; }

const SearchParamInfo *search_param_info(int i) { return i >= 0 && i < COUNT ? &table[i] : NULL; }

const SearchParamInfo *search_param_find(const char *name)
{
    for (int i = 0; i < COUNT; i++)
        if (strcmp(table[i].name, name) == 0)
            return &table[i];
    return NULL;
}

static int *field(SearchParams *p, const SearchParamInfo *info)
{
    return (int *)((char *)p + info->offset);
}

SearchParams search_params_default(void)
{
    SearchParams p;
    for (int i = 0; i < COUNT; i++)
        *field(&p, &table[i]) = table[i].def;
    return p;
}

bool search_params_set(SearchParams *p, const char *name, int value)
{
    const SearchParamInfo *info = search_param_find(name);
    if (!info || value < info->min || value > info->max)
        return false;
    *field(p, info) = value;
    return true;
}

int search_params_assign(SearchParams *p, const char *text, char *err, size_t errsz)
{
    const char *eq = strchr(text, '=');
    char name[64];
    if (!eq || (size_t)(eq - text) >= sizeof name)
        return 0;
    memcpy(name, text, (size_t)(eq - text));
    name[eq - text] = '\0';
    const SearchParamInfo *info = search_param_find(name);
    if (!info)
        return 0;
    long v;
    if (!parse_long(eq + 1, info->min, info->max, &v)) {
        snprintf(err, errsz, "%s must be %d to %d, got '%s'", name, info->min, info->max, eq + 1);
        return -1;
    }
    *field(p, info) = (int)v;
    return 1;
}

bool search_params_get(const SearchParams *p, const char *name, int *value)
{
    const SearchParamInfo *info = search_param_find(name);
    if (!info)
        return false;
    *value = *(const int *)((const char *)p + info->offset);
    return true;
}
