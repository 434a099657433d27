/* The NNUE trainer's parts (tuning/nnue_*.h): the packer's round trip, its deduplication and
 * its refusals, the feature index, the gradient against finite differences, training that is
 * reproducible and resumes exactly, and fine-tuning that starts from a net.
 *
 *   test_nnue_train SAMPLE.txt WORK_DIR   (SAMPLE: text data of kaki-tune gen) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "board/tfen.h"
#include "check.h"
#include "tuning/nnue_data.h"
#include "tuning/nnue_model.h"
#include "tuning/nnue_train.h"
#include "util/strutil.h"

/* With the engine's NNUE (eval/nnue.h, on the branch that has it): the trainer's integer
   formula gives the engine's scores. */
#if defined(__has_include)
#if __has_include("eval/nnue.h")
#include "eval/nnue.h"
#define HAVE_ENGINE_NNUE 1
#endif
#endif

static const char *work;

/* WORK_DIR/name, in a buffer of its own (64 at most). */
static char *path(const char *name)
{
    static char buf[64][1024];
    static int k;
    if (k == 64)
        abort();
    char *p = buf[k++];
    snprintf(p, 1024, "%s/%s", work, name);
    return p;
}

static char *slurp(const char *file, size_t *n)
{
    FILE *f = fopen(file, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = xmalloc((size_t)size + 1);
    *n = fread(s, 1, (size_t)size, f);
    s[*n] = '\0';
    fclose(f);
    return s;
}

static void spit(const char *file, const char *text)
{
    FILE *f = fopen(file, "wb");
    fputs(text, f);
    fclose(f);
}

/* ---- the packer ---- */

typedef struct Expect {
    uint8_t board[SQUARE_COUNT];
    int side, result, score;
    uint32_t game;
    uint64_t key;
} Expect;

/* The positions of the complete games of a text, first occurrences only, as the packer should
   write them. */
static int expected(const char *text, Expect *out, int max)
{
    char *copy = xstrdup(text), *save = NULL;
    Position *pos = xmalloc(sizeof *pos);
    Expect pend[512];
    int n = 0, np = 0;
    for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (strncmp(line, "#game", 5) == 0) {
            for (int i = 0; i < np; i++) {
                bool dup = false;
                for (int j = 0; j < n; j++)
                    dup |= out[j].key == pend[i].key && out[j].side == pend[i].side;
                if (!dup && n < max)
                    out[n++] = pend[i];
            }
            np = 0;
            continue;
        }
        if (line[0] == '#')
            continue;
        char *f[3];
        for (int i = 2; i >= 0; i--) {
            char *p = strrchr(line, ';');
            *p = '\0';
            f[i] = p + 1;
        }
        char err[200];
        position_clear(pos, ruleset_default());
        if (tfen_parse(pos, line, err, sizeof err) != 0 || np == 512)
            abort();
        Expect *e = &pend[np++];
        memcpy(e->board, pos->board, SQUARE_COUNT);
        e->side = pos->side;
        e->key = pos->key;
        int r2 = (int)(atof(f[0]) * 2 + 0.5), score = atoi(f[1]);
        e->result = pos->side == BLACK ? r2 : 2 - r2;
        e->score = pos->side == BLACK ? score : -score;
        e->game = (uint32_t)atoi(f[2]);
    }
    free(pos);
    free(copy);
    return n;
}

static bool same(const PackPos *p, const Expect *e)
{
    uint8_t board[SQUARE_COUNT] = {0};
    for (int i = 0; i < p->npieces; i++)
        board[p->pairs[2 * i]] = p->pairs[2 * i + 1];
    return p->side == e->side && p->result == e->result && p->score == e->score && p->game == e->game &&
           memcmp(board, e->board, SQUARE_COUNT) == 0;
}

static const char *work_in, *work_pack; /* in.txt, pack.bin */

/* Packs text (as one file) into pack.bin; the return code of pack_files. */
static int pack_text(const char *text, PackStats *st, char *err, size_t errsz)
{
    spit(work_in, text);
    const char *in[] = {work_in};
    return pack_files(in, 1, work_pack, NULL, st, err, errsz);
}

static void test_round_trip(const char *sample)
{
    /* the sample, then its first game again under another number (all duplicates), then an
       unfinished game */
    size_t n = strlen(sample);
    const char *end1 = strstr(sample, "#game ");
    const char *first = strchr(sample, '\n') + 1;
    first = strchr(first, '\n') + 1; /* after the two comment lines */
    char *text = xmalloc(2 * n + 4096);
    strcpy(text, sample);
    char *p = text + n;
    for (const char *q = first; q < end1; q++)
        *p++ = *q;
    int lines = 0;
    for (const char *q = first; q < end1; q++)
        lines += *q == '\n';
    p += sprintf(p, "%.*s", (int)(strchr(end1, '\n') + 1 - end1), end1);
    for (const char *q = first; q < end1; q++) /* unfinished: no trailer */
        *p++ = *q;
    *p = '\0';

    PackStats st;
    char err[512] = "";
    CHECK(pack_text(text, &st, err, sizeof err) == 0, "%s", err);
    static Expect want[4096];
    int nwant = expected(text, want, 4096);
    CHECK(st.positions == (uint64_t)nwant, "%llu positions, expected %d", (unsigned long long)st.positions, nwant);
    CHECK(st.duplicates >= (uint64_t)lines, "%llu duplicates, at least %d expected", (unsigned long long)st.duplicates, lines);
    CHECK(st.incomplete == (uint64_t)lines, "%llu incomplete lines, expected %d", (unsigned long long)st.incomplete, lines);
    CHECK(st.games == 17, "%llu games", (unsigned long long)st.games);

    PackData d = {0};
    const char *files[] = {work_pack};
    CHECK(pack_load(&d, files, 1, err, sizeof err) == 0, "%s", err);
    CHECK(d.n == (uint64_t)nwant, "loaded %llu", (unsigned long long)d.n);
    CHECK(d.games == 17, "games %llu", (unsigned long long)d.games);
    for (uint64_t i = 0; i < d.n && i < (uint64_t)nwant; i++) {
        PackPos pp;
        pack_pos(&d, i, &pp);
        CHECK(same(&pp, &want[i]), "position %llu differs", (unsigned long long)i);
    }
    /* the features of every piece are the engine's index */
    for (uint64_t i = 0; i < d.n; i += 37) {
        PackPos pp;
        pack_pos(&d, i, &pp);
        uint16_t f[SQUARE_COUNT];
        for (int persp = 0; persp < 2; persp++) {
            nn_features(&pp, persp, f);
            for (int k = 0; k < pp.npieces; k++) {
                int pc = pp.pairs[2 * k + 1];
                CHECK(f[k] == nnue_feature(persp, piece_kind(pc), piece_colour(pc), pp.pairs[2 * k]),
                      "feature of piece %d", k);
            }
            /* mirrored (--mirror): the same piece on the square of the other wing, file
               16 - f (square ^ 15: files are the low four bits) */
            pp.flip = true;
            nn_features(&pp, persp, f);
            pp.flip = false;
            for (int k = 0; k < pp.npieces; k++) {
                int pc = pp.pairs[2 * k + 1];
                CHECK(f[k] == nnue_feature(persp, piece_kind(pc), piece_colour(pc), pp.pairs[2 * k] ^ 15),
                      "mirrored feature of piece %d", k);
            }
        }
    }
    pack_free(&d);
    /* packing again replaces the pack file */
    CHECK(pack_text(text, &st, err, sizeof err) == 0, "%s", err);
    free(text);
}

/* The positions of a game whose end is listed for --no-result carry PACK_RESULT_NONE, and
   their target is the score's alone; every other position is packed as before. */
static void test_no_result(const char *sample)
{
    long none_game = -1, g;
    char end[32];
    for (const char *p = strstr(sample, "#game "); p; p = strstr(p + 1, "#game "))
        if (sscanf(p, "#game %ld %*s %*d %*d %31s", &g, end) == 2 && strcmp(end, "rules") == 0)
            none_game = g;
    CHECK(none_game >= 0, "the sample has a game ended by the rules");
    spit(work_in, sample);
    const char *in[] = {work_in};
    PackStats st;
    char err[512] = "";
    CHECK(pack_files(in, 1, work_pack, "maxplies,rules", &st, err, sizeof err) == 0, "%s", err);
    static Expect want[4096];
    int nwant = expected(sample, want, 4096), nnone = 0;
    PackData d = {0};
    const char *files[] = {work_pack};
    CHECK(pack_load(&d, files, 1, err, sizeof err) == 0, "%s", err);
    CHECK(d.n == (uint64_t)nwant, "loaded %llu of %d", (unsigned long long)d.n, nwant);
    for (uint64_t i = 0; i < d.n && i < (uint64_t)nwant; i++) {
        PackPos pp;
        pack_pos(&d, i, &pp);
        bool none = pp.game == (uint32_t)none_game;
        nnone += none;
        if (none)
            want[i].result = PACK_RESULT_NONE;
        CHECK(same(&pp, &want[i]), "position %llu differs", (unsigned long long)i);
        float s = nn_target(&pp, 1, 10000);
        CHECK(!none || (nn_target(&pp, 0, 10000) == s && nn_target(&pp, 0.5f, 10000) == s),
              "position %llu: a position without a result is fitted to its score", (unsigned long long)i);
    }
    CHECK(nnone > 0 && st.no_result == (uint64_t)nnone, "%llu positions without a result, %d expected",
          (unsigned long long)st.no_result, nnone);
    pack_free(&d);
}

static void expect_refused(const char *what, const char *text, const char *message)
{
    PackStats st;
    char err[512] = "";
    spit(work_in, text);
    const char *in[] = {work_in};
    CHECK(pack_files(in, 1, work_pack, NULL, &st, err, sizeof err) != 0 && strstr(err, message), "%s: '%s'", what, err);
}

static void test_bad_input(const char *sample)
{
    char line[1200];
    const char *first = strchr(strchr(sample, '\n') + 1, '\n') + 1;
    snprintf(line, sizeof line, "%.*s", (int)(strchr(first, '\n') - first), first);
    char *semi = strrchr(line, ';');
    *semi = '\0';
    char *tfen_end = strrchr(line, ';');
    *tfen_end = '\0';
    tfen_end = strrchr(line, ';');
    *tfen_end = '\0'; /* line = the TFEN */
    char text[8192];
    snprintf(text, sizeof text, "%s;0.7;10;1\n#game 1 1-0 10 1 rules\n", line);
    expect_refused("result 0.7", text, "result");
    snprintf(text, sizeof text, "%s;1;99999;1\n#game 1 1-0 10 1 rules\n", line);
    expect_refused("score", text, "score");
    snprintf(text, sizeof text, "garbage\n#game 1 1-0 10 1 rules\n");
    expect_refused("garbage", text, "in.txt:1");
    snprintf(text, sizeof text, "x%s;1;0;1\n#game 1 1-0 10 1 rules\n", line);
    expect_refused("bad TFEN", text, "TFEN");
    snprintf(text, sizeof text, "%s;1;0;1\n%s;1;0;1\n#game 1 1-0 10 1 rules\n", line, line);
    expect_refused("trailer count", text, "trailer");
    snprintf(text, sizeof text, "%s;1;0;1\n%s;1;0;2\n#game 1 1-0 10 2 rules\n", line, line);
    expect_refused("two games' lines", text, "game 2 among");
    snprintf(text, sizeof text, "#game x\n");
    expect_refused("bad trailer", text, "trailer");
    char *longline = xmalloc(PACK_LINE_MAX + 100);
    memset(longline, 'p', PACK_LINE_MAX + 50);
    strcpy(longline + PACK_LINE_MAX + 50, ";1;0;1\n#game 1 1-0 1 1 rules\n");
    expect_refused("long line", longline, "longer than");
    free(longline);
    /* nothing is left behind */
    struct stat sb;
    CHECK(stat(path("pack.bin.tmp"), &sb) != 0, "a temporary file is left");

    /* an existing file of another kind is never replaced */
    spit(path("other.txt"), "precious\n");
    snprintf(text, sizeof text, "%s;1;0;1\n#game 1 1-0 10 1 rules\n", line);
    spit(work_in, text);
    const char *in[] = {work_in};
    PackStats st;
    char err[512] = "";
    CHECK(pack_files(in, 1, path("other.txt"), NULL, &st, err, sizeof err) != 0 && strstr(err, "not a pack"), "%s", err);
    size_t n;
    char *kept = slurp(path("other.txt"), &n);
    CHECK(kept && strcmp(kept, "precious\n") == 0, "the other file was changed");
    free(kept);

    /* damaged packs are refused */
    CHECK(pack_files(in, 1, path("good.bin"), NULL, &st, err, sizeof err) == 0, "%s", err);
    char *bin = slurp(path("good.bin"), &n);
    const char *files[] = {path("bad.bin")};
    struct { const char *what; size_t at; int delta; size_t len; } cases[] = {
        {"checksum", n - 3, 1, n}, {"truncated", 0, 0, n - 1}, {"magic", 0, 1, n},
        {"version", 8, 1, n}, {"short", 0, 0, 20}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        bin[cases[c].at] = (char)(bin[cases[c].at] + cases[c].delta);
        FILE *f = fopen(path("bad.bin"), "wb");
        fwrite(bin, 1, cases[c].len, f);
        fclose(f);
        bin[cases[c].at] = (char)(bin[cases[c].at] - cases[c].delta);
        PackData d = {0};
        CHECK(pack_load(&d, files, 1, err, sizeof err) != 0, "%s: accepted", cases[c].what);
        pack_free(&d);
    }
    free(bin);
}

/* ---- the gradient ---- */

/* The sigmoid's scale of the gradient test, centipawns. */
#define TEST_SCALE 2000.0

/* The mean loss over the first n positions, computed independently in double precision from
   the parameters (nnue_model.h's definition). */
static double ref_loss(const NnModel *m, const PackData *d, int n)
{
    int h = m->h;
    double sum = 0;
    for (int k = 0; k < n; k++) {
        PackPos p;
        pack_pos(d, (uint64_t)k, &p);
        double out = m->p[m->o_outb];
        for (int half = 0; half < 2; half++) {
            int persp = half ? !p.side : p.side;
            for (int j = 0; j < p.npieces; j++) { /* the psqt path */
                int sq = p.pairs[2 * j], pc = p.pairs[2 * j + 1];
                size_t f = (size_t)nnue_feature(persp, piece_kind(pc), piece_colour(pc), sq);
                double v = m->p[m->o_psqt + f] + (m->factor ? m->p[m->o_pk + f / SQUARE_COUNT] : 0);
                out += half ? -v / 2 : v / 2;
            }
            for (int i = 0; i < h; i++) {
                double acc = m->p[m->o_bias + (size_t)i];
                for (int j = 0; j < p.npieces; j++) {
                    int sq = p.pairs[2 * j], pc = p.pairs[2 * j + 1];
                    size_t f = (size_t)nnue_feature(persp, piece_kind(pc), piece_colour(pc), sq);
                    acc += m->p[f * (size_t)h + (size_t)i];
                    if (m->factor)
                        acc += m->p[m->o_fk + f / SQUARE_COUNT * (size_t)h + (size_t)i];
                }
                double a = acc < 0 ? 0 : acc > 1 ? 1 : acc;
                if (m->activation == NNUE_SCRELU)
                    a *= a;
                out += a * m->p[m->o_out + (size_t)(half * h + i)];
            }
        }
        double r = 1 / (1 + exp(-out * NNUE_SCALE / TEST_SCALE)),
               t = 0.5 / (1 + exp(-p.score / TEST_SCALE)) + 0.5 * p.result * 0.5;
        sum += (r - t) * (r - t);
    }
    return sum / n;
}

static void test_gradient(const PackData *d, int activation)
{
    NnModel m;
    nn_model_new(&m, 16, activation, true);
    nn_model_init(&m, 5, NN_INIT_MATERIAL);
    uint64_t s = 99;
    for (size_t i = 0; i < m.nparams; i++) { /* away from the starting symmetry */
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        m.p[i] += (float)((double)(s >> 11) * 0x1p-53 - 0.5) * 0.02f;
    }
    float *merged = xcalloc((size_t)NNUE_INPUTS * 16, sizeof(float));
    float *grad = xcalloc(m.nparams, sizeof(float));
    uint8_t *touched = xcalloc(NNUE_INPUTS, 1);
    NnWork w;
    nn_work_new(&w, 16);
    const int n = 24;
    nn_merge_rows(&m, merged, NULL);
    for (int i = 0; i < n; i++) {
        PackPos p;
        pack_pos(d, (uint64_t)i, &p);
        float dout;
        nn_loss(nn_forward(&m, nn_rows(&m, merged), &p, &w), nn_target(&p, 0.5f, (float)TEST_SCALE), (float)TEST_SCALE, &dout);
        nn_backward(&m, &p, &w, dout / n, grad, touched);
    }
    nn_factor_grad(&m, grad, touched, 0, NN_FK_ROWS);
    /* parameters to check: rows of the first position's pieces, their factoriser rows, the
       biases and output weights, the psqt weights of the first position's pieces and their
       factoriser's */
    size_t params[600];
    int np = 0;
    PackPos p0;
    pack_pos(d, 0, &p0);
    uint16_t f[SQUARE_COUNT];
    nn_features(&p0, p0.side, f);
    for (int k = 0; k < 8; k++)
        for (int i = 0; i < 16; i += 3) {
            params[np++] = (size_t)f[k * 5] * 16 + (size_t)i;
            params[np++] = m.o_fk + (size_t)(f[k * 5] / SQUARE_COUNT) * 16 + (size_t)i;
        }
    for (size_t i = m.o_bias; i < m.o_psqt; i++)
        params[np++] = i;
    for (int k = 0; k < 16; k++) {
        params[np++] = m.o_psqt + f[k * 2];
        params[np++] = m.o_pk + f[k * 2] / SQUARE_COUNT;
    }
    int checked = 0, kinks = 0, bad = 0;
    for (int k = 0; k < np; k++) {
        size_t i = params[k];
        float keep = m.p[i];
        const float eps = 1.0f / 1024; /* exact in float */
        double l0 = ref_loss(&m, d, n);
        m.p[i] = keep + eps;
        double lp = ref_loss(&m, d, n);
        m.p[i] = keep - eps;
        double lm = ref_loss(&m, d, n);
        m.p[i] = keep;
        double right = (lp - l0) / eps, left = (l0 - lm) / eps, num = (lp - lm) / (2 * eps);
        double tol = 1e-6 + 0.01 * fabs(num), g = grad[i];
        if (fabs(num - g) <= tol) {
            checked++;
            continue;
        }
        /* a kink of the activation within eps: the derivative lies between the one-sided ones */
        if (fabs(right - left) > tol && g >= fmin(left, right) - tol && g <= fmax(left, right) + tol) {
            kinks++;
            continue;
        }
        {
            bad++;
            fprintf(stderr, "param %zu: numeric %.8g analytic %.8g\n", i, num, (double)grad[i]);
        }
    }
    printf("gradient (activation %d): %d parameters agree, %d at kinks, %d differ\n", activation, checked, kinks, bad);
    CHECK(bad == 0, "%d of %d gradients differ (activation %d)", bad, checked, activation);
    CHECK(checked > np * 3 / 4, "only %d of %d gradients could be checked (%d at kinks)", checked, np, kinks);
    nn_work_free(&w);
    free(touched);
    free(grad);
    free(merged);
    nn_model_free(&m);
}

/* ---- the engine's scores ---- */

static void test_engine_scores(const char *net_path, const char *pack)
{
#ifdef HAVE_ENGINE_NNUE
    char err[512];
    CHECK(nnue_load_file(net_path, err, sizeof err) == 0, "%s", err);
    NnueNet *net = nnue_net_load(net_path, err, sizeof err);
    PackData d = {0};
    const char *files[] = {pack};
    CHECK(net && pack_load(&d, files, 1, err, sizeof err) == 0, "%s", err);
    Position *pos = xmalloc(sizeof *pos);
    NnueAcc *acc = xmalloc(sizeof *acc);
    position_clear(pos, ruleset_default());
    int differ = 0;
    for (uint64_t i = 0; net && i < d.n; i++) {
        PackPos p;
        pack_pos(&d, i, &p);
        uint8_t board[SQUARE_COUNT] = {0};
        for (int k = 0; k < p.npieces; k++)
            board[p.pairs[2 * k]] = p.pairs[2 * k + 1];
        position_set(pos, board, p.side);
        acc->net = 0;
        bool overflow;
        differ += nnue_evaluate(pos, acc) != nn_quant_eval(net, &p, &overflow);
    }
    CHECK(differ == 0, "%d of %llu positions score otherwise in the engine", differ, (unsigned long long)d.n);
    nnue_use_builtin();
    free(acc);
    free(pos);
    pack_free(&d);
    nnue_net_free(net);
#else
    (void)net_path;
    (void)pack;
    printf("no eval/nnue.h: the engine's scores are not compared\n");
#endif
}

/* ---- training: reproducible, resumable ---- */

/* A training run on the sample pack (small batches, every fifth game held out) of H hidden
   units, after removing the files of an earlier run. */
static TrainConfig sample_run(const char *const *stale, size_t nstale, int hidden)
{
    static const char *data[1];
    if (!data[0])
        data[0] = path("sample.bin");
    for (size_t i = 0; i < nstale; i++)
        remove(path(stale[i]));
    TrainConfig c = train_config_default();
    c.data = data;
    c.ndata = 1;
    c.hidden = hidden;
    c.batch = 64;
    c.validation_every = 5;
    return c;
}

static void test_training(void)
{
    const char *outputs[] = {"full.nnue", "again.nnue", "half.nnue", "resumed.nnue", "other.nnue", "ckpt"};
    TrainConfig c = sample_run(outputs, sizeof outputs / sizeof outputs[0], 32);
    c.threads = 2;
    c.epochs = 3;
    c.rate = 0.001;
    c.decay = 10;
    c.mirror = true; /* mirrored reading is reproducible, resumed too */
    c.out = path("full.nnue");
    c.loss_log = path("full.log");
    CHECK(train_run(&c) == 0, "training failed");
    c.out = path("again.nnue");
    c.loss_log = path("again.log");
    CHECK(train_run(&c) == 0, "training failed");
    /* resumed: 2 epochs, then 1 more from the checkpoint */
    c.out = path("half.nnue");
    c.loss_log = path("resumed.log");
    c.checkpoint = path("ckpt");
    c.resume = true;
    c.epochs = 2;
    CHECK(train_run(&c) == 0, "training failed");
    c.epochs = 3;
    c.out = path("resumed.nnue");
    CHECK(train_run(&c) == 0, "resuming failed");
    size_t n1, n2, n3, l1, l3;
    char *a = slurp(path("full.nnue"), &n1), *b = slurp(path("again.nnue"), &n2),
         *r = slurp(path("resumed.nnue"), &n3);
    CHECK(a && b && n1 == n2 && memcmp(a, b, n1) == 0, "the same run gave another net");
    CHECK(a && r && n1 == n3 && memcmp(a, r, n1) == 0, "the resumed run gave another net");
    char *la = slurp(path("full.log"), &l1), *lr = slurp(path("resumed.log"), &l3);
    CHECK(la && lr && strcmp(la, lr) == 0, "the loss logs differ:\n%s---\n%s", la, lr);
    char err[200];
    NnueNet *net = nnue_net_load(path("full.nnue"), err, sizeof err);
    CHECK(net && net->hidden == 32, "the net does not load: %s", err);
    nnue_net_free(net);
    test_engine_scores(path("full.nnue"), path("sample.bin"));
    /* another run's checkpoint is refused */
    c.lambda = 0.25;
    c.out = path("other.nnue");
    CHECK(train_run(&c) != 0, "a checkpoint of another run was used");
    c.lambda = 0.5;
    c.mirror = !c.mirror;
    CHECK(train_run(&c) != 0, "a checkpoint of another run was used (--mirror)");
    free(a);
    free(b);
    free(r);
    free(la);
    free(lr);
}

/* ---- fine-tuning a net (--init builtin / NET.nnue) ---- */

static bool same_weights(const NnueNet *a, const NnueNet *b)
{
    size_t h = (size_t)a->hidden;
    return a->hidden == b->hidden && a->activation == b->activation && a->out_bias == b->out_bias &&
           memcmp(a->ft_bias, b->ft_bias, h * 2) == 0 &&
           memcmp(a->ft_weight, b->ft_weight, (size_t)NNUE_INPUTS * h * 2) == 0 &&
           memcmp(a->out_weight, b->out_weight, 2 * h * 2) == 0 &&
           memcmp(a->psqt_weight, b->psqt_weight, (size_t)NNUE_INPUTS * 4) == 0;
}

/* A net read into the float model (with and without the factoriser) quantises back to itself;
   a model of another H refuses it; training from it for 0 epochs writes it back; a checkpoint
   of a run started from another net, or from material, is refused; a missing net is an error. */
static void test_start_net(void)
{
    char err[512];
    size_t size;
    const uint8_t *data = nnue_builtin_data(&size);
    NnueNet *builtin = nnue_net_read(data, size, err, sizeof err);
    CHECK(builtin != NULL, "the built-in net: %s", err);
    if (!builtin)
        return;
    for (int factor = 0; factor < 2; factor++) {
        NnModel m;
        nn_model_new(&m, builtin->hidden, builtin->activation, factor);
        CHECK(nn_model_from_net(&m, builtin, err, sizeof err) == 0, "from the net: %s", err);
        long clipped;
        NnueNet *back = nn_quantise(&m, "back", &clipped);
        CHECK(back && clipped == 0 && same_weights(back, builtin),
              "factor %d: the net read into the model does not quantise back to itself", factor);
        nnue_net_free(back);
        nn_model_free(&m);
    }
    NnModel wide;
    nn_model_new(&wide, builtin->hidden + NNUE_H_STEP, builtin->activation, true);
    CHECK(nn_model_from_net(&wide, builtin, err, sizeof err) != 0 && strstr(err, "H"),
          "a model of another H took the net (%s)", err);
    nn_model_free(&wide);

    const char *outputs[] = {"tuned0.nnue", "tuned1.nnue", "tuned-ckpt", "start2.nnue", "x.nnue"};
    TrainConfig c = sample_run(outputs, sizeof outputs / sizeof outputs[0], builtin->hidden);
    c.init = NN_INIT_NET;
    c.init_net = "builtin";
    c.epochs = 0;
    c.out = path("tuned0.nnue");
    CHECK(train_run(&c) == 0, "training from the built-in net failed");
    NnueNet *tuned = nnue_net_load(path("tuned0.nnue"), err, sizeof err);
    CHECK(tuned && same_weights(tuned, builtin), "0 epochs from the built-in net changed it: %s",
          tuned ? "other weights" : err);
    nnue_net_free(tuned);
    c.epochs = 1;
    c.out = path("tuned1.nnue");
    c.checkpoint = path("tuned-ckpt");
    c.resume = true;
    CHECK(train_run(&c) == 0, "one epoch from the built-in net failed");
    builtin->out_bias += 1; /* another starting net */
    CHECK(nnue_net_save(builtin, path("start2.nnue"), err, sizeof err) == 0, "%s", err);
    c.init_net = path("start2.nnue");
    c.out = path("x.nnue");
    CHECK(train_run(&c) != 0, "a checkpoint of a run from another net was used");
    c.init = NN_INIT_MATERIAL;
    CHECK(train_run(&c) != 0, "a checkpoint of a run from a net was used from material");
    c.init = NN_INIT_NET;
    c.init_net = path("missing.nnue");
    c.checkpoint = NULL;
    c.resume = false;
    CHECK(train_run(&c) != 0, "a missing starting net was accepted");
    FILE *f = fopen(path("x.nnue"), "rb");
    CHECK(f == NULL, "a failed run wrote its net");
    if (f)
        fclose(f);
    nnue_net_free(builtin);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_nnue_train SAMPLE.txt WORK_DIR\n");
        return 2;
    }
    work = argv[2];
    mkdir(work, 0777);
    work_in = path("in.txt");
    work_pack = path("pack.bin");
    size_t n;
    char *sample = slurp(argv[1], &n);
    if (!sample) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    test_round_trip(sample);
    test_no_result(sample);
    test_bad_input(sample);

    PackStats st;
    char err[512];
    const char *in[] = {argv[1]};
    CHECK(pack_files(in, 1, path("sample.bin"), NULL, &st, err, sizeof err) == 0, "%s", err);
    PackData d = {0};
    const char *files[] = {path("sample.bin")};
    CHECK(pack_load(&d, files, 1, err, sizeof err) == 0, "%s", err);
    if (d.n >= 24) {
        test_gradient(&d, NNUE_SCRELU);
        test_gradient(&d, NNUE_CRELU);
    }
    pack_free(&d);
    test_training();
    test_start_net();
    free(sample);
    return check_finish("test_nnue_train");
}
