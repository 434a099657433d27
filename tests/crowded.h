/* Positions with more legal moves than the search's fixed-size MoveList holds (MAX_MOVES,
 * board/move.h), for the tests of everything that must see every move: lions on one colour of a
 * checkerboard, enemy pawns on the other.  Each lion can capture four pawns and go on (igui or
 * to four more squares) and reach twelve more pawns with its jumps: 4,687 legal moves, checked
 * against the reference generator (test_refgen).  In the first, the lions next to gote's king
 * stand on the last squares in generation order: a list that stops early misses the moves that
 * win at once. */
#ifndef KAKI_TESTS_CROWDED_H
#define KAKI_TESTS_CROWDED_H

#define CROWDED_LIONS_SENTE                                                                        \
    "L!kL!pL!pL!pL!pL!pL!pL!p/pL!pL!pL!pL!pL!pL!pL!pL!/L!pL!pL!pL!pL!pL!pL!pL!p/"                  \
    "pL!pL!pL!pL!pL!pL!pL!pL!/L!pL!pL!pL!pL!pL!pL!pL!p/pL!pL!pL!pL!pL!pL!pL!pL!/"                  \
    "L!pL!pL!pL!pL!pL!pL!pL!p/pL!pL!pL!pL!pL!pL!pL!pL!/L!pL!pL!pL!pL!pL!pL!pL!p/"                  \
    "pL!pL!pL!pL!pL!pL!pL!pL!/L!pL!pL!pL!pL!pL!pL!pL!p/pL!pL!pL!pL!pL!pL!pL!pL!/"                  \
    "L!pL!pL!pL!pL!pL!pL!pL!p/pL!pL!pL!pL!pL!pL!pL!pL!/L!pL!pL!pL!pL!pL!pL!pL!p/"                  \
    "pL!pL!pL!pL!pL!pL!pL!KL! b"
/* the same turned round, colours swapped: gote to move */
#define CROWDED_LIONS_GOTE                                                                         \
    "l!kl!Pl!Pl!Pl!Pl!Pl!Pl!P/Pl!Pl!Pl!Pl!Pl!Pl!Pl!Pl!/l!Pl!Pl!Pl!Pl!Pl!Pl!Pl!P/"                  \
    "Pl!Pl!Pl!Pl!Pl!Pl!Pl!Pl!/l!Pl!Pl!Pl!Pl!Pl!Pl!Pl!P/Pl!Pl!Pl!Pl!Pl!Pl!Pl!Pl!/"                  \
    "l!Pl!Pl!Pl!Pl!Pl!Pl!Pl!P/Pl!Pl!Pl!Pl!Pl!Pl!Pl!Pl!/l!Pl!Pl!Pl!Pl!Pl!Pl!Pl!P/"                  \
    "Pl!Pl!Pl!Pl!Pl!Pl!Pl!Pl!/l!Pl!Pl!Pl!Pl!Pl!Pl!Pl!P/Pl!Pl!Pl!Pl!Pl!Pl!Pl!Pl!/"                  \
    "l!Pl!Pl!Pl!Pl!Pl!Pl!Pl!P/Pl!Pl!Pl!Pl!Pl!Pl!Pl!Pl!/l!Pl!Pl!Pl!Pl!Pl!Pl!Pl!P/"                  \
    "Pl!Pl!Pl!Pl!Pl!Pl!Pl!Kl! w"

#endif
