/* A PGN file loaded into kaki-board: the list of its games (from their tags, without replaying
 * a move, so that a big file is listed quickly), and one game read in full: the one asked for,
 * or the first that reads.  A bad game is named (its number, players and round) with the
 * reason, and skipped; the games after it still load.  No lock is held: the caller reads the
 * file before it touches the game. */
#ifndef KAKI_GUI_PGNLOAD_H
#define KAKI_GUI_PGNLOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "board/pgn.h"
#include "board/rules.h"

#define PGNLOAD_LABEL_MAX 160

typedef struct PgnLoad {
    int ngames;             /* the games of the file (their tags could be read or not) */
    char (*label)[PGNLOAD_LABEL_MAX]; /* ngames labels: "Kaki - Kaki, round 3, 1-0" */
    int loaded;             /* the game read into `game` (1-based), 0 if none */
    PgnGame game;
    char skipped[600];      /* the bad games skipped on the way to it ("" = none) */
    char error[700];        /* why no game was loaded */
} PgnLoad;

/* Reads text: every game's label, then game `want` (0: the first game that reads), its moves
   replayed under the rules of its [Rules] tag, or without one under the default rules, or
   else under `rules` (the game shown's: a file written before kaki-match wrote the tag).  Returns 0, or -1 with
   out->error (no game in the text, game `want` does not exist or cannot be read). */
int pgnload_read(const char *text, size_t len, const Rules *rules, long want, PgnLoad *out);
void pgnload_free(PgnLoad *l);

#endif
