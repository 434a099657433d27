#include "resume.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "util/strutil.h"

static FILE *open_file(const char *path, char *err, size_t errsz)
{
    FILE *f = fopen(path, "r");
    if (!f)
        snprintf(err, errsz, "--resume: cannot read %s: %s", path, strerror(errno));
    return f;
}

/* The next header line of f (no comments, no blank lines, no line end); false at the end of
   the header (the first game line) or of the file. */
static bool header_line(FILE *f, char *line, size_t n)
{
    while (fgets(line, (int)n, f)) {
        line[strcspn(line, "\r\n")] = '\0';
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
            snprintf(err, errsz,
                     "--resume: %s is another match: it has '%s' where this one has '%.*s' "
                     "(give the command line of the interrupted match)",
                     path, have ? line : "(end of header)", *p ? (int)n : 16,
                     *p ? p : "(end of header)");
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
