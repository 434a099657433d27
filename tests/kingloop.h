/* Closed king walks for very long games without captures (test_cecp_longgame, fake_engine
 * --walk): two kings on loops of n and n - 1 squares, moving in turn, pass through every pair
 * of squares before the first position comes back after n (n - 1) moves of each side, and the
 * move that would close the loop then repeats the position of that many moves ago. */
#ifndef KAKI_TESTS_KINGLOOP_H
#define KAKI_TESTS_KINGLOOP_H

#include <stdbool.h>

#include "board/geometry.h"

/* The loop over `ranks` ranks (an even number, at most 6) from rank `base`: along the first
   rank, a serpentine over files 1-15 of the others, back down file 0.  With `shortcut` the
   corner of file 0 is cut diagonally, one square less.  Returns the number of squares:
   16 x ranks, one less with the shortcut. */
static inline int king_loop(int base, int ranks, bool shortcut, int sq[96])
{
    int n = 0;
    for (int f = 0; f < 16; f++)
        sq[n++] = sq_make(f, base);
    for (int r = 1; r < ranks; r++)
        for (int k = 1; k < 16; k++)
            sq[n++] = sq_make(r % 2 ? 16 - k : k, base + r);
    for (int r = shortcut ? ranks - 2 : ranks - 1; r >= 1; r--)
        sq[n++] = sq_make(0, base + r);
    return n;
}

#endif
