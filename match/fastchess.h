/* kaki-match's fastchess-compatible mode, for OpenBench (docs/OPENBENCH.md).
 *
 * OpenBench's client runs its game runner as `fastchess-ob` with fastchess's command line and
 * reads one "Finished game N (WHITE vs BLACK): RESULT {REASON}" line per game from its standard
 * output.  Invoked under a name starting with "fastchess" (fastchess-ob) or with
 * --fastchess-cli, kaki-match takes that command line, translates it into its own match
 * configuration (the engines still speak CECP; option.Threads and option.Hash become cores and
 * memory), and prints those lines: ASCII, no empty line, exactly one per finished game, games
 * 1..2R in pairs (2k-1, 2k) with one opening and colours reversed, the first engine sente
 * ("White") in odd games, the reasons in fastchess's words so that OpenBench counts crashes,
 * time losses and illegal moves.  Everything else kaki-match says goes to stderr. */
#ifndef KAKI_MATCH_FASTCHESS_H
#define KAKI_MATCH_FASTCHESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "config.h"
#include "game.h"
#include "results.h"

/* Is this the fastchess command line: argv[0]'s file name starts with "fastchess", or one
   argument is --fastchess-cli? */
bool fastchess_wanted(int argc, char **argv);

/* Translates the fastchess command line into cfg.  Returns 0, 1 if --help or --version was
   answered (on stdout), or -1 with a message in err. */
int fastchess_parse(int argc, char **argv, MatchConfig *cfg, char *err, size_t errsz);

void fastchess_usage(FILE *f);
/* "kaki-match VERSION (bench N)", util/version.h (OpenBench reads the first N.N.N). */
void fastchess_print_version(FILE *f);

/* The reason of a finished game in fastchess's words ("White disconnects", "Black loses on
   time", "White makes an illegal move", "Draw by adjudication", ...); White = sente. */
void fastchess_reason(const Game *g, char *out, size_t outsz);
/* The game's PGN Termination as fastchess writes it ("abandoned", "time forfeit",
   "illegal move", "adjudication", "normal"). */
const char *fastchess_termination(const Game *g);
/* Writes and flushes the "Finished game" line of game `number`. */
void fastchess_game_line(FILE *out, int number, const Game *g);
/* A short fastchess-style summary of the first engine against the second. */
void fastchess_summary(FILE *out, const MatchConfig *cfg, const ResultSet *rs);

#endif
