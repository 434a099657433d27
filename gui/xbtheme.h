/* The piece pictures (pieces.h) as an XBoard 4.9.1 piece theme. */
#ifndef KAKI_GUI_XBTHEME_H
#define KAKI_GUI_XBTHEME_H

#include <stddef.h>

#include "board/pieces.h"

/* Writes an XBoard 4.9.1 piece theme into dir (created if needed): one White<Name>.svg
   (sente) and Black<Name>.svg (gote) per piece slot of Kaki's tenjiku setup, with the file
   names XBoard looks for with -pieceImageDirectory, and inscriptions.txt.  `set` is a
   SET_* of pieces.h.  Returns the number of picture files written, or -1 with a message. */
int xboard_pieces_write(const RuleSet *rs, int set, const char *dir, char *err, size_t errsz);

#endif
