/* Engine scores in the notes of a game's moves.  kaki-board keeps one convention everywhere:
 * scores from sente's view (+ = good for sente), in the analysis panel, the graph and the PGN,
 * where a move's note carries the score as `[%eval 0.35,12]` (pawns, then the depth; `#3` /
 * `#-3` for a mate found by sente / gote), the form lichess writes for White (sente is White
 * in these files).  kaki-match writes the engine's own view instead (`+0.35/12 0.412s`, the
 * convention of engine matches): those notes are turned into this form when a game is loaded. */
#ifndef KAKI_GUI_EVALNOTE_H
#define KAKI_GUI_EVALNOTE_H

#include <stdbool.h>
#include <stddef.h>

/* "[%eval 0.35,12]" for a score (centipawns, mate 100000+N) from sente's view. */
void evalnote_format(int sente_cp, int depth, char *out, size_t outsz);

/* The score of a move's note from sente's view (either form; `mover` = the side that made the
   move, BLACK = sente, for the engine's-view form), and the note in this convention in
   `normal` (the rest of the note, e.g. a time, kept after it).  False (normal = the note) if
   the note has no score. */
bool evalnote_read(const char *note, int mover, int *sente_cp, char *normal, size_t normalsz);

#endif
