#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strutil.h"

void sb_init(StrBuf *b)
{
    b->p = NULL;
    b->n = b->cap = 0;
}

void sb_free(StrBuf *b)
{
    free(b->p);
    sb_init(b);
}

static void reserve(StrBuf *b, size_t extra)
{
    if (b->n + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->n + extra + 1)
        cap *= 2;
    b->p = xrealloc(b->p, cap);
    b->cap = cap;
}

void sb_append(StrBuf *b, const char *s, size_t n)
{
    reserve(b, n);
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

void sb_puts(StrBuf *b, const char *s) { sb_append(b, s, strlen(s)); }

void sb_printf(StrBuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->p + b->n, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)n;
}

char *sb_take(StrBuf *b)
{
    char *p = b->p ? b->p : xstrdup("");
    sb_init(b);
    return p;
}
