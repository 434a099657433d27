/* The placeholder net: the built-in net until a trained one replaces it (docs/NNUE.md §5).  Its
 * score is docs/RULES.md §7 material, the side to move's minus the other's, exactly, in every
 * position. */
#ifndef KAKI_EVAL_NNUE_PLACEHOLDER_H
#define KAKI_EVAL_NNUE_PLACEHOLDER_H

#include "nnue_format.h"

/* The placeholder net (the same every time), or NULL if memory is short. */
NnueNet *nnue_placeholder_net(void);

#endif
