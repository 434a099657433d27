#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
    o->fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (truncate ? O_TRUNC : 0),
                 0644);
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
    struct stat st;
    bool regular = fstat(o->fd, &st) == 0 && S_ISREG(st.st_mode);
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(o->fd, data + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            int err = n < 0 ? errno : ENOSPC;
            if (regular && ftruncate(o->fd, st.st_size) != 0)
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
    *buf = NULL;
    *len = 0;
    FILE *mem = open_memstream(buf, len);
    if (!mem) {
        perror("kaki-match: open_memstream");
        exit(1);
    }
    return mem;
}

int outfile_commit(OutFile *o, FILE *mem, char **buf, size_t *len)
{
    int rc = fclose(mem) == 0 ? outfile_write(o, *buf, *len) : -1;
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
