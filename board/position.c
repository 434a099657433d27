#include "position.h"

#include <pthread.h>
#include <string.h>


uint64_t zobrist_piece[PIECE_CODE_COUNT][SQUARE_COUNT];
uint64_t zobrist_side;

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void build_zobrist(void)
{
    uint64_t state = 0x4B414B4921ULL; /* fixed: keys (and so bench signatures) are reproducible */
    for (int pc = 0; pc < PIECE_CODE_COUNT; pc++)
        for (int sq = 0; sq < SQUARE_COUNT; sq++)
            zobrist_piece[pc][sq] = splitmix64(&state);
    zobrist_side = splitmix64(&state);
}

static pthread_once_t zobrist_once = PTHREAD_ONCE_INIT;
void zobrist_init(void) { pthread_once(&zobrist_once, build_zobrist); }

void position_clear(Position *pos, const RuleSet *rs)
{
    geometry_init();
    zobrist_init();
    memset(pos, 0, offsetof(Position, ring));
    pos->rs = rs;
    pos->side = BLACK;
    position_reset_history(pos);
}

void position_reset_history(Position *pos)
{
    pos->nhist = 1;
    pos->ring_low = 0;
    pos->archive = NULL;
    pos->narchive = 0;
    pos->ring[0].key = pos->key;
    pos->ring[0].window = 0;
}

void position_set(Position *pos, const uint8_t board[SQUARE_COUNT], int side)
{
    position_clear(pos, pos->rs);
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        if (board[sq])
            put_piece(pos, sq, board[sq]);
    if (side == WHITE) {
        pos->side = WHITE;
        pos->key ^= zobrist_side;
    }
    position_reset_history(pos);
}

uint64_t position_compute_key(const Position *pos)
{
    uint64_t k = pos->side == WHITE ? zobrist_side : 0;
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        if (pos->board[sq])
            k ^= zobrist_piece[pos->board[sq]][sq];
    return k;
}

/* The sets are one array in the order of the SET_* numbers. */
_Static_assert(offsetof(Position, demons) - offsetof(Position, sets) == SET_DEMONS * sizeof(Bitboard) &&
                   offsetof(Position, royalset) - offsetof(Position, sets) == SET_ROYALS * sizeof(Bitboard) &&
                   offsetof(Position, solo) - offsetof(Position, sets) == SET_SOLO * sizeof(Bitboard) &&
                   offsetof(Position, pieces) - offsetof(Position, sets) == SET_PIECES * sizeof(Bitboard) &&
                   offsetof(Position, sliders) - offsetof(Position, sets) == SET_SLIDERS * sizeof(Bitboard) &&
                   offsetof(Position, leapers) - offsetof(Position, sets) == SET_LEAPERS * sizeof(Bitboard) &&
                   offsetof(Position, ranged2) - offsetof(Position, sets) == SET_RANGED2 * sizeof(Bitboard) &&
                   sizeof(((Position *)0)->sets) == sizeof(Bitboard) * PIECE_SET_COUNT,
               "Position's piece sets are not laid out as the SET_* numbers say");

/* put_piece for position_validate, computed from the piece's flags rather than its set list:
   a wrong list (pieces.c) shows as a difference. */
static void put_piece_by_flags(Position *pos, int sq, int pc)
{
    int c = piece_colour(pc);
    const PieceInfo *pi = &pos->rs->piece[pc];
    pos->board[sq] = (uint8_t)pc;
    bb_set(&pos->occ[c], sq);
    if (pi->demon)
        bb_set(&pos->demons[c], sq);
    if (pi->royal)
        bb_set(&pos->royalset[c], sq);
    if (pi->noisy_rest)
        bb_set(&pos->solo[c], sq);
    bb_set(&pos->pieces[pc], sq);
    for (int d = 0; d < 8; d++) {
        if (pi->fill_dirs & (1u << d))
            bb_set(&pos->sliders[c][d], sq);
        if (pi->r2_dirs & (1u << d))
            bb_set(&pos->ranged2[c][d], sq);
    }
    for (int k = 0; k < LEAP_CHANNELS; k++)
        if (pi->leap_channels & (1u << k))
            bb_set(&pos->leapers[c][k], sq);
    pos->royals[c] += pi->royal;
    pos->count[c]++;
    for (int i = 0; i < 4; i++) {
        int line = geo.line_of[sq][i];
        uint16_t bit = (uint16_t)(1u << geo.bit_of[sq][i]);
        pos->lines[line] |= bit;
        for (int r = 0; r < pi->rank; r++)
            pos->high_lines[r][line] |= bit;
    }
    pos->key ^= zobrist_piece[pc][sq];
}

const char *position_validate(const Position *pos)
{
    Position fresh;
    position_clear(&fresh, pos->rs);
    fresh.side = pos->side;
    if (pos->side == WHITE)
        fresh.key ^= zobrist_side;
    for (int sq = 0; sq < SQUARE_COUNT; sq++) {
        int pc = pos->board[sq];
        if (pc && (pc >= PIECE_CODE_COUNT || pos->rs->piece[pc].move_type == MT_NONE))
            return "invalid piece code on the board";
        if (pc)
            put_piece_by_flags(&fresh, sq, pc);
    }
    for (int c = 0; c < 2; c++) {
        if (!bb_equal(fresh.occ[c], pos->occ[c]))
            return "occupancy set differs from the board";
        if (!bb_equal(fresh.demons[c], pos->demons[c]))
            return "fire demon set differs from the board";
        if (!bb_equal(fresh.royalset[c], pos->royalset[c]))
            return "royal set differs from the board";
        if (!bb_equal(fresh.solo[c], pos->solo[c]))
            return "solo set differs from the board";
        for (int d = 0; d < 8; d++)
            if (!bb_equal(fresh.sliders[c][d], pos->sliders[c][d]))
                return "slider sets differ from the board";
        for (int k = 0; k < LEAP_CHANNELS; k++)
            if (!bb_equal(fresh.leapers[c][k], pos->leapers[c][k]))
                return "leaper sets differ from the board";
        for (int d = 0; d < 8; d++)
            if (!bb_equal(fresh.ranged2[c][d], pos->ranged2[c][d]))
                return "range-2 sets differ from the board";
        if (fresh.royals[c] != pos->royals[c] || fresh.count[c] != pos->count[c])
            return "piece counts differ from the board";
    }
    if (memcmp(fresh.pieces, pos->pieces, sizeof fresh.pieces) != 0)
        return "piece sets differ from the board";
    if (memcmp(fresh.lines, pos->lines, sizeof fresh.lines) != 0)
        return "line occupancy words differ from the board";
    if (memcmp(fresh.high_lines, pos->high_lines, sizeof fresh.high_lines) != 0)
        return "rank line words differ from the board";
    if (fresh.key != pos->key)
        return "hash key differs from a full recomputation";
    const HistEntry *last = position_history(pos, pos->nhist - 1);
    if (pos->nhist < 1 || !last || last->key != pos->key)
        return "history does not end with the current position";
    return NULL;
}

bool position_is_repetition(const Position *pos)
{
    int n = pos->nhist - 1;
    int window = pos->ring[n & (HISTORY_RING - 1)].window;
    for (int j = n - 2; j >= window; j -= 2) {
        if (j < pos->ring_low && j >= pos->narchive) { /* forgotten: skip to the archive */
            int top = pos->narchive - 1;
            j = top - ((j - top) & 1) + 2; /* same parity; the loop steps down */
            continue;
        }
        if (position_history(pos, j)->key == pos->key)
            return true;
    }
    return false;
}

bool position_same_history(const Position *a, const Position *b)
{
    if (a->nhist != b->nhist)
        return false;
    for (int i = 0; i < a->nhist; i++) {
        const HistEntry *x = position_history(a, i), *y = position_history(b, i);
        if (x && y && (x->key != y->key || x->window != y->window))
            return false;
    }
    return true;
}
