/* Game records: PGN with tenjiku movetext, the one writer and the one reader used by
 * kaki-match (which writes its games this way) and kaki-board (which loads and saves them).
 *
 * Movetext: every move in Hodges notation (docs/RULES.md §8) followed by a comment that starts
 * with the wire move (docs/PROTOCOL.md §3, 1-based ranks) and may go on with a note, e.g.
 * `FiDx9kx!8j,10j {h4h6 +1.35/7 0.412s}` or `P-8g {i5i6 book}`; then an optional comment with
 * the reason the game ended, and the result.  The tags are written in the order they were set;
 * the start position, when it is not the standard one, is the FEN tag (a TFEN) with SetUp "1".
 *
 * The reader replays every move on a position: each Hodges move is matched against the legal
 * moves (aliases accepted), falling back on the wire move of its comment.  It skips other
 * comments, `;` comments, `%` lines, NAGs, move numbers and variations in parentheses (as
 * XBoard writes them), and never trusts a length or a count in its input.  A `[Rules]` tag
 * (NAME=VALUE words, docs/RULES.md §9, as rules_describe writes them) is read before the
 * moves: they are replayed under the rules it names. */
#ifndef KAKI_BOARD_PGN_H
#define KAKI_BOARD_PGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "move.h"
#include "notation.h"
#include "pieces.h"
#include "tfen.h"

#define PGN_MAX_TAGS 32
#define PGN_TAG_NAME_MAX 32
#define PGN_TAG_VALUE_MAX 320   /* the FEN tag has its own field (start_tfen) */
#define PGN_NOTE_MAX 128
#define PGN_MAX_PLIES 20000     /* a reader's limit: longer games are refused */

typedef struct PgnTag {
    char name[PGN_TAG_NAME_MAX];
    char value[PGN_TAG_VALUE_MAX];
} PgnTag;

typedef struct PgnPly {
    Move move;
    char hodges[MOVE_STR_MAX];
    char wire[MOVE_STR_MAX];    /* 1-based ranks */
    char note[PGN_NOTE_MAX];    /* the rest of the move's comment ("+0.35/12 1.234s", "book") */
} PgnPly;

typedef struct PgnGame {
    int ntags;
    PgnTag tags[PGN_MAX_TAGS];  /* without FEN and SetUp, which come from start_tfen */
    char start_tfen[TFEN_MAX];  /* "" = the standard start position */
    PgnPly *plies;
    int nplies, cap;
    char result[8];             /* "1-0" (sente won), "0-1", "1/2-1/2" or "*" */
    char ending[320];           /* the final comment: why the game ended ("" = none) */
    Rules rules;                /* read: the rules the moves were replayed with */
} PgnGame;

void pgn_game_init(PgnGame *g);
void pgn_game_free(PgnGame *g);
/* Sets a tag (replacing one of the same name; FEN and SetUp are ignored: use start_tfen). */
void pgn_set_tag(PgnGame *g, const char *name, const char *value);
/* The tag's value or NULL. */
const char *pgn_tag(const PgnGame *g, const char *name);
void pgn_add_ply(PgnGame *g, const PgnPly *p);
/* Fills a ply for move m, to be played in pos (before it is made). */
void pgn_ply_make(Position *pos, Move m, const char *note, PgnPly *out);

/* Writes the game: the tags in the order they were set (SetUp and FEN, when start_tfen is
   set, right after Variant, or at the end if there is none), a blank line, the movetext
   wrapped at 79 columns and a blank line.  Flushes. */
void pgn_write(FILE *f, const PgnGame *g);

/* Reads the next game of text[*offset..len), replaying its moves with rule set rs (or, when
   the game has a [Rules] tag, with the rules it names: the defaults and its assignments; in
   g->rules), and advances *offset past it.  Returns 1 (a game in g, which it initialises), 0
   (no game left) or -1 (error: a message naming the line and the move or tag in err; g keeps
   the tags read so far, to name the game; *offset is at the next game, a line starting with
   '[' after the bad one, so that the games after a bad one can still be read). */
int pgn_read(const char *text, size_t len, size_t *offset, const RuleSet *rs, PgnGame *g,
             char *err, size_t errsz);
/* The next game's tags only: its moves are skipped unread (no rules needed; fast, for a list
   of the games of a file).  Returns like pgn_read; g has no plies. */
int pgn_read_tags(const char *text, size_t len, size_t *offset, PgnGame *g, char *err,
                  size_t errsz);

/* Sets pos (keeping its rule set) from a FEN tag's value: a TFEN ("... b"), or an XBoard FEN
   ("... w - 0 1", where w = sente to move, docs/PROTOCOL.md §2.4).  0, or -1 with err. */
int pgn_parse_position(Position *pos, const char *fen, char *err, size_t errsz);

#endif
