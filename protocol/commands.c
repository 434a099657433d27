/* Command handlers (docs/PROTOCOL.md §1.4), run by the dispatcher (dispatch.c): those of the
 * game (`new`, `setboard`, `undo`...), of the play modes (`force`, `go`, `analyze`...), of the
 * thinking output (`post`, `.`, `hint`) and the session's small commands (`ping`, `quit`...).
 * The other handlers live with their concern: moves.c, timecontrol.c, options.c.
 */
#include "commands.h"

#include "board/legal.h"
#include "game.h"
#include "options.h"
#include "output.h"
#include "playlevel.h"
#include "session.h"
#include "thinking.h"

#include <string.h>

#include "board/movegen.h"
#include "board/notation.h"

/* xboard, accepted, random, computer, name, rating, ics, draw, egtpath, white, black */
void cecp_cmd_nothing(Cecp *c, Command *cmd)
{
    (void)c, (void)cmd;
}

void cecp_cmd_rejected(Cecp *c, Command *cmd)
{
    char shown[200];
    cecp_emitf(c, "# feature rejected: %s", cecp_printable(cmd->args, shown, sizeof shown));
}

void cecp_cmd_new(Cecp *c, Command *cmd)
{
    (void)cmd;
    cecp_abort_search(c);
    cecp_game_reset(c, NULL);
    c->engine_side = c->analyzing ? NOBODY : WHITE; /* engine plays gote (XBoard black) */
    c->sd = 0;
    cecp_level_new_game(c);
    searcher_new_game(c->searcher);
}

void cecp_cmd_variant(Cecp *c, Command *cmd)
{
    if (strcmp(cmd->args, "tenjiku") != 0) {
        cecp_emitf(c, "Error (unsupported variant): %s", cmd->shown);
    } else {
        cecp_abort_search(c);
        cecp_game_reset(c, NULL);
        cecp_send_variant(c);
    }
}

void cecp_cmd_force(Cecp *c, Command *cmd)
{
    (void)cmd;
    cecp_abort_search(c);
    c->engine_side = NOBODY;
}

void cecp_cmd_go(Cecp *c, Command *cmd)
{
    (void)cmd;
    cecp_abort_search(c);
    c->analyzing = false;
    c->engine_side = c->game.pos->side;
    cecp_start_thinking(c);
}

void cecp_cmd_playother(Cecp *c, Command *cmd)
{
    (void)cmd;
    cecp_abort_search(c);
    c->engine_side = c->game.pos->side ^ 1;
}

/* ?: move now */
void cecp_cmd_move_now(Cecp *c, Command *cmd)
{
    (void)cmd;
    if (c->mode == MODE_THINK)
        searcher_stop(c->searcher);
}

void cecp_cmd_ping(Cecp *c, Command *cmd)
{
    char shown[64];
    cecp_emitf(c, "pong %s", cecp_printable(cmd->args, shown, sizeof shown));
}

/* post and nopost: thinking output on or off */
void cecp_cmd_post(Cecp *c, Command *cmd) { atomic_store(&c->post, cmd->word[0] == 'p'); }

/* hard and easy: pondering on or off */
void cecp_cmd_ponder(Cecp *c, Command *cmd) { c->ponder_on = cmd->word[0] == 'h'; }

void cecp_cmd_analyze(Cecp *c, Command *cmd)
{
    (void)cmd;
    cecp_abort_search(c);
    c->analyzing = true;
    c->engine_side = NOBODY;
}

void cecp_cmd_exit(Cecp *c, Command *cmd)
{
    (void)cmd;
    if (c->analyzing) {
        cecp_abort_search(c);
        c->analyzing = false;
    }
}

/* .: a stat01 line about the running analysis */
void cecp_cmd_stat(Cecp *c, Command *cmd)
{
    (void)cmd;
    if (c->mode == MODE_IDLE) /* analysing, and (for tests) thinking or pondering */
        return;
    uint64_t nodes;
    int depth;
    int64_t ms;
    searcher_progress(c->searcher, &nodes, &depth, &ms);
    MoveVec l_all = {0}, *l = &l_all;
    generate_legal(c->game.pos, l);
    cecp_emitf(c, "stat01: %lld %llu %d 0 %d", (long long)(ms / 10),
               (unsigned long long)nodes, depth, l->count);
    movevec_free(l);
}

void cecp_cmd_setboard(Cecp *c, Command *cmd)
{
    cecp_abort_search(c);
    cecp_set_board(c, cmd->args);
}

void cecp_cmd_undo(Cecp *c, Command *cmd) { cecp_take_back(c, 1, cmd->shown); }
void cecp_cmd_remove(Cecp *c, Command *cmd) { cecp_take_back(c, 2, cmd->shown); }

void cecp_cmd_result(Cecp *c, Command *cmd)
{
    (void)cmd;
    cecp_abort_search(c);
    c->game_over = true;
}

void cecp_cmd_hint(Cecp *c, Command *cmd)
{
    (void)cmd;
    if (c->hint && c->hint_key == c->game.pos->key && c->position_ok) {
        char w[MOVE_STR_MAX];
        move_to_wire(c->game.pos, c->hint, atomic_load(&c->rank_offset), w);
        cecp_emitf(c, "Hint: %s", w);
    }
}

void cecp_cmd_bk(Cecp *c, Command *cmd)
{
    (void)cmd;
    cecp_emit(c, " Kaki has no opening book.");
    cecp_emit(c, "");
}

void cecp_cmd_quit(Cecp *c, Command *cmd)
{
    (void)cmd;
    cecp_abort_search(c);
    c->quit = true;
}
