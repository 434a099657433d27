/* Training positions for the NNUE trainer in a compact binary form (tuning/README.md, "pack"):
 * the packer turns the text data of `kaki-tune gen` into it, the trainer reads it whole into
 * memory.
 *
 * File: a 40-byte header, then the records, all little-endian.
 *   0 magic "KAKIPACK" | 8 u32 version 1 | 12 u32 header size 40 | 16 u64 positions |
 *   24 u64 games (complete games read) | 32 u32 FNV-1a of the records | 36 u32 0
 * Record: u8 side to move (0 Black, 1 White) | u8 result for the side to move (0 loss, 1 draw,
 *   2 win, 3 none: its game ended in a way the packer was told carries no result) | i16 search score for the side to move, centipawns | u32 game number |
 *   u16 n pieces | n x (u8 square, u8 piece code), squares increasing. */
#ifndef KAKI_TUNING_NNUE_DATA_H
#define KAKI_TUNING_NNUE_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PACK_MAGIC "KAKIPACK"
#define PACK_VERSION 1
#define PACK_HEADER_SIZE 40
#define PACK_RECORD_HEAD 10
#define PACK_SCORE_MAX 32000
#define PACK_RESULT_NONE 3
/* The longest text line read: a TFEN is at most 1,100 bytes (board/tfen.h). */
#define PACK_LINE_MAX 2048

typedef struct PackStats {
    uint64_t lines;       /* position lines of complete games read */
    uint64_t positions;   /* written */
    uint64_t duplicates;  /* dropped: same Zobrist key and side to move as one before */
    uint64_t games;       /* complete games */
    uint64_t incomplete;  /* position lines after the last trailer of a file, not used */
    uint64_t no_result;   /* written with result PACK_RESULT_NONE */
} PackStats;

/* Packs the text files into `out` (written as out.tmp, then renamed).  Only the lines of
   complete games are used (before their "#game" trailer); a position seen before (same key and
   side to move) is dropped.  The positions of a game whose trailer's end (e.g. "maxplies") is
   in the comma-separated list no_result_ends (NULL: none) get result PACK_RESULT_NONE: the
   trainer fits them to their scores alone.  Refuses to replace an existing file that is not a pack file.
   Returns 0, or -1 with a message in err (naming the file and line). */
int pack_files(const char *const *in, int nin, const char *out, const char *no_result_ends,
               PackStats *st, char *err, size_t errsz);

/* One position of a pack. */
typedef struct PackPos {
    int side;             /* side to move */
    int result;           /* 0 loss, 1 draw, 2 win for the side to move, PACK_RESULT_NONE */
    int score;            /* centipawns, the side to move's view */
    uint32_t game;
    int npieces;
    const uint8_t *pairs; /* npieces x (square, piece code) */
    bool flip;            /* read with the files turned (a -> p): the trainer's mirroring */
} PackPos;

/* Packs in memory, read whole and checked. */
typedef struct PackData {
    uint8_t *bytes;      /* the records of every file, one after another */
    size_t size;
    uint64_t n;          /* positions */
    uint64_t *offset;    /* offset[i]: record i in bytes */
    uint64_t games;
    uint32_t fingerprint;/* FNV-1a of every record, in order */
} PackData;

/* Reads the pack files (appending to d).  Returns 0, or -1 with a message in err: a file that
   is not a pack, of another version, truncated, damaged (checksum, a record out of range). */
int pack_load(PackData *d, const char *const *files, int nfiles, char *err, size_t errsz);
void pack_free(PackData *d);

static inline void pack_pos(const PackData *d, uint64_t i, PackPos *p)
{
    const uint8_t *r = d->bytes + d->offset[i];
    p->side = r[0];
    p->result = r[1];
    p->score = (int16_t)(uint16_t)(r[2] | r[3] << 8);
    p->game = (uint32_t)r[4] | (uint32_t)r[5] << 8 | (uint32_t)r[6] << 16 | (uint32_t)r[7] << 24;
    p->npieces = r[8] | r[9] << 8;
    p->pairs = r + PACK_RECORD_HEAD;
    p->flip = false;
}

#endif
