/* perft (docs/RULES.md §5.14): the number of legal move sequences of a given length. */
#ifndef KAKI_PERFT_H
#define KAKI_PERFT_H

#include <stdbool.h>
#include <stdint.h>

#include "position.h"

/* Counts sequences of `depth` legal moves from pos.  `full` makes and unmakes every leaf move;
   otherwise the last ply is counted from the move list (repetitions predicted from the
   history).  The two methods are independent and must agree. */
uint64_t perft(Position *pos, int depth, bool full);

/* Number of legal moves, counted without making them (the bulk count of the last ply). */
int count_legal_moves(Position *pos, const Move *moves, int count);

#endif
