/* The float network, its gradient and its quantisation (nnue_model.h). */
#include "nnue_model.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/pieces.h"
#include "eval/feature_set.h"
#include "eval/weights.h"
#include "util/strutil.h"

/* Feature of piece code pc on square 0 of each perspective (the square is added, turned for
   White); -1 for codes that are no piece. */
static int32_t feature_base[PIECE_CODE_COUNT][2];
static void build_bases(void)
{
    for (int pc = 0; pc < PIECE_CODE_COUNT; pc++)
        for (int p = 0; p < 2; p++)
            feature_base[pc][p] = pc < 2 ? -1
                                         : nnue_feature(p, piece_kind(pc), piece_colour(pc),
                                                        p == BLACK ? 0 : SQUARE_COUNT - 1);
}
static pthread_once_t bases_once = PTHREAD_ONCE_INIT;

int nn_features(const PackPos *pos, int perspective, uint16_t *out)
{
    pthread_once(&bases_once, build_bases);
    for (int i = 0; i < pos->npieces; i++) {
        int sq = pos->pairs[2 * i] ^ (pos->flip ? 15 : 0), pc = pos->pairs[2 * i + 1];
        out[i] = (uint16_t)(feature_base[pc][perspective] +
                            (perspective == BLACK ? sq : SQUARE_COUNT - 1 - sq));
    }
    return pos->npieces;
}

void nn_model_new(NnModel *m, int h, int activation, bool factor)
{
    *m = (NnModel){.h = h, .activation = activation, .factor = factor};
    size_t ft = (size_t)NNUE_INPUTS * (size_t)h;
    m->o_fk = ft;
    m->o_bias = m->o_fk + (size_t)NN_FK_ROWS * (size_t)h;
    m->o_out = m->o_bias + (size_t)h;
    m->o_outb = m->o_out + 2 * (size_t)h;
    m->o_psqt = m->o_outb + 1;
    m->o_pk = m->o_psqt + NNUE_INPUTS;
    m->nparams = m->o_pk + NN_FK_ROWS;
    m->p = xcalloc(m->nparams, sizeof *m->p);
}

void nn_model_free(NnModel *m)
{
    free(m->p);
    m->p = NULL;
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
/* Uniform in [-r, r). */
static float uniform(uint64_t *s, float r) { return (float)((double)(splitmix(s) >> 11) * 0x1p-53 * 2 - 1) * r; }

/* The material value of a kind for the start: learnt (opening and endgame averaged) or §7. */
static double material_of(int kind, int init)
{
    if (kind_is_royal(kind))
        return 0;
    if (init == NN_INIT_GCSA)
        return material_value(kind);
    return (eval_weights[F_MATERIAL(kind)].mg + eval_weights[F_MATERIAL(kind)].eg) / 2.0;
}

/* The psqt path starts as the material balance: +v for the perspective's own pieces, -v for
   the other side's, so that (P_us - P_them) / 2 is own - other material. */
static void init_material(NnModel *m, int init)
{
    for (int kind = 1; kind < KIND_COUNT; kind++) {
        int d = nnue_dense_kind(kind);
        if (d < 0)
            continue;
        float v = (float)(material_of(kind, init) / NNUE_SCALE);
        for (int rel = 0; rel < 2; rel++) {
            size_t r = (size_t)(rel * NNUE_KINDS + d);
            if (m->factor)
                m->p[m->o_pk + r] = rel ? -v : v;
            else
                for (size_t sq = 0; sq < SQUARE_COUNT; sq++)
                    m->p[m->o_psqt + r * SQUARE_COUNT + sq] = rel ? -v : v;
        }
    }
}

void nn_model_init(NnModel *m, uint64_t seed, int init)
{
    int h = m->h;
    memset(m->p, 0, m->nparams * sizeof *m->p);
    uint64_t s = seed ^ 0x6B616B694E4E5545ULL; /* "kakiNNUE" */
    for (size_t f = 0; f < NNUE_INPUTS; f++)
        for (int i = 0; i < h; i++)
            m->p[f * (size_t)h + (size_t)i] = uniform(&s, 0.02f);
    float r = 0.5f / sqrtf((float)h);
    for (int i = 0; i < h; i++) {
        m->p[m->o_bias + (size_t)i] = 0.25f;
        m->p[m->o_out + (size_t)i] = uniform(&s, r);
        m->p[m->o_out + (size_t)(h + i)] = uniform(&s, r);
    }
    if (init != NN_INIT_RANDOM)
        init_material(m, init);
}

/* A float row's share of its kind: the mean over the kind's 256 squares into *shared (with the
   factoriser), the rest in each square's row; without the factoriser the rows as they are. */
static void split_kind(float *rows, size_t stride, float *shared, bool factor)
{
    if (!factor)
        return;
    double sum = 0;
    for (size_t sq = 0; sq < SQUARE_COUNT; sq++)
        sum += rows[sq * stride];
    *shared = (float)(sum / SQUARE_COUNT);
    for (size_t sq = 0; sq < SQUARE_COUNT; sq++)
        rows[sq * stride] -= *shared;
}

int nn_model_from_net(NnModel *m, const NnueNet *net, char *err, size_t errsz)
{
    const char *what = net->hidden != m->h ? "H" : net->activation != m->activation ? "activation" : NULL;
    if (what || net->qa != NNUE_QA || net->qb != NNUE_QB || net->scale != NNUE_SCALE) {
        snprintf(err, errsz, "the starting net has another %s (H %d, %s, QA %d, QB %d, scale %d)",
                 what ? what : "quantisation", net->hidden,
                 net->activation == NNUE_SCRELU ? "screlu" : "crelu", net->qa, net->qb, net->scale);
        return -1;
    }
    size_t h = (size_t)m->h;
    double qa = net->qa, qb = net->qb;
    memset(m->p, 0, m->nparams * sizeof *m->p);
    for (size_t i = 0; i < (size_t)NNUE_INPUTS * h; i++)
        m->p[i] = (float)(net->ft_weight[i] / qa);
    for (size_t i = 0; i < h; i++)
        m->p[m->o_bias + i] = (float)(net->ft_bias[i] / qa);
    for (size_t i = 0; i < 2 * h; i++)
        m->p[m->o_out + i] = (float)(net->out_weight[i] / qb);
    m->p[m->o_outb] = (float)(net->out_bias / (qa * qb));
    for (size_t f = 0; f < NNUE_INPUTS; f++)
        m->p[m->o_psqt + f] = (float)((double)net->psqt_weight[f] / NNUE_SCALE);
    for (size_t r = 0; r < NN_FK_ROWS; r++) {
        for (size_t i = 0; i < h; i++)
            split_kind(m->p + r * SQUARE_COUNT * h + i, h, m->p + m->o_fk + r * h + i, m->factor);
        split_kind(m->p + m->o_psqt + r * SQUARE_COUNT, 1, m->p + m->o_pk + r, m->factor);
    }
    return 0;
}

void nn_merge_rows(const NnModel *m, float *merged, const uint8_t *rows_used)
{
    if (!m->factor)
        return;
    size_t h = (size_t)m->h;
    for (size_t f = 0; f < NNUE_INPUTS; f++) {
        if (rows_used && !rows_used[f])
            continue;
        const float *a = m->p + f * h, *b = m->p + m->o_fk + (f / SQUARE_COUNT) * h;
        float *o = merged + f * h;
        for (size_t i = 0; i < h; i++)
            o[i] = a[i] + b[i];
    }
}

void nn_work_new(NnWork *w, int h)
{
    *w = (NnWork){0};
    for (int k = 0; k < 2; k++) {
        w->acc[k] = xcalloc((size_t)h, sizeof(float));
        w->d[k] = xcalloc((size_t)h, sizeof(float));
    }
}

void nn_work_free(NnWork *w)
{
    for (int k = 0; k < 2; k++) {
        free(w->acc[k]);
        free(w->d[k]);
    }
}

static inline float act(float x, bool screlu)
{
    float c = x < 0 ? 0 : x > 1 ? 1 : x;
    return screlu ? c * c : c;
}

float nn_forward(const NnModel *m, const float *rows, const PackPos *pos, NnWork *w)
{
    int h = m->h;
    bool screlu = m->activation == NNUE_SCRELU;
    const float *bias = m->p + m->o_bias, *out = m->p + m->o_out;
    const float *psqt = m->p + m->o_psqt, *pk = m->p + m->o_pk;
    float sum = m->p[m->o_outb];
    for (int k = 0; k < 2; k++) { /* 0: the side to move, 1: the other side */
        int persp = k ? !pos->side : pos->side;
        int n = w->nfeat[k] = nn_features(pos, persp, w->feat[k]);
        float *acc = w->acc[k], half = k ? -0.5f : 0.5f;
        memcpy(acc, bias, (size_t)h * sizeof *acc);
        for (int j = 0; j < n; j++) {
            size_t f = w->feat[k][j];
            const float *row = rows + f * (size_t)h;
            for (int i = 0; i < h; i++)
                acc[i] += row[i];
            sum += half * (psqt[f] + (m->factor ? pk[f / SQUARE_COUNT] : 0));
        }
        const float *o = out + (size_t)k * (size_t)h;
        for (int i = 0; i < h; i++)
            sum += act(acc[i], screlu) * o[i];
    }
    return sum;
}

float nn_target(const PackPos *pos, float lambda, float scale)
{
    float s = 1.0f / (1.0f + expf(-(float)pos->score / scale));
    if (pos->result == PACK_RESULT_NONE)
        return s;
    return lambda * s + (1 - lambda) * (float)pos->result * 0.5f;
}

float nn_loss(float out, float target, float scale, float *dout)
{
    float c = (float)NNUE_SCALE / scale;
    float p = 1.0f / (1.0f + expf(-out * c));
    float e = p - target;
    if (dout)
        *dout = 2 * e * p * (1 - p) * c;
    return e * e;
}

void nn_backward(const NnModel *m, const PackPos *pos, NnWork *w, float g, float *grad, uint8_t *touched)
{
    (void)pos;
    int h = m->h;
    bool screlu = m->activation == NNUE_SCRELU;
    const float *out = m->p + m->o_out;
    float *gb = grad + m->o_bias, *go = grad + m->o_out;
    grad[m->o_outb] += g;
    for (int k = 0; k < 2; k++) {
        float half = k ? -0.5f * g : 0.5f * g;
        for (int j = 0; j < w->nfeat[k]; j++) {
            size_t f = w->feat[k][j];
            grad[m->o_psqt + f] += half;
            if (m->factor)
                grad[m->o_pk + f / SQUARE_COUNT] += half;
        }
    }
    for (int k = 0; k < 2; k++) {
        const float *acc = w->acc[k], *o = out + (size_t)k * (size_t)h;
        float *d = w->d[k], *gok = go + (size_t)k * (size_t)h;
        for (int i = 0; i < h; i++) {
            float x = acc[i];
            bool inside = x > 0 && x < 1;
            gok[i] += g * act(x, screlu);
            d[i] = inside ? g * o[i] * (screlu ? 2 * x : 1) : 0;
            gb[i] += d[i];
        }
        for (int j = 0; j < w->nfeat[k]; j++) {
            size_t f = w->feat[k][j];
            float *gr = grad + f * (size_t)h;
            for (int i = 0; i < h; i++)
                gr[i] += d[i];
            touched[f] = 1;
        }
    }
}

void nn_factor_grad(const NnModel *m, float *grad, const uint8_t *touched, int k0, int k1)
{
    size_t h = (size_t)m->h;
    for (int k = k0; k < k1; k++) {
        float *gk = grad + m->o_fk + (size_t)k * h;
        memset(gk, 0, h * sizeof *gk);
        for (int sq = 0; sq < SQUARE_COUNT; sq++) {
            size_t f = (size_t)k * SQUARE_COUNT + (size_t)sq;
            if (!touched[f])
                continue;
            const float *gr = grad + f * h;
            for (size_t i = 0; i < h; i++)
                gk[i] += gr[i];
        }
    }
}

static inline float clampf(float x, float lim) { return x < -lim ? -lim : x > lim ? lim : x; }

void nn_clip(NnModel *m, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++) {
        if (i < m->o_out)
            m->p[i] = clampf(m->p[i], NN_FT_CLIP);
        else if (i < m->o_outb)
            m->p[i] = clampf(m->p[i], NN_OUT_CLIP);
        else if (i >= m->o_psqt)
            m->p[i] = clampf(m->p[i], NN_PSQT_CLIP);
    }
}

static int16_t quant16(double x, long *clipped)
{
    double r = nearbyint(x);
    if (r > INT16_MAX || r < INT16_MIN) {
        (*clipped)++;
        return r > 0 ? INT16_MAX : INT16_MIN;
    }
    return (int16_t)r;
}

NnueNet *nn_quantise(const NnModel *m, const char *description, long *clipped)
{
    NnueNet *net = nnue_net_new(m->h, m->activation);
    if (!net)
        return NULL;
    size_t h = (size_t)m->h;
    double qa = net->qa, qb = net->qb;
    *clipped = 0;
    str_copy(net->description, sizeof net->description, description);
    for (size_t f = 0; f < NNUE_INPUTS; f++) {
        const float *a = m->p + f * h, *b = m->p + m->o_fk + (f / SQUARE_COUNT) * h;
        for (size_t i = 0; i < h; i++)
            net->ft_weight[f * h + i] = quant16(((double)a[i] + (m->factor ? (double)b[i] : 0)) * qa, clipped);
    }
    for (size_t i = 0; i < h; i++)
        net->ft_bias[i] = quant16((double)m->p[m->o_bias + i] * qa, clipped);
    for (size_t i = 0; i < 2 * h; i++)
        net->out_weight[i] = quant16((double)m->p[m->o_out + i] * qb, clipped);
    double ob = nearbyint((double)m->p[m->o_outb] * qa * qb);
    if (ob > INT32_MAX || ob < INT32_MIN) {
        (*clipped)++;
        ob = ob > 0 ? INT32_MAX : INT32_MIN;
    }
    net->out_bias = (int32_t)ob;
    for (size_t f = 0; f < NNUE_INPUTS; f++) {
        double v = (double)m->p[m->o_psqt + f] + (m->factor ? (double)m->p[m->o_pk + f / SQUARE_COUNT] : 0);
        net->psqt_weight[f] = (int32_t)nearbyint(v * NNUE_SCALE);
    }
    return net;
}

int64_t nn_quant_eval(const NnueNet *net, const PackPos *pos, bool *overflow)
{
    int h = net->hidden;
    int16_t acc[2][NNUE_H_MAX];
    uint16_t feat[SQUARE_COUNT];
    *overflow = false;
    int64_t v = 0, psqt[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        int n = nn_features(pos, k ? !pos->side : pos->side, feat);
        for (int j = 0; j < n; j++)
            psqt[k] += net->psqt_weight[feat[j]];
        for (int i = 0; i < h; i++) {
            int32_t wide = net->ft_bias[i];
            uint16_t x = (uint16_t)net->ft_bias[i];
            for (int j = 0; j < n; j++) {
                int16_t w = net->ft_weight[(size_t)feat[j] * (size_t)h + (size_t)i];
                wide += w;
                x = (uint16_t)(x + (uint16_t)w);
            }
            acc[k][i] = (int16_t)x;
            *overflow |= wide != acc[k][i];
        }
        for (int i = 0; i < h; i++) {
            int64_t t = acc[k][i] < 0 ? 0 : acc[k][i] > net->qa ? net->qa : acc[k][i];
            v += (net->activation == NNUE_SCRELU ? t * t : t) * net->out_weight[k * h + i];
        }
    }
    if (net->activation == NNUE_SCRELU)
        v /= net->qa;
    return (v + net->out_bias) * net->scale / ((int64_t)net->qa * net->qb) + (psqt[0] - psqt[1]) / 2;
}
