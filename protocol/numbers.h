/* Number arguments of commands and options.  Not a number: false, nothing said (the caller
 * answers with an Error line).  Out of [lo, hi]: clamped, and the one message for every command
 * and option, "# NAME VALUE out of range LO..HI, using USED" (docs/PROTOCOL.md §1.4). */
#ifndef KAKI_PROTOCOL_NUMBERS_H
#define KAKI_PROTOCOL_NUMBERS_H

#include <stdbool.h>

#include "command.h"
#include "session.h"

bool cecp_number(Cecp *c, const char *name, const char *text, long lo, long hi, long *v);
bool cecp_decimal(Cecp *c, const char *name, const char *text, double lo, double hi, double *v);
/* v (read from text) clamped to [lo, hi], with the same message if it was outside. */
double cecp_clamp_decimal(Cecp *c, const char *name, const char *text, double v, double lo,
                          double hi);
/* The command's argument as an integer in [lo, hi] (cecp_number); answers
   "Error (bad arguments)" and returns false if it is not one. */
bool cecp_arg_long(Cecp *c, const Command *cmd, long lo, long hi, long *v);

#endif
