/* kaki-tune's data files (tuning/README.md "File format"): the header, bounded line reading,
 * the data line's fields, and the data file of `gen`, which is only ever appended to and of
 * which nothing is cut but an unfinished game at its end. */
#ifndef KAKI_TUNING_DATAFILE_H
#define KAKI_TUNING_DATAFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "board/tfen.h"

/* The first line of every data file. */
#define DATAFILE_HEADER \
    "# kaki-tune data 1: tfen;result;score;game (result and score: Black's view)\n"

/* The longest line a data file may have, its newline included: a TFEN and three numbers, with
   room to spare.  A longer line is an error, never memory without bound. */
#define DATAFILE_LINE_MAX (TFEN_MAX + 128)

/* Reads the next line of f into line (at least DATAFILE_LINE_MAX + 1 bytes), with its newline
   (the last line of a file may lack it), and terminates it; *len is its length in bytes,
   which may count NUL bytes.  Returns 1 for a line, 0 at the end of the file, -1 on a read
   error (errno says which), -2 for a line longer than DATAFILE_LINE_MAX (its first
   DATAFILE_LINE_MAX bytes read, *len = DATAFILE_LINE_MAX). */
int datafile_line(FILE *f, char *line, size_t *len);

/* The fields of a data line "tfen;result;score;game" (no newline), split at its last three
   ';' in place.  False if it is not one (result 0..1, score within +-100000, game >= 0). */
bool datafile_fields(char *line, char **tfen, double *result, long *score, long *game);

/* Opens gen's data file for appending and returns its descriptor, or -1 after printing an
   error.  A missing or empty file is given the header.  An existing one must be a regular
   file that starts with the header and holds nothing but data lines, comments and game
   trailers ("#game N ..."): its complete games are marked in done[0 .. games), and an
   unfinished game at its end (data lines without their trailer, the last one perhaps cut
   short, and NUL bytes of a crash) is cut off.  Anything else (a device, a FIFO, a directory,
   a file that is not kaki-tune data) is refused and left untouched. */
int datafile_open_gen(const char *path, bool *done, int games);

/* Appends len bytes to gen's data file with write(2): all of them, or on failure none (the
   file is cut back to its size before, so that a full disk leaves no half game).  Returns 0,
   or -1 with errno set. */
int datafile_append(int fd, const char *text, size_t len);

#endif
