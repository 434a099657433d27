#include "datafile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/parse.h"

int datafile_line(FILE *f, char *line, size_t *len)
{
    size_t n = 0;
    int c = 0;
    while (n < DATAFILE_LINE_MAX && (c = getc(f)) != EOF) {
        line[n++] = (char)c;
        if (c == '\n')
            break;
    }
    line[n] = '\0';
    *len = n;
    if (c == EOF && ferror(f))
        return -1;
    if (n == DATAFILE_LINE_MAX && line[n - 1] != '\n')
        return -2;
    return n > 0;
}

bool datafile_fields(char *line, char **tfen, double *result, long *score, long *game)
{
    char *f[3];
    for (int i = 2; i >= 0; i--) {
        char *p = strrchr(line, ';');
        if (!p)
            return false;
        *p = '\0';
        f[i] = p + 1;
    }
    *tfen = line;
    return parse_double(f[0], 0, 1, result) && parse_long(f[1], -100000, 100000, score) &&
           parse_long(f[2], 0, 2000000000, game);
}

/* ---- gen's data file -------------------------------------------------------------------- */

int datafile_append(int fd, const char *text, size_t len)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return -1;
    for (size_t done = 0; done < len;) {
        ssize_t n = write(fd, text + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            int err = n < 0 ? errno : ENOSPC;
            if (ftruncate(fd, st.st_size) != 0)
                err = errno;
            errno = err;
            return -1;
        }
        done += (size_t)n;
    }
    return 0;
}

/* The offset just after the last byte that is not NUL (a crash may leave a block of NUL bytes
   at the end of a file); -1 on a read error. */
static off_t end_of_text(int fd, off_t size)
{
    char buf[4096];
    while (size > 0) {
        size_t n = size < (off_t)sizeof buf ? (size_t)size : sizeof buf;
        ssize_t got = pread(fd, buf, n, size - (off_t)n);
        if (got != (ssize_t)n)
            return -1;
        for (size_t i = n; i > 0; i--)
            if (buf[i - 1])
                return size - (off_t)n + (off_t)i;
        size -= (off_t)n;
    }
    return 0;
}

static bool printable(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e)
            return false;
    return true;
}

/* "#game N ...": sets *game. */
static bool trailer(const char *line, long *game)
{
    if (strncmp(line, "#game ", 6) != 0)
        return false;
    char word[16];
    size_t n = strcspn(line + 6, " \n");
    if (n == 0 || n >= sizeof word)
        return false;
    memcpy(word, line + 6, n);
    word[n] = '\0';
    return parse_long(word, 0, 2000000000, game);
}

/* Is line (len bytes with its newline) a line of kaki-tune data? */
static bool data_line(const char *line, size_t len)
{
    char copy[DATAFILE_LINE_MAX + 1], *tfen;
    double result;
    long score, game;
    if (len < 2 || !printable(line, len - 1))
        return false;
    memcpy(copy, line, len - 1);
    copy[len - 1] = '\0';
    return datafile_fields(copy, &tfen, &result, &score, &game);
}

typedef struct Scan {
    const char *path;
    off_t end;        /* after the last byte that is not NUL */
    off_t good;       /* after the last complete game (or the header, or a comment after it) */
    int games;        /* complete games */
} Scan;

/* Reads the file after its header: marks the complete games, sets s->good.  Returns 0, or -1
   after printing why the file is not kaki-tune data (or cannot be read). */
static int scan_games(FILE *f, Scan *s, bool *done, int ngames)
{
    char line[DATAFILE_LINE_MAX + 1];
    off_t offset = (off_t)strlen(DATAFILE_HEADER);
    size_t len;
    int r;
    long lineno = 1, game;
    while (offset < s->end && (r = datafile_line(f, line, &len)) != 0) {
        lineno++;
        if (r == -1) {
            fprintf(stderr, "error: cannot read %s: %s\n", s->path, strerror(errno));
            return -1;
        }
        bool complete = r == 1 && line[len - 1] == '\n' && offset + (off_t)len <= s->end;
        if (!complete) {
            /* the end of the file: a line cut short (NUL bytes after it are crash debris) */
            size_t text = (size_t)(s->end - offset);
            if (text > len)
                break; /* a line too long, not the end */
            if (!printable(line, text))
                break;
            return 0;
        }
        if (trailer(line, &game)) {
            if (game < ngames)
                done[game] = true;
            s->games++;
            s->good = offset + (off_t)len;
        } else if (line[0] == '#' && printable(line, len - 1)) {
            if (s->good == offset)
                s->good = offset + (off_t)len; /* a comment between games */
        } else if (!data_line(line, len)) {
            break;
        }
        offset += (off_t)len;
    }
    if (offset >= s->end)
        return 0;
    fprintf(stderr, "error: %s:%ld: not a line of kaki-tune data (TFEN;result;score;game), so "
            "%s is not a kaki-tune data file (or was changed by hand): refused, left untouched\n",
            s->path, lineno, s->path);
    return -1;
}

/* Checks the header and the games of a non-empty file; cuts off an unfinished last game. */
static int resume_file(int fd, const char *path, off_t size, bool *done, int ngames)
{
    Scan s = {.path = path, .good = (off_t)strlen(DATAFILE_HEADER)};
    s.end = end_of_text(fd, size);
    int dupfd = dup(fd);
    FILE *f = dupfd >= 0 ? fdopen(dupfd, "r") : NULL;
    if (s.end < 0 || !f) {
        fprintf(stderr, "error: cannot read %s: %s\n", path, strerror(errno));
        if (f)
            fclose(f);
        else if (dupfd >= 0)
            close(dupfd);
        return -1;
    }
    char line[DATAFILE_LINE_MAX + 1];
    size_t len;
    int r = datafile_line(f, line, &len), rc = 0;
    if (r != 1 || len != strlen(DATAFILE_HEADER) || memcmp(line, DATAFILE_HEADER, len) != 0) {
        fprintf(stderr, "error: %s is not a kaki-tune data file (it does not start with the "
                "line '%.*s'): refused, left untouched\n", path,
                (int)strlen(DATAFILE_HEADER) - 1, DATAFILE_HEADER);
        rc = -1;
    } else {
        rc = scan_games(f, &s, done, ngames);
    }
    fclose(f);
    if (rc != 0)
        return -1;
    if (s.good < size) {
        fprintf(stderr, "resume: dropping %lld bytes of an unfinished game at the end of %s\n",
                (long long)(size - s.good), path);
        if (ftruncate(fd, s.good) != 0) {
            fprintf(stderr, "error: cannot truncate %s: %s\n", path, strerror(errno));
            return -1;
        }
    }
    if (s.games)
        fprintf(stderr, "resume: %d games already in %s\n", s.games, path);
    return 0;
}

static int refuse_special(const char *path)
{
    fprintf(stderr, "error: %s is not a regular file: refused (--out must name a kaki-tune "
            "data file, or a new file)\n", path);
    return -1;
}

int datafile_open_gen(const char *path, bool *done, int games)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return refuse_special(path); /* not even opened: a device may act on open */
    int fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0644);
    if (fd < 0) {
        fprintf(stderr, "error: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    int rc = 0;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        rc = refuse_special(path);
    else if (fcntl(fd, F_SETFL, O_APPEND) != 0) /* blocking again */
        rc = -1;
    else if (st.st_size == 0 && datafile_append(fd, DATAFILE_HEADER, strlen(DATAFILE_HEADER)) != 0) {
        fprintf(stderr, "error: cannot write %s: %s\n", path, strerror(errno));
        rc = -1;
    } else if (st.st_size > 0)
        rc = resume_file(fd, path, st.st_size, done, games);
    if (rc != 0) {
        close(fd);
        return -1;
    }
    return fd;
}
