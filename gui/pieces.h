/* Piece pictures as SVG, generated from board/'s data so that the page and XBoard show the
 * same art and a rules option that changes a piece changes its picture:
 *   kanji     the traditional inscriptions (docs/RULES.md §2.2, §2.3), promoted pieces in red;
 *   mnemonic  the face shows the moves, drawn from the movement table of the current rules;
 *   letters   the Hodges abbreviations (docs/RULES.md §2.1), "+" and red for promoted pieces.
 * Every piece is the classic pentagon pointing at the opponent: gote's pieces are rotated. */
#ifndef KAKI_GUI_PIECES_H
#define KAKI_GUI_PIECES_H

#include "board/pieces.h"

enum PieceSet { SET_KANJI, SET_MNEMONIC, SET_LETTERS, SET_COUNT };
extern const char *const piece_set_name[SET_COUNT];
/* The set called name, or -1. */
int piece_set_from_name(const char *name);

/* A complete SVG document (viewBox 0 0 100 100) of the piece; caller frees. */
char *piece_svg(const RuleSet *rs, int set, int kind, int colour);

/* The inscription of a kind in the kanji set (1-3 characters of UTF-8). */
const char *piece_inscription(int kind, int colour);

#endif
