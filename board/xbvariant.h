/* Tenjiku as an XBoard engine-defined variant (docs/PROTOCOL.md §2): the `setup` line with the
 * 66-slot piece-to-char table and the `piece` lines in XBoard 4.9.1's Betza dialect, generated
 * from the engine's own movement tables (board/pieces.h) so that the rules options change them. */
#ifndef KAKI_XBVARIANT_H
#define KAKI_XBVARIANT_H

#include <stddef.h>

#include "pieces.h"
#include "position.h"

/* XBoard 4.9.1's 66 piece slots per colour (docs/PROTOCOL.md §2.3). */
#define XB_SLOTS 66

/* The table entry of every slot, upper case: "P", "D'", "^D" (promoted form of the piece with
   ID D), ... */
extern const char *const xb_slot_id[XB_SLOTS];

/* Kind (board/pieces.h) shown in a slot. */
int xb_slot_kind(int slot);

/* The PIECETOCHAR table, 132 entries: "(PNBRQ...K pnbrq...k)" without the parentheses. */
char *xb_piece_table(char *out, size_t outsz);

/* "setup (TABLE) 16x16+0_chu FEN w 0 1" for the position `start` (XBoard colours: side `w` =
   sente to move). */
char *xb_setup_line(const Position *start, char *out, size_t outsz);

/* Betza description (XBoard 4.9.1 subset, docs/PROTOCOL.md §2.5) of how a move type moves. */
char *xb_betza(const MoveSpec *ms, char *out, size_t outsz);

/* The `piece` line of one slot under `rs`, e.g. "piece L!& KNADcaKmabK" or "piece +P& WfF". */
char *xb_piece_line(const RuleSet *rs, int slot, char *out, size_t outsz);

/* XBoard FEN of pos: the TFEN board, then "w" (sente to move) or "b", then " 0 1". */
char *xb_fen(const Position *pos, char *out, size_t outsz);

#endif
