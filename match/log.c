#include "log.h"

#include "util/clock.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

atomic_int g_interrupted;

static pthread_mutex_t log_mutex = PTHREAD_MUTEX_INITIALIZER;
static OutFile *log_file;
static int64_t log_t0;

void log_open(OutFile *f)
{
    pthread_mutex_lock(&log_mutex);
    log_file = f;
    log_t0 = mono_ms();
    pthread_mutex_unlock(&log_mutex);
}

void log_line(const char *who, const char *dir, const char *text)
{
    pthread_mutex_lock(&log_mutex);
    if (log_file && !log_file->failed) {
        int64_t t = mono_ms() - log_t0;
        char *buf;
        size_t len;
        FILE *mem = outfile_begin(&buf, &len);
        fprintf(mem, "%6lld.%03lld %s %s %s\n", (long long)(t / 1000), (long long)(t % 1000),
                who, dir, text);
        outfile_commit(log_file, mem, &buf, &len);
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



