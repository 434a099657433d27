#include "proc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/clock.h"
#include "util/strutil.h"

int proc_spawn(Proc *p, char *const argv[], const char *dir, const char *stderr_path, char *err,
               size_t errsz)
{
    memset(p, 0, offsetof(Proc, buf));
    p->child = child_spawn(argv, dir, stderr_path, err, errsz);
    if (!p->child)
        return -1;
    p->pid = child_pid(p->child);
    return 0;
}

int proc_write_line(Proc *p, const char *text, int timeout_ms)
{
    if (!p->child)
        return -1;
    size_t n = strlen(text);
    char *buf = xmalloc(n + 1);
    memcpy(buf, text, n);
    buf[n++] = '\n';
    size_t done = 0;
    int64_t deadline = mono_ms() + timeout_ms;
    int rc = 0;
    while (done < n) {
        long w = child_write(p->child, buf + done, n - done);
        if (w > 0) {
            done += (size_t)w;
            continue;
        }
        if (w == 0) { /* the pipe is full */
            int64_t left = deadline - mono_ms();
            if (left <= 0 || (p->interrupt && *p->interrupt)) {
                rc = -1;
                break;
            }
            child_wait_writable(p->child, left > 100 ? 100 : (int)left);
            continue;
        }
        rc = -1; /* the child is gone */
        break;
    }
    free(buf);
    return rc;
}

/* Takes one line out of buf; returns 1 if a line was produced.  Consuming a line only moves
   `start`, so that many short lines cost no more than a few long ones. */
static int take_line(Proc *p, char *line, size_t linesz, bool *truncated, bool at_eof)
{
    for (;;) {
        char *data = p->buf + p->start;
        char *nl = memchr(data, '\n', p->len);
        size_t n, consume;
        if (nl)
            n = (size_t)(nl - data), consume = n + 1;
        else if (p->len >= PROC_LINE_MAX || (at_eof && p->len > 0))
            n = consume = p->len; /* an overlong line, or the last bytes before EOF */
        else
            return 0;
        bool skip = p->skipping;
        p->skipping = !nl && !at_eof; /* drop the rest of an overlong line */
        if (!skip) {
            size_t c = n < linesz - 1 ? n : linesz - 1;
            memcpy(line, data, c);
            line[c] = '\0';
            *truncated = c < n || p->skipping;
        }
        p->start += consume;
        p->len -= consume;
        if (p->len == 0)
            p->start = 0;
        if (skip)
            continue;
        size_t l = strlen(line);
        while (l && (line[l - 1] == '\r' || line[l - 1] == ' ' || line[l - 1] == '\t'))
            line[--l] = '\0';
        for (char *c = line; *c; c++)
            if ((unsigned char)*c < 32 && *c != '\t')
                *c = '?';
        return 1;
    }
}

/* Reads what the child has written (after a wait said so) behind the unread bytes. */
static void fill(Proc *p)
{
    if (p->start > 0) { /* the unread bytes to the front: room for a whole read */
        memmove(p->buf, p->buf + p->start, p->len);
        p->start = 0;
    }
    long n = child_read(p->child, p->buf + p->len, sizeof p->buf - p->len);
    if (n > 0) {
        for (long i = 0; i < n; i++) /* a line is always a C string */
            if (p->buf[p->len + (size_t)i] == '\0')
                p->buf[p->len + (size_t)i] = '?';
        p->len += (size_t)n;
    } else if (n < 0)
        p->eof = true;
}

int proc_read_line(Proc *p, char *line, size_t linesz, bool *truncated, int64_t deadline)
{
    *truncated = false;
    for (;;) {
        /* a wait ends at its deadline and on an interrupt, whatever the child writes */
        if (deadline > 0 && (mono_ms() >= deadline || (p->interrupt && *p->interrupt)))
            return 0;
        if (take_line(p, line, linesz, truncated, false))
            return 1;
        if (p->eof || !p->child) {
            if (take_line(p, line, linesz, truncated, true))
                return 1;
            return -1;
        }
        int64_t left = deadline - mono_ms();
        if (left < 0 || (p->interrupt && *p->interrupt))
            left = 0;
        int r = child_wait_output(&p->child, 1, left > 100 ? 100 : (int)left);
        if (r > 0) {
            fill(p);
            continue;
        }
        if (r < 0)
            p->eof = true;
        else if (left == 0)
            return 0;
    }
}

void proc_wait_output(Proc *const ps[], int n, int ms)
{
    Child *cs[8];
    int nc = 0;
    for (int i = 0; i < n && nc < 8; i++)
        if (ps[i] && ps[i]->child && !ps[i]->eof)
            cs[nc++] = ps[i]->child;
    child_wait_output(cs, nc, ms);
}

bool proc_exited(Proc *p)
{
    if (!p->child || p->exited)
        return true;
    int code, sig;
    int r = child_ended(p->child, &code, &sig);
    if (r > 0) {
        p->exited = true;
        p->exit_code = code;
        p->exit_signal = sig;
    }
    return r != 0;
}

static bool wait_exit(Proc *p, int ms)
{
    int64_t deadline = mono_ms() + ms;
    for (;;) {
        if (proc_exited(p))
            return true;
        if (mono_ms() >= deadline)
            return false;
        sleep_ms(10);
    }
}

void proc_stop(Proc *p, int grace_ms, bool use_sigterm)
{
    if (p->child) {
        child_close_input(p->child); /* EOF on stdin as well: many programs exit on it */
        if (!wait_exit(p, grace_ms) && use_sigterm && child_terminate(p->child))
            wait_exit(p, 500);
        child_kill(p->child);
        int code, sig;
        if (child_release(p->child, &code, &sig) && !p->exited) {
            p->exited = true;
            p->exit_code = code;
            p->exit_signal = sig;
        }
        p->child = NULL;
        p->reaped = true;
    }
    p->start = p->len = 0;
    p->skipping = false;
}

void proc_describe_exit(const Proc *p, char *out, size_t outsz)
{
    if (!p->exited)
        snprintf(out, outsz, "still running");
    else
        child_describe_end(p->exit_code, p->exit_signal, out, outsz);
}
