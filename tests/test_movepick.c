/* The main search's move picker (search/movepick.c) on random positions from games, with hash
 * moves, killers and capture guesses that are right, stale (from the position before, or from
 * another game) or absent:
 *   - it yields every move of generate_moves exactly once, and nothing else;
 *   - a hash move that is a move here comes first, then the capture guesses that are captures
 *     here (the capture killer, then the best capture of the piece on the recapture square),
 *     then the other captures best first by move_gain_fast, then the quiet moves;
 *   - a guess that is not one of generate_noisy's moves here is never yielded as a guess;
 *   - best_capture_of gives the capture of generate_captures_to with the highest gain;
 *   - the root picker gives every legal move once with its rank, and with the tail reversed
 *     (picker_reverse_root_tail) the same first move, then the others from the last back;
 *   - a split PV node (picker_split, split_next) gives the picker's moves in that order too. */
#include <stdlib.h>
#include <string.h>

#include "board/exchange.h"
#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "check.h"
#include "randpos.h"
#include "search/movepick.h"

static int cmp_move(const void *a, const void *b)
{
    Move x = *(const Move *)a, y = *(const Move *)b;
    return (x > y) - (x < y);
}

static bool contains(const Move *sorted, int n, Move m)
{
    return bsearch(&m, sorted, (size_t)n, sizeof(Move), cmp_move) != NULL;
}

static int positions, guesses_taken, moves_seen, root_positions;

/* best_capture_of against a scan of generate_captures_to's moves */
static void check_best_capture(const Position *pos, int target, Bitboard danger)
{
    static MoveList list, all;
    Move best = best_capture_of(pos, target, &list, danger);
    all.count = 0;
    all.overflow = false;
    if (bb_test(&pos->occ[pos->side ^ 1], target))
        generate_captures_to(pos, target, &all);
    int top = 0;
    for (int i = 0; i < all.count; i++) {
        int gain = move_gain_fast(pos, all.moves[i], danger);
        top = gain > top ? gain : top;
    }
    if (top == 0)
        CHECK(best == MOVE_NONE, "square %d: no gaining capture, %08x given", target, best);
    else
        CHECK(best != MOVE_NONE && move_gain_fast(pos, best, danger) == top,
              "square %d: best capture gains %d, %d expected", target,
              best ? move_gain_fast(pos, best, danger) : 0, top);
}

static void check_picker(const Position *pos, Move tt_move, Move capture_killer, int recapture)
{
    static MoveList all, noisy, list, scratch;
    static int scores[MAX_MOVES];
    generate_moves(pos, &all);
    if (all.overflow)
        return;
    generate_noisy(pos, &noisy);
    qsort(all.moves, (size_t)all.count, sizeof(Move), cmp_move);
    qsort(noisy.moves, (size_t)noisy.count, sizeof(Move), cmp_move);
    bool tt_valid = contains(all.moves, all.count, tt_move);
    Move killers[2] = {MOVE_NONE, MOVE_NONE};
    MovePicker mp;
    picker_init(&mp, pos, tt_move, killers, NULL, &list, &scratch, scores);
    picker_guess_captures(&mp, capture_killer, recapture);

    static uint8_t seen[MAX_MOVES];
    memset(seen, 0, sizeof seen);
    Bitboard danger = burn_zone(pos, pos->side ^ 1);
    Move m, expected_recapture = recapture >= 0 ? best_capture_of(pos, recapture, &scratch, danger) : MOVE_NONE;
    int stage, score, n = 0, last_stage = STAGE_TT, last_noisy_gain = 1 << 30;
    bool killer_valid = contains(noisy.moves, noisy.count, capture_killer) && capture_killer != tt_move;
    while ((m = picker_next(&mp, &stage, &score)) != MOVE_NONE) {
        Move *at = bsearch(&m, all.moves, (size_t)all.count, sizeof(Move), cmp_move);
        CHECK(at != NULL, "picker gave %08x, not a move here", m);
        if (!at)
            return;
        int k = (int)(at - all.moves);
        CHECK(!seen[k], "picker gave %08x twice", m);
        seen[k] = 1;
        if (n == 0 && tt_valid)
            CHECK(m == tt_move && stage == STAGE_TT, "the hash move %08x is not first", tt_move);
        else if (n == tt_valid && killer_valid)
            CHECK(m == capture_killer, "the capture killer %08x is not next (%08x)", capture_killer, m);
        else if (n == tt_valid + killer_valid && expected_recapture && expected_recapture != tt_move &&
                 !(killer_valid && expected_recapture == capture_killer))
            CHECK(m == expected_recapture, "the best recapture %08x is not next (%08x)", expected_recapture, m);
        if (stage == STAGE_NOISY)
            CHECK(contains(noisy.moves, noisy.count, m), "%08x given as a capture", m);
        if (stage == STAGE_QUIET)
            CHECK(!contains(noisy.moves, noisy.count, m), "capture %08x among the quiet moves", m);
        CHECK(stage >= last_stage || (last_stage == STAGE_NOISY && stage == STAGE_NOISY),
              "stage %d after stage %d", stage, last_stage);
        if (stage == STAGE_NOISY && score < SCORE_GAIN) { /* the generated captures: best first */
            CHECK(score <= last_noisy_gain, "capture %08x (%d) after one of %d", m, score, last_noisy_gain);
            last_noisy_gain = score;
        }
        guesses_taken += stage == STAGE_NOISY && score == SCORE_GAIN;
        last_stage = stage;
        n++;
    }
    CHECK(n == all.count, "picker gave %d moves of %d", n, all.count);
    moves_seen += n;
    check_best_capture(pos, recapture >= 0 ? recapture : 0, danger);
}

/* A split PV node (picker_split): the picker's moves, the first one first, then from the last
   back to the second, with the stage, score and rank (place from 1) the picker gave them. */
static void check_split(const Position *pos, Move tt_move, Move capture_killer, int recapture)
{
    static MoveList list, scratch;
    static SplitList split;
    static Move order[MAX_MOVES];
    static int stages[MAX_MOVES], scores_of[MAX_MOVES], scores[MAX_MOVES];
    Move killers[2] = {MOVE_NONE, MOVE_NONE}, m;
    MovePicker mp;
    int stage, score, n = 0, rank;
    picker_init(&mp, pos, tt_move, killers, NULL, &list, &scratch, scores);
    picker_guess_captures(&mp, capture_killer, recapture);
    while ((m = picker_next(&mp, &stage, &score)) != MOVE_NONE && n < MAX_MOVES) {
        order[n] = m;
        stages[n] = stage;
        scores_of[n++] = score;
    }
    picker_init(&mp, pos, tt_move, killers, NULL, &list, &scratch, scores);
    picker_guess_captures(&mp, capture_killer, recapture);
    picker_split(&mp, &split);
    int k = 0;
    for (; (m = split_next(&split, &stage, &score, &rank)) != MOVE_NONE && k < n; k++) {
        int i = k == 0 ? 0 : n - k;
        CHECK(m == order[i] && stage == stages[i] && score == scores_of[i] && rank == i + 1,
              "split move %d: %08x stage %d score %d rank %d, expected %08x %d %d rank %d", k, m,
              stage, score, rank, order[i], stages[i], scores_of[i], i + 1);
    }
    CHECK(k == n && m == MOVE_NONE, "split gave %d moves of %d", k, n);
}

/* The root picker: in order, and with the tail reversed (a Lazy SMP helper): the same first
   move, then the others from the last back, each with its place in the plain order as rank. */
static void check_root_picker(Position *pos, Move tt_move)
{
    static MoveVec legal;
    static Move plain[MAX_MOVES], reversed[MAX_MOVES];
    static int scores[MAX_MOVES];
    generate_legal(pos, &legal);
    int n = legal.count < MAX_MOVES ? legal.count : MAX_MOVES;
    Move killers[2] = {MOVE_NONE, MOVE_NONE}, order[MAX_MOVES], m;
    int stage, score, k = 0;
    MovePicker mp;
    memcpy(plain, legal.moves, (size_t)n * sizeof(Move));
    picker_init_root(&mp, pos, tt_move, killers, NULL, plain, n, scores);
    while ((m = picker_next(&mp, &stage, &score)) != MOVE_NONE) {
        CHECK(mp.rank == k + 1, "root move %d has rank %d", k + 1, mp.rank);
        order[k++] = m;
    }
    CHECK(k == n, "root picker gave %d moves of %d", k, n);
    memcpy(reversed, legal.moves, (size_t)n * sizeof(Move));
    picker_init_root(&mp, pos, tt_move, killers, NULL, reversed, n, scores);
    picker_reverse_root_tail(&mp);
    for (k = 0; (m = picker_next(&mp, &stage, &score)) != MOVE_NONE; k++) {
        int expect = k == 0 ? 0 : n - k;
        CHECK(k < n && m == order[expect] && mp.rank == expect + 1,
              "reversed root picker: move %d is %08x rank %d, expected %08x rank %d", k, m, mp.rank,
              k < n ? order[expect] : 0, expect + 1);
        if (k >= n)
            break;
    }
    CHECK(k == n, "reversed root picker gave %d moves of %d", k, n);
    root_positions++;
}

int main(void)
{
    static Position pos, other;
    static MoveVec legal;
    static MoveList previous_noisy, other_noisy;
    Rng rng = {4242};
    position_start(&other, ruleset_default());
    for (int game = 0; game < scaled(200); game++) {
        position_start(&pos, ruleset_default());
        Move last = MOVE_NONE;
        for (int ply = 0; ply < 160; ply++) {
            static MoveList noisy;
            generate_noisy(&pos, &noisy);
            /* a hash move: right, a capture of the position before, or none */
            Move tt = MOVE_NONE, killer = MOVE_NONE;
            int pick = rng_below(&rng, 4);
            if (pick == 0 && noisy.count)
                tt = noisy.moves[rng_below(&rng, noisy.count)];
            else if (pick == 1 && previous_noisy.count)
                tt = previous_noisy.moves[rng_below(&rng, previous_noisy.count)];
            /* a capture killer: right, stale (the position before, another game) or none */
            pick = rng_below(&rng, 4);
            if (pick == 0 && noisy.count)
                killer = noisy.moves[rng_below(&rng, noisy.count)];
            else if (pick == 1 && previous_noisy.count)
                killer = previous_noisy.moves[rng_below(&rng, previous_noisy.count)];
            else if (pick == 2 && other_noisy.count)
                killer = other_noisy.moves[rng_below(&rng, other_noisy.count)];
            int recapture = last ? move_to(last) : rng_below(&rng, 2) ? rng_below(&rng, SQUARE_COUNT) : -1;
            check_picker(&pos, tt, killer, recapture);
            if (ply % 8 == 0) {
                check_root_picker(&pos, tt);
                check_split(&pos, tt, killer, recapture);
            }
            positions++;
            previous_noisy = noisy;
            generate_legal(&pos, &legal);
            Move m = random_move(&pos, &legal, &rng, 60);
            if (!m)
                break;
            Undo u;
            make_move(&pos, m, &u);
            last = m;
            if (position_game_over(&pos))
                break;
        }
        other = pos;
        generate_noisy(&other, &other_noisy);
    }
    printf("%d positions, %d moves picked, %d capture guesses taken; %d root pickers\n", positions,
           moves_seen, guesses_taken, root_positions);
    CHECK(guesses_taken > positions / 10, "only %d guesses taken", guesses_taken);
    return check_finish("test_movepick");
}
