/* The kaki executable behind two pipes, for tests that drive it end to end: start it, write
 * lines, read its output lines with a time-out, measure wall time and its memory, and wait for
 * it to exit.  POSIX only.  Every wait has a time-out, and a test waits for lines (events),
 * never for "still running". */
#ifndef KAKI_TEST_KAKI_PIPE_H
#define KAKI_TEST_KAKI_PIPE_H

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct KakiPipe {
    pid_t pid;
    int to, from;       /* its standard input and output */
    char buf[1 << 16];  /* output read but not yet cut into lines */
    size_t len;
    bool eof;
} KakiPipe;

static inline int64_t kp_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Starts path with no arguments; false if it cannot be. */
static inline bool kp_start(KakiPipe *k, const char *path)
{
    int in[2], out[2];
    memset(k, 0, sizeof *k);
    signal(SIGPIPE, SIG_IGN);
    if (pipe(in) || pipe(out))
        return false;
    k->pid = fork();
    if (k->pid < 0)
        return false;
    if (k->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    k->to = in[1];
    k->from = out[0];
    return true;
}

/* Writes all of text (blocking); false if the engine's input is closed. */
static inline bool kp_write(KakiPipe *k, const char *text, size_t n)
{
    while (n) {
        ssize_t w = write(k->to, text, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        text += w;
        n -= (size_t)w;
    }
    return true;
}

static inline bool kp_send(KakiPipe *k, const char *fmt, ...)
{
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    return n > 0 && (size_t)n < sizeof line && kp_write(k, line, (size_t)n);
}

/* The next output line (without its newline) into line, waiting up to timeout_ms; false at the
   end of the output or when the time is up (k->eof tells which). */
static inline bool kp_line(KakiPipe *k, char *line, size_t cap, int timeout_ms)
{
    int64_t deadline = kp_now_ms() + timeout_ms;
    for (;;) {
        char *nl = memchr(k->buf, '\n', k->len);
        if (nl || k->len == sizeof k->buf) {
            size_t n = nl ? (size_t)(nl - k->buf) : k->len;
            size_t c = n < cap - 1 ? n : cap - 1;
            memcpy(line, k->buf, c);
            line[c] = '\0';
            size_t used = nl ? n + 1 : n;
            memmove(k->buf, k->buf + used, k->len - used);
            k->len -= used;
            return true;
        }
        if (k->eof)
            return false;
        int64_t left = deadline - kp_now_ms();
        if (left <= 0)
            return false;
        struct pollfd p = {k->from, POLLIN, 0};
        int r = poll(&p, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            continue;
        ssize_t got = read(k->from, k->buf + k->len, sizeof k->buf - k->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            k->eof = true;
        else
            k->len += (size_t)got;
    }
}

/* Reads lines until one starts with prefix (copied into line); false if none came in time. */
static inline bool kp_expect(KakiPipe *k, const char *prefix, char *line, size_t cap,
                             int timeout_ms)
{
    int64_t deadline = kp_now_ms() + timeout_ms;
    for (;;) {
        int64_t left = deadline - kp_now_ms();
        if (left < 0 || !kp_line(k, line, cap, (int)left))
            return false;
        if (strncmp(line, prefix, strlen(prefix)) == 0)
            return true;
    }
}

/* The engine's resident memory in kB (Linux /proc), or -1. */
static inline long kp_rss_kb(const KakiPipe *k)
{
    char path[64], row[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)k->pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    while (f && fgets(row, sizeof row, f))
        if (strncmp(row, "VmRSS:", 6) == 0)
            kb = strtol(row + 6, NULL, 10);
    if (f)
        fclose(f);
    return kb;
}

/* Closes the engine's input and waits up to timeout_ms for it to exit; its exit status, or -1
   (killed) if it did not exit in time or died of a signal. */
static inline int kp_finish(KakiPipe *k, int timeout_ms)
{
    if (k->to >= 0)
        close(k->to);
    k->to = -1;
    int64_t deadline = kp_now_ms() + timeout_ms;
    int status;
    for (;;) {
        pid_t r = waitpid(k->pid, &status, WNOHANG);
        if (r == k->pid)
            break;
        if (kp_now_ms() > deadline) {
            kill(k->pid, SIGKILL);
            waitpid(k->pid, &status, 0);
            close(k->from);
            return -1;
        }
        struct timespec ts = {0, 10 * 1000000};
        nanosleep(&ts, NULL);
    }
    close(k->from);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

#endif
