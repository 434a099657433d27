/* Analysis mode's additions (analysis.h): option MultiPV, and exclude/include of root moves.
 * The set of excluded moves belongs to the current position and is emptied whenever the
 * position changes (game.c calls cecp_clear_exclusions); a running analysis restarts with the
 * new set, as the dispatcher restarts it after every command that may change what it searches
 * (dispatch.c). */
#include "analysis.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "board/legal.h"
#include "board/notation.h"
#include "numbers.h"
#include "output.h"
#include "util/strutil.h"

void cecp_analysis_features(Cecp *c)
{
    cecp_emit(c, "feature exclude=1");
    cecp_emitf(c, "feature option=\"MultiPV -spin %d 1 %d\"", c->multipv, CECP_MULTIPV_MAX);
}

bool cecp_analysis_option(Cecp *c, const char *name, const char *value, const char *shown)
{
    if (strcasecmp(name, "MultiPV") != 0)
        return false;
    long v;
    if (cecp_number(c, "option MultiPV", value, 1, CECP_MULTIPV_MAX, &v))
        c->multipv = (int)v;
    else
        cecp_emitf(c, "tellusererror Option refused (bad option value): %s", shown);
    return true;
}

static void exclude_move(Cecp *c, Move m)
{
    MoveVec *v = &c->excluded;
    if (movevec_has(v, m))
        return;
    if (v->count == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 16;
        v->moves = xrealloc(v->moves, (size_t)v->cap * sizeof *v->moves);
    }
    v->moves[v->count++] = m;
}

static void include_move(Cecp *c, Move m)
{
    MoveVec *v = &c->excluded;
    for (int i = 0; i < v->count; i++)
        if (v->moves[i] == m) {
            v->moves[i] = v->moves[--v->count];
            return;
        }
}

void cecp_cmd_exclude(Cecp *c, Command *cmd)
{
    bool exclude = strcmp(cmd->word, "exclude") == 0;
    if (!*cmd->args) {
        cecp_emitf(c, "Error (bad arguments): %s", cmd->shown);
        return;
    }
    if (!c->position_ok) {
        cecp_emitf(c, "Error (no valid position): %s", cmd->shown);
        return;
    }
    if (strcmp(cmd->args, "all") == 0) {
        cecp_clear_exclusions(c);
        if (exclude) {
            MoveVec legal = {0};
            generate_legal(c->game.pos, &legal);
            for (int i = 0; i < legal.count; i++)
                exclude_move(c, legal.moves[i]);
            movevec_free(&legal);
        }
        return;
    }
    char err[160];
    Move m = move_from_wire(c->game.pos, cmd->args, atomic_load(&c->rank_offset), err, sizeof err);
    if (m == MOVE_NONE) {
        cecp_emitf(c, "Error (%s): %s", err, cmd->shown);
        return;
    }
    if (exclude)
        exclude_move(c, m);
    else
        include_move(c, m);
}

void cecp_analysis_limits(Cecp *c, SearchLimits *l)
{
    l->multipv = c->multipv;
    l->excluded = c->excluded.moves;
    l->excluded_count = c->excluded.count;
}

void cecp_clear_exclusions(Cecp *c) { c->excluded.count = 0; }

void cecp_analysis_free(Cecp *c) { movevec_free(&c->excluded); }
