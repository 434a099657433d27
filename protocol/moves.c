/* Command handlers of moves, run by the dispatcher (dispatch.c): the opponent's moves and moves
 * in force mode (`usermove`, or a bare move), with XBoard's castling kludge undone
 * (docs/PROTOCOL.md §3.3), and the move-entry help of XBoard's `lift`, `put` and `hover`
 * (docs/PROTOCOL.md §3.6; highlight.c computes the marks).
 */
#include "moves.h"

#include "game.h"
#include "highlight.h"
#include "output.h"
#include "session.h"
#include "thinking.h"
#include "timecontrol.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/notation.h"

/* XBoard 4.9.1 forwards a two-leg move through its castling kludge when, on its own board, the
   intermediate square is empty or holds a piece of the mover's XBoard colour class (empty
   squares count as gote's): `s v,v t` goes out as `s t,v d`, d being t's rank and t's file
   plus one if s lies right of v, minus one otherwise.  Every gote pass through an empty square
   (`g9f8,f8g9` arrives as `g9g9,f8h9`) and every gote two-step move over an empty square is
   affected.  A genuine multi-leg move always starts its second leg where the first ended, so
   `a b,c d` with b != c and d where the kludge puts it can only be this; writes `a c,c b`
   (the kludge drops a promotion suffix; the move is then read without one).  Recorded in
   docs/PROTOCOL.md §3.3. */
static bool undo_xboard_kludge(const char *text, char *out, size_t outsz)
{
    char file[4];
    long rank[4];
    const char *p = text;
    while (*p == ' ' || *p == '\t')
        p++;
    for (int i = 0; i < 4; i++) {
        if (*p < '`' || *p > 'q' || !isdigit((unsigned char)p[1]))
            return false; /* the kludge's d may fall one file off the board: '`' or 'q' */
        file[i] = *p++;
        char *end;
        rank[i] = strtol(p, &end, 10);
        if (end - p > 2)
            return false;
        p = end;
        if (i == 1 && *p++ != ',')
            return false;
    }
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    if (*p || (file[1] == file[2] && rank[1] == rank[2]))
        return false;
    if (file[3] != file[1] + (file[0] > file[2] ? 1 : -1) || rank[3] != rank[1])
        return false;
    snprintf(out, outsz, "%c%ld%c%ld,%c%ld%c%ld", file[0], rank[0], file[2], rank[2], file[2],
             rank[2], file[1], rank[1]);
    return true;
}

/* usermove MOVE, or a bare MOVE: the opponent's move or a move in force mode; while pondering a
   ponder hit or miss (docs/PROTOCOL.md §5). */
void cecp_cmd_usermove(Cecp *c, Command *cmd)
{
    const char *text = cmd->args;
    char shown[120];
    cecp_printable(text, shown, sizeof shown);
    if (!c->position_ok) {
        cecp_emitf(c, "Illegal move (no valid position): %s", shown);
        return;
    }
    char err[160];
    int ro = atomic_load(&c->rank_offset);
    Move m = move_from_wire(c->game.pos, text, ro, err, sizeof err);
    char unkludged[40];
    if (!m && undo_xboard_kludge(text, unkludged, sizeof unkludged)) {
        char err2[160];
        m = move_from_wire(c->game.pos, unkludged, ro, err2, sizeof err2);
    }

    if (c->mode == MODE_PONDER) {
        if (m && m == c->ponder_move) { /* ponder hit: the running search becomes ours */
            cecp_record_move(c, m);
            c->mode = MODE_THINK;
            SearchLimits l = cecp_own_limits(c);
            cecp_emit_plan(c, "ponder hit, time plan", &l);
            searcher_ponderhit(c->searcher, &l);
            return;
        }
        cecp_abort_search(c);
    }
    if (!m) {
        cecp_emitf(c, "Illegal move (%s): %s", err, shown);
        return;
    }
    bool analysing = c->analyzing;
    cecp_abort_search(c);
    cecp_record_move(c, m);
    if (analysing) {
        cecp_start_analysis(c);
        return;
    }
    if (c->engine_side == NOBODY)
        return;
    if (cecp_claim_if_over(c))
        return;
    if (c->engine_side == c->game.pos->side && !c->game_over)
        cecp_start_thinking(c);
}

/* lift, put and hover SQ (docs/PROTOCOL.md §3.6): the square, or -1 after an error. */
static int highlight_square(Cecp *c, const Command *cmd)
{
    const char *p = cmd->args;
    int sq = square_parse(&p, atomic_load(&c->rank_offset));
    if (sq < 0 || (*p && *p != ',')) {
        char shown[80];
        cecp_emitf(c, "Error (bad square): %s %s", cmd->word,
                   cecp_printable(cmd->args, shown, sizeof shown));
        return -1;
    }
    return sq;
}

void cecp_cmd_lift(Cecp *c, Command *cmd)
{
    int sq = highlight_square(c, cmd);
    if (sq < 0)
        return;
    if (c->put_cyan == sq && c->lift_from >= 0 && c->lift_kill < 0) {
        c->lift_kill = sq; /* second leg of a multi-leg move */
    } else {
        c->lift_from = sq;
        c->lift_kill = -1;
    }
    c->put_cyan = -1;
    if (c->position_ok)
        highlight_marks(c->game.pos, c->lift_from, c->lift_kill, &c->lift_marks);
    else
        memset(&c->lift_marks, 0, sizeof c->lift_marks);
    char out[HIGHLIGHT_MAX];
    cecp_emit(c, highlight_format(&c->lift_marks, out));
}

void cecp_cmd_put(Cecp *c, Command *cmd)
{
    int sq = highlight_square(c, cmd);
    if (sq < 0)
        return;
    c->put_cyan = (c->lift_from >= 0 && c->lift_kill < 0 && c->lift_marks.sq[sq] == 'C')
                      ? sq : -1;
}

/* hover: show what the move would remove */
void cecp_cmd_hover(Cecp *c, Command *cmd)
{
    int sq = highlight_square(c, cmd);
    if (sq < 0 || c->lift_from < 0 || !c->position_ok)
        return;
    Marks mk = c->lift_marks;
    highlight_victims(c->game.pos, c->lift_from, c->lift_kill, sq, &mk);
    char out[HIGHLIGHT_MAX];
    cecp_emit(c, highlight_format(&mk, out));
}
