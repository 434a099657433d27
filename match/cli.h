/* kaki-match: the command line. */
#ifndef KAKI_MATCH_CLI_H
#define KAKI_MATCH_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "config.h"

void cli_usage(FILE *f);
/* Parses the match command line (argv[0] is the program).  Returns 0, 1 if --help was given
   (usage printed to stdout), or -1 with a message in err. */
int cli_parse(int argc, char **argv, MatchConfig *cfg, char *err, size_t errsz);
/* "MIN:SEC+INC", "MOVES/MIN:SEC[+INC]", "MIN[+INC]" -> tc.  Returns 0 or -1 (message). */
int parse_tc(const char *s, TimeControl *tc, char *err, size_t errsz);
/* "elo0=0 elo1=10 alpha=0.05 beta=0.05 [model=pentanomial|trinomial]" as separate words. */
int parse_sprt(char **words, int nwords, Sprt *sp, char *err, size_t errsz);
/* The defaults both command lines (kaki-match's own and the fastchess one) start from. */
void config_defaults(MatchConfig *cfg);
void config_free(MatchConfig *cfg);

#endif
