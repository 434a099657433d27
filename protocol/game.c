/* The game record (board/game.h): the start position, the moves played since and the whole
 * repetition history, the current position being their replay, so that undo, new rules and
 * cecp_check() can replay it; a new game or position (`new`, `setboard`), moves taken back
 * (`undo`, `remove`, docs/PROTOCOL.md §1.4); and the claim of a result when the game has ended
 * by rule (docs/PROTOCOL.md §1.5; board/result.h decides).
 */
#include "game.h"

#include "analysis.h"

#include "output.h"
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

/* p = the start position with the recorded moves made (a fresh history: no archive).  Returns
   false if a position's history entry differs from the record's (the whole game's). */
static bool replay(const Cecp *c, Position *p)
{
    *p = *c->game.start;
    const GameRecord *g = &c->game;
    bool same = g->nhistory == g->nmoves + 1;
    for (int i = 0; i < g->nmoves; i++) {
        Undo u;
        make_move(p, g->moves[i], &u);
        const HistEntry *h = position_history(p, p->nhist - 1);
        same = same && h->key == g->history[i + 1].key && h->window == g->history[i + 1].window;
    }
    return same;
}

void cecp_clear_lift(Cecp *c)
{
    c->lift_from = c->lift_kill = c->put_cyan = -1;
}

/* A new game from `start` (NULL = the tenjiku start position). */
void cecp_game_reset(Cecp *c, const Position *start)
{
    Position *p = xmalloc(sizeof *p);
    if (start)
        cecp_copy_board(p, start, c->rs);
    else
        position_start(p, c->rs);
    game_record_restart(&c->game, p);
    free(p);
    c->position_ok = true;
    c->game_over = false;
    c->hint = MOVE_NONE;
    c->resign_count = 0;
    cecp_clear_lift(c);
    cecp_clear_exclusions(c);
}

void cecp_record_move(Cecp *c, Move m)
{
    game_record_play(&c->game, m);
    c->hint = MOVE_NONE;
    cecp_clear_lift(c);
    cecp_clear_exclusions(c);
}

/* Claims the result if the game has ended; returns true if it has. */
bool cecp_claim_if_over(Cecp *c)
{
    GameResult r = game_result(c->game.pos, c->game.nmoves == 0 ? -1 : c->game.pos->side ^ 1);
    if (r.reason == RESULT_ONGOING)
        return false;
    char reason[128];
    game_result_describe(&r, reason, sizeof reason);
    cecp_emitf(c, "%s {%s}", r.winner == NO_WINNER ? "1/2-1/2" : r.winner == BLACK ? "1-0" : "0-1",
               reason);
    c->game_over = true;
    return true;
}

/* The position of `setboard`: an XBoard FEN ("<board> w|b <more fields>", w = sente to move,
   docs/PROTOCOL.md §2.4) or a TFEN ("<board> b|w" with nothing after it, b = sente to move,
   docs/RULES.md §3.2). */
void cecp_set_board(Cecp *c, const char *fen)
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

/* undo and remove: takes back the last `plies` moves. */
void cecp_take_back(Cecp *c, int plies, const char *shown)
{
    if (c->game.nmoves < plies) {
        cecp_emitf(c, "Error (no move to undo): %s", shown);
        return;
    }
    game_record_undo(&c->game, plies);
    c->game_over = false;
    c->hint = MOVE_NONE;
    cecp_clear_lift(c);
    cecp_clear_exclusions(c);
}

const char *cecp_game_check(const Cecp *c)
{
    const char *err = position_validate(c->game.start);
    if (err)
        return err;
    if ((err = position_validate(c->game.pos)))
        return err;
    if (c->game.pos->rs != c->rs || c->game.start->rs != c->rs)
        return "position uses a stale rule set";
    Position *p = xmalloc(sizeof *p);
    bool same_record = replay(c, p);
    const char *res = NULL;
    if (!same_record)
        res = "the game record's history differs from the replay of its moves";
    else if (memcmp(p->board, c->game.pos->board, sizeof p->board) != 0 || p->side != c->game.pos->side ||
        p->key != c->game.pos->key)
        res = "position differs from the replay of the game record";
    else if (!position_same_history(p, c->game.pos))
        res = "repetition history differs from the replay of the game record";
    free(p);
    return res;
}
