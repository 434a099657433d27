/* kaki-match: the protocol log, messages on stderr, and the interrupt flag. */
#ifndef KAKI_MATCH_LOG_H
#define KAKI_MATCH_LOG_H

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "outfile.h"

/* Protocol log (--log FILE): every line to and from every engine, with a time stamp.
   Thread-safe; does nothing when no log is open.  A line that cannot be written is reported
   (outfile.h) and ends the log. */
void log_open(OutFile *f);
void log_line(const char *who, const char *dir, const char *text);
void log_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Messages on stderr from several threads, one line at a time. */
void msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Set by SIGINT/SIGTERM: every loop that waits checks it. */
extern atomic_int g_interrupted;

#endif
