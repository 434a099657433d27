/* A move is identified by its effect (docs/RULES.md §5.1): start square, final square, the square
 * captured on the way (lion-type moves), promotion.  32 bits:
 *
 *   bits  0- 7  from
 *   bits  8-15  to (final square; equals from for igui and pass)
 *   bits 16-23  mid: the square captured by the first leg of a lion-type move
 *   bit  24     MOVE_MID: mid is valid (igui, hit-and-run, double capture)
 *   bit  25     MOVE_PROMO: the piece promotes at the end of the move
 *   bit  26     MOVE_PASS: a pass (from == to, nothing captured)
 *
 * A capture on the final square is not encoded: it is whatever stands there.  Burns are
 * consequences computed by make_move.  0 is never a move.
 */
#ifndef KAKI_MOVE_H
#define KAKI_MOVE_H

#include <stdbool.h>
#include <stdint.h>

typedef uint32_t Move;

#define MOVE_NONE 0u
#define MOVE_MID (1u << 24)
#define MOVE_PROMO (1u << 25)
#define MOVE_PASS (1u << 26)

static inline Move move_make(int from, int to) { return (Move)from | (Move)to << 8; }
static inline Move move_make_mid(int from, int mid, int to)
{
    return (Move)from | (Move)to << 8 | (Move)mid << 16 | MOVE_MID;
}
static inline Move move_make_pass(int sq) { return (Move)sq | (Move)sq << 8 | MOVE_PASS; }

static inline int move_from(Move m) { return (int)(m & 0xFF); }
static inline int move_to(Move m) { return (int)((m >> 8) & 0xFF); }
static inline int move_mid(Move m) { return (int)((m >> 16) & 0xFF); }
static inline bool move_has_mid(Move m) { return (m & MOVE_MID) != 0; }
static inline bool move_is_promo(Move m) { return (m & MOVE_PROMO) != 0; }
static inline bool move_is_pass(Move m) { return (m & MOVE_PASS) != 0; }

/* The search's move lists have a fixed size: the start position has 72 moves, crowded
   middlegames a few hundred, and a list of MAX_MOVES is never full in a real game.  A hand-made
   TFEN can have more (a board of lions and enemy pawns in a checkerboard has 4,687 legal moves;
   the bound is about 54,000, docs/ARCHITECTURE.md §5): the generators that fill a MoveList then
   stop adding and set `overflow`.  Only the search's interior nodes use them that way; whoever
   needs every move (legality, notation, game result, perft, the root of the search, the GUIs)
   takes a MoveVec, which grows. */
#define MAX_MOVES 4096
/* Upper bound of the moves one piece can add: 255 targets x 2 versions, lion-type moves that
   capture on the way (8 victims x 8 x 2), igui on all sides (8 x 2) and a pass: 655. */
#define MAX_PIECE_MOVES 700

typedef struct MoveList {
    int count;
    bool overflow; /* moves were left out: the list was full */
    Move moves[MAX_MOVES];
} MoveList;

/* Every move of a position, however many: the storage grows on the heap.  {0} is an empty
   vector; movevec_free releases it. */
typedef struct MoveVec {
    int count, cap;
    Move *moves;
} MoveVec;

/* Is m (exactly, promotion bit included) in the list? */
static inline bool movevec_has(const MoveVec *v, Move m)
{
    for (int i = 0; i < v->count; i++)
        if (v->moves[i] == m)
            return true;
    return false;
}

#endif
