/* 256-square sets for the 16x16 board.
 *
 * Square numbering everywhere in Kaki: sq = rank * 16 + file, both 0-based, rank 0 = XBoard
 * rank 1 (Black's side), file 0 = file a.  Bit (sq & 63) of word (sq >> 6) is square sq, so
 * word i holds ranks 4i..4i+3 and every rank is a contiguous 16-bit field.
 *
 * Sets are used where whole-board masks pay off (occupancy per side, promotion zones, burn
 * neighbourhoods, target sets of a piece).  Nearest-blocker searches along lines use the
 * 16-bit line words of position.h instead (see docs/ARCHITECTURE.md: crossing 64-bit words makes ray
 * bit-scans slow on 256 squares).
 */
#ifndef KAKI_BITBOARD_H
#define KAKI_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>

typedef struct Bitboard {
    uint64_t w[4];
} Bitboard;

#define BB_EMPTY ((Bitboard){{0, 0, 0, 0}})

static inline Bitboard bb_square(int sq)
{
    Bitboard b = BB_EMPTY;
    b.w[sq >> 6] = 1ULL << (sq & 63);
    return b;
}

static inline bool bb_test(const Bitboard *b, int sq) { return (b->w[sq >> 6] >> (sq & 63)) & 1; }
static inline void bb_set(Bitboard *b, int sq) { b->w[sq >> 6] |= 1ULL << (sq & 63); }
static inline void bb_clear(Bitboard *b, int sq) { b->w[sq >> 6] &= ~(1ULL << (sq & 63)); }
static inline void bb_toggle(Bitboard *b, int sq) { b->w[sq >> 6] ^= 1ULL << (sq & 63); }

static inline Bitboard bb_and(Bitboard a, Bitboard b)
{
    return (Bitboard){{a.w[0] & b.w[0], a.w[1] & b.w[1], a.w[2] & b.w[2], a.w[3] & b.w[3]}};
}
static inline Bitboard bb_or(Bitboard a, Bitboard b)
{
    return (Bitboard){{a.w[0] | b.w[0], a.w[1] | b.w[1], a.w[2] | b.w[2], a.w[3] | b.w[3]}};
}
static inline Bitboard bb_xor(Bitboard a, Bitboard b)
{
    return (Bitboard){{a.w[0] ^ b.w[0], a.w[1] ^ b.w[1], a.w[2] ^ b.w[2], a.w[3] ^ b.w[3]}};
}
/* a & ~b */
static inline Bitboard bb_andnot(Bitboard a, Bitboard b)
{
    return (Bitboard){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1], a.w[2] & ~b.w[2], a.w[3] & ~b.w[3]}};
}
static inline Bitboard bb_not(Bitboard a) { return (Bitboard){{~a.w[0], ~a.w[1], ~a.w[2], ~a.w[3]}}; }

static inline bool bb_any(Bitboard a) { return (a.w[0] | a.w[1] | a.w[2] | a.w[3]) != 0; }
static inline bool bb_none(Bitboard a) { return !bb_any(a); }
static inline bool bb_equal(Bitboard a, Bitboard b) { return bb_none(bb_xor(a, b)); }
static inline bool bb_intersects(Bitboard a, Bitboard b) { return bb_any(bb_and(a, b)); }

static inline int bb_count(Bitboard a)
{
    return __builtin_popcountll(a.w[0]) + __builtin_popcountll(a.w[1]) +
           __builtin_popcountll(a.w[2]) + __builtin_popcountll(a.w[3]);
}

/* Lowest square of a non-empty set. */
static inline int bb_lsb(Bitboard a)
{
    for (int i = 0; i < 4; i++)
        if (a.w[i])
            return i * 64 + __builtin_ctzll(a.w[i]);
    return -1;
}

/* Removes and returns the lowest square of a non-empty set. */
static inline int bb_pop(Bitboard *a)
{
    for (int i = 0; i < 4; i++)
        if (a->w[i]) {
            int sq = i * 64 + __builtin_ctzll(a->w[i]);
            a->w[i] &= a->w[i] - 1;
            return sq;
        }
    return -1;
}

/* Removes and returns the highest square of a non-empty set. */
static inline int bb_pop_high(Bitboard *a)
{
    for (int i = 3; i >= 0; i--)
        if (a->w[i]) {
            int b = 63 - __builtin_clzll(a->w[i]);
            a->w[i] ^= 1ULL << b;
            return i * 64 + b;
        }
    return -1;
}

/* Removes and returns the first square of a non-empty set as `colour` sees the board: the
   lowest for Black (colour 0), the highest for White.  A position and its colour-mirrored copy
   (board turned 180 degrees, colours swapped) then list their moves in mirrored order, so the
   search, whose move ordering breaks ties by list order, treats both colours alike. */
static inline int bb_pop_for(Bitboard *a, int colour) { return colour ? bb_pop_high(a) : bb_pop(a); }

/* Whole-board shifts by one square; bits leaving the board vanish, nothing wraps between
   ranks.  North = toward rank 16 (+16), east = toward file p (+1). */
static inline Bitboard bb_north(Bitboard a)
{
    return (Bitboard){{a.w[0] << 16, (a.w[1] << 16) | (a.w[0] >> 48), (a.w[2] << 16) | (a.w[1] >> 48),
                       (a.w[3] << 16) | (a.w[2] >> 48)}};
}
static inline Bitboard bb_south(Bitboard a)
{
    return (Bitboard){{(a.w[0] >> 16) | (a.w[1] << 48), (a.w[1] >> 16) | (a.w[2] << 48),
                       (a.w[2] >> 16) | (a.w[3] << 48), a.w[3] >> 16}};
}
#define BB_NOT_FILE_A 0xFFFEFFFEFFFEFFFEULL
#define BB_NOT_FILE_P 0x7FFF7FFF7FFF7FFFULL
static inline Bitboard bb_east(Bitboard a)
{
    Bitboard r;
    for (int i = 0; i < 4; i++)
        r.w[i] = (a.w[i] << 1) & BB_NOT_FILE_A;
    return r;
}
static inline Bitboard bb_west(Bitboard a)
{
    Bitboard r;
    for (int i = 0; i < 4; i++)
        r.w[i] = (a.w[i] >> 1) & BB_NOT_FILE_P;
    return r;
}

/* Shift toward higher squares by n bits (0 <= n < 256). */
static inline __attribute__((always_inline)) Bitboard bb_shl(Bitboard a, int n)
{
    Bitboard r = BB_EMPTY;
    int ws = n >> 6, bs = n & 63;
    for (int i = 3; i >= ws; i--) {
        uint64_t lo = a.w[i - ws] << bs;
        if (bs && i - ws - 1 >= 0)
            lo |= a.w[i - ws - 1] >> (64 - bs);
        r.w[i] = lo;
    }
    return r;
}

/* Shift toward lower squares by n bits (0 <= n < 256). */
static inline __attribute__((always_inline)) Bitboard bb_shr(Bitboard a, int n)
{
    Bitboard r = BB_EMPTY;
    int ws = n >> 6, bs = n & 63;
    for (int i = 0; i + ws < 4; i++) {
        uint64_t hi = a.w[i + ws] >> bs;
        if (bs && i + ws + 1 < 4)
            hi |= a.w[i + ws + 1] << (64 - bs);
        r.w[i] = hi;
    }
    return r;
}

/* The set plus all squares a king step away from it. */
static inline Bitboard bb_king_expand(Bitboard a)
{
    Bitboard row = bb_or(a, bb_or(bb_east(a), bb_west(a)));
    return bb_or(row, bb_or(bb_north(row), bb_south(row)));
}

#endif
