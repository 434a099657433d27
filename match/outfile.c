#include "outfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "platform/files.h"

atomic_int g_write_failed;

/* Reported with one write(2) to stderr: callers may hold the log's lock, so not via msg(). */
static void report(const char *what, const char *path, int err)
{
    char line[1200];
    int n = snprintf(line, sizeof line, "error: cannot write %s%s%s: %s\n", what,
                     *path ? " " : "", path, strerror(err));
    if (n > 0 && write(STDERR_FILENO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1))
        (void)0;
    g_write_failed = 1;
}

int outfile_open(OutFile *o, const char *what, const char *path, bool truncate)
{
    o->what = what;
    o->path = path;
    o->failed = false;
    o->fd = platform_open_append(path, truncate);
    if (o->fd < 0) {
        char line[1200];
        snprintf(line, sizeof line, "error: cannot open %s %s: %s\n", what, path,
                 strerror(errno));
        fputs(line, stderr);
        return -1;
    }
    return 0;
}

int outfile_write(OutFile *o, const char *data, size_t len)
{
    if (o->fd < 0 || o->failed)
        return -1;
    int64_t size = 0;
    bool regular = false;
    if (!platform_file_size(o->fd, &size, &regular))
        regular = false;
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(o->fd, data + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            int err = n < 0 ? errno : ENOSPC;
            if (regular && platform_truncate(o->fd, size) != 0)
                err = errno; /* could not take the partial record back either */
            o->failed = true;
            report(o->what, o->path, err);
            return -1;
        }
        done += (size_t)n;
    }
    return 0;
}

FILE *outfile_begin(char **buf, size_t *len)
{
    FILE *mem = platform_memstream_open(buf, len);
    if (!mem) {
        perror("kaki-match: a memory stream");
        exit(1);
    }
    return mem;
}

int outfile_commit(OutFile *o, FILE *mem, char **buf, size_t *len)
{
    int rc = platform_memstream_close(mem, buf, len) == 0 ? outfile_write(o, *buf, *len) : -1;
    free(*buf);
    *buf = NULL;
    return rc;
}

int outfile_close(OutFile *o)
{
    if (o->fd < 0)
        return 0;
    int rc = o->failed ? -1 : 0;
    if (close(o->fd) != 0 && !o->failed) {
        report(o->what, o->path, errno);
        rc = -1;
    }
    o->fd = -1;
    return rc;
}

int outfile_check_stream(FILE *f, const char *what)
{
    if (fflush(f) == 0 && !ferror(f))
        return 0;
    report(what, "", errno ? errno : EIO);
    return -1;
}

char *outfile_clean_text(char *s)
{
    for (unsigned char *p = (unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            *p = ' ';
    return s;
}
