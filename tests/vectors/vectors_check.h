/* Checks a move generator against the rules test vectors (vectors.h).  Each test supplies the
 * generator through VecEngine; the checks themselves are made here once, so that Kaki
 * (tests/test_vectors.c) and the reference generator (tests/refgen/refgen_selftest.c) are held
 * to exactly the same vectors.  Like vectors.h, nothing here comes from board/. */
#ifndef KAKI_TEST_VECTORS_CHECK_H
#define KAKI_TEST_VECTORS_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "vectors.h"

typedef struct VecGame VecGame; /* a game under way; each test defines it */

typedef struct VecEngine {
    const char *name;
    bool keeps_history; /* false: each position after a move is a new game */
    /* A new game from tfen under the options; NULL with a message in err if refused. */
    VecGame *(*start)(const char *tfen, const VecOptions *options, char *err, size_t errsz);
    void (*stop)(VecGame *game);
    /* The legal moves in wire syntax; returns how many (at most max). */
    int (*legal)(VecGame *game, char (*wires)[VEC_WIRE_MAX], int max);
    /* Plays move `index` of the last legal() list; returns NULL, or what is wrong with the
       position afterwards. */
    const char *(*play)(VecGame *game, int index);
    /* The current position as TFEN (at least VEC_TFEN_MAX bytes). */
    void (*tfen)(VecGame *game, char *out);
    /* perft from the current position; a non-empty err reports an inconsistency. */
    uint64_t (*perft)(VecGame *game, int depth, char *err, size_t errsz);
    /* Optional (NULL if the generator reads no moves): the index in the last legal() list of
       the move this wire string denotes, or -1 if it is refused. */
    int (*parse)(VecGame *game, const char *wire);
} VecEngine;

typedef struct VecReport {
    int checks, failures, skipped;
    bool quiet; /* count but do not print failures (the negative checks) */
} VecReport;

/* Counts one check; prints the message when it fails.  Returns ok. */
bool vec_check(VecReport *report, bool ok, const char *fmt, ...);

void vec_run_record(const VecEngine *engine, const VecRecord *rec, VecReport *report);
/* Every record of the file, then the checks that the checking itself can fail: a wrong
   expected list is detected, and malformed files are refused with their line. */
void vec_run_file(const VecEngine *engine, const VecFile *file, VecReport *report);

/* The vectors file named by argv[1], else default_path; on error prints why and returns NULL. */
VecFile *vec_open(int argc, char **argv, const char *default_path);
/* Prints "NAME: N checks, F failed, S skipped"; returns the exit status. */
int vec_finish(const char *name, const VecReport *report);

#endif
