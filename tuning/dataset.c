#include "dataset.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/tfen.h"
#include "eval/trace.h"
#include "util/parse.h"
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

/* "tfen;result;score;game": splits at the last three ';'. */
static bool parse_line(char *line, char **tfen, double *result, long *score, long *game)
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

static int load_file(Dataset *ds, const char *path, int validation_every, uint64_t max)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        fprintf(stderr, "error: cannot read %s: %s\n", path, strerror(errno));
        return -1;
    }
    Position *pos = xmalloc(sizeof *pos);
    EvalTrace *t = xmalloc(sizeof *t);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0;
    int rc = 0;
    while ((len = getline(&line, &cap, in)) > 0 && (!max || ds->nsamples < max)) {
        lineno++;
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (line[0] == '#') {
            if (strncmp(line, "#game ", 6) == 0)
                ds->games++;
            continue;
        }
        if (!len)
            continue;
        char *tfen, err[200];
        double result;
        long score, game;
        position_clear(pos, ruleset_default());
        if (!parse_line(line, &tfen, &result, &score, &game) ||
            tfen_parse(pos, tfen, err, sizeof err) != 0) {
            fprintf(stderr, "error: %s:%ld: not a data line (tfen;result;score;game)\n", path, lineno);
            rc = -1;
            break;
        }
        eval_trace(pos, t);
        add_sample(ds, t, (float)result, (float)score, game % validation_every == 0);
    }
    free(line);
    free(t);
    free(pos);
    fclose(in);
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
