/* The test vectors of the rules (docs/RULES.md §10) as data: the reader of
 * tests/vectors/rules-vectors.txt (its format is described at the top of that file), the §10
 * move notation and the board part of TFEN, read as plain text.
 *
 * Nothing here knows how pieces move and nothing comes from board/: Kaki's test
 * (tests/test_vectors.c) and the self-test of the independent reference generator
 * (tests/refgen/refgen_selftest.c) both read the vectors through this file. */
#ifndef KAKI_TEST_VECTORS_H
#define KAKI_TEST_VECTORS_H

#include <stddef.h>

#define VEC_SQUARES 256
#define VEC_CODE_MAX 5     /* a TFEN piece code and its NUL: "+W!" */
#define VEC_WIRE_MAX 32    /* a move in wire syntax, or a move key ("h8i9,i9j9+", "h8 pass") */
#define VEC_NOTE_MAX 24    /* a move in §10 notation */
#define VEC_TFEN_MAX 1100
#define VEC_LIST_MAX 48    /* moves in one record */
#define VEC_EXPECT_MAX 24  /* squares in one `after` record, codes in one `total` record */
#define VEC_OPTION_MAX 4   /* NAME=VALUE options of one record */
#define VEC_OPTION_LEN 40

typedef enum VecKind {
    VEC_MOVES, VEC_TOTAL, VEC_AFTER, VEC_LEGAL, VEC_WIRE, VEC_PERFT, VEC_PERFT_NEWGAME,
    VEC_PERFT_DIFF,
} VecKind;

/* One move in the notation of §10, taken apart. */
typedef struct VecMove {
    char note[VEC_NOTE_MAX]; /* as written: "h8xi9-j9", "h8 pass", "b2-d4*" */
    char key[VEC_WIRE_MAX];  /* its wire syntax (docs/PROTOCOL.md §3), or "h8 pass" for a pass,
                                whose wire square is not part of the notation */
    int squares[3];          /* the start, then the square each leg ends on */
    char legs[2];            /* per leg: '-' to an empty square, 'x' capture, '!' igui (x!) */
    int nlegs;               /* 0 for a pass */
    int promotes, suicide;   /* trailing '+', trailing '*' */
} VecMove;

typedef struct VecOptions {
    char items[VEC_OPTION_MAX][VEC_OPTION_LEN]; /* "lion_hawk=tsa" */
    int count;                                  /* 0 = the default rules */
} VecOptions;

/* A square and the piece code expected on it ("" = empty), or a code and a move count. */
typedef struct VecExpect {
    int square;
    char code[VEC_CODE_MAX];
    int count;
} VecExpect;

typedef struct VecRecord {
    VecKind kind;
    int line;
    char label[160];          /* "rules-vectors.txt:57 moves T2 lion_hawk=tsa d4" */
    char tfen[VEC_TFEN_MAX];  /* the named position */
    VecOptions options, other_options; /* other_options: perft-diff's OPTS2 */
    int square;               /* moves */
    int count;                /* moves, total */
    int depth;                /* perft kinds */
    long long number;         /* perft kinds: the count or the difference */
    int legal;                /* legal: 1 yes, 0 no */
    VecMove moves[VEC_LIST_MAX]; /* moves: the list; after, legal, wire: the sequence */
    int nmoves;
    VecExpect expect[VEC_EXPECT_MAX]; /* after: squares; total: codes */
    int nexpect;
    char wires[4][VEC_WIRE_MAX]; /* wire: the canonical spelling first */
    int nwires;
} VecRecord;

typedef struct VecFile {
    VecRecord *records;       /* every record but `position` and `end` */
    int count;
    char (*position_names)[24];
    char (*position_tfens)[VEC_TFEN_MAX];
    int npositions;
} VecFile;

/* Reads and checks the whole file.  On any fault returns NULL with "FILE:LINE: what is
   wrong" in err: a malformed file never yields a partial list. */
VecFile *vec_load(const char *path, char *err, size_t errsz);
/* The same for text already in memory; `name` stands for the file in messages. */
VecFile *vec_parse(const char *text, const char *name, char *err, size_t errsz);
void vec_free(VecFile *file);
/* The TFEN of the position record `name`, or NULL. */
const char *vec_position(const VecFile *file, const char *name);

/* Reads a square ("h8", "p16") at s: returns the characters used (0 if none) and sets *square
   to rank * 16 + file, both 0-based (docs/PROTOCOL.md §3.3). */
int vec_square_parse(const char *s, int *square);
void vec_square_name(int square, char out[4]);
/* Parses one move in §10 notation; returns 0, or -1 with a message in err. */
int vec_move_parse(const char *text, VecMove *move, char *err, size_t errsz);

/* The board part of a TFEN as piece codes per square ("" = empty) and the side to move (0 Black
   'b', 1 White 'w'); returns 0, or -1 if it is not a 16x16 TFEN. */
int vec_board_decode(const char *tfen, char cells[VEC_SQUARES][VEC_CODE_MAX], int *side);
/* 0 Black (upper case), 1 White (lower case), -1 empty. */
int vec_code_colour(const char *code);
/* Is s one piece code and nothing else?  Copies it to code. */
int vec_code_only(const char *s, char code[VEC_CODE_MAX]);

/* The start square of a move in wire syntax, or -1. */
int vec_wire_start(const char *wire);
/* The key under which a move in wire syntax, generated in the position `cells`, is compared
   with a VecMove's key: the wire itself, except "s pass" for a pass "s v,v s" (v empty). */
void vec_wire_key(const char *wire, char cells[VEC_SQUARES][VEC_CODE_MAX], char key[VEC_WIRE_MAX]);

#endif
