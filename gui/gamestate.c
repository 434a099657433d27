/* The game as data (gamestate.h): the names of its kinds, its positions, its clock. */
#include "gamestate.h"

#include <stdlib.h>
#include <string.h>

#include "board/makemove.h"
#include "util/clock.h"
#include "util/strutil.h"

/* A clock is over when it is below minus this (the page and the pipes take a moment). */
#define FLAG_MARGIN_MS 300

const char *const clock_kind_name[] = {"none", "sudden", "increment", "permove", "depth"};
const char *const player_kind_name[] = {"human", "engine"};
const char *const board_eval_name[BOARD_EVAL_COUNT] = {"nnue", "learnt", "gcsa"};

int board_eval_by_name(const char *name)
{
    for (int k = 0; name && k < BOARD_EVAL_COUNT; k++)
        if (strcmp(name, board_eval_name[k]) == 0)
            return k;
    return -1;
}

/* ------------------------------------------------------------------ positions ---------- */

static void set_start(const GameState *g, Position *pos)
{
    position_clear(pos, g->rs);
    if (g->from_start)
        position_start(pos, g->rs);
    else
        pgn_parse_position(pos, g->start_tfen, NULL, 0); /* checked when it was set */
}

void gamestate_seek(GameState *g, int cursor)
{
    if (cursor < 0)
        cursor = 0;
    if (cursor > g->nplies)
        cursor = g->nplies;
    Position *start = xmalloc(sizeof *start);
    set_start(g, start);
    if (g->record.pos) {
        game_record_restart(&g->record, start);
    } else {
        game_record_init(&g->record, start);
        g->pos = g->record.pos;
    }
    free(start);
    for (int i = 0; i < cursor; i++)
        game_record_play(&g->record, g->plies[i].rec.move);
    g->cursor = cursor;
}

Position *gamestate_position_at(const GameState *g, int ply)
{
    Position *p = xmalloc(sizeof *p);
    set_start(g, p);
    for (int i = 0; i < ply && i < g->nplies; i++) {
        Undo u;
        make_move(p, g->plies[i].rec.move, &u);
    }
    return p;
}

int gamestate_side_to_play(const GameState *g)
{
    return g->start_side ^ (g->nplies & 1);
}

void gamestate_grow(GameState *g)
{
    if (g->nplies + 2 > g->cap) {
        g->cap = g->cap ? 2 * g->cap : 256;
        g->plies = xrealloc(g->plies, (size_t)g->cap * sizeof *g->plies);
    }
    if (g->nplies + 2 > g->evalcap) {
        int cap = g->cap + 2;
        g->has_eval = xrealloc(g->has_eval, (size_t)cap * sizeof *g->has_eval);
        g->eval = xrealloc(g->eval, (size_t)cap * sizeof *g->eval);
        for (int i = g->evalcap; i < cap; i++)
            g->has_eval[i] = false, g->eval[i] = 0;
        g->evalcap = cap;
    }
}

void gamestate_free(GameState *g)
{
    game_record_free(&g->record);
    ruleset_free(g->rs);
    free(g->plies);
    free(g->has_eval);
    free(g->eval);
    free(g->pgn_label);
}

/* ------------------------------------------------------------------ clocks ------------- */

static bool timed(const GameState *g)
{
    return g->clock.kind == CLOCK_SUDDEN || g->clock.kind == CLOCK_INCREMENT ||
           g->clock.kind == CLOCK_PER_MOVE;
}

/* Has the game's clock started: a move was made, or an engine is asked for the first? */
static bool started(const GameState *g)
{
    return g->nplies > 0 || g->player[gamestate_side_to_play(g)] == PLAYER_ENGINE;
}

void gamestate_stop_clock(GameState *g)
{
    if (g->clock_running && g->clock.kind != CLOCK_PER_MOVE)
        g->remaining[g->clock_side] -= mono_ms() - g->turn_start;
    g->clock_running = false;
}

void gamestate_update_clock(GameState *g)
{
    int side = gamestate_side_to_play(g);
    bool run = gamestate_playing(g) && timed(g) && started(g);
    if (g->clock_running && (!run || side != g->clock_side))
        gamestate_stop_clock(g);
    if (run && !g->clock_running) {
        g->turn_start = mono_ms();
        g->clock_side = side;
        if (g->clock.kind == CLOCK_PER_MOVE)
            g->remaining[side] = g->clock.move_ms;
    }
    g->clock_running = run;
}

bool gamestate_charge_clock(GameState *g, int mover, int64_t elapsed)
{
    if (!g->clock_running)
        return true;
    if (g->clock.kind == CLOCK_PER_MOVE) {
        bool engine = g->player[mover] == PLAYER_ENGINE;
        return !engine || elapsed <= g->clock.move_ms + FLAG_MARGIN_MS;
    }
    g->remaining[mover] -= elapsed;
    if (g->remaining[mover] < -FLAG_MARGIN_MS)
        return false;
    g->remaining[mover] += g->clock.inc_ms;
    return true;
}

bool gamestate_out_of_time(const GameState *g, int64_t now)
{
    return g->clock_running && g->clock.kind != CLOCK_PER_MOVE &&
           g->remaining[g->clock_side] - (now - g->turn_start) < -FLAG_MARGIN_MS;
}

/* ------------------------------------------------------------------ questions ---------- */

bool gamestate_playing(const GameState *g)
{
    return !g->over && !g->paused && (g->cursor < g->nplies || !position_game_over(g->pos));
}

bool gamestate_human_to_move(const GameState *g)
{
    return g->player[g->pos->side] == PLAYER_HUMAN;
}

bool gamestate_engine_game(const GameState *g)
{
    return gamestate_playing(g) &&
           (g->player[BLACK] == PLAYER_ENGINE || g->player[WHITE] == PLAYER_ENGINE);
}
