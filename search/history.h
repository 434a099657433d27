/* The quiet-move statistics the move picker orders by (movepick.h): the two killers of a ply
 * and the history table of a side, and how a cut-off by a quiet move updates them. */
#ifndef KAKI_HISTORY_H
#define KAKI_HISTORY_H

#include <stdint.h>

#include "board/move.h"
#include "board/position.h"

/* m refuted a node: it becomes the first killer, the old first the second (unless m was it). */
void killers_update(Move killers[2], Move m);

/* m, a quiet move, caused a cut-off worth `bonus` (depth squared, at most HISTORY_BONUS_MAX:
   params.h): its [from][to] entry of the side's table rises by scale * bonus less its gravity
   (bonus / HISTORY_GRAVITY of the entry), and each of the other quiet moves tried before it
   (tried[0..n), m among them or not) falls by as much; every entry stays within
   +-scale * HISTORY_GRAVITY, so old results fade. */
void history_update(int16_t (*history)[SQUARE_COUNT], Move m, const Move *tried, int n,
                    int bonus, int scale);

/* The same update for a continuation history row (cont: [kind][to], KIND_COUNT * SQUARE_COUNT
   entries, the context of the opponent's last move); pos is the node's position, whose
   board gives each move's kind. */
void cont_history_update(int16_t *cont, const Position *pos, Move m, const Move *tried, int n,
                         int bonus, int scale);

#endif
