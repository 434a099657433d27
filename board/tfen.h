/* TFEN (docs/RULES.md §3.2): "<16 ranks, 16 to 1, separated by '/'> <b|w>". */
#ifndef KAKI_TFEN_H
#define KAKI_TFEN_H

#include <stddef.h>

#include "position.h"

#define TFEN_START                                                                             \
    "lnficsgekgscifnl/a1c!c!1txql!ot1c!c!1a/s'v'bhdw!d!q'h!d!w!dhbv's'/"                       \
    "mvrf!e!b!r!v!q!r!b!e!f!rvm/pppppppppppppppp/4d'6d'4/16/16/16/16/4D'6D'4/"                 \
    "PPPPPPPPPPPPPPPP/MVRF!E!B!R!Q!V!R!B!E!F!RVM/S'V'BHDW!D!H!Q'D!W!DHBV'S'/"                  \
    "A1C!C!1TOL!QXT1C!C!1A/LNFICSGKEGSCIFNL b"

/* Longest TFEN: 256 squares of "+X!" plus separators and side. */
#define TFEN_MAX 1100

/* Parses the board part of s (up to the first blank) into board[] (piece codes); returns a
   pointer just after it, or NULL with a message in err.  Used by both TFEN and XBoard FEN
   readers (position_set then makes the position). */
const char *tfen_parse_board(const char *s, uint8_t board[SQUARE_COUNT], char *err, size_t errsz);

/* Sets pos (keeping its rule set) from a TFEN and starts a new history.  On error returns -1,
   writes a message naming the problem and leaves pos unchanged. */
int tfen_parse(Position *pos, const char *tfen, char *err, size_t errsz);

/* The start position (docs/RULES.md §3) with rule set rs. */
void position_start(Position *pos, const RuleSet *rs);

/* Writes the board part (no side) into out (at least TFEN_MAX bytes); returns its length. */
int tfen_print_board(const Position *pos, char *out);
/* Writes the canonical TFEN; returns out. */
char *tfen_print(const Position *pos, char *out);

#endif
