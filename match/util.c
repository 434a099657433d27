#include "util.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

atomic_int g_interrupted;

int64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void sleep_ms(int64_t ms)
{
    if (ms <= 0)
        return;
    struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

static pthread_mutex_t log_mutex = PTHREAD_MUTEX_INITIALIZER;
static FILE *log_file;
static int64_t log_t0;

void log_open(FILE *f)
{
    pthread_mutex_lock(&log_mutex);
    log_file = f;
    log_t0 = mono_ms();
    pthread_mutex_unlock(&log_mutex);
}

void log_line(const char *who, const char *dir, const char *text)
{
    pthread_mutex_lock(&log_mutex);
    if (log_file) {
        int64_t t = mono_ms() - log_t0;
        fprintf(log_file, "%6lld.%03lld %s %s %s\n", (long long)(t / 1000), (long long)(t % 1000),
                who, dir, text);
        fflush(log_file);
    }
    pthread_mutex_unlock(&log_mutex);
}

void log_printf(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    log_line("--", "", buf);
}

static pthread_mutex_t msg_mutex = PTHREAD_MUTEX_INITIALIZER;

void msg(const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&msg_mutex);
    fprintf(stderr, "%s\n", buf);
    fflush(stderr);
    pthread_mutex_unlock(&msg_mutex);
    log_line("--", "", buf);
}

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

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "kaki-match: out of memory\n");
        abort();
    }
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) {
        fprintf(stderr, "kaki-match: out of memory\n");
        abort();
    }
    return p;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fprintf(stderr, "kaki-match: out of memory\n");
        abort();
    }
    return p;
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = xmalloc(n);
    memcpy(d, s, n);
    return d;
}

bool parse_long(const char *s, long min, long max, long *out)
{
    if (!s || !*s)
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || end == s || v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool parse_double(const char *s, double min, double max, double *out)
{
    if (!s || !*s)
        return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || end == s || !isfinite(v) || v < min || v > max)
        return false;
    *out = v;
    return true;
}
