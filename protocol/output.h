/* Output: every line Kaki writes goes through cecp_emit(), whole and under the output lock
 * (search threads print thinking lines while the owning thread prints moves and answers). */
#ifndef KAKI_PROTOCOL_OUTPUT_H
#define KAKI_PROTOCOL_OUTPUT_H

#include <stddef.h>

#include "session.h"

/* The default CecpWriteFn: the line and a newline on stdout, flushed. */
void cecp_write_stdout(void *ctx, const char *line);
void cecp_emit(Cecp *c, const char *line);
void cecp_emitf(Cecp *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Input echoed in messages: printable ASCII only, shortened to fit out. */
const char *cecp_printable(const char *s, char *out, size_t outsz);

#endif
