/* The NNUE evaluation (eval/nnue.h, docs/NNUE.md), one part per argument (none: all):
 *   incremental  over random games under random rule options, with random nets (every weight
 *                drawn), the accumulators kept by eval_state_update (and eval_state_copy for a
 *                null move) equal ones computed from scratch after every make and every unmake,
 *                and every kind of move occurs: captures, burns, lion double captures, igui,
 *                promotions, suicides, passes;
 *   paths        the scalar, SSE2 and AVX2 kernels give the same accumulators and outputs, on
 *                random data (extremes included) and on positions;
 *   mirror       a position and its colour-mirrored copy get the same score;
 *   placeholder  the placeholder net scores docs/RULES.md §7 material exactly on random games,
 *                and the built-in net is its bytes while the default net is the placeholder;
 *   loader       bad files are refused with a message naming the fault, the net in use stays,
 *                and a seeded, bounded loop of random mutations never crashes;
 *   search       with Evaluation=nnue the search plays legal moves at a fixed depth with a
 *                node count that repeats, and with the placeholder net (NNUE_GRAIN 0) it
 *                searches exactly the tree of the pure material evaluation. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "bench/bench_positions.h"
#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/result.h"
#include "board/tfen.h"
#include "check.h"
#include "eval/eval.h"
#include "eval/nnue.h"
#include "eval/nnue_kernels.h"
#include "eval/nnue_placeholder.h"
#include "mirror.h"
#include "nnuenets.h"
#include "randpos.h"
#include "search/searcher.h"

static bool same_acc(const NnueAcc *a, const NnueAcc *b)
{
    int h = nnue_net()->hidden;
    return memcmp(a->v[0], b->v[0], (size_t)h * 2) == 0 && memcmp(a->v[1], b->v[1], (size_t)h * 2) == 0 &&
           a->psqt[0] == b->psqt[0] && a->psqt[1] == b->psqt[1];
}

/* ------------------------------------------------------------------ incremental ------- */

static void random_rules(Rules *r, Rng *rng)
{
    rules_default(r);
    for (int i = 0; i < rule_option_count; i++) {
        int n = 0;
        while (rule_options[i].values[n])
            n++;
        *(int *)(void *)((char *)r + rule_options[i].offset) = rng_below(rng, n);
    }
}

typedef struct Kinds {
    long captures, burns, double_captures, igui, promotions, suicides, passes, null_moves;
    int most_removed;
} Kinds;

/* pos: after m, made by `mover` */
static void count_kind(Kinds *k, const Position *pos, int mover, Move m, const Undo *u)
{
    if (u->removed)
        k->captures++;
    if (u->removed >= 2 && !move_has_mid(m))
        k->burns++;
    if (u->removed > k->most_removed)
        k->most_removed = u->removed;
    if (move_has_mid(m) && move_to(m) != move_from(m))
        k->double_captures++;
    if (move_has_mid(m) && move_to(m) == move_from(m))
        k->igui++;
    if (move_is_promo(m))
        k->promotions++;
    if (move_is_pass(m))
        k->passes++;
    int now = pos->board[move_to(m)];
    if (!move_is_pass(m) && (!now || piece_colour(now) != mover))
        k->suicides++;
}

/* make m from states[ply], check the child, unmake, check the parent. */
static void try_move(Position *pos, EvalState *states, int ply, Move m, Kinds *k, int game)
{
    static NnueAcc fresh;
    Undo u;
    int mover = pos->side;
    make_move(pos, m, &u);
    count_kind(k, pos, mover, m, &u);
    eval_state_update(&states[ply + 1], &states[ply], pos, &u);
    nnue_refresh(&fresh, pos);
    CHECK(states[ply + 1].nn.net == nnue_net_id() && same_acc(&states[ply + 1].nn, &fresh),
          "game %d ply %d: the accumulators after the move differ from scratch", game, ply);
    CHECK(nnue_evaluate(pos, &states[ply + 1].nn) == nnue_evaluate(pos, &fresh), "game %d ply %d: score", game, ply);
    unmake_move(pos, m, &u);
    nnue_refresh(&fresh, pos);
    CHECK(states[ply].nn.net == nnue_net_id() && same_acc(&states[ply].nn, &fresh),
          "game %d ply %d: the accumulators after unmake differ from scratch", game, ply);
}

static void try_null_move(Position *pos, EvalState *states, int ply, Kinds *k, int game)
{
    static NnueAcc fresh;
    make_null_move(pos);
    eval_state_copy(&states[ply + 1], &states[ply]);
    nnue_refresh(&fresh, pos);
    CHECK(same_acc(&states[ply + 1].nn, &fresh) &&
              nnue_evaluate(pos, &states[ply + 1].nn) == nnue_evaluate(pos, &fresh),
          "game %d ply %d: the null move's accumulators differ from scratch", game, ply);
    unmake_null_move(pos);
    k->null_moves++;
}

static void test_incremental(void)
{
    enum { PLIES = 250, RULE_SETS = 48 };
    static Position pos;
    static MoveVec list;
    static EvalState states[PLIES + 2];
    Rng rng = {20261126};
    Kinds k = {0};
    long checked = 0;
    int games = scaled(2000), nets = 4;
    static RuleSet *sets[RULE_SETS]; /* random rule options: every option takes every value */
    for (int i = 0; i < RULE_SETS; i++) {
        Rules r;
        random_rules(&r, &rng);
        sets[i] = ruleset_new(&r);
    }
    for (int n = 0; n < nets; n++) {
        /* H = 32, 48, 64, 80: every tail of the vector loops */
        int h = 32 + 16 * n;
        CHECK(use_net(random_net(&rng, h, n % 2 ? NNUE_SCRELU : NNUE_CRELU, 60, 127), "random"), "net");
        for (int game = n * games / nets; game < (n + 1) * games / nets; game++) {
            position_start(&pos, sets[rng_below(&rng, RULE_SETS)]);
            eval_state_init(&states[0], &pos);
            nnue_evaluate(&pos, &states[0].nn); /* computes the root: the children follow */
            for (int ply = 0; ply < PLIES; ply++) {
                generate_all_moves(&pos, &list); /* the repetition rule changes no move */
                if (list.count == 0)
                    break;
                /* every move now and then, else two random ones and the one played */
                int tries = ply % 50 == 0 ? list.count : 2;
                for (int t = 0; t < tries; t++)
                    try_move(&pos, states, ply, tries == list.count ? list.moves[t] : list.moves[rng_below(&rng, list.count)],
                             &k, game);
                if (ply % 8 == 0)
                    try_null_move(&pos, states, ply, &k, game);
                Move m = random_move(&pos, &list, &rng, 60);
                try_move(&pos, states, ply, m, &k, game);
                Undo u;
                make_move(&pos, m, &u);
                eval_state_update(&states[ply + 1], &states[ply], &pos, &u);
                checked++;
                if (royal_loss_winner(&pos, pos.side ^ 1) != NO_WINNER && rng_below(&rng, 4) == 0)
                    break; /* most games go on without royals: sparse boards */
            }
        }
    }
    for (int i = 0; i < RULE_SETS; i++)
        ruleset_free(sets[i]);
    printf("incremental: %d games, %ld plies; captures %ld, burns %ld (most pieces removed by a move: %d), "
           "double captures %ld, igui %ld, promotions %ld, suicides %ld, passes %ld, null moves %ld\n",
           games, checked, k.captures, k.burns, k.most_removed, k.double_captures, k.igui, k.promotions,
           k.suicides, k.passes, k.null_moves);
    CHECK(k.captures && k.burns && k.double_captures && k.igui && k.promotions && k.suicides && k.passes,
          "a kind of move never occurred");
    CHECK(k.most_removed >= (scaled(100) >= 50 ? 5 : 3), "no big burn: at most %d pieces removed", k.most_removed);
}

/* ------------------------------------------------------------------------ paths ------- */

static const NnueKernels *path_kernels(int p)
{
    return p == NNUE_PATH_AVX2 ? nnue_kernels_avx2() : p == NNUE_PATH_SSE2 ? nnue_kernels_sse2() : nnue_kernels_scalar();
}

/* Random vectors in [lo, hi]. */
static void fill(int16_t *v, int n, Rng *r, int lo, int hi)
{
    for (int i = 0; i < n; i++)
        v[i] = (int16_t)rng_range(r, lo, hi);
}

static void kernels_agree(Rng *rng, int round)
{
    static int16_t rows[24][NNUE_H_MAX], src[NNUE_H_MAX], us[NNUE_H_MAX], them[NNUE_H_MAX], w[2 * NNUE_H_MAX];
    static int16_t want[NNUE_H_MAX], got[NNUE_H_MAX];
    int h = NNUE_H_MIN + NNUE_H_STEP * rng_below(rng, (NNUE_H_MAX - NNUE_H_MIN) / NNUE_H_STEP + 1);
    int extreme = round % 5 == 0; /* the largest magnitudes: wrapping, and the output's bound */
    for (int i = 0; i < 24; i++)
        fill(rows[i], h, rng, -32768, 32767);
    fill(src, h, rng, -32768, 32767);
    const int16_t *add[12], *sub[12];
    int nadd = rng_below(rng, 13), nsub = rng_below(rng, 13);
    for (int i = 0; i < nadd; i++)
        add[i] = rows[rng_below(rng, 24)];
    for (int i = 0; i < nsub; i++)
        sub[i] = rows[rng_below(rng, 24)];
    int qa = extreme ? 255 : rng_range(rng, 1, 255);
    fill(us, h, rng, extreme ? 255 : -400, extreme ? 32767 : 400);
    fill(them, h, rng, extreme ? 255 : -400, extreme ? 32767 : 400);
    int wide = rng_below(rng, 2) ? -32768 : -NNUE_SMALL_WEIGHT, top = wide == -32768 ? 32767 : NNUE_SMALL_WEIGHT;
    if (extreme)
        for (int i = 0; i < 2 * h; i++)
            w[i] = (int16_t)wide; /* all at the most negative end */
    else
        fill(w, 2 * h, rng, wide, top);
    const NnueKernels *ref = nnue_kernels_scalar();
    ref->accumulate(want, src, add, nadd, sub, nsub, h);
    int64_t crelu = ref->output(us, them, w, h, qa, 0), screlu = ref->output(us, them, w, h, qa, 1);
    for (int p = NNUE_PATH_SSE2; p < NNUE_PATH_COUNT; p++) {
        const NnueKernels *k = path_kernels(p);
        if (!k)
            continue;
        memset(got, 0x55, sizeof got);
        k->accumulate(got, src, add, nadd, sub, nsub, h);
        CHECK(memcmp(got, want, (size_t)h * 2) == 0, "%s: accumulate differs (h %d, %d rows added, %d removed)",
              nnue_path_names[p], h, nadd, nsub);
        int64_t c = k->output(us, them, w, h, qa, 0);
        CHECK(c == crelu, "%s: CReLU output %lld, scalar %lld (h %d)", nnue_path_names[p], (long long)c,
              (long long)crelu, h);
        if (top == NNUE_SMALL_WEIGHT) {
            int64_t s = k->output(us, them, w, h, qa, 1);
            CHECK(s == screlu, "%s: SCReLU output %lld, scalar %lld (h %d)", nnue_path_names[p], (long long)s,
                  (long long)screlu, h);
        }
    }
}

/* The whole evaluation on a position by every path. */
static void positions_agree(const Position *pos, int n)
{
    static NnueAcc acc[NNUE_PATH_COUNT];
    int score[NNUE_PATH_COUNT];
    for (int p = 0; p < NNUE_PATH_COUNT; p++) {
        if (!nnue_set_path(p))
            continue;
        acc[p].net = 0;
        score[p] = nnue_evaluate(pos, &acc[p]);
        CHECK(same_acc(&acc[p], &acc[0]) && score[p] == score[0], "position %d: %s gives %d, scalar %d", n,
              nnue_path_names[p], score[p], score[0]);
    }
}

static void test_paths(void)
{
    int best = nnue_path();
    Rng rng = {777};
    printf("paths: in use %s; available:", nnue_path_names[best]);
    for (int p = 0; p < NNUE_PATH_COUNT; p++)
        if (path_kernels(p))
            printf(" %s", nnue_path_names[p]);
    printf("\n");
#if defined(__x86_64__)
    CHECK(path_kernels(NNUE_PATH_SSE2) != NULL, "no SSE2 path in an x86-64 build");
#endif
    for (int i = 0; i < scaled(2000); i++)
        kernels_agree(&rng, i);
    static Position pos;
    static MoveVec list;
    for (int n = 0; n < 4; n++) {
        CHECK(use_net(random_net(&rng, 32 + 96 * n, n % 2 ? NNUE_SCRELU : NNUE_CRELU, 60, n < 2 ? 127 : 3000),
                      "random"),
              "net");
        for (int i = 0; i < scaled(150); i++) {
            pos.rs = ruleset_default();
            random_scatter(&pos, &rng, 1 + rng_below(&rng, 70));
            positions_agree(&pos, i);
        }
        position_start(&pos, ruleset_default());
        for (int ply = 0; ply < scaled(300); ply++) {
            generate_legal(&pos, &list);
            Move m = random_move(&pos, &list, &rng, 50);
            if (!m)
                break;
            Undo u;
            make_move(&pos, m, &u);
            positions_agree(&pos, ply);
        }
    }
    nnue_set_path(best);
}

/* ----------------------------------------------------------------------- mirror ------- */

static void mirror_agrees(const Position *pos, const char *what, int n)
{
    static Position flipped;
    static NnueAcc a, b;
    mirror_position(pos, &flipped);
    a.net = b.net = 0;
    int x = nnue_evaluate(pos, &a), y = nnue_evaluate(&flipped, &b);
    CHECK(x == y, "%s %d: %d, mirrored %d", what, n, x, y);
    size_t h = (size_t)nnue_net()->hidden * 2;
    CHECK(memcmp(a.v[BLACK], b.v[WHITE], h) == 0 && memcmp(a.v[WHITE], b.v[BLACK], h) == 0 &&
              a.psqt[BLACK] == b.psqt[WHITE] && a.psqt[WHITE] == b.psqt[BLACK],
          "%s %d: a perspective's accumulator is not the other's of the mirror", what, n);
}

static void test_mirror(void)
{
    static Position pos;
    static MoveVec list;
    Rng rng = {4242};
    for (int n = 0; n < 2; n++) {
        CHECK(use_net(random_net(&rng, 64, n ? NNUE_SCRELU : NNUE_CRELU, 60, 127), "random"), "net");
        for (int i = 0; i < scaled(500); i++) {
            pos.rs = ruleset_default();
            random_scatter(&pos, &rng, 1 + rng_below(&rng, 70));
            mirror_agrees(&pos, "scattered position", i);
        }
        for (int game = 0; game < scaled(10); game++) {
            position_start(&pos, ruleset_default());
            for (int ply = 0; ply < 300; ply++) {
                generate_legal(&pos, &list);
                Move m = random_move(&pos, &list, &rng, 50);
                if (!m)
                    break;
                Undo u;
                make_move(&pos, m, &u);
                if (ply % 3 == 0)
                    mirror_agrees(&pos, "game position", ply);
            }
        }
    }
}

/* ------------------------------------------------------------------ placeholder ------- */

static void test_placeholder(void)
{
    NnueNet *net = nnue_placeholder_net();
    CHECK(net != NULL, "the placeholder does not fit");
    if (!net)
        return;
    size_t size, builtin_size;
    uint8_t *bytes = nnue_net_write(net, &size);
    const uint8_t *builtin = nnue_builtin_data(&builtin_size);
    if (strncmp((const char *)builtin + 40, "placeholder", 11) == 0)
        CHECK(builtin_size == size && memcmp(builtin, bytes, size) == 0,
              "eval/nets/default.nnue is not what kaki-nnue-placeholder writes");
    else
        printf("placeholder: the built-in net is a trained one\n");
    free(bytes);
    CHECK(use_net(net, "placeholder"), "placeholder refused");
    static Position pos;
    static MoveVec list;
    static EvalState st;
    Rng rng = {99};
    long n = 0;
    for (int game = 0; game < scaled(40); game++) {
        Rules r;
        random_rules(&r, &rng);
        RuleSet *rs = ruleset_new(&r);
        position_start(&pos, rs);
        for (int ply = 0; ply < 400; ply++) {
            eval_state_init(&st, &pos);
            int want = evaluate(&pos, &st, EVAL_MATERIAL), got = evaluate(&pos, &st, EVAL_NNUE);
            CHECK(want == got, "game %d ply %d: placeholder %d, material %d", game, ply, got, want);
            n++;
            generate_legal(&pos, &list);
            Move m = random_move(&pos, &list, &rng, 50);
            if (!m)
                break;
            Undo u;
            make_move(&pos, m, &u);
        }
        ruleset_free(rs);
    }
    printf("placeholder: %ld positions score their material\n", n);
}

/* ----------------------------------------------------------------------- loader ------- */

static uint8_t *good;
static size_t good_size;

static void put32(uint8_t *d, size_t at, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        d[at + (size_t)i] = (uint8_t)(v >> (8 * i));
}
static void reseal(uint8_t *d, size_t size) { put32(d, size - 4, nnue_fnv1a(d, size - 4)); }

/* The bytes must be refused, with a message containing `why` (NULL: any), and the net in use
   must stay. */
static void refused(const uint8_t *d, size_t size, const char *why, const char *what)
{
    uint32_t id = nnue_net_id();
    char err[300] = "";
    int rc = nnue_load_memory(d, size, "bad", err, sizeof err);
    CHECK(rc != 0, "%s: accepted", what);
    CHECK(rc != 0 && err[0] && (!why || strstr(err, why)), "%s: message '%s', want '%s'", what, err, why ? why : "any");
    CHECK(nnue_net_id() == id, "%s: the net in use changed", what);
}

static void field(size_t at, uint32_t v, const char *why)
{
    static uint8_t *d;
    d = realloc(d, good_size);
    memcpy(d, good, good_size);
    put32(d, at, v);
    reseal(d, good_size);
    char what[80];
    snprintf(what, sizeof what, "field at %zu = %u", at, v);
    refused(d, good_size, why, what);
}

static void fuzz(Rng *rng, int rounds)
{
    uint8_t *d = calloc(1, good_size + 64);
    int accepted = 0;
    for (int i = 0; i < rounds; i++) {
        size_t size = good_size;
        memcpy(d, good, good_size);
        int k = 1 + rng_below(rng, 4);
        for (int j = 0; j < k; j++) {
            switch (rng_below(rng, 6)) {
            case 0: d[rng_below(rng, NNUE_HEADER_SIZE)] ^= (uint8_t)(1 << rng_below(rng, 8)); break;
            case 1: if (size) d[(size_t)rng_below(rng, (int)size)] = (uint8_t)rng_below(rng, 256); break;
            case 2: size = (size_t)rng_below(rng, (int)size + 1); break;
            case 3: size += (size_t)rng_below(rng, 64); break;
            case 4: if (size >= 24) put32(d, 20, (uint32_t)rng_next(rng)); break; /* H */
            default: if (size >= 40) put32(d, 8 + 4 * (size_t)rng_below(rng, 8), (uint32_t)rng_below(rng, 3)); break;
            }
        }
        if (size > good_size + 64)
            size = good_size + 64;
        if (rng_below(rng, 2) && size >= 4)
            reseal(d, size);
        char err[300] = "";
        NnueNet *net = nnue_net_read(d, size, err, sizeof err);
        if (net) {
            accepted++; /* a valid net after all (e.g. a body byte changed and resealed) */
            size_t n;
            uint8_t *again = nnue_net_write(net, &n);
            /* the same bytes again, but for what follows a NUL in the description */
            CHECK(again && n == size && memcmp(again, d, 40) == 0 &&
                      memcmp(again + NNUE_HEADER_SIZE, d + NNUE_HEADER_SIZE, n - NNUE_HEADER_SIZE - 4) == 0,
                  "fuzz %d: accepted bytes do not round-trip", i);
            free(again);
            nnue_net_free(net);
        } else
            CHECK(err[0] != '\0', "fuzz %d: refused without a message", i);
    }
    printf("loader: %d mutated files, %d of them still valid nets\n", rounds, accepted);
    free(d);
}

static void test_loader(void)
{
    Rng rng = {1234};
    NnueNet *net = random_net(&rng, 32, NNUE_SCRELU, 60, 127);
    good = nnue_net_write(net, &good_size);
    nnue_net_free(net);
    CHECK(good && good_size == nnue_file_size(32), "written size");
    char err[300] = "";
    CHECK(nnue_load_memory(good, good_size, "good", err, sizeof err) == 0, "the good net refused: %s", err);
    NnueNet *back = nnue_net_read(good, good_size, err, sizeof err);
    size_t n;
    uint8_t *again = back ? nnue_net_write(back, &n) : NULL;
    CHECK(again && n == good_size && memcmp(again, good, n) == 0, "read and write again: other bytes");
    free(again);
    nnue_net_free(back);

    /* truncated, extended */
    size_t cuts[] = {0, 1, 7, 8, 40, 103, 104, 105, 1000, good_size / 2, good_size - 5, good_size - 4, good_size - 1};
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        char what[64];
        snprintf(what, sizeof what, "truncated to %zu bytes", cuts[i]);
        refused(good, cuts[i], cuts[i] < NNUE_HEADER_SIZE ? "header" : "truncated", what);
    }
    uint8_t *longer = calloc(1, good_size + 1);
    memcpy(longer, good, good_size);
    refused(longer, good_size + 1, "bytes", "one byte more");
    free(longer);

    /* every bit of the header, and bits of the body and the checksum */
    static uint8_t *d;
    d = malloc(good_size);
    for (int bit = 0; bit < NNUE_HEADER_SIZE * 8; bit += bit < 40 * 8 ? 1 : 1 + rng_below(&rng, 8)) {
        memcpy(d, good, good_size);
        d[bit / 8] ^= (uint8_t)(1 << (bit % 8));
        char what[64];
        snprintf(what, sizeof what, "header bit %d flipped", bit);
        /* every bit of the fields; a flip in the description is caught by the checksum only */
        refused(d, good_size, NULL, what);
    }
    for (int i = 0; i < scaled(150); i++) {
        memcpy(d, good, good_size);
        size_t at = NNUE_HEADER_SIZE + (size_t)rng_below(&rng, (int)(good_size - NNUE_HEADER_SIZE));
        d[at] ^= (uint8_t)(1 << rng_below(&rng, 8));
        char what[64];
        snprintf(what, sizeof what, "bit flipped in byte %zu", at);
        refused(d, good_size, "checksum", what);
    }
    free(d);

    /* each field wrong, the checksum right */
    field(8, 1, "version 1");
    field(8, 3, "version 3");
    field(8, 0, "version 0");
    field(12, 2, "feature set 2");
    field(16, 33791, "33791 inputs");
    field(20, 48, "bytes"); /* a valid H, but not the file's */
    field(20, 31, "hidden size 31");
    field(20, 16, "hidden size 16");
    field(20, 528, "hidden size 528");
    /* a psqt weight beyond the bound (the good net has H 32) */
    size_t psqt_at = NNUE_HEADER_SIZE + 2 * 32 + 2 * (size_t)NNUE_INPUTS * 32 + 4 * 32;
    field(psqt_at + 4 * 1000, NNUE_PSQT_MAX + 1, "psqt weight");
    field(psqt_at, (uint32_t)-(NNUE_PSQT_MAX + 1), "psqt weight");
    field(20, 0xffffffffu, "hidden size");
    field(24, 2, "activation 2");
    field(28, 0, "quantisation");
    field(28, 256, "quantisation");
    field(32, 0, "quantisation");
    field(36, 0, "quantisation");
    uint8_t bad_magic[NNUE_HEADER_SIZE];
    memcpy(bad_magic, good, sizeof bad_magic);
    bad_magic[0] = 'k';
    refused(bad_magic, sizeof bad_magic, "magic", "magic");

    /* files */
    uint32_t id = nnue_net_id();
    CHECK(nnue_load_file("/nonexistent/kaki.nnue", err, sizeof err) != 0 && strstr(err, "cannot open") &&
              nnue_net_id() == id,
          "missing file: '%s'", err);
    CHECK(nnue_load_file(".", err, sizeof err) != 0 && nnue_net_id() == id, "a directory accepted");
    const char *path = "test_nnue_loader.nnue";
    FILE *f = fopen(path, "wb");
    CHECK(f && fwrite(good, 1, good_size - 1, f) == good_size - 1, "write %s", path);
    if (f)
        fclose(f);
    CHECK(nnue_load_file(path, err, sizeof err) != 0 && strstr(err, path) && strstr(err, "truncated") &&
              nnue_net_id() == id,
          "truncated file: '%s'", err);
    f = fopen(path, "wb");
    CHECK(f && fwrite(good, 1, good_size, f) == good_size, "write %s", path);
    if (f)
        fclose(f);
    CHECK(nnue_load_file(path, err, sizeof err) == 0 && strcmp(nnue_net_name(), path) == 0 && nnue_net_id() != id,
          "good file refused: '%s'", err);
    remove(path);
    nnue_use_builtin();
    CHECK(strcmp(nnue_net_name(), "built-in") == 0, "back to the built-in net");

    fuzz(&rng, scaled(250) < 100 ? 100 : scaled(250)); /* at least 100 under the sanitizers */
    free(good);
}

/* ----------------------------------------------------------------------- search ------- */

/* A search in a new searcher (the hash table's salt depends on how often it was cleared). */
static uint64_t search_nodes(const Position *pos, int mode, int depth, Move *best)
{
    Searcher *e = searcher_new();
    searcher_set_threads(e, 1);
    searcher_set_hash_mb(e, 4);
    SearchConfig c = search_config_default();
    c.eval_terms = mode;
    searcher_set_config(e, &c);
    /* exact scores: the placeholder's material is in whole pawns, not in the search's grains */
    CHECK(searcher_set_param(e, "NNUE_GRAIN", 0), "NNUE_GRAIN 0");
    SearchLimits l = limits_none();
    l.depth = depth;
    *best = searcher_search(e, pos, &l, NULL, NULL, NULL);
    uint64_t nodes;
    int d;
    int64_t ms;
    searcher_progress(e, &nodes, &d, &ms);
    searcher_free(e);
    return nodes;
}

static void test_search(void)
{
    static Position pos;
    static MoveVec legal;
    Rng rng = {5};
    int depth = scaled(100) >= 50 ? 4 : 3;
    for (int round = 0; round < 2; round++) {
        CHECK(round ? use_net(nnue_placeholder_net(), "placeholder") : use_net(random_net(&rng, 64, NNUE_SCRELU, 60, 127), "random"),
              "net");
        for (int i = 0; i < NBENCH; i += 3) {
            char err[200];
            position_clear(&pos, ruleset_default());
            CHECK(tfen_parse(&pos, bench_positions[i], err, sizeof err) == 0, "bench position %d", i + 1);
            Move a, b, c;
            uint64_t first = search_nodes(&pos, EVAL_NNUE, depth, &a);
            uint64_t again = search_nodes(&pos, EVAL_NNUE, depth, &b);
            generate_legal(&pos, &legal);
            CHECK(first == again && a == b, "bench position %d: %llu then %llu nodes", i + 1, (unsigned long long)first,
                  (unsigned long long)again);
            CHECK(movevec_has(&legal, a), "bench position %d: illegal best move", i + 1);
            if (round == 1) {
                uint64_t material = search_nodes(&pos, EVAL_MATERIAL, depth, &c);
                CHECK(material == first && c == a, "bench position %d: placeholder %llu nodes, material %llu", i + 1,
                      (unsigned long long)first, (unsigned long long)material);
            }
            printf("search: %s net, bench position %d, depth %d: %llu nodes\n", round ? "placeholder" : "random",
                   i + 1, depth, (unsigned long long)first);
        }
    }
    movevec_free(&legal);
    nnue_use_builtin();
}

/* ------------------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        void (*run)(void);
    } parts[] = {{"incremental", test_incremental}, {"paths", test_paths},   {"mirror", test_mirror},
                 {"placeholder", test_placeholder}, {"loader", test_loader}, {"search", test_search}};
    bool any = false;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        if (argc < 2 || strcmp(argv[1], parts[i].name) == 0) {
            parts[i].run();
            any = true;
        }
    CHECK(any, "unknown part '%s'", argc > 1 ? argv[1] : "");
    nnue_use_builtin();
    return check_finish("test_nnue");
}
