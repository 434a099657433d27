/* The feature index, the checksum, and reading and writing net files (nnue_format.h). */
#include "nnue_format.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/pieces.h"

static int8_t dense_of[KIND_COUNT];
static void build_dense(void)
{
    int d = 0;
    for (int k = 0; k < KIND_COUNT; k++)
        dense_of[k] = (int8_t)(k > 0 && kind_move_type[k] != MT_NONE ? d++ : -1);
}
static pthread_once_t dense_once = PTHREAD_ONCE_INIT;

int nnue_dense_kind(int kind)
{
    pthread_once(&dense_once, build_dense);
    return kind > 0 && kind < KIND_COUNT ? dense_of[kind] : -1;
}

int nnue_feature(int perspective, int kind, int colour, int sq)
{
    int d = nnue_dense_kind(kind);
    if (d < 0)
        return -1;
    int rel = colour == perspective ? 0 : 1;
    return (rel * NNUE_KINDS + d) * NNUE_SQUARES + (perspective == BLACK ? sq : NNUE_SQUARES - 1 - sq);
}

uint32_t nnue_fnv1a(const void *data, size_t n)
{
    const uint8_t *p = data;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

NnueNet *nnue_net_new(int h, int activation)
{
    if (h < NNUE_H_MIN || h > NNUE_H_MAX || h % NNUE_H_STEP || (activation != NNUE_CRELU && activation != NNUE_SCRELU))
        return NULL;
    NnueNet *net = calloc(1, sizeof *net);
    size_t n = (size_t)h + (size_t)NNUE_INPUTS * (size_t)h + 2 * (size_t)h;
    int16_t *w = calloc(n, sizeof *w);
    int32_t *psqt = calloc(NNUE_INPUTS, sizeof *psqt);
    if (!net || !w || !psqt) {
        free(net);
        free(w);
        free(psqt);
        return NULL;
    }
    net->psqt_weight = psqt;
    net->hidden = h;
    net->activation = activation;
    net->qa = NNUE_QA;
    net->qb = NNUE_QB;
    net->scale = NNUE_SCALE;
    net->ft_bias = w;
    net->ft_weight = w + h;
    net->out_weight = net->ft_weight + (size_t)NNUE_INPUTS * (size_t)h;
    return net;
}

void nnue_net_free(NnueNet *net)
{
    if (!net)
        return;
    free(net->ft_bias);
    free(net->psqt_weight);
    free(net);
}

static uint32_t get_u32(const uint8_t *p) { return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static int16_t get_i16(const uint8_t *p) { return (int16_t)(uint16_t)(p[0] | p[1] << 8); }
static void put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static void put_i16(uint8_t *p, int16_t v)
{
    p[0] = (uint8_t)((uint16_t)v & 0xff);
    p[1] = (uint8_t)((uint16_t)v >> 8);
}

static void set_err(char *err, size_t errsz, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void set_err(char *err, size_t errsz, const char *fmt, ...)
{
    if (!err || !errsz)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errsz, fmt, ap);
    va_end(ap);
}

/* The header's fields in range?  The message names the first that is not. */
static bool check_header(const uint8_t *d, size_t size, char *err, size_t errsz)
{
    if (size < NNUE_HEADER_SIZE) {
        set_err(err, errsz, "not a Kaki NNUE file: %" PRIu64 " bytes, shorter than the %d-byte header",
                (uint64_t)size, NNUE_HEADER_SIZE);
        return false;
    }
    if (memcmp(d, NNUE_MAGIC, 8) != 0) {
        set_err(err, errsz, "not a Kaki NNUE file (no KAKINNUE magic)");
        return false;
    }
    uint32_t version = get_u32(d + 8), set = get_u32(d + 12), inputs = get_u32(d + 16), h = get_u32(d + 20),
             act = get_u32(d + 24), qa = get_u32(d + 28), qb = get_u32(d + 32), scale = get_u32(d + 36);
    if (version != NNUE_VERSION)
        set_err(err, errsz, "format version %u, this engine reads version %d", version, NNUE_VERSION);
    else if (set != NNUE_FEATURE_SET)
        set_err(err, errsz, "feature set %u, this engine knows feature set %d", set, NNUE_FEATURE_SET);
    else if (inputs != NNUE_INPUTS)
        set_err(err, errsz, "%u inputs, feature set %d has %d", inputs, NNUE_FEATURE_SET, NNUE_INPUTS);
    else if (h < NNUE_H_MIN || h > NNUE_H_MAX || h % NNUE_H_STEP)
        set_err(err, errsz, "hidden size %u, not a multiple of %d from %d to %d", h, NNUE_H_STEP, NNUE_H_MIN,
                NNUE_H_MAX);
    else if (act != NNUE_CRELU && act != NNUE_SCRELU)
        set_err(err, errsz, "activation %u, not 0 (CReLU) or 1 (SCReLU)", act);
    else if (qa < 1 || qa > 255 || qb < 1 || qb > NNUE_QB_MAX || scale < 1 || scale > NNUE_SCALE_MAX)
        set_err(err, errsz, "quantisation QA %u QB %u SCALE %u out of range (1..255, 1..%d, 1..%d)", qa, qb,
                scale, NNUE_QB_MAX, NNUE_SCALE_MAX);
    else if (size != nnue_file_size((int)h))
        set_err(err, errsz, "%" PRIu64 " bytes, a net with %u hidden units has %" PRIu64 " (truncated or damaged)",
                (uint64_t)size, h, (uint64_t)nnue_file_size((int)h));
    else if (get_u32(d + size - 4) != nnue_fnv1a(d, size - 4))
        set_err(err, errsz, "checksum mismatch (damaged file)");
    else
        return true;
    return false;
}

NnueNet *nnue_net_read(const void *data, size_t size, char *err, size_t errsz)
{
    const uint8_t *d = data;
    if (!check_header(d, size, err, errsz))
        return NULL;
    NnueNet *net = nnue_net_new((int)get_u32(d + 20), (int)get_u32(d + 24));
    if (!net) {
        set_err(err, errsz, "out of memory");
        return NULL;
    }
    net->qa = (int)get_u32(d + 28);
    net->qb = (int)get_u32(d + 32);
    net->scale = (int)get_u32(d + 36);
    memcpy(net->description, d + 40, NNUE_DESC_SIZE);
    net->description[NNUE_DESC_SIZE] = '\0';
    size_t n = (size_t)net->hidden * (1 + NNUE_INPUTS + 2); /* the int16 arrays, one after another */
    const uint8_t *p = d + NNUE_HEADER_SIZE;
    for (size_t i = 0; i < n; i++, p += 2)
        net->ft_bias[i] = get_i16(p);
    for (size_t f = 0; f < NNUE_INPUTS; f++, p += 4) {
        net->psqt_weight[f] = (int32_t)get_u32(p);
        if (net->psqt_weight[f] > NNUE_PSQT_MAX || net->psqt_weight[f] < -NNUE_PSQT_MAX) {
            set_err(err, errsz, "psqt weight %d of feature %d beyond +-%d", net->psqt_weight[f],
                    (int)f, NNUE_PSQT_MAX);
            nnue_net_free(net);
            return NULL;
        }
    }
    net->out_bias = (int32_t)get_u32(p);
    return net;
}

NnueNet *nnue_net_load(const char *path, char *err, size_t errsz)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        set_err(err, errsz, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    /* read at most one byte more than the largest net: a longer file is refused anyway */
    size_t cap = nnue_file_size(NNUE_H_MAX) + 1, size = 0;
    uint8_t *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        set_err(err, errsz, "out of memory");
        return NULL;
    }
    size_t got;
    while (size < cap && (got = fread(buf + size, 1, cap - size, f)) > 0)
        size += got;
    bool failed = ferror(f);
    fclose(f);
    NnueNet *net = NULL;
    if (failed)
        set_err(err, errsz, "cannot read %s", path);
    else if (size == cap)
        set_err(err, errsz, "%s: larger than any Kaki NNUE file", path);
    else {
        char why[200];
        net = nnue_net_read(buf, size, why, sizeof why);
        if (!net)
            set_err(err, errsz, "%s: %s", path, why);
    }
    free(buf);
    return net;
}

uint8_t *nnue_net_write(const NnueNet *net, size_t *size)
{
    int h = net->hidden;
    if (h < NNUE_H_MIN || h > NNUE_H_MAX || h % NNUE_H_STEP || (net->activation != NNUE_CRELU && net->activation != NNUE_SCRELU) ||
        net->qa < 1 || net->qa > 255 || net->qb < 1 || net->qb > NNUE_QB_MAX || net->scale < 1 ||
        net->scale > NNUE_SCALE_MAX)
        return NULL;
    for (size_t f = 0; f < NNUE_INPUTS; f++)
        if (net->psqt_weight[f] > NNUE_PSQT_MAX || net->psqt_weight[f] < -NNUE_PSQT_MAX)
            return NULL;
    size_t n = nnue_file_size(h);
    uint8_t *d = calloc(1, n);
    if (!d)
        return NULL;
    memcpy(d, NNUE_MAGIC, 8);
    uint32_t fields[8] = {NNUE_VERSION, NNUE_FEATURE_SET, NNUE_INPUTS, (uint32_t)h, (uint32_t)net->activation,
                          (uint32_t)net->qa, (uint32_t)net->qb, (uint32_t)net->scale};
    for (int i = 0; i < 8; i++)
        put_u32(d + 8 + 4 * i, fields[i]);
    memcpy(d + 40, net->description, strnlen(net->description, NNUE_DESC_SIZE));
    uint8_t *p = d + NNUE_HEADER_SIZE;
    for (int i = 0; i < h; i++, p += 2)
        put_i16(p, net->ft_bias[i]);
    for (size_t i = 0; i < (size_t)NNUE_INPUTS * (size_t)h; i++, p += 2)
        put_i16(p, net->ft_weight[i]);
    for (int i = 0; i < 2 * h; i++, p += 2)
        put_i16(p, net->out_weight[i]);
    for (size_t f = 0; f < NNUE_INPUTS; f++, p += 4)
        put_u32(p, (uint32_t)net->psqt_weight[f]);
    put_u32(p, (uint32_t)net->out_bias);
    put_u32(p + 4, nnue_fnv1a(d, n - 4));
    *size = n;
    return d;
}

int nnue_net_save(const NnueNet *net, const char *path, char *err, size_t errsz)
{
    size_t n;
    uint8_t *d = nnue_net_write(net, &n);
    if (!d) {
        set_err(err, errsz, "the net's fields are out of range (or out of memory)");
        return -1;
    }
    FILE *f = fopen(path, "wb");
    if (!f) {
        set_err(err, errsz, "cannot write %s: %s", path, strerror(errno));
        free(d);
        return -1;
    }
    bool ok = fwrite(d, 1, n, f) == n;
    ok = fclose(f) == 0 && ok;
    free(d);
    if (!ok) {
        set_err(err, errsz, "cannot write %s", path);
        return -1;
    }
    return 0;
}
