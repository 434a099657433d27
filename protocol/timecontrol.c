/* Time control: XBoard's clock settings (`level`, `st`, `sd`, `nps`, `time`;
 * docs/PROTOCOL.md §1.7) and the search limits they give the engine's own search.  How a search
 * spends its time is search/'s business; this file only translates.
 */
#include "timecontrol.h"

#include "numbers.h"
#include "output.h"
#include "playlevel.h"
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
        cecp_level_limits(c, &l);
        return l;
    }
    long t = c->have_time ? c->time_cs * 10 : c->base_ms;
    l.time_ms = t < 0 ? 0 : t > INT_MAX / 2 ? INT_MAX / 2 : (int)t;
    l.inc_ms = c->inc_ms;
    if (c->mps > 0) {
        int side = c->engine_side == NOBODY ? c->game.pos->side : c->engine_side;
        l.moves_to_go = c->mps - moves_made_by(c, side) % c->mps;
    }
    cecp_level_limits(c, &l);
    return l;
}

void cecp_emit_plan(Cecp *c, const char *when, const SearchLimits *l)
{
    char clock[96], extra[128] = "";
    if (l->movetime_ms > 0)
        snprintf(clock, sizeof clock, "fixed %d ms a move", l->movetime_ms);
    else
        snprintf(clock, sizeof clock, "clock %d ms, increment %d ms, moves to go %d", l->time_ms,
                 l->inc_ms, l->moves_to_go);
    if (l->depth > 0)
        snprintf(extra, sizeof extra, ", depth %d", l->depth);
    if (l->nodes > 0)
        snprintf(extra + strlen(extra), sizeof extra - strlen(extra), ", nodes %llu",
                 (unsigned long long)l->nodes);
    if (l->root_noise > 0)
        snprintf(extra + strlen(extra), sizeof extra - strlen(extra), ", noise %d",
                 l->root_noise);
    if (l->nps > 0)
        snprintf(extra + strlen(extra), sizeof extra - strlen(extra), ", nps %llu",
                 (unsigned long long)l->nps);
    int64_t soft, hard;
    searcher_time_budget(c->searcher, l, &soft, &hard);
    cecp_emitf(c, "# %s: %s%s: target %lld ms, limit %lld ms", when, clock, extra,
               (long long)soft, (long long)hard);
}

/* The ranges of the clock commands (docs/PROTOCOL.md §1.4, "Numbers out of range"); a value
   outside is clamped with cecp_number's message.  Every millisecond count fits an int. */
#define CLOCK_CS_MAX 100000000L /* time, otim: about 11.5 days in centiseconds, either sign */
#define LEVEL_MPS_MAX 100000L
#define LEVEL_BASE_MAX_MIN 10000.0 /* about a week */
#define LEVEL_INC_MAX_S 100000.0
#define ST_MAX_S 1000000.0
#define SD_MAX (MAX_PLY - 4) /* the deepest iteration; 0 = no limit */
/* The same bound on every platform (long has 32 bits on Windows): 2^31-1 nodes a second. */
#define NPS_MAX 2147483647L

/* time N (the engine's clock) and otim N (the opponent's), in centiseconds. */
void cecp_cmd_time(Cecp *c, Command *cmd)
{
    long v;
    if (!cecp_arg_long(c, cmd, -CLOCK_CS_MAX, CLOCK_CS_MAX, &v))
        return;
    if (cmd->word[0] == 't') {
        c->time_cs = v;
        c->have_time = true;
    } else {
        c->otim_cs = v;
    }
}

/* BASE of level: minutes or MIN:SEC, in minutes; false if it is not that. */
static bool level_base(Cecp *c, const char *text, double *minutes)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%s", text);
    char *colon = strchr(buf, ':');
    double m, sec = 0;
    if (colon)
        *colon = '\0';
    if (!parse_decimal(buf, &m) || (colon && !parse_decimal(colon + 1, &sec)))
        return false;
    *minutes = cecp_clamp_decimal(c, "level BASE (minutes)", text, m + sec / 60, 0,
                                  LEVEL_BASE_MAX_MIN);
    return true;
}

/* level MPS BASE INC: BASE in minutes or MIN:SEC, INC in (fractional) seconds. */
void cecp_cmd_level(Cecp *c, Command *cmd)
{
    char mps[32], base[32], inc[32], extra[2];
    long m;
    double minutes, increment;
    if (sscanf(cmd->args, "%31s %31s %31s %1s", mps, base, inc, extra) != 3 ||
        !cecp_number(c, "level MPS", mps, 0, LEVEL_MPS_MAX, &m) ||
        !level_base(c, base, &minutes) ||
        !cecp_decimal(c, "level INC (seconds)", inc, 0, LEVEL_INC_MAX_S, &increment)) {
        cecp_emitf(c, "Error (bad arguments): %s", cmd->shown);
        return;
    }
    c->mps = (int)m;
    c->base_ms = (int)(minutes * 60000);
    c->inc_ms = (int)(increment * 1000);
    c->st_ms = 0;
}

/* st N: at most N seconds per move, instead of level. */
void cecp_cmd_st(Cecp *c, Command *cmd)
{
    double sec;
    if (!cecp_decimal(c, "st", cmd->args, 0, ST_MAX_S, &sec))
        cecp_emitf(c, "Error (bad arguments): %s", cmd->shown);
    else
        c->st_ms = sec * 1000 < 1 && sec > 0 ? 1 : (int)(sec * 1000);
}

/* sd N: a depth limit, combined with the clock (0 = none). */
void cecp_cmd_sd(Cecp *c, Command *cmd)
{
    long v;
    if (cecp_arg_long(c, cmd, 0, SD_MAX, &v))
        c->sd = (int)v;
}

/* nps N: nodes per second as the clock (0 = off). */
void cecp_cmd_nps(Cecp *c, Command *cmd)
{
    long v;
    if (cecp_arg_long(c, cmd, 0, NPS_MAX, &v))
        c->nps = (uint64_t)v;
}
