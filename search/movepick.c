#include "movepick.h"

#include "board/exchange.h"
#include "board/movegen.h"
#include "eval/eval.h"

void picker_init(MovePicker *mp, const Position *pos, Move tt_move, const Move killers[2],
                 const int16_t (*history)[SQUARE_COUNT], MoveList *list, MoveList *scratch,
                 int *scores)
{
    mp->pos = pos;
    mp->stage = STAGE_TT;
    mp->tt_move = tt_move && move_is_pseudolegal(pos, tt_move) ? tt_move : MOVE_NONE;
    mp->killers[0] = killers ? killers[0] : MOVE_NONE;
    mp->killers[1] = killers ? killers[1] : MOVE_NONE;
    mp->history = history;
    mp->list = list;
    mp->scratch = scratch;
    mp->scores = scores;
    mp->index = mp->picked = 0;
    mp->danger = burn_zone(pos, pos->side ^ 1);
}

void sort_moves(MoveList *list, int *scores, int from)
{
    for (int i = from + 1; i < list->count; i++) {
        Move m = list->moves[i];
        int s = scores[i], j = i - 1;
        while (j >= from && scores[j] < s) {
            list->moves[j + 1] = list->moves[j];
            scores[j + 1] = scores[j];
            j--;
        }
        list->moves[j + 1] = m;
        scores[j + 1] = s;
    }
}

static int quiet_score(const MovePicker *mp, Move m)
{
    if (m == mp->killers[0])
        return SCORE_KILLER + 1;
    if (m == mp->killers[1])
        return SCORE_KILLER;
    const Position *pos = mp->pos;
    int to = move_to(m);
    if ((m & MOVE_PROMO) || bb_test(&mp->danger, to) ||
        (pos->rs->piece[pos->board[move_from(m)]].demon &&
         bb_intersects(geo.king_nbrs[to], pos->occ[pos->side ^ 1]))) {
        int gain = move_gain(mp->pos, m);
        if (gain > 0)
            return SCORE_PROMOTION + gain;
        if (gain < 0)
            return -SCORE_PROMOTION + gain; /* suicide */
    }
    return mp->history ? mp->history[move_from(m)][move_to(m)] : 0;
}

Move picker_next(MovePicker *mp, int *stage, int *score)
{
    MoveList *list = mp->list;
    for (;;) {
        switch (mp->stage) {
        case STAGE_TT:
            mp->stage = STAGE_NOISY_GEN;
            if (mp->tt_move) {
                *stage = STAGE_TT;
                *score = 1 << 30;
                return mp->tt_move;
            }
            break;
        case STAGE_NOISY_GEN:
            generate_noisy(mp->pos, list);
            for (int i = 0; i < list->count; i++)
                mp->scores[i] = move_gain_fast(mp->pos, list->moves[i], mp->danger);
            sort_moves(list, mp->scores, 0);
            mp->index = 0;
            mp->stage = STAGE_NOISY;
            break;
        case STAGE_NOISY:
            if (mp->index < list->count) {
                Move m = list->moves[mp->index];
                *score = mp->scores[mp->index++];
                if (m == mp->tt_move)
                    break;
                *stage = STAGE_NOISY;
                return m;
            }
            mp->stage = STAGE_QUIET_GEN;
            break;
        case STAGE_QUIET_GEN: {
            generate_moves(mp->pos, mp->scratch);
            int n = list->count;
            for (int i = 0; i < mp->scratch->count && n < MAX_MOVES; i++) {
                Move m = mp->scratch->moves[i];
                if (m == mp->tt_move || move_is_noisy(mp->pos, m))
                    continue;
                list->moves[n] = m;
                mp->scores[n] = quiet_score(mp, m);
                n++;
            }
            mp->picked = list->count;
            list->count = n;
            mp->stage = STAGE_QUIET;
            break;
        }
        case STAGE_QUIET:
            if (mp->index < list->count) {
                /* the first few by selection (a cut-off may come early), then sort the rest */
                if (mp->index - mp->picked < 6) {
                    int best = mp->index;
                    for (int j = mp->index + 1; j < list->count; j++)
                        if (mp->scores[j] > mp->scores[best])
                            best = j;
                    Move tm = list->moves[best];
                    int ts = mp->scores[best];
                    list->moves[best] = list->moves[mp->index];
                    mp->scores[best] = mp->scores[mp->index];
                    list->moves[mp->index] = tm;
                    mp->scores[mp->index] = ts;
                } else if (mp->index - mp->picked == 6) {
                    /* the rest: moves with a positive score first, sorted; the others in
                       generation order (sorting hundreds of quiet moves costs more than it
                       gains) */
                    int k = mp->index;
                    for (int j = mp->index; j < list->count; j++)
                        if (mp->scores[j] > 0) {
                            Move tm = list->moves[j];
                            int ts = mp->scores[j];
                            list->moves[j] = list->moves[k];
                            mp->scores[j] = mp->scores[k];
                            list->moves[k] = tm;
                            mp->scores[k] = ts;
                            k++;
                        }
                    int saved = list->count;
                    list->count = k;
                    sort_moves(list, mp->scores, mp->index);
                    list->count = saved;
                }
                *stage = STAGE_QUIET;
                *score = mp->scores[mp->index];
                return list->moves[mp->index++];
            }
            mp->stage = STAGE_DONE;
            break;
        default:
            return MOVE_NONE;
        }
    }
}
