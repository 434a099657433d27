/* Strings and memory that cannot fail silently. */
#ifndef KAKI_UTIL_STRUTIL_H
#define KAKI_UTIL_STRUTIL_H

#include <stdarg.h>
#include <stddef.h>

/* Copies at most n-1 bytes of src and terminates (n > 0). */
void str_copy(char *dst, size_t n, const char *src);
/* Writes prefix, then fmt formatted with ap, into dst (n bytes), truncating safely: the shape
 * of every "where: what went wrong" error message of the parsers. Does nothing if n == 0. */
void str_vformat_after(char *dst, size_t n, const char *prefix, const char *fmt, va_list ap);
/* Allocation that aborts with a message instead of returning NULL. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

#endif
