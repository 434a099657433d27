/* kaki-match's output files (--pgn, --results, --log): every write is checked, and a record
 * (a game, a result line, a log line) is appended whole or not at all, so that a full disk
 * cannot leave half a game behind the finished ones.  The text that goes into them is made
 * safe first (outfile_clean_text). */
#ifndef KAKI_MATCH_OUTFILE_H
#define KAKI_MATCH_OUTFILE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

typedef struct OutFile {
    int fd;              /* -1: not open */
    const char *what;    /* "--pgn" etc., for messages */
    const char *path;
    bool failed;         /* a write failed: nothing more is written */
} OutFile;

/* Set when a write to any output file fails: the match stops and exits with status 1. */
extern atomic_int g_write_failed;

/* Opens path for appending (truncate: emptied first).  Returns 0, or -1 with the error on
   stderr. */
int outfile_open(OutFile *o, const char *what, const char *path, bool truncate);

/* Appends len bytes with write(2).  If they cannot all be written, the file is cut back to
   its size before, the error is reported on stderr at once ("error: cannot write --pgn FILE:
   No space left on device"), g_write_failed is set and every later write is refused.
   Returns 0 or -1. */
int outfile_write(OutFile *o, const char *data, size_t len);

/* A record built with stdio: outfile_begin gives a memory stream, outfile_commit appends what
   was printed to it (as outfile_write) and closes it. */
FILE *outfile_begin(char **buf, size_t *len);
int outfile_commit(OutFile *o, FILE *mem, char **buf, size_t *len);

/* Closes; returns -1 if the file had failed or close(2) fails (reported). */
int outfile_close(OutFile *o);

/* Checks a stdio stream we print to (the report on stdout): flushes it and reports a write
   error as outfile_write does.  Returns 0 or -1. */
int outfile_check_stream(FILE *f, const char *what);

/* Makes text safe for one line of a result file or a PGN tag: every control character
   (newline, carriage return, tab, escape, ...) becomes a blank, so that a name cannot forge a
   line.  In place; returns s. */
char *outfile_clean_text(char *s);

#endif
