/* kaki-match: result files (for `kaki-match merge`) and the final report.
 *
 * Result file format (text, one record per line, fields separated by one blank; written as
 * the games finish and flushed after each):
 *
 *   kaki-match-results 1
 *   engine 1 NAME...               engine numbers from 1; NAME runs to the end of the line
 *   engine 2 NAME...
 *   seed S
 *   shard K/N
 *   tc TEXT
 *   openings start | openings random K balance=PAWNS | openings file PATH
 *   openings-positions N checksum=HEX order=file|shuffled start=K     (after openings file)
 *   sprt elo0=E0 elo1=E1 alpha=A beta=B model=pentanomial|trinomial     (only with --sprt)
 *   schedule games=N round-robin|gauntlet
 *   adjudication maxmoves=N resign=MOVES/CP draw=MOVES/CP/AFTER offers=0|1
 *   rule NAME=VALUE                (each --rule)
 *   game NUMBER PAIR LEG SENTE GOTE RESULT TERMINATION PLIES
 *
 * NUMBER is the game number (1-based, over the whole unsharded match), PAIR the 0-based pair
 * id (the two games with one PAIR use the same opening with colours reversed, LEG 0 and 1),
 * SENTE and GOTE engine numbers, RESULT 1-0 (sente won), 0-1 or 1/2-1/2, TERMINATION one of
 * normal, time, infraction, adjudication, emergency, PLIES the game length.  Lines starting
 * with '#' are comments; unknown keywords are ignored by readers of this version.  NUL bytes
 * are ignored, and a last line without its newline (a record a crash cut short) counts as
 * absent: --resume cuts it off before appending. */
#ifndef KAKI_MATCH_RESULTS_H
#define KAKI_MATCH_RESULTS_H

#include <stdbool.h>
#include <stdio.h>

#include "config.h"
#include "stats.h"

typedef struct GameEntry {
    uint64_t seed;            /* of the match: games of matches with other seeds are other games */
    int number, pair, leg;
    int sente, gote;          /* engine indices (0-based) */
    int outcome;              /* OUT_* of game.h */
    int termination;          /* TERM_* */
    int plies;
} GameEntry;

typedef struct ResultSet {
    char *names[MAX_ENGINES];
    int nnames;
    GameEntry *games;
    int ngames, cap;
    Sprt sprt;                /* from the files (merge) or the command line */
    char tc[48];
} ResultSet;

void resultset_add(ResultSet *rs, const GameEntry *g);
void resultset_free(ResultSet *rs);
/* Index of name (added if new); -1 if there are too many engines. */
int resultset_engine(ResultSet *rs, const char *name);

/* Sorts the games by pair, leg and engines and removes repeated ones; returns how many. */
int resultset_dedupe(ResultSet *rs);

/* Header of a result file. */
void results_write_header(FILE *f, const MatchConfig *cfg, char *const names[], int nnames);
void results_write_game(FILE *f, const GameEntry *g);

/* Reads the next line of a result file into line (n bytes): without its line end, NUL bytes
   (crash debris) dropped.  Returns 1, 0 at the end of the file, 2 for an incomplete last line
   (no newline: a record cut short by a crash, which readers treat as absent), -1 on a read
   error (errno), -2 for a line longer than n - 1 bytes. */
int results_line(FILE *f, char *line, size_t n);

/* Reads one result file into rs (engines matched by name).  Returns 0, or -1 with a message.
   Games already in rs (same seed, pair, leg and engines) are skipped and counted in *duplicates. */
int results_read(const char *path, ResultSet *rs, int *duplicates, char *err, size_t errsz);

/* Statistics of engine a against engine b (a's view): all their games, and the pairs whose
   two games (legs 0 and 1 of one pair id, colours reversed) are both present. */
Stats results_stats(const ResultSet *rs, int a, int b);

/* The final report: per pairing W-D-L, Elo with 95% error bars (trinomial and, when pairs
   exist, pentanomial), SPRT if enabled with exactly two engines, standings with three or more,
   termination counts. */
void report_print(FILE *out, const ResultSet *rs);

#endif
