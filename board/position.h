/* The position: mailbox, occupancy sets, line words, hash, and the game history that the
 * repetition rule needs. */
#ifndef KAKI_POSITION_H
#define KAKI_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bitboard.h"
#include "geometry.h"
#include "move.h"
#include "pieces.h"

/* The repetition history (RULES.md §5.11).  Position i of the game (0 = the set-up position)
   is kept in a ring of the last HISTORY_RING positions, slot i % HISTORY_RING, so making moves
   never overflows anything however long the game.  Positions the ring no longer holds are read
   from an archive that the owner of a long game attaches (GameRecord in game.h, the searcher's
   copy of the game before its root); without one, a repetition further back than the ring is
   not seen.  The search never reaches that far: a search line is far shorter than the ring. */
#define HISTORY_RING 1024

typedef struct HistEntry {
    uint64_t key;
    int32_t window; /* index of the oldest position that can still repeat (the one after the
                       last irreversible move) */
} HistEntry;

typedef struct Position {
    uint8_t board[SQUARE_COUNT];   /* piece code or 0 */
    union { /* the piece sets, also as one array numbered SET_* (pieces.h) */
        Bitboard sets[PIECE_SET_COUNT];
        struct {
            Bitboard occ[2];               /* pieces of each colour */
            Bitboard demons[2];            /* pieces that move as fire demons */
            Bitboard royalset[2];          /* kings and princes */
            Bitboard solo[2];              /* pieces whose captures the quiescence generator
                                              finds one by one (PieceInfo.noisy_rest) */
            Bitboard pieces[PIECE_CODE_COUNT]; /* the squares of every piece code */
            Bitboard sliders[2][8];        /* pieces whose captures in direction d come from
                                              the line words (PieceInfo.fill_dirs) */
            Bitboard leapers[2][LEAP_CHANNELS]; /* pieces that leap by channel k's
                                              offset (PieceInfo.leap_channels) */
            Bitboard ranged2[2][8];        /* pieces with a plain range-2 slide in direction d
                                              (PieceInfo.r2_dirs) */
        };
    };
    uint16_t lines[LINE_COUNT];    /* occupancy word of every rank, file, diagonal */
    uint16_t high_lines[4][LINE_COUNT]; /* the same for the pieces of rank >= r + 1 (docs/
                                      RULES.md §6): what a range jumper of rank r + 1 cannot
                                      jump over */
    uint64_t key;                  /* Zobrist key, side to move included */
    int side;                      /* BLACK or WHITE to move */
    int royals[2];                 /* kings and princes of each colour */
    int count[2];                  /* pieces of each colour */
    const RuleSet *rs;
    int nhist;                     /* positions of the game so far, the current one last */
    int ring_low;                  /* the oldest position the ring still holds */
    const HistEntry *archive;      /* positions 0 .. narchive-1, or NULL (not owned) */
    int narchive;
    HistEntry ring[HISTORY_RING];  /* position i in ring[i % HISTORY_RING] */
} Position;

/* Zobrist keys (immutable after zobrist_init, which geometry/position setup calls). */
extern uint64_t zobrist_piece[PIECE_CODE_COUNT][SQUARE_COUNT];
extern uint64_t zobrist_side;
void zobrist_init(void);

/* An empty board with `rs` rules, Black to move, history holding this position only. */
void position_clear(Position *pos, const RuleSet *rs);
/* Sets pos (keeping its rule set) to these pieces (piece codes, 0 = empty) with `side` to move,
   and starts a new repetition history.  The pieces must be valid codes (tfen_parse_board checks
   them); position_start (tfen.h) gives the start position. */
void position_set(Position *pos, const uint8_t board[SQUARE_COUNT], int side);
/* Restarts the repetition history at the current position (after setup). */
void position_reset_history(Position *pos);
/* Position i of the game's history, or NULL if neither the ring nor the archive holds it. */
static inline const HistEntry *position_history(const Position *pos, int i)
{
    if (i >= pos->ring_low && i < pos->nhist)
        return &pos->ring[i & (HISTORY_RING - 1)];
    if (i >= 0 && i < pos->narchive)
        return &pos->archive[i];
    return NULL;
}
/* Do a and b have the same repetition history (the same keys and windows wherever either
   holds them)? */
bool position_same_history(const Position *a, const Position *b);
/* Attaches an archive of the game's first n positions (owned by the caller, kept unchanged and
   alive while pos uses it). */
static inline void position_attach_archive(Position *pos, const HistEntry *archive, int n)
{
    pos->archive = archive;
    pos->narchive = n;
}
/* Hash computed from scratch (for tests of the incremental key). */
uint64_t position_compute_key(const Position *pos);
/* Checks every incremental structure against the mailbox (the sets from the pieces' flags, not
   from PieceInfo.sets); returns NULL or what is wrong. */
const char *position_validate(const Position *pos);

static inline void put_piece(Position *pos, int sq, int pc)
{
    int c = piece_colour(pc);
    const PieceInfo *pi = &pos->rs->piece[pc];
    uint64_t bit = 1ULL << (sq & 63);
    pos->board[sq] = (uint8_t)pc;
    for (int k = 0; k < pi->nsets; k++)
        pos->sets[pi->sets[k]].w[sq >> 6] |= bit;
    pos->royals[c] += pi->royal;
    pos->count[c]++;
    for (int i = 0; i < 4; i++)
        pos->lines[geo.line_of[sq][i]] |= (uint16_t)(1u << geo.bit_of[sq][i]);
    for (int r = 0; r < pi->rank; r++) /* range jumpers and royals only */
        for (int i = 0; i < 4; i++)
            pos->high_lines[r][geo.line_of[sq][i]] |= (uint16_t)(1u << geo.bit_of[sq][i]);
    pos->key ^= zobrist_piece[pc][sq];
}

static inline void remove_piece(Position *pos, int sq)
{
    int pc = pos->board[sq];
    int c = piece_colour(pc);
    const PieceInfo *pi = &pos->rs->piece[pc];
    uint64_t bit = 1ULL << (sq & 63);
    pos->board[sq] = 0;
    for (int k = 0; k < pi->nsets; k++)
        pos->sets[pi->sets[k]].w[sq >> 6] &= ~bit;
    pos->royals[c] -= pi->royal;
    pos->count[c]--;
    for (int i = 0; i < 4; i++)
        pos->lines[geo.line_of[sq][i]] &= (uint16_t)~(1u << geo.bit_of[sq][i]);
    for (int r = 0; r < pi->rank; r++)
        for (int i = 0; i < 4; i++)
            pos->high_lines[r][geo.line_of[sq][i]] &= (uint16_t)~(1u << geo.bit_of[sq][i]);
    pos->key ^= zobrist_piece[pc][sq];
}

static inline Bitboard position_occupied(const Position *pos) { return bb_or(pos->occ[0], pos->occ[1]); }

/* No royal on one side: the game is over and nobody has moves (docs/RULES.md §5.13). */
static inline bool position_game_over(const Position *pos) { return !pos->royals[0] || !pos->royals[1]; }

/* The pieces of `colour` of the kinds whose bits are set in `kinds` (bit = kind, kinds below 64). */
static inline Bitboard pieces_of_kinds(const Position *pos, int colour, uint64_t kinds)
{
    Bitboard b = BB_EMPTY;
    for (; kinds; kinds &= kinds - 1)
        b = bb_or(b, pos->pieces[make_piece(__builtin_ctzll(kinds), colour)]);
    return b;
}

/* Squares next to `colour`'s fire demons: a piece of the other colour ending its move there
   is burned (passive burn). */
static inline Bitboard burn_zone(const Position *pos, int colour)
{
    Bitboard z = BB_EMPTY, d = pos->demons[colour];
    while (bb_any(d))
        z = bb_or(z, geo.king_nbrs[bb_pop(&d)]);
    return z;
}

/* Has the current position occurred before (same side to move) since the last irreversible
   move? */
bool position_is_repetition(const Position *pos);

#endif
