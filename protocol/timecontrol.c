/* Time control: XBoard's clock settings (`level`, `st`, `sd`, `nps`, `time`;
 * docs/PROTOCOL.md §1.7) and the search limits they give the engine's own search.  How a search
 * spends its time is search/'s business; this file only translates.
 */
#include "session.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "util/parse.h"

static int moves_made_by(const Cecp *c, int side)
{
    return side == c->game.start->side ? (c->game.nmoves + 1) / 2 : c->game.nmoves / 2;
}

SearchLimits cecp_own_limits(const Cecp *c)
{
    SearchLimits l = limits_none();
    l.depth = c->sd;
    l.nps = c->nps;
    if (c->st_ms > 0) {
        int margin = c->st_ms / 10 < 100 ? c->st_ms / 10 : 100;
        l.movetime_ms = c->st_ms - margin > 1 ? c->st_ms - margin : 1;
        return l;
    }
    long t = c->have_time ? c->time_cs * 10 : c->base_ms;
    l.time_ms = t < 0 ? 0 : t > INT_MAX / 2 ? INT_MAX / 2 : (int)t;
    l.inc_ms = c->inc_ms;
    if (c->mps > 0) {
        int side = c->engine_side == NOBODY ? c->game.pos->side : c->engine_side;
        l.moves_to_go = c->mps - moves_made_by(c, side) % c->mps;
    }
    return l;
}

/* time N (the engine's clock) and otim N (the opponent's), in centiseconds. */
void cecp_cmd_time(Cecp *c, Command *cmd)
{
    long v;
    bool clamped;
    if (!cecp_arg_long(c, cmd, -100000000L, 100000000L, &v, &clamped))
        return;
    if (cmd->word[0] == 't') {
        c->time_cs = v;
        c->have_time = true;
    } else {
        c->otim_cs = v;
    }
}

/* level MPS BASE INC: BASE in minutes or MIN:SEC, INC in (fractional) seconds. */
void cecp_cmd_level(Cecp *c, Command *cmd)
{
    char mps[32], base[32], inc[32];
    if (sscanf(cmd->args, "%31s %31s %31s", mps, base, inc) != 3) {
        cecp_emitf(c, "Error (bad arguments): %s", cmd->shown);
        return;
    }
    long m;
    bool cl;
    double minutes = 0, seconds = 0, increment;
    char *colon = strchr(base, ':');
    if (colon)
        *colon = '\0';
    if (!parse_long_clamped(mps, 0, 100000, &m, &cl) || !parse_double(base, 0, 1e6, &minutes) ||
        (colon && !parse_double(colon + 1, 0, 1e8, &seconds)) ||
        !parse_double(inc, 0, 1e6, &increment)) {
        cecp_emitf(c, "Error (bad arguments): %s", cmd->shown);
        return;
    }
    c->mps = (int)m;
    double ms = (minutes * 60 + seconds) * 1000;
    c->base_ms = ms > INT_MAX / 2 ? INT_MAX / 2 : (int)ms;
    c->inc_ms = (int)(increment * 1000);
    c->st_ms = 0;
}

/* st N: at most N seconds per move, instead of level. */
void cecp_cmd_st(Cecp *c, Command *cmd)
{
    double sec;
    if (!parse_double(cmd->args, 0, 1e6, &sec))
        cecp_emitf(c, "Error (bad arguments): %s", cmd->shown);
    else
        c->st_ms = sec * 1000 < 1 && sec > 0 ? 1 : (int)(sec * 1000);
}

/* sd N: a depth limit, combined with the clock. */
void cecp_cmd_sd(Cecp *c, Command *cmd)
{
    long v;
    bool clamped;
    if (cecp_arg_long(c, cmd, 0, MAX_PLY - 1, &v, &clamped))
        c->sd = (int)v;
}

/* nps N: nodes per second as the clock (0 = off). */
void cecp_cmd_nps(Cecp *c, Command *cmd)
{
    long v;
    bool clamped;
    if (cecp_arg_long(c, cmd, 0, LONG_MAX, &v, &clamped))
        c->nps = (uint64_t)v;
}
