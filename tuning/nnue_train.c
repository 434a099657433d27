/* The NNUE trainer (nnue_train.h).
 *
 * A batch is split into `threads` equal consecutive parts; each thread adds the gradient of its
 * part into its own buffer (sparse: only the rows of its positions' features).  The buffers are
 * then summed row by row in thread order, the rows divided among the threads by kind (256 rows
 * each, so that each thread also owns the factoriser rows of its kinds), and Adam updates the
 * parameters.  The result depends on the number of threads (the order of the sums), never on
 * timing: the same data, options and thread count give the same net bit for bit. */
#include "nnue_train.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/nnue.h"
#include "nnue_ckpt.h"
#include "nnue_data.h"
#include "nnue_model.h"
#include "util/clock.h"
#include "util/strutil.h"

#define MAX_THREADS 64
#define ADAM_B1 0.9
#define ADAM_B2 0.999
#define ADAM_EPS 1e-8

TrainConfig train_config_default(void)
{
    return (TrainConfig){.hidden = 64, .activation = NNUE_SCRELU, .init = NN_INIT_MATERIAL,
                         .epochs = 20, .batch = 4096, .threads = 2, .validation_every = 10,
                         .factor = true, .rate = 0.001, .lambda = 0.5, .scale = 10000, .decay = 100, .seed = 1};
}

/* One thread's share of a batch. */
typedef struct Slot {
    float *grad;      /* nparams */
    uint8_t *touched; /* NNUE_INPUTS */
    NnWork work;
    double loss;
    /* the quantisation check */
    double abs_sum, qloss;
    int64_t abs_max;
    uint64_t overflows;
} Slot;

typedef struct Trainer {
    const TrainConfig *cfg;
    PackData data;
    uint64_t *train, *valid, ntrain, nvalid;
    NnModel model;       /* model.p is state.p */
    TrainState state;
    float *merged;       /* the forward pass's rows, with the factoriser */
    Slot slot[MAX_THREADS];
    int nthreads;
    /* the current job */
    const uint64_t *list;
    uint64_t from, count;
    float lambda, inv_batch;
    const NnueNet *qnet;
    NnueNet *start_net;  /* --init NET: the net to start from */
    uint32_t start_fp;   /* its fingerprint (CkptKey.init_net) */
} Trainer;

typedef struct Job {
    Trainer *t;
    int index;
    void (*fn)(Trainer *, int);
} Job;

static void *job_main(void *arg)
{
    Job *j = arg;
    j->fn(j->t, j->index);
    return NULL;
}

/* Runs fn(t, 0 .. nthreads - 1), the first in this thread. */
static void run_threads(Trainer *t, void (*fn)(Trainer *, int))
{
    pthread_t id[MAX_THREADS];
    Job jobs[MAX_THREADS];
    bool started[MAX_THREADS] = {false};
    for (int i = 0; i < t->nthreads; i++)
        jobs[i] = (Job){t, i, fn};
    for (int i = 1; i < t->nthreads; i++)
        started[i] = pthread_create(&id[i], NULL, job_main, &jobs[i]) == 0;
    fn(t, 0);
    for (int i = 1; i < t->nthreads; i++) {
        if (started[i])
            pthread_join(id[i], NULL);
        else
            fn(t, i); /* no thread: the same work here, the same result */
    }
}

/* The part of [0, n) that thread i of k owns. */
static void share(uint64_t n, int i, int k, uint64_t *lo, uint64_t *hi)
{
    *lo = n * (uint64_t)i / (uint64_t)k;
    *hi = n * (uint64_t)(i + 1) / (uint64_t)k;
}

static const float *rows(const Trainer *t) { return nn_rows(&t->model, t->merged); }

/* The loss of output out for pos against the current target (t->lambda, --scale). */
static float pos_loss(const Trainer *t, const PackPos *pos, float out, float *dout)
{
    float scale = (float)t->cfg->scale;
    return nn_loss(out, nn_target(pos, t->lambda, scale), scale, dout);
}

/* ---- one batch ---- */

static uint64_t splitmix(uint64_t *s);

/* Is position i read mirrored (files turned) in the current epoch?  The rules are symmetric
   left to right (every piece moves alike to both sides, and perft agrees on a position and
   its mirror image), so the mirror image is another training position with the same target:
   twice the data for free.  Drawn from (seed, epoch, i): the run stays reproducible. */
static bool mirrored(const Trainer *t, uint64_t i)
{
    uint64_t s = (t->cfg->seed * 0x9E3779B97F4A7C15ULL ^ (uint64_t)t->state.epoch << 40) + i;
    return splitmix(&s) & 1;
}

static void batch_gradient(Trainer *t, int i)
{
    Slot *s = &t->slot[i];
    uint64_t lo, hi;
    share(t->count, i, t->nthreads, &lo, &hi);
    s->loss = 0;
    for (uint64_t k = lo; k < hi; k++) {
        PackPos pos;
        pack_pos(&t->data, t->list[t->from + k], &pos);
        pos.flip = t->cfg->mirror && mirrored(t, t->list[t->from + k]);
        float out = nn_forward(&t->model, rows(t), &pos, &s->work), dout;
        s->loss += pos_loss(t, &pos, out, &dout);
        nn_backward(&t->model, &pos, &s->work, dout * t->inv_batch, s->grad, s->touched);
    }
}

static void adam(float *p, const float *g, float *m, float *v, size_t n, float lr, float eps)
{
    const float b1 = (float)ADAM_B1, b2 = (float)ADAM_B2;
    for (size_t i = 0; i < n; i++) {
        m[i] = b1 * m[i] + (1 - b1) * g[i];
        v[i] = b2 * v[i] + (1 - b2) * g[i] * g[i];
        p[i] -= lr * m[i] / (sqrtf(v[i]) + eps);
    }
}

/* Adam's step size and epsilon for step t, the bias corrections folded in. */
static void adam_rates(const Trainer *t, float *lr, float *eps)
{
    double step = (double)t->state.step + 1;
    double c1 = 1 - pow(ADAM_B1, step), c2 = sqrt(1 - pow(ADAM_B2, step));
    *lr = (float)(t->cfg->rate * c2 / c1);
    *eps = (float)(ADAM_EPS * c2);
}

/* The rows of thread i's kinds: sum the buffers, the factoriser's gradient, Adam, the merged
   rows. */
static void batch_update_rows(Trainer *t, int i)
{
    NnModel *m = &t->model;
    TrainState *st = &t->state;
    size_t h = (size_t)m->h;
    float lr, eps;
    adam_rates(t, &lr, &eps);
    /* decoupled weight decay of the feature rows (not the factoriser's) */
    const float shrink = (float)(1 - t->cfg->rate * t->cfg->decay);
    uint64_t k0, k1;
    share(NN_FK_ROWS, i, t->nthreads, &k0, &k1);
    Slot *s0 = &t->slot[0];
    for (size_t f = k0 * SQUARE_COUNT; f < k1 * SQUARE_COUNT; f++)
        for (int j = 1; j < t->nthreads; j++) {
            Slot *s = &t->slot[j];
            if (!s->touched[f])
                continue;
            float *a = s0->grad + f * h, *b = s->grad + f * h;
            for (size_t x = 0; x < h; x++)
                a[x] += b[x];
            memset(b, 0, h * sizeof *b);
            s->touched[f] = 0;
            s0->touched[f] = 1;
        }
    if (m->factor) {
        nn_factor_grad(m, s0->grad, s0->touched, (int)k0, (int)k1);
        size_t o = m->o_fk + k0 * h, n = (k1 - k0) * h;
        adam(m->p + o, s0->grad + o, st->m + o, st->v + o, n, lr, eps);
        nn_clip(m, o, o + n);
    }
    for (size_t f = k0 * SQUARE_COUNT; f < k1 * SQUARE_COUNT; f++) {
        if (s0->touched[f])
            st->used[f] = 1;
        if (!st->used[f])
            continue; /* never touched: no gradient, no moments, no move */
        size_t o = f * h;
        if (shrink != 1.0f)
            for (size_t x = 0; x < h; x++)
                m->p[o + x] *= shrink;
        adam(m->p + o, s0->grad + o, st->m + o, st->v + o, h, lr, eps);
        nn_clip(m, o, o + h);
        if (s0->touched[f]) {
            memset(s0->grad + o, 0, h * sizeof(float));
            s0->touched[f] = 0;
        }
    }
    if (m->factor)
        for (size_t f = k0 * SQUARE_COUNT; f < k1 * SQUARE_COUNT; f++) {
            const float *a = m->p + f * h, *b = m->p + m->o_fk + (f / SQUARE_COUNT) * h;
            float *o = t->merged + f * h;
            for (size_t x = 0; x < h; x++)
                o[x] = a[x] + b[x];
        }
}

/* Biases and output weights: few, summed and updated here. */
static void batch_update_dense(Trainer *t)
{
    NnModel *m = &t->model;
    size_t o = m->o_bias, n = m->nparams - o;
    float *g = t->slot[0].grad;
    for (int j = 1; j < t->nthreads; j++) {
        float *b = t->slot[j].grad;
        for (size_t x = o; x < o + n; x++) {
            g[x] += b[x];
            b[x] = 0;
        }
    }
    float lr, eps;
    adam_rates(t, &lr, &eps);
    adam(m->p + o, g + o, t->state.m + o, t->state.v + o, n, lr, eps);
    nn_clip(m, o, o + n);
    memset(g + o, 0, n * sizeof *g);
}

/* One step on list[from .. from + count); returns the sum of the positions' losses. */
static double train_batch(Trainer *t, const uint64_t *list, uint64_t from, uint64_t count)
{
    t->list = list;
    t->from = from;
    t->count = count;
    t->inv_batch = 1.0f / (float)count;
    run_threads(t, batch_gradient);
    double loss = 0;
    for (int i = 0; i < t->nthreads; i++)
        loss += t->slot[i].loss;
    run_threads(t, batch_update_rows);
    batch_update_dense(t);
    t->state.step++;
    return loss;
}

/* ---- losses and the quantisation check ---- */

static void loss_part(Trainer *t, int i)
{
    Slot *s = &t->slot[i];
    uint64_t lo, hi;
    share(t->count, i, t->nthreads, &lo, &hi);
    s->loss = 0;
    for (uint64_t k = lo; k < hi; k++) {
        PackPos pos;
        pack_pos(&t->data, t->list[k], &pos);
        s->loss += pos_loss(t, &pos, nn_forward(&t->model, rows(t), &pos, &s->work), NULL);
    }
}

/* Mean loss over list[0 .. n) against the target of lambda. */
static double mean_loss_lambda(Trainer *t, const uint64_t *list, uint64_t n, float lambda)
{
    float keep = t->lambda;
    t->lambda = lambda;
    t->list = list;
    t->count = n;
    run_threads(t, loss_part);
    t->lambda = keep;
    double sum = 0;
    for (int i = 0; i < t->nthreads; i++)
        sum += t->slot[i].loss;
    return sum / (double)n;
}

static double mean_loss(Trainer *t, const uint64_t *list, uint64_t n)
{
    return mean_loss_lambda(t, list, n, t->lambda);
}

/* The validation loss against the results alone and the scores alone: comparable between
   runs of different lambdas. */
static void print_pure_losses(Trainer *t, const char *what)
{
    printf("%s: validation loss against the results %.6f, against the scores %.6f\n", what,
           mean_loss_lambda(t, t->valid, t->nvalid, 0), mean_loss_lambda(t, t->valid, t->nvalid, 1));
}

static void quant_part(Trainer *t, int i)
{
    Slot *s = &t->slot[i];
    uint64_t lo, hi;
    share(t->count, i, t->nthreads, &lo, &hi);
    s->abs_sum = s->qloss = 0;
    s->abs_max = 0;
    s->overflows = 0;
    for (uint64_t k = lo; k < hi; k++) {
        PackPos pos;
        pack_pos(&t->data, t->list[k], &pos);
        double fcp = (double)nn_forward(&t->model, rows(t), &pos, &s->work) * NNUE_SCALE;
        bool over;
        int64_t qcp = nn_quant_eval(t->qnet, &pos, &over);
        double d = fabs(fcp - (double)qcp);
        s->abs_sum += d;
        if ((int64_t)ceil(d) > s->abs_max)
            s->abs_max = (int64_t)ceil(d);
        s->overflows += over;
        s->qloss += pos_loss(t, &pos, (float)qcp / NNUE_SCALE, NULL);
    }
}

/* Float against quantised over the validation positions. */
static void quant_report(Trainer *t, const NnueNet *net, long clipped)
{
    t->qnet = net;
    t->list = t->valid;
    t->count = t->nvalid;
    run_threads(t, quant_part);
    double sum = 0, qloss = 0;
    int64_t max = 0;
    uint64_t over = 0;
    for (int i = 0; i < t->nthreads; i++) {
        sum += t->slot[i].abs_sum;
        qloss += t->slot[i].qloss;
        max = t->slot[i].abs_max > max ? t->slot[i].abs_max : max;
        over += t->slot[i].overflows;
    }
    printf("quantised: |float cp - quantised cp| over the validation positions: mean %.2f, "
           "max %lld; quantised validation loss %.6f; %ld weights clamped, %llu positions "
           "overflowing an int16 accumulator\n",
           sum / (double)t->nvalid, (long long)max, qloss / (double)t->nvalid, clipped,
           (unsigned long long)over);
}

/* ---- the run ---- */

static int load_data(Trainer *t)
{
    char err[512];
    double t0 = mono_seconds();
    if (pack_load(&t->data, t->cfg->data, t->cfg->ndata, err, sizeof err) != 0) {
        fprintf(stderr, "error: %s\n", err);
        return -1;
    }
    t->train = xmalloc((size_t)(t->data.n + 1) * sizeof *t->train);
    t->valid = xmalloc((size_t)(t->data.n + 1) * sizeof *t->valid);
    for (uint64_t i = 0; i < t->data.n; i++) {
        PackPos p;
        pack_pos(&t->data, i, &p);
        if (p.game % (uint32_t)t->cfg->validation_every == 0)
            t->valid[t->nvalid++] = i;
        else
            t->train[t->ntrain++] = i;
    }
    if (t->ntrain == 0 || t->nvalid == 0) {
        fprintf(stderr, "error: need both training and validation positions (have %llu and %llu)\n",
                (unsigned long long)t->ntrain, (unsigned long long)t->nvalid);
        return -1;
    }
    printf("data: %llu positions of %llu games (%llu training, %llu validation: games = 0 mod %d), "
           "read in %.1f s\n", (unsigned long long)t->data.n, (unsigned long long)t->data.games,
           (unsigned long long)t->ntrain, (unsigned long long)t->nvalid, t->cfg->validation_every,
           mono_seconds() - t0);
    return 0;
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Epoch e's order of the training positions: a shuffle drawn from (seed, e). */
static void epoch_order(const Trainer *t, int epoch, uint64_t *order)
{
    uint64_t s = t->cfg->seed * 0x2545F4914F6CDD1DULL + (uint64_t)epoch;
    memcpy(order, t->train, (size_t)t->ntrain * sizeof *order);
    for (uint64_t i = t->ntrain - 1; i > 0; i--) {
        uint64_t j = splitmix(&s) % (i + 1), x = order[i];
        order[i] = order[j];
        order[j] = x;
    }
}

static CkptKey run_key(const Trainer *t)
{
    const TrainConfig *c = t->cfg;
    CkptKey k;
    memset(&k, 0, sizeof k);
    k.hidden = (uint32_t)c->hidden;
    k.activation = (uint32_t)c->activation;
    k.factor = c->factor;
    k.mirror = c->mirror;
    k.init = (uint32_t)c->init;
    k.init_net = t->start_fp;
    k.batch = (uint32_t)c->batch;
    k.threads = (uint32_t)c->threads;
    k.validation_every = (uint32_t)c->validation_every;
    k.data_fingerprint = t->data.fingerprint;
    k.seed = c->seed;
    k.ntrain = t->ntrain;
    k.nvalid = t->nvalid;
    k.rate = c->rate;
    k.lambda = c->lambda;
    k.decay = c->decay;
    k.scale = c->scale;
    return k;
}

static void write_loss_log(const Trainer *t)
{
    FILE *f = fopen(t->cfg->loss_log, "w");
    if (!f) {
        fprintf(stderr, "warning: cannot write %s: %s\n", t->cfg->loss_log, strerror(errno));
        return;
    }
    fprintf(f, "# epoch training validation (kaki-tune train, H %d, lambda %g)\n", t->cfg->hidden,
            t->cfg->lambda);
    for (int e = 0; e <= t->state.epoch; e++)
        fprintf(f, "%d %.7f %.7f\n", e, t->state.loss_train[e], t->state.loss_valid[e]);
    fclose(f);
}

static void end_epoch(Trainer *t, double train_loss, double seconds)
{
    TrainState *st = &t->state;
    double valid = mean_loss(t, t->valid, t->nvalid);
    int e = st->epoch;
    st->loss_train[e] = train_loss;
    st->loss_valid[e] = valid;
    if (valid < st->best_loss) {
        st->best_loss = valid;
        st->best_epoch = e;
        memcpy(st->best, st->p, st->nparams * sizeof *st->p);
    }
    printf("epoch %3d  training loss %.6f  validation loss %.6f", e, train_loss, valid);
    if (e > 0)
        printf("  %.1f s, %.0f positions/s", seconds, (double)t->ntrain / seconds);
    printf("\n");
    fflush(stdout);
    if (t->cfg->loss_log)
        write_loss_log(t);
}

/* --init NET: the net to start from (a file, or "builtin", the engine's built-in net) and the
   FNV-1a of its bytes as written, which a checkpoint must match. */
static int load_start_net(Trainer *t)
{
    const char *name = t->cfg->init_net;
    char err[512];
    size_t size;
    const uint8_t *data = nnue_builtin_data(&size);
    t->start_net = strcmp(name, "builtin") == 0 ? nnue_net_read(data, size, err, sizeof err)
                                                : nnue_net_load(name, err, sizeof err);
    if (!t->start_net) {
        fprintf(stderr, "error: --init %s: %s\n", name, err);
        return -1;
    }
    uint8_t *bytes = nnue_net_write(t->start_net, &size);
    if (!bytes) {
        fprintf(stderr, "error: --init %s: the net cannot be written back\n", name);
        return -1;
    }
    t->start_fp = nnue_fnv1a(bytes, size);
    free(bytes);
    return 0;
}

/* The starting parameters: a net's, or nn_model_init's. */
static int init_model(Trainer *t)
{
    const TrainConfig *c = t->cfg;
    if (c->init != NN_INIT_NET) {
        nn_model_init(&t->model, c->seed, c->init);
        return 0;
    }
    char err[512];
    if (nn_model_from_net(&t->model, t->start_net, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, "error: --init %s: %s\n", c->init_net, err);
    return -1;
}

/* The state at epoch 0, or the checkpoint's. */
static int start(Trainer *t)
{
    const TrainConfig *c = t->cfg;
    TrainState *st = &t->state;
    if (c->init == NN_INIT_NET && load_start_net(t) != 0)
        return -1;
    nn_model_new(&t->model, c->hidden, c->activation, c->factor);
    train_state_new(st, t->model.nparams, NNUE_INPUTS, c->epochs);
    free(t->model.p);
    t->model.p = st->p;
    if (c->factor)
        t->merged = xcalloc((size_t)NNUE_INPUTS * (size_t)c->hidden, sizeof(float));
    for (int i = 0; i < t->nthreads; i++) {
        t->slot[i].grad = xcalloc(t->model.nparams, sizeof(float));
        t->slot[i].touched = xcalloc(NNUE_INPUTS, 1);
        nn_work_new(&t->slot[i].work, c->hidden);
    }
    if (c->resume && c->checkpoint) {
        char err[512];
        CkptKey key = run_key(t);
        int rc = ckpt_load(c->checkpoint, &key, st, err, sizeof err);
        if (rc < 0) {
            fprintf(stderr, "error: %s\n", err);
            return -1;
        }
        if (rc == 0) {
            nn_merge_rows(&t->model, t->merged, NULL);
            printf("resumed from %s after epoch %d (best so far: epoch %d, validation loss %.6f)\n",
                   c->checkpoint, st->epoch, st->best_epoch, st->best_loss);
            return 0;
        }
        printf("no checkpoint %s yet: starting\n", c->checkpoint);
    }
    if (init_model(t) != 0)
        return -1;
    nn_merge_rows(&t->model, t->merged, NULL);
    print_pure_losses(t, "the starting net");
    end_epoch(t, mean_loss(t, t->train, t->ntrain), 0);
    return 0;
}

static int write_net(Trainer *t)
{
    const TrainConfig *c = t->cfg;
    TrainState *st = &t->state;
    memcpy(st->p, st->best, st->nparams * sizeof *st->p);
    nn_merge_rows(&t->model, t->merged, NULL);
    char desc[NNUE_DESC_SIZE + 1];
    snprintf(desc, sizeof desc, "kaki-tune train: %llu positions, H %d, lambda %g, epoch %d",
             (unsigned long long)t->data.n, c->hidden, c->lambda, st->best_epoch);
    long clipped;
    NnueNet *net = nn_quantise(&t->model, desc, &clipped);
    if (!net) {
        fprintf(stderr, "error: cannot make the net (out of memory?)\n");
        return -1;
    }
    printf("the net of epoch %d, the lowest validation loss (%.6f), is written to %s\n",
           st->best_epoch, st->best_loss, c->out);
    print_pure_losses(t, "the net written");
    quant_report(t, net, clipped);
    char err[512];
    int rc = nnue_net_save(net, c->out, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "error: %s\n", err);
    nnue_net_free(net);
    return rc;
}

/* May the net be written to path?  Not over a file that is not a net. */
static bool out_ok(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return true;
    char magic[8];
    bool net = fread(magic, 1, 8, f) == 8 && memcmp(magic, NNUE_MAGIC, 8) == 0;
    fclose(f);
    if (!net)
        fprintf(stderr, "error: %s exists and is not a net: not replaced\n", path);
    return net;
}

static void cleanup(Trainer *t)
{
    for (int i = 0; i < t->nthreads; i++) {
        free(t->slot[i].grad);
        free(t->slot[i].touched);
        nn_work_free(&t->slot[i].work);
    }
    nnue_net_free(t->start_net);
    t->model.p = NULL; /* owned by the state */
    nn_model_free(&t->model);
    train_state_free(&t->state);
    free(t->merged);
    free(t->train);
    free(t->valid);
    pack_free(&t->data);
}

int train_run(const TrainConfig *cfg)
{
    static Trainer t;
    t = (Trainer){.cfg = cfg, .nthreads = cfg->threads, .lambda = (float)cfg->lambda};
    if (!out_ok(cfg->out) || load_data(&t) != 0 || start(&t) != 0) {
        cleanup(&t);
        return 1;
    }
    uint64_t *order = xmalloc((size_t)t.ntrain * sizeof *order);
    int rc = 0;
    while (rc == 0 && t.state.epoch < cfg->epochs) {
        double t0 = mono_seconds(), loss = 0;
        epoch_order(&t, t.state.epoch + 1, order);
        for (uint64_t from = 0; from < t.ntrain; from += (uint64_t)cfg->batch) {
            uint64_t n = t.ntrain - from < (uint64_t)cfg->batch ? t.ntrain - from : (uint64_t)cfg->batch;
            loss += train_batch(&t, order, from, n);
        }
        t.state.epoch++;
        end_epoch(&t, loss / (double)t.ntrain, mono_seconds() - t0);
        char err[512];
        CkptKey key = run_key(&t);
        if (cfg->checkpoint && ckpt_save(cfg->checkpoint, &key, &t.state, err, sizeof err) != 0) {
            fprintf(stderr, "error: %s\n", err);
            rc = 1;
        }
    }
    free(order);
    if (rc == 0 && write_net(&t) != 0)
        rc = 1;
    cleanup(&t);
    return rc;
}
