#include "movepick.h"

#include "board/exchange.h"
#include "board/moveclass.h"
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
    mp->counter = MOVE_NONE;
    mp->cont = NULL;
    mp->list = list;
    mp->scratch = scratch;
    mp->scores = scores;
    mp->index = mp->picked = 0;
    mp->selected = -1;
    mp->danger = burn_zone(pos, pos->side ^ 1);
    mp->capture_killer = MOVE_NONE;
    mp->recapture = -1;
    mp->nguessed = 0;
}

void picker_set_followup(MovePicker *mp, Move counter, const int16_t *cont)
{
    mp->counter = counter;
    mp->cont = cont;
}

void picker_guess_captures(MovePicker *mp, Move capture_killer, int recapture)
{
    mp->capture_killer = capture_killer;
    mp->recapture = recapture;
}

Move best_capture_of(const Position *pos, int target, MoveList *list, Bitboard danger)
{
    list->count = 0;
    list->overflow = false;
    if (!bb_test(&pos->occ[pos->side ^ 1], target))
        return MOVE_NONE;
    generate_captures_to(pos, target, list);
    Move best = MOVE_NONE;
    int top = 0;
    for (int i = 0; i < list->count; i++) {
        int gain = move_gain_fast(pos, list->moves[i], danger);
        if (gain > top) {
            top = gain;
            best = list->moves[i];
        }
    }
    return best;
}

Move capture_guess(const Position *pos, int g, Move killer, int recapture, MoveList *list,
                   Bitboard danger)
{
    if (g == 0)
        return move_is_noisy_pseudolegal(pos, killer) ? killer : MOVE_NONE;
    return recapture >= 0 ? best_capture_of(pos, recapture, list, danger) : MOVE_NONE;
}

/* The next guess of STAGE_GUESS (picker_guess_captures), MOVE_NONE when there is none left. */
static Move next_guess(MovePicker *mp)
{
    while (mp->index < CAPTURE_GUESSES) {
        Move m = capture_guess(mp->pos, mp->index++, mp->capture_killer, mp->recapture, mp->list,
                               mp->danger);
        if (m && m != mp->tt_move && (mp->nguessed == 0 || m != mp->guessed[0]))
            return mp->guessed[mp->nguessed++] = m;
    }
    return MOVE_NONE;
}

static bool was_guessed(const MovePicker *mp, Move m)
{
    return (mp->nguessed > 0 && m == mp->guessed[0]) || (mp->nguessed > 1 && m == mp->guessed[1]);
}

/* The first index in [i, n) holding the highest score (n > i).  Two passes: the maximum, a
   reduction the compiler vectorises, then its first occurrence; a single pass that tracks the
   best index so far compares one element at a time through a chain of dependent loads. */
static int first_best(const int *scores, int i, int n)
{
    int top = scores[i];
    for (int j = i + 1; j < n; j++)
        top = scores[j] > top ? scores[j] : top;
    while (scores[i] != top)
        i++;
    return i;
}

/* Swaps the best of moves[i..n) (the first of equals) into place i and returns it. */
static Move select_best(Move *moves, int *scores, int i, int n)
{
    int best = first_best(scores, i, n);
    Move m = moves[best];
    int s = scores[best];
    moves[best] = moves[i];
    scores[best] = scores[i];
    moves[i] = m;
    scores[i] = s;
    return m;
}

/* The quiet moves taken by selection before the rest is sorted. */
enum { QUIET_SELECTED = 6 };

Move pick_best(MoveList *list, int *scores, int i) { return select_best(list->moves, scores, i, list->count); }

void score_root_moves(const Position *pos, const Move *moves, int count, int *scores,
                      Move tt_move, const Move killers[2], const int16_t (*history)[SQUARE_COUNT])
{
    Bitboard danger = burn_zone(pos, pos->side ^ 1);
    for (int i = 0; i < count; i++) {
        Move m = moves[i];
        int to = move_to(m), from = move_from(m);
        bool plain = !(m & (MOVE_MID | MOVE_PROMO)) && ((m & MOVE_PASS) || !pos->board[to]) &&
                     !bb_test(&danger, to) && !pos->rs->piece[pos->board[from]].demon;
        int gain = plain ? 0 : move_gain(pos, m);
        if (m == tt_move)
            scores[i] = SCORE_TT_MOVE;
        else if (gain > 0) /* the bigger gain first; of equal gains, the cheaper mover */
            scores[i] = SCORE_GAIN + gain * 8 - material_value(piece_kind(pos->board[from])) / 16;
        else if (killers && m == killers[0])
            scores[i] = SCORE_KILLER + 1;
        else if (killers && m == killers[1])
            scores[i] = SCORE_KILLER;
        else if (gain < 0)
            scores[i] = -SCORE_PROMOTION + gain; /* suicide: last */
        else
            scores[i] = history ? history[from][to] : 0;
    }
}

/* Sorts moves[from..to) by descending score, equals in their order (insertion sort). */
static void sort_range(Move *moves, int *scores, int from, int to)
{
    for (int i = from + 1; i < to; i++) {
        Move m = moves[i];
        int s = scores[i], j = i - 1;
        while (j >= from && scores[j] < s) {
            moves[j + 1] = moves[j];
            scores[j + 1] = scores[j];
            j--;
        }
        moves[j + 1] = m;
        scores[j + 1] = s;
    }
}

/* Moves the moves of moves[from..to) with a positive score to its front, in their order (the
   others follow in some order); returns the end of the positive ones. */
static int positives_first(Move *moves, int *scores, int from, int to)
{
    int k = from;
    for (int j = from; j < to; j++)
        if (scores[j] > 0) {
            Move m = moves[j];
            int s = scores[j];
            moves[j] = moves[k];
            scores[j] = scores[k];
            moves[k] = m;
            scores[k] = s;
            k++;
        }
    return k;
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
    if (m == mp->counter)
        return SCORE_KILLER - 1;
    int from = move_from(m), h = mp->history ? mp->history[from][to] : 0;
    if (mp->cont)
        h += mp->cont[piece_kind(pos->board[from]) * SQUARE_COUNT + to];
    return h;
}

void picker_init_root(MovePicker *mp, const Position *pos, Move tt_move, const Move killers[2],
                      const int16_t (*history)[SQUARE_COUNT], Move *moves, int count,
                      int *scores)
{
    picker_init(mp, pos, MOVE_NONE, killers, history, NULL, NULL, scores);
    mp->tt_move = tt_move;
    mp->stage = STAGE_ROOT;
    mp->root_moves = moves;
    mp->root_count = count;
    score_root_moves(pos, moves, count, scores, tt_move, killers, history);
    mp->root_tail_reversed = false;
}

/* Where the k-th move handed out in split order sits in the plain order of count moves: the
   first, then the last back to the second. */
static inline int split_index(int k, int count) { return k > 0 ? count - k : 0; }

void picker_reverse_root_tail(MovePicker *mp)
{
    for (int i = 0; i < mp->root_count; i++)
        select_best(mp->root_moves, mp->scores, i, mp->root_count);
    mp->root_tail_reversed = true;
}

SplitList *picker_split(MovePicker *mp, SplitList *sl)
{
    int stage, score;
    Move m;
    sl->count = sl->next = 0;
    while (sl->count < SPLIT_MAX && (m = picker_next(mp, &stage, &score)) != MOVE_NONE) {
        sl->moves[sl->count] = m;
        sl->stages[sl->count] = stage;
        sl->scores[sl->count++] = score;
    }
    return sl;
}

Move split_next(SplitList *sl, int *stage, int *score, int *rank)
{
    if (sl->next == sl->count)
        return MOVE_NONE;
    int i = split_index(sl->next++, sl->count);
    *stage = sl->stages[i];
    *score = sl->scores[i];
    *rank = i + 1;
    return sl->moves[i];
}

Move picker_next(MovePicker *mp, int *stage, int *score)
{
    MoveList *list = mp->list;
    for (;;) {
        switch (mp->stage) {
        case STAGE_ROOT: {
            if (mp->index >= mp->root_count)
                return MOVE_NONE;
            int k = mp->index++, i = mp->root_tail_reversed ? split_index(k, mp->root_count) : k;
            Move m = mp->root_tail_reversed
                         ? mp->root_moves[i] /* sorted by picker_reverse_root_tail */
                         : select_best(mp->root_moves, mp->scores, i, mp->root_count);
            mp->rank = i + 1;
            *score = mp->scores[i];
            *stage = m == mp->tt_move ? STAGE_TT : *score >= SCORE_GAIN ? STAGE_NOISY : STAGE_QUIET;
            return m;
        }
        case STAGE_TT:
            mp->stage = STAGE_GUESS;
            mp->index = 0;
            if (mp->tt_move) {
                *stage = STAGE_TT;
                *score = SCORE_TT_MOVE;
                return mp->tt_move;
            }
            break;
        case STAGE_GUESS: {
            Move m = next_guess(mp);
            if (m) {
                *stage = STAGE_NOISY;
                *score = SCORE_GAIN;
                return m;
            }
            mp->stage = STAGE_NOISY_GEN;
            break;
        }
        case STAGE_NOISY_GEN:
            generate_noisy(mp->pos, list);
            for (int i = 0; i < list->count; i++)
                mp->scores[i] = move_gain_fast(mp->pos, list->moves[i], mp->danger);
            mp->index = 0;
            mp->stage = STAGE_NOISY;
            break;
        case STAGE_NOISY: /* best first, by selection: a cut-off usually comes early */
            if (mp->index < list->count) {
                if (mp->selected != mp->index)
                    pick_best(list, mp->scores, mp->index);
                Move m = list->moves[mp->index];
                *score = mp->scores[mp->index++];
                if (m == mp->tt_move || was_guessed(mp, m))
                    break;
                *stage = STAGE_NOISY;
                return m;
            }
            mp->stage = STAGE_QUIET_GEN;
            break;
        case STAGE_QUIET_GEN: {
            generate_quiet(mp->pos, mp->scratch);
            int n = list->count;
            for (int i = 0; i < mp->scratch->count && n < MAX_MOVES; i++) {
                Move m = mp->scratch->moves[i];
                if (m == mp->tt_move)
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
                if (mp->index - mp->picked < QUIET_SELECTED) {
                    if (mp->selected != mp->index)
                        pick_best(list, mp->scores, mp->index);
                } else if (mp->index - mp->picked == QUIET_SELECTED) {
                    /* the rest: moves with a positive score first, sorted; the others
                       unsorted (sorting hundreds of quiet moves costs more than it gains) */
                    int k = positives_first(list->moves, mp->scores, mp->index, list->count);
                    sort_range(list->moves, mp->scores, mp->index, k);
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

Move picker_peek(MovePicker *mp)
{
    MoveList *list = mp->list;
    if ((mp->stage != STAGE_NOISY && mp->stage != STAGE_QUIET) || mp->index >= list->count)
        return MOVE_NONE;
    if (mp->stage == STAGE_QUIET && mp->index - mp->picked >= QUIET_SELECTED)
        /* the sorted rest (sorted when its first move is taken) */
        return mp->index - mp->picked > QUIET_SELECTED ? list->moves[mp->index] : MOVE_NONE;
    if (mp->selected != mp->index) { /* the selection picker_next would make, made now */
        pick_best(list, mp->scores, mp->index);
        mp->selected = mp->index;
    }
    return list->moves[mp->index];
}
