#include "game.h"

#include <stdlib.h>

#include "makemove.h"
#include "util/strutil.h"

/* Appends the current position's history entry and attaches the archive again (it may have
   moved). */
static void record_position(GameRecord *g)
{
    if (g->nhistory == g->history_cap) {
        g->history_cap = g->history_cap ? 2 * g->history_cap : 256;
        g->history = xrealloc(g->history, (size_t)g->history_cap * sizeof *g->history);
    }
    g->history[g->nhistory++] = *position_history(g->pos, g->pos->nhist - 1);
    position_attach_archive(g->pos, g->history, g->nhistory);
}

void game_record_init(GameRecord *g, const Position *start)
{
    *g = (GameRecord){0};
    g->start = xmalloc(sizeof *g->start);
    g->pos = xmalloc(sizeof *g->pos);
    game_record_restart(g, start);
}

void game_record_restart(GameRecord *g, const Position *start)
{
    if (start != g->start) {
        *g->start = *start;
        position_reset_history(g->start);
    }
    *g->pos = *g->start;
    g->nmoves = 0;
    g->nhistory = 0;
    record_position(g);
}

void game_record_free(GameRecord *g)
{
    free(g->start);
    free(g->pos);
    free(g->moves);
    free(g->history);
    *g = (GameRecord){0};
}

void game_record_play(GameRecord *g, Move m)
{
    if (g->nmoves == g->moves_cap) {
        g->moves_cap = g->moves_cap ? 2 * g->moves_cap : 256;
        g->moves = xrealloc(g->moves, (size_t)g->moves_cap * sizeof *g->moves);
    }
    g->moves[g->nmoves++] = m;
    Undo u;
    make_move(g->pos, m, &u);
    record_position(g);
}

void game_record_undo(GameRecord *g, int plies)
{
    int keep = plies >= g->nmoves ? 0 : g->nmoves - plies;
    game_record_truncate(g, keep);
}

void game_record_truncate(GameRecord *g, int keep)
{
    if (keep < 0 || keep >= g->nmoves)
        return;
    *g->pos = *g->start;
    g->nhistory = 0;
    record_position(g);
    for (int i = 0; i < keep; i++) {
        Undo u;
        make_move(g->pos, g->moves[i], &u);
        record_position(g);
    }
    g->nmoves = keep;
}
