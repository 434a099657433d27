/* kaki-match --resume: go on with an interrupted match from its result file.
 *
 * The result file's header says what the match was (engines, seed, shard, time control,
 * openings, SPRT, games, adjudication, rules); a resumed run must be the same match, so its
 * header, written afresh, must equal the file's line for line (the seed may be left out of the
 * command line: it is taken from the file).  The games in the file are finished: they are not
 * played again, they count in the statistics, and the remaining games are played with the same
 * game numbers, pairs, openings and colours as in an uninterrupted run, whose report the last
 * run ends with. */
#ifndef KAKI_MATCH_RESUME_H
#define KAKI_MATCH_RESUME_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"
#include "results.h"

/* The seed of the match in path: given on the command line, it must be the file's; if not,
   the file's is taken.  Returns 0, or -1 with a message. */
int resume_seed(const char *path, MatchConfig *cfg, char *err, size_t errsz);

/* Checks that path's header (its lines before the first game line, without comments) is
   `expected` (a header as results_write_header writes it now).  Returns 0, or -1 with a
   message naming the first line that differs. */
int resume_check_header(const char *path, const char *expected, char *err, size_t errsz);

/* The games of path, with the engine indices of `names` (the file's header matched, so they
   are the same).  Returns 0, or -1 with a message. */
int resume_games(const char *path, ResultSet *out, char *err, size_t errsz);

/* Cuts off what follows the last newline of path (a record a crash cut short, NUL bytes),
   which the readers treat as absent, so that the records appended next start on a line of
   their own.  Says so on stderr.  Returns 0, or -1 with a message. */
int resume_cut_incomplete(const char *path, char *err, size_t errsz);

/* Warns (on stderr) about every game of the PGN (by its Round tag) that is not among the
   finished game numbers: it is played again and will be in the PGN twice. */
void resume_check_pgn(const char *path, const bool *finished, int nfinished_max);

#endif
