/* Move-entry help for people (docs/PROTOCOL.md §3.6): the `highlight` answers to XBoard's
 * `lift` and `hover`, computed from the legal moves of the engine's own position.
 *
 * How every tenjiku move is entered by clicking (XBoard 4.9.1 with -testLegality false):
 *   - a plain move, including range jumps, area moves and knight/lion jumps: click the
 *     destination (yellow, red = capture, magenta = promotion choice offered);
 *   - a move that captures on the way (lion-type double capture, hit-and-run, igui,
 *     tetrarch igui): click the first victim (cyan); XBoard sends `put X` + `lift X` and the
 *     second-leg answer marks where the piece may go next: the start square (red) for igui,
 *     a second victim (red) or an empty square (yellow); clicking X again captures on X only;
 *   - a pass: click the cyan empty square next to the piece (the lowest-index square the pass
 *     may go through, the one Kaki itself writes), then the piece's own square; clicking the
 *     cyan square again makes the plain step to it.
 */
#ifndef KAKI_HIGHLIGHT_H
#define KAKI_HIGHLIGHT_H

#include <stddef.h>

#include "board/position.h"

/* Length of "highlight " + a 16x16 colour board with separators. */
#define HIGHLIGHT_MAX 320

/* One colour letter per square (0 = unmarked). */
typedef struct Marks {
    char sq[256];
} Marks;

/* Marks for the piece on `from` (first leg), or, if kill >= 0, for the second leg after a
   first leg from `from` to `kill`.  Nothing is marked unless `from` holds a piece of the side
   to move.  pos is restored before returning. */
void highlight_marks(Position *pos, int from, int kill, Marks *marks);

/* Marks green the pieces (other than the mover and the piece on `to`) that the move from
   `from` (via `kill` if >= 0) to `to` would remove: the first capture of a double move, burns
   (for `hover`).  Upper case 'G' where the square is also a destination, so that it stays
   legal; lower case 'g' elsewhere. */
void highlight_victims(Position *pos, int from, int kill, int to, Marks *marks);

/* "highlight COLORFEN": ranks 16 to 1, one letter per square, unmarked squares as 't'
   (transparent, not a legal destination) so that XBoard's own markers are cleared too. */
char *highlight_format(const Marks *marks, char *out);

/* The square a pass by the piece on sq is entered through: the empty pass-through square with
   the lowest index, or -1 if the piece cannot pass here. */
int highlight_pass_square(const Position *pos, int sq);

#endif
