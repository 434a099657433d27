/* Internal to the move generator (movegen.c, captures_to.c, attacks.c): the state of one
 * generation and the helpers with which every part of the generator adds moves to its list. */
#ifndef KAKI_MOVEGEN_STATE_H
#define KAKI_MOVEGEN_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "move.h"
#include "position.h"

/* One generation: the side, the sets of squares it looks at, the list it fills, its mode. */
typedef struct Gen {
    const Position *pos;
    const RuleSet *rs;
    int us;
    Bitboard own, enemy, empty;
    Bitboard zone;         /* our promotion zone */
    Bitboard burn;         /* squares next to an enemy fire demon */
    Bitboard enemy_demons;
    MoveList *list;
    bool noisy;            /* only captures, burns and promotions (quiescence search) */
    bool quiet;            /* only the moves generate_noisy leaves out (move_is_noisy false) */
    bool fills;            /* noisy: plain sliders' captures come from the slider sets */
    bool leaps;            /* noisy: channelled leaps' captures come from the leaper sets */
    Bitboard enemy_near;   /* squares next to an enemy piece (noisy mode: burning moves) */
} Gen;

/* The generators' modes: every move, generate_noisy's, generate_quiet's (Gen.noisy, Gen.quiet). */
enum { GEN_ALL, GEN_NOISY, GEN_QUIET };

/* The generator's parts (movegen_*.h) are headers that define their functions, static: each file
   of the generator (movegen.c, captures_to.c, attacks.c) compiles its own copy of those it
   uses, and GCC compiles the generators' loops knowing which registers each call keeps
   (-fipa-ra).  Calls into other files would cost the full generator 4 % more instructions
   (callgrind, `kaki perft 3`).  MOVEGEN_CALL functions are never inlined: they were calls when
   the generator was one file, and GCC would inline them into the smaller files' generators, at
   a cost (captures_to.c: +3 % instructions); GCC decides for MOVEGEN_LOCAL ones. */
#define MOVEGEN_LOCAL static __attribute__((unused))
#define MOVEGEN_CALL static __attribute__((unused, noinline))

/* Starts generating side's moves in pos, in one of the modes, into list (emptied). */
MOVEGEN_CALL void gen_init(Gen *g, const Position *pos, int side, MoveList *list, int mode)
{
    *g = (Gen){.pos = pos, .rs = pos->rs, .us = side, .list = list, .noisy = mode == GEN_NOISY,
               .quiet = mode == GEN_QUIET};
    list->count = 0;
    g->own = pos->occ[side];
    g->enemy = pos->occ[side ^ 1];
    g->empty = bb_not(bb_or(g->own, g->enemy));
    g->zone = geo.zone[side];
    g->enemy_demons = pos->demons[side ^ 1];
    g->burn = burn_zone(pos, side ^ 1);
    if (mode != GEN_ALL && bb_any(pos->demons[side]))
        g->enemy_near = bb_king_expand(g->enemy);
}

/* Appends one move (room_for_piece made sure there is room). */
static inline void add(Gen *g, Move m) { g->list->moves[g->list->count++] = m; }

/* Is there room in the list for the moves of one more piece?  A MoveList has a fixed size
   (move.h): in a position with more moves than it holds, the rest are left out and the list
   says so. */
static inline bool room_for_piece(const Gen *g)
{
    if (g->list->count <= MAX_MOVES - MAX_PIECE_MOVES)
        return true;
    g->list->overflow = true;
    return false;
}

/* Adds base | (t << 8) for every square t of the set, word by word, in the order the side to
   move sees the board (bb_pop_for): every list of the generator is built in that order, so that a
   position and its colour-mirrored copy list their moves as mirror images. */
static inline void add_targets(Gen *g, Move base, Bitboard set)
{
    Move *out = g->list->moves + g->list->count;
    if (g->us == BLACK) {
        for (int i = 0; i < 4; i++)
            for (uint64_t w = set.w[i]; w; w &= w - 1)
                *out++ = base | (Move)(i * 64 + __builtin_ctzll(w)) << 8;
    } else {
        /* highest square first, but popped lowest first into the word's slots from the back:
           clearing the lowest bit is one instruction, the highest three in a row on the loop's
           critical path (docs/SPEED.md) */
        for (int i = 3; i >= 0; i--) {
            uint64_t w = set.w[i];
            out += __builtin_popcountll(w);
            for (Move *slot = out; w; w &= w - 1)
                *--slot = base | (Move)(i * 64 + __builtin_ctzll(w)) << 8;
        }
    }
    g->list->count = (int)(out - g->list->moves);
}

#endif
