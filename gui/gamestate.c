/* The game as data (gamestate.h): the names of its kinds, and questions about it. */
#include "gamestate.h"

const char *const clock_kind_name[] = {"none", "sudden", "increment", "permove", "depth"};
const char *const player_kind_name[] = {"human", "engine"};

bool gamestate_human_to_move(const GameState *g)
{
    return g->player[g->pos->side] == PLAYER_HUMAN;
}

bool gamestate_engine_game(const GameState *g)
{
    return !g->over && !g->paused && g->cursor == g->nplies &&
           (g->player[BLACK] == PLAYER_ENGINE || g->player[WHITE] == PLAYER_ENGINE);
}
