#include "resume.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "platform/files.h"
#include "util/strutil.h"

static FILE *open_file(const char *path, char *err, size_t errsz)
{
    FILE *f = fopen(path, "r");
    if (!f)
        snprintf(err, errsz, "--resume: cannot read %s: %s", path, strerror(errno));
    return f;
}

/* The next header line of f (no comments, no blank lines, no line end); false at the end of
   the header (the first game line) or of the file (an incomplete last line is not in it),
   or at a line too long or a read error (the header then differs from any match's). */
static bool header_line(FILE *f, char *line, size_t n)
{
    while (results_line(f, line, n) == 1) {
        if (!line[0] || line[0] == '#')
            continue;
        return strncmp(line, "game ", 5) != 0;
    }
    return false;
}

int resume_seed(const char *path, MatchConfig *cfg, char *err, size_t errsz)
{
    FILE *f = open_file(path, err, errsz);
    if (!f)
        return -1;
    char line[2048];
    int rc = -1;
    snprintf(err, errsz, "--resume: %s has no seed line: not a kaki-match result file", path);
    while (header_line(f, line, sizeof line)) {
        unsigned long long seed;
        char end;
        if (sscanf(line, "seed %llu%c", &seed, &end) != 1)
            continue;
        if (cfg->seed_given && cfg->seed != seed)
            snprintf(err, errsz, "--resume: %s is the match with seed %llu, not --seed %llu",
                     path, seed, (unsigned long long)cfg->seed);
        else {
            cfg->seed = seed;
            cfg->seed_given = true;
            rc = 0;
        }
        break;
    }
    fclose(f);
    return rc;
}

int resume_check_header(const char *path, const char *expected, char *err, size_t errsz)
{
    FILE *f = open_file(path, err, errsz);
    if (!f)
        return -1;
    char line[2048];
    const char *p = expected;
    int rc = 0;
    for (;;) {
        bool have = header_line(f, line, sizeof line);
        size_t n = strcspn(p, "\n");
        if (!have && !*p)
            break;
        if (!have || !*p || strlen(line) != n || strncmp(line, p, n) != 0) {
            bool positions = have && strncmp(line, "openings-positions ", 19) == 0 &&
                             strncmp(p, "openings-positions ", 19) == 0;
            snprintf(err, errsz,
                     "--resume: %s is another match: it has '%s' where this one has '%.*s' "
                     "(%s)",
                     path, have ? line : "(end of header)", *p ? (int)n : 16,
                     *p ? p : "(end of header)",
                     positions ? "the positions of the openings file are not those the match "
                                 "was played with"
                               : "give the command line of the interrupted match");
            rc = -1;
            break;
        }
        p += n + (p[n] == '\n');
    }
    fclose(f);
    return rc;
}

int resume_games(const char *path, ResultSet *out, char *err, size_t errsz)
{
    int dups = 0;
    char e2[600];
    if (results_read(path, out, &dups, e2, sizeof e2) != 0) {
        snprintf(err, errsz, "--resume: %s", e2);
        return -1;
    }
    if (dups)
        msg("warning: --resume: %s has %d games twice; counted once", path, dups);
    return 0;
}

int resume_cut_incomplete(const char *path, char *err, size_t errsz)
{
    int fd = platform_open_rw(path);
    int64_t size = 0;
    bool regular;
    if (fd < 0 || !platform_file_size(fd, &size, &regular)) {
        snprintf(err, errsz, "--resume: cannot open %s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    int64_t end = size, keep = 0; /* after the last newline */
    char buf[4096];
    while (end > 0 && keep == 0) {
        size_t n = end < (int64_t)sizeof buf ? (size_t)end : sizeof buf;
        if (platform_pread(fd, buf, n, end - (int64_t)n) != (long)n) {
            snprintf(err, errsz, "--resume: cannot read %s: %s", path, strerror(errno));
            close(fd);
            return -1;
        }
        for (size_t i = n; i > 0 && keep == 0; i--)
            if (buf[i - 1] == '\n')
                keep = end - (int64_t)n + (int64_t)i;
        end -= (int64_t)n;
    }
    int rc = 0;
    if (keep < size) {
        msg("kaki-match: --resume: cutting off the incomplete last line of %s (%lld bytes: a "
            "record cut short or NUL bytes a crash left)", path, (long long)(size - keep));
        if (platform_truncate(fd, keep) != 0) {
            snprintf(err, errsz, "--resume: cannot cut %s: %s", path, strerror(errno));
            rc = -1;
        }
    }
    close(fd);
    return rc;
}

void resume_check_pgn(const char *path, const bool *finished, int nmax)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return; /* no PGN yet: nothing to check */
    char line[4096];
    int round;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "[Round \"%d\"]", &round) == 1 &&
            (round < 1 || round > nmax || !finished[round - 1]))
            msg("warning: --resume: %s has game %d, which the result file lacks: it is played "
                "again and will be in the PGN twice", path, round);
    fclose(f);
}
