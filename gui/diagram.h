/* Movement diagrams and move descriptions of the pieces, from the movement table of the
 * current rules (docs/RULES.md §2.5, §5): what the page's piece catalogue shows next to each
 * picture. */
#ifndef KAKI_GUI_DIAGRAM_H
#define KAKI_GUI_DIAGRAM_H

#include "board/pieces.h"

/* The movement diagram of kind under rs: an SVG of the squares around the piece (caller
   frees), and a one-paragraph description in English (caller frees). */
char *piece_diagram_svg(const RuleSet *rs, int kind);
char *piece_moves_text(const RuleSet *rs, int kind);

#endif
