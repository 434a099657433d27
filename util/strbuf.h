/* A growing text buffer with printf-style appending (SVG and other generated text). */
#ifndef KAKI_UTIL_STRBUF_H
#define KAKI_UTIL_STRBUF_H

#include <stddef.h>

typedef struct StrBuf {
    char *p; /* NUL-terminated; NULL until something is appended */
    size_t n, cap;
} StrBuf;

void sb_init(StrBuf *b);
void sb_free(StrBuf *b);
void sb_append(StrBuf *b, const char *s, size_t n);
void sb_puts(StrBuf *b, const char *s);
void sb_printf(StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The text (caller frees; "" if empty); the buffer is empty again. */
char *sb_take(StrBuf *b);

#endif
