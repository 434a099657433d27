/* The Texel tuner.  The evaluation is linear in its weights, so a position's score is the dot
 * product of its feature differences with the weights, blended by the phase; the loss is the
 * mean squared difference between the target (the game result, optionally blended with the
 * search score) and sigmoid(K * score).  K is fitted first, with the starting weights; then
 * Adam descends the exact gradient in mini-batches taken in a fixed shuffled order, so the same
 * data and settings always give the same weights.  Weights whose feature's meaning fixes a sign
 * (feature_sign) are kept on that side of 0.  The weights of the epoch with the lowest
 * validation loss are the result. */
#include "tuner.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dataset.h"
#include "eval/eval.h"
#include "eval/feature_set.h"
#include "eval/trace.h"
#include "eval/weights.h"
#include "util/clock.h"
#include "util/strutil.h"
#include "weights_file.h"

TuneConfig tune_config_default(void)
{
    return (TuneConfig){.epochs = 100, .batch = 16384, .rate = 2, .lambda = 0,
                        .validation_every = 10, .min_count = 200, .seed = 1, .l2 = 1e-10,
                        .terms = (1u << TERM_COUNT) - 1};
}

typedef struct Model {
    double w[FEATURE_COUNT][2]; /* opening, endgame */
    bool frozen[FEATURE_COUNT];
    double k;
} Model;

#define LN10_400 (2.302585092994046 / 400.0)

static inline double sigmoid(double k, double cp) { return 1.0 / (1.0 + exp(-k * cp * LN10_400)); }

static inline double sample_eval(const Model *m, const Dataset *ds, const Sample *s)
{
    double mg = 0, eg = 0;
    const Entry *e = ds->entries + s->first;
    for (int i = 0; i < s->n; i++) {
        mg += e[i].count * m->w[e[i].feature][0];
        eg += e[i].count * m->w[e[i].feature][1];
    }
    return (mg * s->phase + eg * (PHASE_MAX - s->phase)) / PHASE_MAX;
}

static inline double target(const Model *m, const Sample *s, double lambda)
{
    return lambda > 0 ? (1 - lambda) * s->result + lambda * sigmoid(m->k, s->score) : s->result;
}

/* Mean loss over the training or the validation positions. */
static double loss(const Model *m, const Dataset *ds, bool validation, double lambda)
{
    double sum = 0;
    uint32_t n = 0;
    for (uint32_t i = 0; i < ds->nsamples; i++) {
        const Sample *s = &ds->samples[i];
        if (s->validation != validation)
            continue;
        double d = target(m, s, lambda) - sigmoid(m->k, sample_eval(m, ds, s));
        sum += d * d;
        n++;
    }
    return n ? sum / n : 0;
}

/* K minimising the training loss against the results (golden-section search on log K). */
static double fit_k(Model *m, const Dataset *ds)
{
    double a = log(0.001), b = log(10.0), g = (sqrt(5.0) - 1) / 2;
    double c = b - g * (b - a), d = a + g * (b - a);
    for (int i = 0; i < 60; i++) {
        m->k = exp(c);
        double fc = loss(m, ds, false, 0);
        m->k = exp(d);
        double fd = loss(m, ds, false, 0);
        if (fc < fd)
            b = d;
        else
            a = c;
        c = b - g * (b - a);
        d = a + g * (b - a);
    }
    return exp((a + b) / 2);
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The training positions in a fixed pseudo-random order. */
static uint32_t *training_order(const Dataset *ds, uint64_t seed)
{
    uint32_t *order = xmalloc(ds->ntrain * sizeof *order), n = 0;
    for (uint32_t i = 0; i < ds->nsamples; i++)
        if (!ds->samples[i].validation)
            order[n++] = i;
    for (uint32_t i = n - 1; i > 0; i--) {
        uint32_t j = (uint32_t)(splitmix(&seed) % (i + 1));
        uint32_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    return order;
}

/* Features that differ between the sides in fewer than min_count training positions keep
   their starting weights: there is too little to learn them from.  So do the features of the
   terms not chosen (--terms), to fit a few terms at a time. */
static void freeze_rare(Model *m, const Dataset *ds, int min_count, unsigned terms)
{
    static uint32_t seen[FEATURE_COUNT];
    memset(seen, 0, sizeof seen);
    for (uint32_t i = 0; i < ds->nsamples; i++) {
        const Sample *s = &ds->samples[i];
        if (s->validation)
            continue;
        for (int k = 0; k < s->n; k++)
            seen[ds->entries[s->first + k].feature]++;
    }
    int rare = 0, unchosen = 0;
    for (int f = 0; f < FEATURE_COUNT; f++) {
        bool chosen = terms & (1u << feature_term(f));
        m->frozen[f] = !chosen || seen[f] < (uint32_t)min_count;
        unchosen += !chosen;
        rare += chosen && seen[f] < (uint32_t)min_count;
    }
    printf("%d of %d features seen in fewer than %d training positions keep their starting "
           "weights\n", rare, FEATURE_COUNT, min_count);
    if (unchosen)
        printf("%d features of the terms not chosen (--terms) keep their starting weights\n",
               unchosen);
}

typedef struct Adam {
    double m[FEATURE_COUNT][2], v[FEATURE_COUNT][2];
    long t;
} Adam;

/* One Adam step on the gradient of the loss over order[from .. to), plus cfg->l2 times the
   squared distance of every weight from its starting value (material) or from 0 (the rest:
   the rank and file tables could otherwise take over any share of the material values, as the
   sum of a group's rank counts is its number of pieces). */
static void step(Model *m, Adam *a, const Dataset *ds, const uint32_t *order, uint32_t from,
                 uint32_t to, const TuneConfig *cfg, const EvalWeight *prior)
{
    static double grad[FEATURE_COUNT][2];
    memset(grad, 0, sizeof grad);
    for (uint32_t i = from; i < to; i++) {
        const Sample *s = &ds->samples[order[i]];
        double p = sigmoid(m->k, sample_eval(m, ds, s));
        double dl = -2 * (target(m, s, cfg->lambda) - p) * p * (1 - p) * m->k * LN10_400;
        double gm = dl * s->phase / PHASE_MAX, ge = dl * (PHASE_MAX - s->phase) / PHASE_MAX;
        const Entry *e = ds->entries + s->first;
        for (int k = 0; k < s->n; k++) {
            grad[e[k].feature][0] += gm * e[k].count;
            grad[e[k].feature][1] += ge * e[k].count;
        }
    }
    a->t++;
    double n = to - from, c1 = 1 - pow(0.9, (double)a->t), c2 = 1 - pow(0.999, (double)a->t);
    for (int f = 0; f < FEATURE_COUNT; f++) {
        if (m->frozen[f])
            continue;
        for (int p = 0; p < 2; p++) {
            double g = grad[f][p] / n + 2 * cfg->l2 * (m->w[f][p] - (p ? prior[f].eg : prior[f].mg));
            a->m[f][p] = 0.9 * a->m[f][p] + 0.1 * g;
            a->v[f][p] = 0.999 * a->v[f][p] + 0.001 * g * g;
            m->w[f][p] -= cfg->rate * (a->m[f][p] / c1) / (sqrt(a->v[f][p] / c2) + 1e-8);
            if (feature_sign(f) * m->w[f][p] < 0)
                m->w[f][p] = 0; /* projected: the weight keeps the sign its meaning fixes */
        }
    }
}

/* Rounds the model into engine weights; material stays positive, everything fits the
   evaluation's 16-bit piece-square tables. */
static void round_weights(const Model *m, EvalWeight *w)
{
    for (int f = 0; f < FEATURE_COUNT; f++) {
        int lo = f < F_RANK_BASE ? 0 : -4000, hi = f < F_RANK_BASE ? 20000 : 4000;
        for (int p = 0; p < 2; p++) {
            long v = lround(m->w[f][p]);
            v = v < lo ? lo : v > hi ? hi : v;
            if (p == 0)
                w[f].mg = (int32_t)v;
            else
                w[f].eg = (int32_t)v;
        }
    }
}

static void set_model(Model *m, const EvalWeight *w)
{
    for (int f = 0; f < FEATURE_COUNT; f++) {
        m->w[f][0] = w[f].mg;
        m->w[f][1] = w[f].eg;
    }
}

/* The largest piece-square sum a piece can reach: must fit the evaluation's int16 tables. */
static int largest_psq(const EvalWeight *w)
{
    int worst = 0;
    for (int pc = 2; pc < PIECE_CODE_COUNT; pc++)
        for (int sq = 0; sq < SQUARE_COUNT; sq++) {
            int f[4], n[4], k = piece_square_features(pc, sq, f, n), mg = 0, eg = 0;
            for (int i = 0; i < k; i++)
                mg += n[i] * w[f[i]].mg, eg += n[i] * w[f[i]].eg;
            worst = abs(mg) > worst ? abs(mg) : worst;
            worst = abs(eg) > worst ? abs(eg) : worst;
        }
    return worst;
}

int tune_run(const TuneConfig *cfg)
{
    static Dataset ds;
    static Model m;
    static Adam adam;
    static EvalWeight w[FEATURE_COUNT], prior[FEATURE_COUNT];
    static Model best;
    double t0 = mono_seconds(), best_loss = 1e9;
    int best_epoch = 0;
    if (dataset_load(&ds, cfg->data, cfg->ndata, cfg->validation_every, cfg->max_positions) != 0)
        return 1;
    printf("data: %u positions from %llu games (%u training, %u validation: games = 0 mod %d), "
           "%.1f feature differences a position, read in %.0f s\n",
           ds.nsamples, (unsigned long long)ds.games, ds.ntrain, ds.nvalid, cfg->validation_every,
           (double)ds.nentries / ds.nsamples, mono_seconds() - t0);
    weights_prior(prior);
    set_model(&m, prior);
    freeze_rare(&m, &ds, cfg->min_count, cfg->terms);
    m.k = fit_k(&m, &ds);
    printf("K = %.5f (fitted to the results with the starting weights)\n", m.k);
    FILE *log = cfg->loss_log ? fopen(cfg->loss_log, "w") : NULL;
    if (cfg->loss_log && !log) {
        fprintf(stderr, "error: cannot write --loss-log %s: %s\n", cfg->loss_log, strerror(errno));
        dataset_free(&ds);
        return 1;
    }
    if (log)
        fprintf(log, "# epoch training validation (K = %.5f, lambda = %g)\n", m.k, cfg->lambda);
    uint32_t *order = training_order(&ds, cfg->seed);
    for (int epoch = 0; epoch <= cfg->epochs; epoch++) {
        if (epoch > 0)
            for (uint32_t from = 0; from < ds.ntrain; from += (uint32_t)cfg->batch) {
                uint32_t to = from + (uint32_t)cfg->batch < ds.ntrain ? from + (uint32_t)cfg->batch : ds.ntrain;
                step(&m, &adam, &ds, order, from, to, cfg, prior);
            }
        double lt = loss(&m, &ds, false, cfg->lambda), lv = loss(&m, &ds, true, cfg->lambda);
        printf("epoch %3d  training loss %.6f  validation loss %.6f  (%.0f s)\n", epoch, lt, lv,
               mono_seconds() - t0);
        fflush(stdout);
        if (log)
            fprintf(log, "%d %.7f %.7f\n", epoch, lt, lv);
        if (lv < best_loss) {
            best_loss = lv;
            best_epoch = epoch;
            best = m;
        }
    }
    printf("the weights of epoch %d, the lowest validation loss, are kept\n", best_epoch);
    m = best;
    round_weights(&m, w);
    set_model(&m, w);
    double lt = loss(&m, &ds, false, cfg->lambda), lv = loss(&m, &ds, true, cfg->lambda);
    printf("rounded weights: training loss %.6f  validation loss %.6f\n", lt, lv);
    int rc = 0;
    if (log) {
        fprintf(log, "# rounded %.7f %.7f\n", lt, lv);
        bool bad = ferror(log) != 0;
        if (fclose(log) != 0 || bad) {
            fprintf(stderr, "error: cannot write --loss-log %s: %s\n", cfg->loss_log,
                    strerror(errno));
            rc = 1;
        }
    }
    if (largest_psq(w) > 32000) {
        fprintf(stderr, "error: a piece-square sum of %d does not fit the tables\n", largest_psq(w));
        rc = 1;
    } else {
        char origin[768], terms[256] = "";
        for (int t = 0; t < TERM_COUNT; t++)
            if (cfg->terms & (1u << t))
                snprintf(terms + strlen(terms), sizeof terms - strlen(terms), "%s%s",
                         terms[0] ? ", " : "", term_names[t]);
        snprintf(origin, sizeof origin,
                 "kaki-tune tune: %u positions of %llu games, epoch %d of %d, batch %d, rate %g, "
                 "l2 %g, lambda %g, K %.5f; loss training %.6f validation %.6f; terms fitted: %s",
                 ds.nsamples, (unsigned long long)ds.games, best_epoch, cfg->epochs, cfg->batch,
                 cfg->rate, cfg->l2, cfg->lambda, m.k, lt, lv, terms);
        if (weights_write(cfg->out, w, origin) != 0)
            rc = 1;
    }
    free(order);
    dataset_free(&ds);
    return rc;
}
