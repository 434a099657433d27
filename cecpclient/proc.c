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
    p->out_start = p->out_len = 0;
    p->child = child_spawn(argv, dir, stderr_path, err, errsz);
    if (!p->child)
        return -1;
    p->pid = child_pid(p->child);
    return 0;
}

/* Writes as much of the queued input as the child takes now; -1 if it is gone. */
static int flush_out(Proc *p)
{
    while (p->out_len) {
        long w = child_write(p->child, p->out + p->out_start, p->out_len);
        if (w == 0)
            break; /* the pipe is full */
        if (w < 0)
            return -1; /* the child is gone */
        p->out_start += (size_t)w;
        p->out_len -= (size_t)w;
    }
    if (!p->out_len)
        p->out_start = 0;
    return 0;
}

size_t proc_queued(const Proc *p) { return p->out_len; }

int proc_write_line(Proc *p, const char *text, int stall_ms)
{
    if (!p->child || flush_out(p) != 0)
        return -1;
    size_t n = strlen(text) + 1, done = 0; /* the text and its newline */
    int64_t stalled_at = mono_ms() + stall_ms;
    while (done < n) {
        if (p->out_start && p->out_start + p->out_len == PROC_OUT_MAX) {
            memmove(p->out, p->out + p->out_start, p->out_len);
            p->out_start = 0;
        }
        size_t room = PROC_OUT_MAX - (p->out_start + p->out_len);
        if (room == 0) { /* full: wait while the child reads */
            int64_t left = stalled_at - mono_ms();
            if (left <= 0 || (p->interrupt && *p->interrupt))
                return -1;
            child_wait_writable(p->child, left > 100 ? 100 : (int)left);
            size_t before = p->out_len;
            if (flush_out(p) != 0)
                return -1;
            if (p->out_len < before)
                stalled_at = mono_ms() + stall_ms;
            continue;
        }
        size_t k = room < n - done ? room : n - done;
        char *end = p->out + p->out_start + p->out_len;
        for (size_t i = 0; i < k; i++, done++)
            end[i] = done + 1 < n ? text[done] : '\n';
        p->out_len += k;
        if (flush_out(p) != 0)
            return -1;
    }
    return 0;
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
        if (p->out_len)
            flush_out(p); /* the queued input goes out while we wait for output */
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
        if (ps[i] && ps[i]->child && !ps[i]->eof) {
            if (ps[i]->out_len)
                flush_out(ps[i]);
            cs[nc++] = ps[i]->child;
        }
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

/* Sends the queued input until the child has taken all of it (on Windows: until the last
   write is done, which closing the input would cancel), or until the deadline. */
static void drain_out(Proc *p, int64_t deadline)
{
    while (!(p->interrupt && *p->interrupt)) {
        if (flush_out(p) != 0 || (!p->out_len && !child_write_pending(p->child)))
            return;
        int64_t left = deadline - mono_ms();
        if (left <= 0)
            return;
        child_wait_writable(p->child, left > 50 ? 50 : (int)left);
    }
}

void proc_stop(Proc *p, int grace_ms, bool use_sigterm)
{
    if (p->child) {
        int64_t deadline = mono_ms() + grace_ms;
        drain_out(p, deadline); /* "quit", if the child takes it */
        child_close_input(p->child); /* EOF on stdin as well: many programs exit on it */
        int64_t left = deadline - mono_ms();
        if (!wait_exit(p, left > 0 ? (int)left : 0) && use_sigterm && child_terminate(p->child))
            wait_exit(p, grace_ms < 500 ? grace_ms : 500);
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
    p->out_start = p->out_len = 0;
    p->skipping = false;
}

void proc_describe_exit(const Proc *p, char *out, size_t outsz)
{
    if (!p->exited)
        snprintf(out, outsz, "still running");
    else
        child_describe_end(p->exit_code, p->exit_signal, out, outsz);
}
