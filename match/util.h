/* kaki-match: small helpers shared by the runner's modules (time, logging, strings). */
#ifndef KAKI_MATCH_UTIL_H
#define KAKI_MATCH_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Monotonic clock in milliseconds. */
int64_t mono_ms(void);
/* Sleeps for ms milliseconds. */
void sleep_ms(int64_t ms);

/* Protocol log (--log FILE): every line to and from every engine, with a time stamp.
   Thread-safe; does nothing when no log is open. */
void log_open(FILE *f);
void log_line(const char *who, const char *dir, const char *text);
void log_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Messages on stderr from several threads, one line at a time. */
void msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Set by SIGINT/SIGTERM: every loop that waits checks it. */
#include <stdatomic.h>
extern atomic_int g_interrupted;

/* Copies at most n-1 bytes and terminates. */
void str_copy(char *dst, size_t n, const char *src);
/* strdup that never returns NULL (aborts on exhaustion). */
char *xstrdup(const char *s);
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);

/* Strict number parsing: the whole string must be the number; returns false otherwise. */
bool parse_long(const char *s, long min, long max, long *out);
bool parse_double(const char *s, double min, double max, double *out);

#endif
