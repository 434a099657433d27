/* The trainer's checkpoints (nnue_ckpt.h). */
#include "nnue_ckpt.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strutil.h"

#define CKPT_MAGIC "KAKINNCK"
#define CKPT_VERSION 3

void train_state_new(TrainState *s, size_t nparams, size_t nrows, int max_epochs)
{
    *s = (TrainState){.nparams = nparams, .nrows = nrows, .max_epochs = max_epochs, .best_loss = 1e30};
    s->p = xcalloc(nparams, sizeof(float));
    s->m = xcalloc(nparams, sizeof(float));
    s->v = xcalloc(nparams, sizeof(float));
    s->best = xcalloc(nparams, sizeof(float));
    s->used = xcalloc(nrows, 1);
    s->loss_train = xcalloc((size_t)max_epochs + 1, sizeof(double));
    s->loss_valid = xcalloc((size_t)max_epochs + 1, sizeof(double));
}

void train_state_free(TrainState *s)
{
    free(s->p);
    free(s->m);
    free(s->v);
    free(s->best);
    free(s->used);
    free(s->loss_train);
    free(s->loss_valid);
    *s = (TrainState){0};
}

static void set_err(char *err, size_t errsz, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void set_err(char *err, size_t errsz, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && errsz)
        vsnprintf(err, errsz, fmt, ap);
    va_end(ap);
}

/* A file read or written in pieces, with the running FNV-1a of its bytes. */
typedef struct Io {
    FILE *f;
    uint32_t fnv;
    bool ok;
} Io;

static void hash(Io *io, const void *data, size_t n)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < n; i++)
        io->fnv = (io->fnv ^ p[i]) * 16777619u;
}
static void put(Io *io, const void *data, size_t n)
{
    if (io->ok && fwrite(data, 1, n, io->f) != n)
        io->ok = false;
    hash(io, data, n);
}
static void get(Io *io, void *data, size_t n)
{
    if (io->ok && fread(data, 1, n, io->f) != n)
        io->ok = false;
    if (io->ok)
        hash(io, data, n);
}

/* The counters, in file order. */
typedef struct Counters {
    uint64_t nparams, nrows, step;
    int32_t epoch, best_epoch;
    double best_loss;
} Counters;

static void put_arrays(Io *io, const TrainState *s)
{
    put(io, s->loss_train, ((size_t)s->epoch + 1) * sizeof(double));
    put(io, s->loss_valid, ((size_t)s->epoch + 1) * sizeof(double));
    put(io, s->p, s->nparams * sizeof(float));
    put(io, s->m, s->nparams * sizeof(float));
    put(io, s->v, s->nparams * sizeof(float));
    put(io, s->best, s->nparams * sizeof(float));
    put(io, s->used, s->nrows);
}

int ckpt_save(const char *path, const CkptKey *key, const TrainState *s, char *err, size_t errsz)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
        set_err(err, errsz, "checkpoint path too long");
        return -1;
    }
    Io io = {.f = fopen(tmp, "wb"), .fnv = 2166136261u, .ok = true};
    if (!io.f) {
        set_err(err, errsz, "cannot write %s: %s", tmp, strerror(errno));
        return -1;
    }
    uint32_t version = CKPT_VERSION;
    Counters c = {s->nparams, s->nrows, s->step, s->epoch, s->best_epoch, s->best_loss};
    put(&io, CKPT_MAGIC, 8);
    put(&io, &version, sizeof version);
    put(&io, key, sizeof *key);
    put(&io, &c, sizeof c);
    put_arrays(&io, s);
    uint32_t sum = io.fnv;
    put(&io, &sum, sizeof sum);
    bool ok = io.ok;
    ok = fclose(io.f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        set_err(err, errsz, "cannot write %s: %s", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

/* The first setting in which a and b differ, or NULL. */
static const char *key_diff(const CkptKey *a, const CkptKey *b)
{
    if (a->hidden != b->hidden)
        return "--hidden";
    if (a->activation != b->activation)
        return "--activation";
    if (a->factor != b->factor)
        return "--factor";
    if (a->mirror != b->mirror)
        return "--mirror";
    if (a->init != b->init || a->init_net != b->init_net)
        return "--init";
    if (a->batch != b->batch)
        return "--batch";
    if (a->threads != b->threads)
        return "--threads";
    if (a->validation_every != b->validation_every)
        return "--validation-every";
    if (a->data_fingerprint != b->data_fingerprint || a->ntrain != b->ntrain || a->nvalid != b->nvalid)
        return "the data";
    if (a->seed != b->seed)
        return "--seed";
    if (a->rate != b->rate)
        return "--rate";
    if (a->lambda != b->lambda)
        return "--lambda";
    if (a->decay != b->decay)
        return "--decay";
    if (a->scale != b->scale)
        return "--scale";
    return NULL;
}

int ckpt_load(const char *path, const CkptKey *key, TrainState *s, char *err, size_t errsz)
{
    Io io = {.f = fopen(path, "rb"), .fnv = 2166136261u, .ok = true};
    if (!io.f) {
        if (errno == ENOENT)
            return 1;
        set_err(err, errsz, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    char magic[8] = "";
    uint32_t version = 0;
    CkptKey saved;
    Counters c;
    memset(&saved, 0, sizeof saved);
    memset(&c, 0, sizeof c);
    get(&io, magic, 8);
    get(&io, &version, sizeof version);
    get(&io, &saved, sizeof saved);
    get(&io, &c, sizeof c);
    const char *diff = NULL;
    int rc = -1;
    if (!io.ok || memcmp(magic, CKPT_MAGIC, 8) != 0 || version != CKPT_VERSION)
        set_err(err, errsz, "%s: not a checkpoint of this kaki-tune", path);
    else if ((diff = key_diff(&saved, key)) != NULL)
        set_err(err, errsz, "%s: a checkpoint of another run (%s differs)", path, diff);
    else if (c.nparams != s->nparams || c.nrows != s->nrows || c.epoch < 0 || c.epoch > 1000000 ||
             c.best_epoch < 0 || c.best_epoch > c.epoch)
        set_err(err, errsz, "%s: damaged checkpoint", path);
    else {
        if (c.epoch > s->max_epochs) {
            s->max_epochs = c.epoch;
            s->loss_train = xrealloc(s->loss_train, ((size_t)c.epoch + 1) * sizeof(double));
            s->loss_valid = xrealloc(s->loss_valid, ((size_t)c.epoch + 1) * sizeof(double));
        }
        s->step = c.step;
        s->epoch = c.epoch;
        s->best_epoch = c.best_epoch;
        s->best_loss = c.best_loss;
        get(&io, s->loss_train, ((size_t)c.epoch + 1) * sizeof(double));
        get(&io, s->loss_valid, ((size_t)c.epoch + 1) * sizeof(double));
        get(&io, s->p, s->nparams * sizeof(float));
        get(&io, s->m, s->nparams * sizeof(float));
        get(&io, s->v, s->nparams * sizeof(float));
        get(&io, s->best, s->nparams * sizeof(float));
        get(&io, s->used, s->nrows);
        uint32_t want = io.fnv, sum = 0;
        char extra;
        get(&io, &sum, sizeof sum);
        if (!io.ok || sum != want || fread(&extra, 1, 1, io.f) != 0)
            set_err(err, errsz, "%s: damaged or truncated checkpoint", path);
        else
            rc = 0;
    }
    fclose(io.f);
    return rc;
}
