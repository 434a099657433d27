/* The Japanese names of the pieces (docs/RULES.md §2.2 and §2.3), in kanji and in romaji,
 * indexed by kind.  A promoted kind has the name of the type it became (+R is 龍王 ryūō, a
 * dragon king), as kind_english does; the king is 玉将 here (gote's king is traditionally
 * inscribed 王将). */
#ifndef KAKI_JAPANESE_H
#define KAKI_JAPANESE_H

#include "pieces.h"

extern const char *const kind_kanji[KIND_COUNT];
extern const char *const kind_romaji[KIND_COUNT];

#endif
