#include "result.h"

#include <stdio.h>
#include <stdlib.h>

#include "legal.h"
#include "movegen.h"

static const char *const side_name[2] = {"sente", "gote"};

static bool has_legal_move(Position *pos)
{
    MoveVec list = {0};
    generate_legal(pos, &list);
    bool any = list.count > 0;
    movevec_free(&list);
    return any;
}

GameResult game_result(Position *pos, int mover)
{
    if (position_game_over(pos)) {
        if (mover < 0) { /* a set-up position: nobody made the move that ended it */
            if (!pos->royals[BLACK] && !pos->royals[WHITE])
                return (GameResult){NO_WINNER, RESULT_NO_ROYALS};
            return (GameResult){pos->royals[BLACK] ? BLACK : WHITE, RESULT_ROYAL_LOST};
        }
        int winner = royal_loss_winner(pos, mover);
        return (GameResult){winner, winner == mover ? RESULT_ROYAL_LOST : RESULT_ROYAL_SUICIDE};
    }
    if (!has_legal_move(pos))
        return (GameResult){pos->side ^ 1, RESULT_NO_LEGAL_MOVE};
    return (GameResult){NO_WINNER, RESULT_ONGOING};
}

void game_result_describe(const GameResult *r, char *out, size_t outsz)
{
    int loser = r->winner == NO_WINNER ? BLACK : r->winner ^ 1;
    switch (r->reason) {
    case RESULT_ROYAL_LOST:
        snprintf(out, outsz, "%s has no royal left", side_name[loser]);
        break;
    case RESULT_ROYAL_SUICIDE:
        snprintf(out, outsz, "%s lost its last royal by its own move", side_name[loser]);
        break;
    case RESULT_NO_LEGAL_MOVE:
        snprintf(out, outsz, "%s has no legal move", side_name[loser]);
        break;
    case RESULT_NO_ROYALS:
        snprintf(out, outsz, "neither side has a royal");
        break;
    default:
        snprintf(out, outsz, "the game goes on");
        break;
    }
}

bool move_leaves_dead_piece(const Position *pos, Move m)
{
    if (m & (MOVE_PROMO | MOVE_PASS | MOVE_MID))
        return false;
    int pc = pos->board[move_from(m)];
    return bb_test(&pos->rs->dead[pc], move_to(m));
}
