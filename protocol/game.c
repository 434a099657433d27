/* The game record: the start position and the moves played since, the current position being
 * their replay, so that undo, new rules and cecp_check() can replay it; `setboard`, `undo` and
 * `remove` (docs/PROTOCOL.md §1.4); and the claim of a result when the game has ended by rule
 * (docs/PROTOCOL.md §1.5; board/result.h decides).
 */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/makemove.h"
#include "board/result.h"
#include "board/tfen.h"
#include "util/strutil.h"

/* dst = the board and side of src under the rule set rs, with a fresh history. */
void cecp_copy_board(Position *dst, const Position *src, const RuleSet *rs)
{
    position_clear(dst, rs);
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        if (src->board[sq])
            put_piece(dst, sq, src->board[sq]);
    if (src->side == WHITE) {
        dst->side = WHITE;
        dst->key ^= zobrist_side;
    }
    position_reset_history(dst);
}

/* p = the start position with the recorded moves made. */
static void replay(const Cecp *c, Position *p)
{
    *p = *c->start;
    for (int i = 0; i < c->nmoves; i++) {
        Undo u;
        make_move(p, c->moves[i], &u);
    }
}

void cecp_clear_lift(Cecp *c)
{
    c->lift_from = c->lift_kill = c->put_cyan = -1;
}

/* A new game from `start` (NULL = the tenjiku start position). */
void cecp_game_reset(Cecp *c, const Position *start)
{
    if (start)
        cecp_copy_board(c->start, start, c->rs);
    else
        position_start(c->start, c->rs);
    c->nmoves = 0;
    *c->pos = *c->start;
    c->position_ok = true;
    c->game_over = false;
    c->hint = MOVE_NONE;
    c->resign_count = 0;
    cecp_clear_lift(c);
}

void cecp_record_move(Cecp *c, Move m)
{
    if (c->nmoves == c->cap) {
        int cap = c->cap ? 2 * c->cap : 256;
        c->moves = xrealloc(c->moves, (size_t)cap * sizeof *c->moves);
        c->cap = cap;
    }
    c->moves[c->nmoves++] = m;
    Undo u;
    make_move(c->pos, m, &u);
    c->hint = MOVE_NONE;
    cecp_clear_lift(c);
}

/* Claims the result if the game has ended; returns true if it has. */
bool cecp_claim_if_over(Cecp *c)
{
    GameResult r = game_result(c->pos, c->nmoves == 0 ? -1 : c->pos->side ^ 1);
    if (r.reason == RESULT_ONGOING)
        return false;
    char reason[128];
    game_result_describe(&r, reason, sizeof reason);
    cecp_emitf(c, "%s {%s}", r.winner == NO_WINNER ? "1/2-1/2" : r.winner == BLACK ? "1-0" : "0-1",
               reason);
    c->game_over = true;
    return true;
}

/* setboard: an XBoard FEN ("<board> w|b <more fields>", w = sente to move, docs/PROTOCOL.md
   §2.4) or a TFEN ("<board> b|w" with nothing after it, b = sente to move, docs/RULES.md
   §3.2). */
static void set_board(Cecp *c, const char *fen)
{
    char err[200];
    uint8_t board[SQUARE_COUNT];
    const char *p = tfen_parse_board(fen, board, err, sizeof err);
    int side = -1;
    if (p) {
        while (*p == ' ' || *p == '\t')
            p++;
        char s = *p;
        const char *rest = p + (s ? 1 : 0);
        if (s && *rest && *rest != ' ' && *rest != '\t')
            s = '?';
        while (*rest == ' ' || *rest == '\t')
            rest++;
        bool tfen = *rest == '\0';
        if (s == 'w')
            side = tfen ? WHITE : BLACK;
        else if (s == 'b')
            side = tfen ? BLACK : WHITE;
        else
            snprintf(err, sizeof err, "side to move must be w or b");
    }
    if (side < 0) {
        char shown[120];
        cecp_emitf(c, "tellusererror Illegal position: %s (%s)", err,
                   cecp_printable(fen, shown, 60));
        c->position_ok = false;
        return;
    }
    Position *tmp = xmalloc(sizeof *tmp);
    position_clear(tmp, c->rs);
    position_set(tmp, board, side);
    cecp_game_reset(c, tmp);
    free(tmp);
}

void cecp_cmd_setboard(Cecp *c, Command *cmd)
{
    cecp_abort_search(c);
    set_board(c, cmd->args);
}

static void take_back(Cecp *c, int plies, const char *shown)
{
    if (c->nmoves < plies) {
        cecp_emitf(c, "Error (no move to undo): %s", shown);
        return;
    }
    c->nmoves -= plies;
    replay(c, c->pos);
    c->game_over = false;
    c->hint = MOVE_NONE;
    cecp_clear_lift(c);
}

void cecp_cmd_undo(Cecp *c, Command *cmd) { take_back(c, 1, cmd->shown); }
void cecp_cmd_remove(Cecp *c, Command *cmd) { take_back(c, 2, cmd->shown); }

const char *cecp_check(Cecp *c)
{
    const char *err = position_validate(c->start);
    if (err)
        return err;
    if ((err = position_validate(c->pos)))
        return err;
    if (c->pos->rs != c->rs || c->start->rs != c->rs)
        return "position uses a stale rule set";
    Position *p = xmalloc(sizeof *p);
    replay(c, p);
    const char *res = NULL;
    if (memcmp(p->board, c->pos->board, sizeof p->board) != 0 || p->side != c->pos->side ||
        p->key != c->pos->key)
        res = "position differs from the replay of the game record";
    else if (!position_same_history(p, c->pos))
        res = "repetition history differs from the replay of the game record";
    free(p);
    return res;
}
