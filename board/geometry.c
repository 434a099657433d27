#include "geometry.h"

#include <pthread.h>
#include <stdio.h>

const int8_t leap_dx[LEAP_CHANNELS] = {-2, -1, 0, 1, 2, -2, -1, 0, 1, 2, -2, -1,
                                       1,  2, -2, -1, 0, 1, 2, -2, -1, 0, 1, 2};
const int8_t leap_dy[LEAP_CHANNELS] = {-2, -2, -2, -2, -2, -1, -1, -1, -1, -1, 0, 0,
                                       0,  0,  1,  1,  1, 1, 1, 2,  2,  2, 2, 2};

const int dir_dx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
const int dir_dy[8] = {1, 1, 0, -1, -1, -1, 0, 1};

Geometry geo;

int sq_offset(int sq, int dx, int dy)
{
    int x = sq_file(sq) + dx, y = sq_rank(sq) + dy;
    if (x < 0 || x >= BOARD_SIZE || y < 0 || y >= BOARD_SIZE)
        return -1;
    return sq_make(x, y);
}

static void build(void)
{
    for (int sq = 0; sq < SQUARE_COUNT; sq++) {
        int x = sq_file(sq), y = sq_rank(sq);
        geo.line_of[sq][0] = (uint8_t)y;
        geo.line_of[sq][1] = (uint8_t)(16 + x);
        geo.line_of[sq][2] = (uint8_t)(32 + x - y + 15);
        geo.line_of[sq][3] = (uint8_t)(63 + x + y);
        geo.bit_of[sq][0] = (uint8_t)x;
        geo.bit_of[sq][1] = (uint8_t)y;
        geo.bit_of[sq][2] = (uint8_t)x;
        geo.bit_of[sq][3] = (uint8_t)x;

        for (int d = 0; d < 8; d++) {
            RayInfo *r = &geo.ray[sq][d];
            int dx = dir_dx[d], dy = dir_dy[d];
            /* which word: vertical -> file, horizontal -> rank, dx == dy -> diagonal, else anti */
            int kind = dx == 0 ? 1 : dy == 0 ? 0 : dx == dy ? 2 : 3;
            r->line = geo.line_of[sq][kind];
            r->bit = geo.bit_of[sq][kind];
            /* along a file the bit is the rank; elsewhere it is the file */
            r->up = (uint8_t)(kind == 1 ? dy > 0 : dx > 0);
            r->delta = (int16_t)(dy * 16 + dx);
            int k = 0;
            while (sq_offset(sq, dx * (k + 1), dy * (k + 1)) >= 0)
                k++;
            r->edge = (uint8_t)k;
            for (int i = 1; i <= k; i++)
                bb_set(&geo.ray_bb[sq][d], sq_offset(sq, dx * i, dy * i));
            int t = sq_offset(sq, dx, dy);
            if (t >= 0) {
                bb_set(&geo.king_nbrs[sq], t);
                if (dx && dy)
                    bb_set(&geo.diag_nbrs[sq], t);
            }
        }
        if (y >= 11)
            bb_set(&geo.zone[BLACK], sq);
        if (y <= 4)
            bb_set(&geo.zone[WHITE], sq);
    }
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

void geometry_init(void) { pthread_once(&once, build); }

int square_to_str(int sq, char *out, int rank_offset)
{
    return sprintf(out, "%c%d", 'a' + sq_file(sq), sq_rank(sq) + 1 - rank_offset);
}

int square_parse(const char **s, int rank_offset)
{
    const char *p = *s;
    if (*p < 'a' || *p > 'p')
        return -1;
    int file = *p++ - 'a';
    if (*p < '0' || *p > '9')
        return -1;
    int rank = 0, digits = 0;
    while (*p >= '0' && *p <= '9' && digits < 3) {
        rank = rank * 10 + (*p++ - '0');
        digits++;
    }
    /* "Parse rank digits greedily"; no leading zeros except the single 0 of offset 1 */
    if (digits > 2 || (digits == 2 && (*s)[1] == '0'))
        return -1;
    rank = rank - 1 + rank_offset;
    if (rank < 0 || rank >= BOARD_SIZE)
        return -1;
    *s = p;
    return sq_make(file, rank);
}
