/* The net in use, the accumulators and the score (nnue.h). */
#include "nnue.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/pieces.h"
#include "nnue_kernels.h"

/* The built-in net's file, compiled in by eval/nets/embed.cmake (CMakeLists.txt). */
extern const unsigned char nnue_builtin_bytes[];
extern const size_t nnue_builtin_size;

/* A net in use, with what the search needs to know about it. */
typedef struct InUse {
    NnueNet *net;
    uint32_t id;
    bool small_out; /* every |out_weight| <= NNUE_SMALL_WEIGHT: the vector output path is exact */
    char name[256];
} InUse;

static InUse builtin;
static _Atomic(InUse *) in_use;
static uint32_t last_id;

/* Feature of piece code pc on the square that is 0 from each perspective (add the square,
   turned for White), -1 for codes that are no piece. */
static int32_t feature_base[PIECE_CODE_COUNT][2];

const char *const nnue_path_names[NNUE_PATH_COUNT] = {"scalar", "sse2", "avx2"};
static const NnueKernels *kernels;
static int path;

static const NnueKernels *path_kernels(int p)
{
    return p == NNUE_PATH_AVX2 ? nnue_kernels_avx2() : p == NNUE_PATH_SSE2 ? nnue_kernels_sse2() : nnue_kernels_scalar();
}

static bool install(InUse *u, NnueNet *net, const char *name)
{
    u->net = net;
    u->id = ++last_id;
    u->small_out = true;
    for (int i = 0; i < 2 * net->hidden; i++)
        if (net->out_weight[i] > NNUE_SMALL_WEIGHT || net->out_weight[i] < -NNUE_SMALL_WEIGHT)
            u->small_out = false;
    snprintf(u->name, sizeof u->name, "%s", name);
    return true;
}

static void init_once(void)
{
    for (int pc = 0; pc < PIECE_CODE_COUNT; pc++)
        for (int p = 0; p < 2; p++)
            feature_base[pc][p] = pc < 2 ? -1 : nnue_feature(p, piece_kind(pc), piece_colour(pc), p == BLACK ? 0 : SQUARE_COUNT - 1);
    for (path = NNUE_PATH_COUNT - 1; !path_kernels(path); path--)
        ;
    kernels = path_kernels(path);
    char err[200];
    NnueNet *net = nnue_net_read(nnue_builtin_bytes, nnue_builtin_size, err, sizeof err);
    if (!net) {
        fprintf(stderr, "kaki: the built-in NNUE net is damaged: %s\n", err);
        abort();
    }
    install(&builtin, net, "built-in");
    atomic_store(&in_use, &builtin);
}
static pthread_once_t once = PTHREAD_ONCE_INIT;
void nnue_init(void) { pthread_once(&once, init_once); }

static inline const InUse *current(void)
{
    const InUse *u = atomic_load_explicit(&in_use, memory_order_acquire);
    if (!u) {
        nnue_init();
        u = atomic_load_explicit(&in_use, memory_order_acquire);
    }
    return u;
}

const NnueNet *nnue_net(void) { return current()->net; }
uint32_t nnue_net_id(void) { return current()->id; }
const char *nnue_net_name(void) { return current()->name; }

static void replace(InUse *u)
{
    InUse *old = atomic_exchange(&in_use, u);
    if (old && old != &builtin) {
        nnue_net_free(old->net);
        free(old);
    }
}

static int use_net(NnueNet *net, const char *name, char *err, size_t errsz)
{
    if (!net)
        return -1;
    InUse *u = malloc(sizeof *u);
    if (!u) {
        nnue_net_free(net);
        snprintf(err, errsz, "out of memory");
        return -1;
    }
    install(u, net, name);
    replace(u);
    return 0;
}

int nnue_load_file(const char *path_name, char *err, size_t errsz)
{
    nnue_init();
    return use_net(nnue_net_load(path_name, err, errsz), path_name, err, errsz);
}

int nnue_load_memory(const void *data, size_t size, const char *name, char *err, size_t errsz)
{
    nnue_init();
    return use_net(nnue_net_read(data, size, err, errsz), name, err, errsz);
}

void nnue_use_builtin(void)
{
    nnue_init();
    replace(&builtin);
}

const uint8_t *nnue_builtin_data(size_t *size)
{
    *size = nnue_builtin_size;
    return nnue_builtin_bytes;
}

static inline int feature(int pc, int sq, int p) { return feature_base[pc][p] + (p == BLACK ? sq : SQUARE_COUNT - 1 - sq); }

static inline const int16_t *row(const NnueNet *net, int f) { return net->ft_weight + (size_t)f * (size_t)net->hidden; }

void nnue_refresh(NnueAcc *acc, const Position *pos)
{
    const InUse *u = current();
    const int16_t *rows[2][SQUARE_COUNT];
    int n = 0;
    acc->psqt[BLACK] = acc->psqt[WHITE] = 0;
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        if (pos->board[sq]) {
            for (int p = 0; p < 2; p++) {
                int f = feature(pos->board[sq], sq, p);
                rows[p][n] = row(u->net, f);
                acc->psqt[p] += u->net->psqt_weight[f];
            }
            n++;
        }
    for (int p = 0; p < 2; p++)
        kernels->accumulate(acc->v[p], u->net->ft_bias, rows[p], n, NULL, 0, u->net->hidden);
    acc->net = u->id;
}

void nnue_update_changes(NnueAcc *child, const NnueAcc *parent, const Position *pos, const Undo *u)
{
    const InUse *in = current();
    if (parent->net != in->id) {
        child->net = 0;
        return;
    }
    const int16_t *add[2][UNDO_MAX_CHANGES], *sub[2][UNDO_MAX_CHANGES];
    int nadd = 0, nsub = 0;
    const int32_t *psqt = in->net->psqt_weight;
    child->psqt[BLACK] = parent->psqt[BLACK];
    child->psqt[WHITE] = parent->psqt[WHITE];
    for (int i = 0; i < u->nchanges; i++) {
        if (!undo_first_change(u, i))
            continue;
        int sq = u->sq[i];
        int old = u->old[i], now = pos->board[sq];
        if (old == now)
            continue;
        for (int p = 0; p < 2; p++) {
            if (old) {
                int f = feature(old, sq, p);
                sub[p][nsub] = row(in->net, f);
                child->psqt[p] -= psqt[f];
            }
            if (now) {
                int f = feature(now, sq, p);
                add[p][nadd] = row(in->net, f);
                child->psqt[p] += psqt[f];
            }
        }
        nsub += old != 0;
        nadd += now != 0;
    }
    for (int p = 0; p < 2; p++)
        kernels->accumulate(child->v[p], parent->v[p], add[p], nadd, sub[p], nsub, in->net->hidden);
    child->net = in->id;
}

void nnue_copy(NnueAcc *dst, const NnueAcc *src)
{
    dst->net = src->net;
    if (!src->net)
        return;
    dst->psqt[BLACK] = src->psqt[BLACK];
    dst->psqt[WHITE] = src->psqt[WHITE];
    size_t n = (size_t)current()->net->hidden * sizeof src->v[0][0];
    memcpy(dst->v[0], src->v[0], n);
    memcpy(dst->v[1], src->v[1], n);
}

int nnue_evaluate(const Position *pos, const NnueAcc *acc)
{
    const InUse *u = current();
    if (acc->net != u->id)
        nnue_refresh((NnueAcc *)acc, pos); /* a cache: the caller's state is never const */
    const NnueNet *net = u->net;
    int screlu = net->activation == NNUE_SCRELU;
    const NnueKernels *k = screlu && !u->small_out ? nnue_kernels_scalar() : kernels;
    int64_t v = k->output(acc->v[pos->side], acc->v[pos->side ^ 1], net->out_weight, net->hidden, net->qa, screlu);
    if (screlu)
        v /= net->qa;
    int64_t cp = (v + net->out_bias) * net->scale / ((int64_t)net->qa * net->qb) +
                 ((int64_t)acc->psqt[pos->side] - acc->psqt[pos->side ^ 1]) / 2;
    return cp > 1000000 ? 1000000 : cp < -1000000 ? -1000000 : (int)cp;
}

int nnue_path(void)
{
    nnue_init();
    return path;
}

bool nnue_set_path(int p)
{
    nnue_init();
    if (p < 0 || p >= NNUE_PATH_COUNT || !path_kernels(p))
        return false;
    path = p;
    kernels = path_kernels(p);
    return true;
}
