/* Move ordering.  The main search takes moves in stages, so that a cut-off by the hash move or
 * a capture saves generating and sorting the hundreds of quiet moves of a tenjiku position:
 * hash move; two guessed captures (the capture killer, the best capture of the piece that just
 * moved), which often cut off before any capture is generated; the captures and burns by
 * material won (MVV-LVA); then the quiet moves by killers and history. */
#ifndef KAKI_MOVEPICK_H
#define KAKI_MOVEPICK_H

#include <stdbool.h>
#include <stdint.h>

#include "board/move.h"
#include "board/position.h"

/* Swaps the best-scored move of list->moves[i..count) into place i and returns it. */
Move pick_best(MoveList *list, int *scores, int i);

enum { STAGE_TT, STAGE_GUESS, STAGE_NOISY_GEN, STAGE_NOISY, STAGE_QUIET_GEN, STAGE_QUIET, STAGE_DONE,
       STAGE_ROOT };

/* Ordering scores: the hash move; moves that win material (at the root, where all moves are
   scored at once); in the quiet stage quiet promotions above killers above history, suicides
   last. */
#define SCORE_TT_MOVE (1 << 30)
#define SCORE_GAIN (1 << 24)
#define SCORE_PROMOTION (1 << 23)
#define SCORE_KILLER (1 << 22)

typedef struct MovePicker {
    const Position *pos;
    int stage;
    Move tt_move;
    Move killers[2];
    const int16_t (*history)[SQUARE_COUNT]; /* [from][to] for the side to move, or NULL */
    Move counter;        /* the quiet move that last refuted the opponent's last move */
    const int16_t *cont; /* [kind][to]: the history after the opponent's last move, or NULL */
    MoveList *list;    /* noisy moves, then quiet moves */
    MoveList *scratch; /* buffer for the full generation */
    Move *root_moves;  /* the root: every legal move (more than a MoveList may hold) */
    int root_count;
    bool root_tail_reversed; /* the root moves after the first in reverse order (a helper) */
    int rank;                /* the root: the last move's place in the main order, from 1 */
    int *scores;
    int index, picked;
    int selected; /* list index that picker_peek has already selected, or -1 */
    /* the captures tried before generating (picker_guess_captures), and how many were */
    Move capture_killer, guessed[2];
    int recapture, nguessed;
    Bitboard danger;
} MovePicker;

void picker_init(MovePicker *mp, const Position *pos, Move tt_move, const Move killers[2],
                 const int16_t (*history)[SQUARE_COUNT], MoveList *list, MoveList *scratch,
                 int *scores);
/* The context of the opponent's last move for the quiet stage (call after picker_init): the
   counter move, scored just below the killers, and a continuation history row ([kind][to]
   of the mover, KIND_COUNT * SQUARE_COUNT entries) added to the [from][to] history.  Either
   may be MOVE_NONE / NULL. */
void picker_set_followup(MovePicker *mp, Move counter, const int16_t *cont);
/* The root: the given legal moves (count of them, reordered in place), all scored at once by
   score_root_moves and taken best first. */
void picker_init_root(MovePicker *mp, const Position *pos, Move tt_move, const Move killers[2],
                      const int16_t (*history)[SQUARE_COUNT], Move *moves, int count,
                      int *scores);
/* A helper thread: the root moves in the main order's first, then from the last back to the
   second (Lazy SMP root splitting); picker_next sets mp->rank to the main-order place. */
void picker_reverse_root_tail(MovePicker *mp);
/* A PV node that a Lazy SMP helper splits (search.c, splits_pv_node): every move the picker
   gives, taken at once, then handed out first move first, then from the last back to the
   second, each with its rank (its place in the picker's order, from 1). */
enum { SPLIT_MAX = MAX_MOVES + 3 }; /* a full list, the hash move and two guessed captures */
typedef struct SplitList {
    Move moves[SPLIT_MAX];
    int stages[SPLIT_MAX], scores[SPLIT_MAX];
    int count, next;
} SplitList;
SplitList *picker_split(MovePicker *mp, SplitList *sl);
Move split_next(SplitList *sl, int *stage, int *score, int *rank);
/* Before generating the captures, try capture_killer (a capture that refuted a node at this
   ply, checked to be a capture here) and the most gaining capture of the piece on `recapture`
   (the piece that has just moved; -1: none).  Call after picker_init. */
void picker_guess_captures(MovePicker *mp, Move capture_killer, int recapture);
/* The most gaining capture (move_gain_fast) of the enemy piece on target, MOVE_NONE if none;
   fills list with generate_captures_to's moves. */
Move best_capture_of(const Position *pos, int target, MoveList *list, Bitboard danger);
/* The captures both searches try before generating any (docs/SPEED.md, "Third pass"): guess 0
   is `killer` if it is one of generate_noisy's moves here, guess 1 the most gaining capture of
   the piece on `recapture` (-1: none).  MOVE_NONE if there is none; list is scratch. */
enum { CAPTURE_GUESSES = 2 };
_Static_assert(SPLIT_MAX >= MAX_MOVES + 1 + CAPTURE_GUESSES, "a split list holds every move");
Move capture_guess(const Position *pos, int g, Move killer, int recapture, MoveList *list,
                   Bitboard danger);
/* The next move, MOVE_NONE at the end.  *stage tells where it came from and *score its
   ordering score. */
Move picker_next(MovePicker *mp, int *stage, int *score);
/* The move picker_next will consider next, if that is known without generating anything (the
   captures and quiet moves already listed), else MOVE_NONE.  It may still be skipped (the hash
   move, pruning).  For prefetching its hash bucket while the current move is searched. */
Move picker_peek(MovePicker *mp);

/* The root: every legal move scored at once by the same rules (hash move, material won, killers,
   history; suicides last).  killers and history may be NULL (switched off). */
void score_root_moves(const Position *pos, const Move *moves, int count, int *scores,
                      Move tt_move, const Move killers[2], const int16_t (*history)[SQUARE_COUNT]);

#endif
