/* Board geometry: squares, directions and the immutable tables derived from them. */
#ifndef KAKI_GEOMETRY_H
#define KAKI_GEOMETRY_H

#include <stdint.h>

#include "bitboard.h"

#define BOARD_SIZE 16
#define SQUARE_COUNT 256

static inline int sq_make(int file, int rank) { return rank * 16 + file; }
static inline int sq_file(int sq) { return sq & 15; }
static inline int sq_rank(int sq) { return sq >> 4; }

enum Colour { BLACK = 0, WHITE = 1 }; /* Black = sente = moves first = XBoard "white" */

/* Directions as seen by Black (forward = +rank).  White's direction d is Black's (d + 4) & 7. */
enum Direction { DIR_N, DIR_NE, DIR_E, DIR_SE, DIR_S, DIR_SW, DIR_W, DIR_NW };
extern const int dir_dx[8], dir_dy[8];

static inline int dir_for(int colour, int d) { return colour == BLACK ? d : (d + 4) & 7; }

/* Index of the 16-bit occupancy word of every line: 16 ranks, 16 files, 31 diagonals
   (file - rank constant), 31 anti-diagonals (file + rank constant). */
#define LINE_COUNT 94

/* How a square sees one direction: which line word, its bit in that word, whether the
   direction runs toward higher bits, the square step, and the number of squares to the edge. */
typedef struct RayInfo {
    uint8_t line;
    uint8_t bit;
    uint8_t up;
    uint8_t edge;
    int16_t delta;
} RayInfo;

typedef struct Geometry {
    RayInfo ray[SQUARE_COUNT][8];
    uint8_t line_of[SQUARE_COUNT][4]; /* rank, file, diagonal, anti-diagonal word of a square */
    uint8_t bit_of[SQUARE_COUNT][4];
    Bitboard ray_bb[SQUARE_COUNT][8];  /* all squares from sq (exclusive) to the edge */
    Bitboard king_nbrs[SQUARE_COUNT];  /* the 8 (or fewer) adjacent squares */
    Bitboard diag_nbrs[SQUARE_COUNT];  /* the 4 (or fewer) diagonal neighbours */
    Bitboard zone[2];                  /* promotion zone of each colour (docs/RULES.md §1.5) */

} Geometry;

extern Geometry geo;

/* Builds the tables once; safe to call from any thread, any number of times. */
void geometry_init(void);

/* Leap channels: the 24 offsets (dx, dy) of the 5x5 box around a square, centre left out.  Every
   step, jump to the second square, knight jump and lion square is one of them (pieces.h
   PieceInfo.leap_channels); channel k's offset is leap_dx[k], leap_dy[k]. */
#define LEAP_CHANNELS 24
extern const int8_t leap_dx[LEAP_CHANNELS], leap_dy[LEAP_CHANNELS];

/* Square at distance k from sq in direction d, or -1 off the board. */
int sq_offset(int sq, int dx, int dy);

/* "h8" style (XBoard files a-p, ranks 1-16 + offset); returns chars written (no NUL counted). */
int square_to_str(int sq, char *out, int rank_offset);
/* Parses a square at *s, advancing *s; returns the square or -1. */
int square_parse(const char **s, int rank_offset);

#endif
