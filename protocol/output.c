/* Output: every line Kaki writes passes through cecp_emit(), whole and under the output lock,
 * because search threads print thinking lines while the owning thread prints moves and answers
 * (docs/PROTOCOL.md §1.1: one line per message, flushed at once).  Also the printable form in
 * which input is echoed in error messages.
 */
#include "output.h"

#include "session.h"

#include <stdarg.h>
#include <stdio.h>

void cecp_write_stdout(void *ctx, const char *line)
{
    (void)ctx;
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

void cecp_emit(Cecp *c, const char *line)
{
    pthread_mutex_lock(&c->out_lock);
    c->write(c->write_ctx, line);
    pthread_mutex_unlock(&c->out_lock);
}

void cecp_emitf(Cecp *c, const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    cecp_emit(c, buf);
}

/* Input echoed in messages: printable ASCII only, shortened. */
const char *cecp_printable(const char *s, char *out, size_t outsz)
{
    size_t n = 0, limit = outsz - 4;
    for (; *s && n < limit; s++)
        out[n++] = (*s >= 32 && *s < 127) ? *s : '?';
    if (*s)
        out[n++] = '.', out[n++] = '.', out[n++] = '.';
    out[n] = '\0';
    return out;
}
