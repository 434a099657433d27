#include "dataset.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/tfen.h"
#include "datafile.h"
#include "eval/trace.h"
#include "util/strutil.h"

static void add_sample(Dataset *ds, const EvalTrace *t, float result, float score, bool valid)
{
    if (ds->nsamples == ds->cap) {
        ds->cap = ds->cap ? ds->cap * 2 : 1 << 16;
        ds->samples = xrealloc(ds->samples, ds->cap * sizeof *ds->samples);
    }
    if (ds->nentries + FEATURE_COUNT > ds->entries_cap) {
        ds->entries_cap = ds->entries_cap ? ds->entries_cap * 2 : 1 << 22;
        ds->entries = xrealloc(ds->entries, ds->entries_cap * sizeof *ds->entries);
    }
    Sample *s = &ds->samples[ds->nsamples++];
    *s = (Sample){.first = (uint32_t)ds->nentries, .phase = (uint16_t)t->phase,
                  .result = result, .score = score, .validation = valid};
    for (int f = 0; f < FEATURE_COUNT; f++) {
        int d = t->coef[f][0] - t->coef[f][1];
        if (d)
            ds->entries[ds->nentries++] = (Entry){(uint16_t)f, (int16_t)d};
    }
    s->n = (uint16_t)(ds->nentries - s->first);
    if (valid)
        ds->nvalid++;
    else
        ds->ntrain++;
}

/* A data line (len bytes, its newline cut off) into a sample; false if it is not one. */
static bool add_line(Dataset *ds, char *line, size_t len, int validation_every, Position *pos,
                     EvalTrace *t)
{
    char *tfen, err[200];
    double result;
    long score, game;
    if (memchr(line, '\0', len))
        return false; /* NUL bytes: not text */
    position_clear(pos, ruleset_default());
    if (!datafile_fields(line, &tfen, &result, &score, &game) ||
        tfen_parse(pos, tfen, err, sizeof err) != 0)
        return false;
    eval_trace(pos, t);
    add_sample(ds, t, (float)result, (float)score, game % validation_every == 0);
    return true;
}

static int load_file(Dataset *ds, const char *path, int validation_every, uint64_t max)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        fprintf(stderr, "error: cannot read %s: %s\n", path, strerror(errno));
        return -1;
    }
    Position *pos = xmalloc(sizeof *pos);
    EvalTrace *t = xmalloc(sizeof *t);
    char *line = xmalloc(DATAFILE_LINE_MAX + 1);
    size_t len;
    long lineno = 0;
    int r, rc = 0;
    while ((!max || ds->nsamples < max) && (r = datafile_line(in, line, &len)) != 0) {
        lineno++;
        if (r == -1) {
            fprintf(stderr, "error: cannot read %s: %s\n", path, strerror(errno));
            rc = -1;
            break;
        }
        if (r == -2) {
            fprintf(stderr, "error: %s:%ld: a line longer than %d bytes: not kaki-tune data\n",
                    path, lineno, DATAFILE_LINE_MAX);
            rc = -1;
            break;
        }
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (line[0] == '#') {
            if (strncmp(line, "#game ", 6) == 0)
                ds->games++;
            continue;
        }
        if (len && !add_line(ds, line, len, validation_every, pos, t)) {
            fprintf(stderr, "error: %s:%ld: not a data line (tfen;result;score;game)\n", path, lineno);
            rc = -1;
            break;
        }
    }
    free(line);
    free(t);
    free(pos);
    if (fclose(in) != 0 && rc == 0) {
        fprintf(stderr, "error: cannot read %s: %s\n", path, strerror(errno));
        rc = -1;
    }
    return rc;
}

int dataset_load(Dataset *ds, const char *const *files, int nfiles, int validation_every,
                 uint64_t max_positions)
{
    for (int i = 0; i < nfiles; i++)
        if (load_file(ds, files[i], validation_every, max_positions) != 0)
            return -1;
    if (ds->ntrain == 0 || ds->nvalid == 0) {
        fprintf(stderr, "error: need both training and validation positions (have %u and %u)\n",
                ds->ntrain, ds->nvalid);
        return -1;
    }
    return 0;
}

void dataset_free(Dataset *ds)
{
    free(ds->samples);
    free(ds->entries);
    *ds = (Dataset){0};
}
