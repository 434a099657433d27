/* Why line words: queen targets on random 16x16 occupancies computed three ways.
 *   mailbox  - walk each ray square by square on the 256-byte board
 *   rays     - 4x64-bit ray masks: ray & occupancy, bit-scan for the nearest blocker (across
 *              64-bit words), xor away the squares behind it
 *   lines    - the 16-bit occupancy word of the rank/file/diagonal, one masked bit-scan per
 *              direction, then the squares set one by one
 *   lines+rays - Kaki's way: the line word finds the blocker, two ray masks xor-ed give the
 *              squares up to it
 * Each variant produces the same target set (checked) for 15-60 % occupancy; ns per query. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_util.h"
#include "board/bitboard.h"
#include "board/geometry.h"

#define NPOS 4096
static uint8_t boards[NPOS][256];
static uint16_t lines[NPOS][LINE_COUNT];
static Bitboard occ[NPOS];
static Bitboard ray[256][8];
static int squares[NPOS];

static Bitboard by_mailbox(int p, int sq)
{
    Bitboard t = BB_EMPTY;
    for (int d = 0; d < 8; d++) {
        int x = sq_file(sq), y = sq_rank(sq);
        for (;;) {
            x += dir_dx[d], y += dir_dy[d];
            if (x < 0 || x > 15 || y < 0 || y > 15)
                break;
            bb_set(&t, sq_make(x, y));
            if (boards[p][sq_make(x, y)])
                break;
        }
    }
    return t;
}

static Bitboard by_rays(int p, int sq)
{
    Bitboard t = BB_EMPTY;
    for (int d = 0; d < 8; d++) {
        Bitboard r = ray[sq][d], b = bb_and(r, occ[p]);
        if (bb_any(b)) {
            int blocker;
            if (geo.ray[sq][d].delta > 0)
                blocker = bb_lsb(b);
            else {
                int i = 3;
                while (!b.w[i])
                    i--;
                blocker = i * 64 + 63 - __builtin_clzll(b.w[i]);
            }
            r = bb_xor(r, ray[blocker][d]);
        }
        t = bb_or(t, r);
    }
    return t;
}

static Bitboard by_lines(int p, int sq)
{
    Bitboard t = BB_EMPTY;
    for (int d = 0; d < 8; d++) {
        const RayInfo *ri = &geo.ray[sq][d];
        unsigned w = lines[p][ri->line];
        int b;
        if (ri->up) {
            unsigned m = w >> ri->bit >> 1;
            b = m ? 1 + __builtin_ctz(m) : ri->edge;
        } else {
            unsigned m = w & ((1u << ri->bit) - 1);
            b = m ? ri->bit - (31 - __builtin_clz(m)) : ri->edge;
        }
        for (int k = 1, s = sq + ri->delta; k <= b; k++, s += ri->delta)
            bb_set(&t, s);
    }
    return t;
}

/* Kaki's way: the line word finds the blocker, ray masks give the squares up to it. */
static Bitboard by_lines_rays(int p, int sq)
{
    Bitboard t = BB_EMPTY;
    for (int d = 0; d < 8; d++) {
        const RayInfo *ri = &geo.ray[sq][d];
        unsigned w = lines[p][ri->line];
        unsigned m = ri->up ? w >> ri->bit >> 1 : w & ((1u << ri->bit) - 1);
        Bitboard r = ray[sq][d];
        if (m) {
            int b = ri->up ? 1 + __builtin_ctz(m) : ri->bit - (31 - __builtin_clz(m));
            r = bb_xor(r, ray[sq + b * ri->delta][d]);
        }
        t = bb_or(t, r);
    }
    return t;
}

int main(void)
{
    geometry_init();
    for (int sq = 0; sq < 256; sq++)
        for (int d = 0; d < 8; d++)
            for (int k = 1; k <= geo.ray[sq][d].edge; k++)
                bb_set(&ray[sq][d], sq + k * geo.ray[sq][d].delta);
    srand(1);
    for (int p = 0; p < NPOS; p++) {
        int fill = 15 + rand() % 46;
        for (int sq = 0; sq < 256; sq++)
            if (rand() % 100 < fill) {
                boards[p][sq] = 1;
                bb_set(&occ[p], sq);
                for (int i = 0; i < 4; i++)
                    lines[p][geo.line_of[sq][i]] |= (uint16_t)(1u << geo.bit_of[sq][i]);
            }
        squares[p] = rand() % 256;
    }
    for (int p = 0; p < NPOS; p++) {
        Bitboard a = by_mailbox(p, squares[p]), b = by_rays(p, squares[p]), c = by_lines(p, squares[p]);
        Bitboard e = by_lines_rays(p, squares[p]);
        if (!bb_equal(a, b) || !bb_equal(a, c) || !bb_equal(a, e)) {
            fprintf(stderr, "variants disagree at position %d\n", p);
            return 1;
        }
    }
    const char *names[4] = {"mailbox ray walk", "4x64-bit ray masks", "line words, set bit by bit",
                            "line words + ray masks"};
    Bitboard (*fn[4])(int, int) = {by_mailbox, by_rays, by_lines, by_lines_rays};
    int rounds = 400;
    for (int v = 0; v < 4; v++) {
        double best = 1e9;
        for (int rep = 0; rep < 5; rep++) {
            uint64_t sink = 0;
            double t0 = mono_seconds();
            for (int r = 0; r < rounds; r++)
                for (int p = 0; p < NPOS; p++)
                    sink += (uint64_t)bb_count(fn[v](p, squares[p]));
            double ns = (mono_seconds() - t0) * 1e9 / ((double)rounds * NPOS);
            if (ns < best)
                best = ns;
            if (sink == 42)
                printf(" ");
        }
        printf("%-28s %6.1f ns per queen (best of 5)\n", names[v], best);
    }
    return 0;
}
