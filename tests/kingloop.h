/* Closed king walks for very long games without captures (test_cecp_longgame, fake_engine
 * --walk): two kings on loops of n and n - 1 squares, moving in turn, pass through every pair
 * of squares before the first position comes back after n (n - 1) moves of each side, and the
 * move that would close the loop then repeats the position of that many moves ago. */
#ifndef KAKI_TESTS_KINGLOOP_H
#define KAKI_TESTS_KINGLOOP_H

#include <stdbool.h>
#include <stdlib.h>

#include "board/geometry.h"
#include "board/makemove.h"
#include "board/pgn.h"
#include "board/tfen.h"

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

/* Two lone kings on the first squares of two-rank loops, sente's on a1 (32 squares), gote's on
   a15 (31): the first position comes back with gote's 992nd move, ply 1,984. */
#define KING_LOOP_TFEN "16/k15/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b"
#define KING_LOOP_PLIES 1984

/* The first `plies` plies of that walk as a game record (ply KING_LOOP_PLIES repeats the
   first position). */
static inline void king_loop_game(PgnGame *g, int plies)
{
    int loop[2][96], len[2];
    len[BLACK] = king_loop(0, 2, false, loop[BLACK]);
    len[WHITE] = king_loop(14, 2, true, loop[WHITE]);
    Position *pos = malloc(sizeof *pos);
    position_clear(pos, ruleset_default());
    tfen_parse(pos, KING_LOOP_TFEN, NULL, 0);
    pgn_game_init(g);
    tfen_print(pos, g->start_tfen);
    pgn_set_tag(g, "Variant", "tenjiku");
    for (int ply = 0; ply < plies; ply++) {
        int us = pos->side, step = ply / 2;
        Move m = move_make(loop[us][step % len[us]], loop[us][(step + 1) % len[us]]);
        PgnPly p;
        pgn_ply_make(pos, m, "", &p);
        pgn_add_ply(g, &p);
        Undo u;
        make_move(pos, m, &u);
    }
    free(pos);
}

#endif
