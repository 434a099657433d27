/* Strings and memory that cannot fail silently. */
#ifndef KAKI_UTIL_STRUTIL_H
#define KAKI_UTIL_STRUTIL_H

#include <stddef.h>

/* Copies at most n-1 bytes of src and terminates (n > 0). */
void str_copy(char *dst, size_t n, const char *src);
/* Allocation that aborts with a message instead of returning NULL. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

#endif
