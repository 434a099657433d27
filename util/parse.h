/* Strict number parsing for command lines, protocol commands and files: the whole string must
 * be the number, so "12abc", "" and "1e999" are errors instead of silently becoming something. */
#ifndef KAKI_UTIL_PARSE_H
#define KAKI_UTIL_PARSE_H

#include <stdbool.h>
#include <stdint.h>

/* A decimal integer in [min, max] (blanks around it allowed).  Returns false (and leaves *out)
   otherwise. */
bool parse_long(const char *s, long min, long max, long *out);
/* An unsigned decimal integer (no sign, no blanks). */
bool parse_u64(const char *s, uint64_t *out);
/* A finite decimal number in [min, max] (blanks around it allowed). */
bool parse_double(const char *s, double min, double max, double *out);

/* A decimal number (blanks around it allowed); one too large for a double counts as +-HUGE_VAL,
   NaN and the infinities written out are refused. */
bool parse_decimal(const char *s, double *out);

/* A decimal integer with blanks allowed around it; a value outside [min, max] (however large)
   is clamped into it and *clamped says so, for callers that report the value they used. */
bool parse_long_clamped(const char *s, long min, long max, long *out, bool *clamped);

#endif
