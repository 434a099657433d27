#include "strutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void str_copy(char *dst, size_t n, const char *src)
{
    if (!n)
        return;
    size_t l = strlen(src);
    if (l >= n)
        l = n - 1;
    memcpy(dst, src, l);
    dst[l] = '\0';
}

void str_vformat_after(char *dst, size_t n, const char *prefix, const char *fmt, va_list ap)
{
    if (!dst || !n)
        return;
    str_copy(dst, n, prefix);
    size_t used = strlen(dst);
    vsnprintf(dst + used, n - used, fmt, ap);
}

static void *checked(void *p)
{
    if (!p) {
        fputs("kaki: out of memory\n", stderr);
        abort();
    }
    return p;
}

void *xmalloc(size_t n) { return checked(malloc(n ? n : 1)); }
void *xcalloc(size_t n, size_t size) { return checked(calloc(n ? n : 1, size ? size : 1)); }
void *xrealloc(void *p, size_t n) { return checked(realloc(p, n ? n : 1)); }

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}
