/* kaki-tune: the evaluation's training pipeline (tuning/README.md).
 *
 *   kaki-tune gen  --out FILE [--games N] [--nodes N] [--threads N] [--seed S] ...
 *   kaki-tune tune --data FILE[,FILE...] --out eval/weights.c [--epochs N] ...
 *   kaki-tune init --out eval/weights.c     (the starting point: pure material)
 *   kaki-tune pack --data FILE[,FILE...] --out FILE.bin      (NNUE training positions)
 *   kaki-tune train --data FILE.bin[,...] --out NET.nnue [--hidden H] ...
 *   kaki-tune netinfo NET.nnue              (load a net, print what it is)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/tfen.h"
#include "datagen.h"
#include "nnue_data.h"
#include "nnue_model.h"
#include "nnue_train.h"
#include "eval/eval.h"
#include "eval/nnue.h"
#include "eval/feature_set.h"
#include "tuner.h"
#include "util/parse.h"
#include "util/strutil.h"
#include "util/version.h"
#include "weights_file.h"

/* A "--name value" option: an integer (long or u64), a number, or a string. */
typedef struct Opt {
    const char *name;
    char type; /* 'i' int, 'u' uint64, 'd' double, 's' string */
    void *value;
    double min, max;
    const char *help;
} Opt;

static int parse_opts(int argc, char **argv, const Opt *opts, int nopts)
{
    for (int i = 0; i < argc; i += 2) {
        const Opt *o = NULL;
        for (int k = 0; k < nopts; k++)
            if (strcmp(argv[i], opts[k].name) == 0)
                o = &opts[k];
        if (!o) {
            fprintf(stderr, "error: unknown option %s\n", argv[i]);
            return -1;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "error: %s needs a value\n", argv[i]);
            return -1;
        }
        const char *v = argv[i + 1];
        long l;
        double d;
        bool ok = true;
        switch (o->type) {
        case 'i':
            ok = parse_long(v, (long)o->min, (long)o->max, &l);
            if (ok)
                *(int *)o->value = (int)l;
            break;
        case 'u':
            ok = parse_u64(v, (uint64_t *)o->value);
            break;
        case 'd':
            ok = parse_double(v, o->min, o->max, &d);
            if (ok)
                *(double *)o->value = d;
            break;
        default:
            *(const char **)o->value = v;
        }
        if (!ok) {
            fprintf(stderr, "error: bad value for %s: %s\n", argv[i], v);
            return -1;
        }
    }
    return 0;
}

static void print_opts(const Opt *opts, int n)
{
    for (int i = 0; i < n; i++)
        fprintf(stderr, "  %-22s %s\n", opts[i].name, opts[i].help);
}

/* --param NAME=V,NAME=V into p; false after printing an error. */
static bool gen_params(char *list, SearchParams *p)
{
    for (char *s = list, *end; s; s = end) {
        end = strchr(s, ',');
        if (end)
            *end++ = '\0';
        char err[200];
        int r = search_params_assign(p, s, err, sizeof err);
        if (r == 0)
            fprintf(stderr, "error: --param: '%s' is not NAME=VALUE of a search parameter "
                    "(search/params.h)\n", s);
        else if (r < 0)
            fprintf(stderr, "error: --param: %s\n", err);
        if (r <= 0)
            return false;
    }
    return true;
}

static int cmd_gen(int argc, char **argv)
{
    GenConfig c = gen_config_default();
    const char *eval = NULL, *eval_file = NULL, *params = NULL;
    const Opt opts[] = {
        {"--out", 's', &c.out, 0, 0, "data file (appended; games already in it are skipped)"},
        {"--games", 'i', &c.games, 1, 100000000, "games 0 .. N-1 [1000]"},
        {"--nodes", 'u', &c.nodes, 0, 0, "nodes per move [3000]"},
        {"--threads", 'i', &c.threads, 1, 64, "worker threads, one single-threaded search each [2]"},
        {"--seed", 'u', &c.seed, 0, 0, "opening seed [1]"},
        {"--opening-plies", 'i', &c.opening_plies, 0, 200, "random opening plies [8]"},
        {"--max-plies", 'i', &c.max_plies, 1, 100000, "a draw after this many plies [500]"},
        {"--adjudicate-cp", 'i', &c.adjudicate_cp, 1, 30000, "a win when the score stays beyond this ... [4000]"},
        {"--adjudicate-plies", 'i', &c.adjudicate_plies, 1, 1000, "... for this many plies [8]"},
        {"--hash", 'i', &c.hash_mb, 1, 4096, "hash table per searcher, MB [16]"},
        {"--quiet-budget", 'i', &c.quiet_budget, 1, 10000000, "nodes of the quietness capture search [2000]"},
        {"--eval", 's', &eval, 0, 0, "nnue, learnt (the compiled-in weights) or material [the engine's default]"},
        {"--eval-file", 's', &eval_file, 0, 0, "the net of --eval nnue [the built-in one]"},
        {"--param", 's', &params, 0, 0, "NAME=V,...: search parameters [NNUE_GRAIN=0: exact scores]"},
    };
    int n = sizeof opts / sizeof opts[0];
    bool bad = parse_opts(argc, argv, opts, n) != 0;
    if (eval)
        c.eval_mode = strcmp(eval, "material") == 0 ? EVAL_MATERIAL
                    : strcmp(eval, "learnt") == 0   ? EVAL_LEARNT
                    : strcmp(eval, "nnue") == 0     ? EVAL_NNUE
                                                    : -1;
    if (bad || !c.out || c.nodes == 0 || c.eval_mode < 0) {
        fprintf(stderr, "usage: kaki-tune gen --out FILE [options]\n");
        print_opts(opts, n);
        return 2;
    }
    char err[600];
    if (eval_file && nnue_load_file(eval_file, err, sizeof err) != 0) {
        fprintf(stderr, "error: --eval-file: %s\n", err);
        return 1;
    }
    char *list = params ? xstrdup(params) : NULL;
    bool ok = !list || gen_params(list, &c.params);
    free(list);
    return ok ? datagen_run(&c) : 1;
}

/* The comma-separated file names of list (modified in place) into *out (malloc'ed): every
   one of them, however many.  Returns their number, or -1 after printing an error if a name
   is empty. */
static int split_files(char *list, const char ***out)
{
    int n = 1;
    for (const char *c = list; *c; c++)
        n += *c == ',';
    const char **files = xmalloc((size_t)n * sizeof *files);
    char *name = list;
    for (int i = 0; i < n; i++) {
        char *comma = strchr(name, ',');
        if (comma)
            *comma = '\0';
        if (!*name) {
            fprintf(stderr, "error: --data: file %d of %d has an empty name\n", i + 1, n);
            free(files);
            return -1;
        }
        files[i] = name;
        name = comma ? comma + 1 : name + strlen(name);
    }
    *out = files;
    return n;
}

/* "material,piece-square,..." (kaki eval's term names, '-' for a space) to a set of terms;
   0 if a name is unknown. */
static unsigned parse_terms(const char *names)
{
    char list[512];
    unsigned terms = 0;
    snprintf(list, sizeof list, "%s", names);
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        int t = 0;
        for (; t < TERM_COUNT; t++) {
            char name[64];
            snprintf(name, sizeof name, "%s", term_names[t]);
            for (char *c = name; *c; c++)
                *c = *c == ' ' ? '-' : *c;
            if (strcmp(tok, name) == 0)
                break;
        }
        if (t == TERM_COUNT) {
            fprintf(stderr, "kaki-tune: unknown term '%s'\n", tok);
            return 0;
        }
        terms |= 1u << t;
    }
    if (!terms)
        fprintf(stderr, "kaki-tune: --terms names no term\n");
    return terms;
}

static int cmd_tune(int argc, char **argv)
{
    TuneConfig c = tune_config_default();
    const char *data = NULL, *terms = NULL;
    const Opt opts[] = {
        {"--data", 's', &data, 0, 0, "data files, comma-separated"},
        {"--out", 's', &c.out, 0, 0, "weights file to write (eval/weights.c)"},
        {"--loss-log", 's', &c.loss_log, 0, 0, "write the loss per epoch here (for bench/plot-eval.sh)"},
        {"--epochs", 'i', &c.epochs, 0, 1000000, "passes over the training positions [100]"},
        {"--batch", 'i', &c.batch, 1, 100000000, "positions per gradient step [16384]"},
        {"--rate", 'd', &c.rate, 1e-6, 1e6, "Adam learning rate, centipawns [2]"},
        {"--lambda", 'd', &c.lambda, 0, 1, "share of the search score in the target [0]"},
        {"--l2", 'd', &c.l2, 0, 1, "regularisation towards the starting weights, per cp^2 [1e-10]"},
        {"--validation-every", 'i', &c.validation_every, 2, 1000000, "hold out games = 0 mod N [10]"},
        {"--min-count", 'i', &c.min_count, 0, 100000000, "features seen less often keep their prior [200]"},
        {"--terms", 's', &terms, 0, 0, "fit only these terms, e.g. material,piece-square [all]"},
        {"--seed", 'u', &c.seed, 0, 0, "order of the positions [1]"},
        {"--max-positions", 'u', &c.max_positions, 0, 0, "read at most this many positions [all]"},
    };
    int n = sizeof opts / sizeof opts[0];
    if (parse_opts(argc, argv, opts, n) != 0 || !data || !c.out) {
        fprintf(stderr, "usage: kaki-tune tune --data FILE[,FILE...] --out eval/weights.c [options]\n");
        print_opts(opts, n);
        return 2;
    }
    if (terms && (c.terms = parse_terms(terms)) == 0)
        return 2;
    char *list = xstrdup(data);
    c.ndata = split_files(list, &c.data);
    int rc = c.ndata < 0 ? 2 : tune_run(&c);
    if (c.ndata >= 0)
        free(c.data);
    free(list);
    return rc;
}

static int cmd_init(int argc, char **argv)
{
    const char *out = NULL, *kind = "prior";
    const Opt opts[] = {{"--out", 's', &out, 0, 0, "weights file to write"},
                        {"--weights", 's', &kind, 0, 0, "prior or bootstrap [prior]"}};
    int bad = parse_opts(argc, argv, opts, 2);
    bool boot = strcmp(kind, "bootstrap") == 0;
    if (bad || !out || (!boot && strcmp(kind, "prior") != 0)) {
        fprintf(stderr, "usage: kaki-tune init --out eval/weights.c [--weights prior|bootstrap]\n");
        return 2;
    }
    static EvalWeight w[FEATURE_COUNT];
    if (boot)
        weights_bootstrap(w);
    else
        weights_prior(w);
    return weights_write(out, w, boot ? "the hand-set weights of the first round of training "
                                        "games (kaki-tune init --weights bootstrap)"
                                      : "the tuner's starting point: docs/RULES.md section 7 "
                                        "material, every other weight 0 (kaki-tune init)") == 0 ? 0 : 1;
}

/* The exit status after what the command printed on stdout: 1 if that could not be written
   (a full disk, a closed pipe), whatever the command's own status. */
static int check_stdout(int status)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return status;
    fprintf(stderr, "error: cannot write the standard output: %s\n", strerror(errno));
    return status ? status : 1;
}

static int cmd_pack(int argc, char **argv)
{
    const char *data = NULL, *out = NULL, *no_result = NULL;
    const Opt opts[] = {{"--data", 's', &data, 0, 0, "text data of kaki-tune gen, comma-separated"},
                        {"--out", 's', &out, 0, 0, "pack file to write"},
                        {"--no-result", 's', &no_result, 0, 0,
                         "game ends (e.g. maxplies) whose positions are fitted to scores alone"}};
    if (parse_opts(argc, argv, opts, 3) != 0 || !data || !out) {
        fprintf(stderr, "usage: kaki-tune pack --data FILE[,FILE...] --out FILE.bin "
                        "[--no-result END[,END...]]\n");
        print_opts(opts, 3);
        return 2;
    }
    char *list = xstrdup(data);
    const char **files = NULL;
    int n = split_files(list, &files);
    PackStats st;
    char err[512];
    int rc = n < 0 ? 2 : pack_files(files, n, out, no_result, &st, err, sizeof err) != 0 ? 1 : 0;
    free(files);
    free(list);
    if (rc == 1)
        fprintf(stderr, "error: %s\n", err);
    if (rc)
        return rc;
    printf("%llu positions written to %s: %llu complete games, %llu position lines, %llu "
           "duplicates dropped, %llu lines of unfinished games left out, %llu positions without a "
           "result\n",
           (unsigned long long)st.positions, out, (unsigned long long)st.games,
           (unsigned long long)st.lines, (unsigned long long)st.duplicates,
           (unsigned long long)st.incomplete, (unsigned long long)st.no_result);
    return 0;
}

/* The index of name in names (n of them), or -1. */
static int pick(const char *name, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

static int cmd_train(int argc, char **argv)
{
    TrainConfig c = train_config_default();
    const char *data = NULL, *init = "material", *act = "screlu";
    int factor = 1, mirror = c.mirror;
    /* --resume takes no value */
    char *args[256];
    int nargs = 0;
    for (int i = 0; i < argc && nargs < 256; i++)
        if (strcmp(argv[i], "--resume") == 0)
            c.resume = true;
        else
            args[nargs++] = argv[i];
    const Opt opts[] = {
        {"--data", 's', &data, 0, 0, "pack files (kaki-tune pack), comma-separated"},
        {"--out", 's', &c.out, 0, 0, "the net to write (.nnue, eval/nnue_format.h)"},
        {"--hidden", 'i', &c.hidden, NNUE_H_MIN, NNUE_H_MAX, "accumulator width H, a multiple of 16 [64]"},
        {"--epochs", 'i', &c.epochs, 0, 100000, "passes over the training positions [20]"},
        {"--batch", 'i', &c.batch, 1, 10000000, "positions per Adam step [4096]"},
        {"--rate", 'd', &c.rate, 1e-7, 10, "Adam learning rate [0.001]"},
        {"--lambda", 'd', &c.lambda, 0, 1, "share of the search score in the target [0.5]"},
        {"--decay", 'd', &c.decay, 0, 1000, "weight decay of the feature rows, per unit of rate [100]"},
        {"--scale", 'd', &c.scale, 100, 1000000, "the sigmoid's scale in centipawns [10000]"},
        {"--threads", 'i', &c.threads, 1, 64, "threads; the net depends on their number [2]"},
        {"--seed", 'u', &c.seed, 0, 0, "starting weights and order of the positions [1]"},
        {"--validation-every", 'i', &c.validation_every, 2, 1000000, "hold out games = 0 mod N [10]"},
        {"--checkpoint", 's', &c.checkpoint, 0, 0, "state written after every epoch"},
        {"--loss-log", 's', &c.loss_log, 0, 0, "the loss per epoch (bench/plot-eval.py loss)"},
        {"--init", 's', &init, 0, 0, "random, material (learnt), gcsa, or a net to fine-tune: builtin or NET.nnue [material]"},
        {"--factor", 'i', &factor, 0, 1, "1: kind rows shared by the squares (factoriser) [1]"},
        {"--mirror", 'i', &mirror, 0, 1, "1: half the positions of an epoch read mirrored left-right [0]"},
        {"--activation", 's', &act, 0, 0, "screlu or crelu [screlu]"},
        {"--resume", 's', NULL, 0, 0, "(no value) continue from --checkpoint if it exists"},
    };
    int n = sizeof opts / sizeof opts[0];
    static const char *const inits[] = {"random", "material", "gcsa"};
    static const char *const acts[] = {"crelu", "screlu"}; /* NNUE_CRELU, NNUE_SCRELU */
    bool bad = parse_opts(nargs, args, opts, n - 1) != 0;
    c.init = pick(init, inits, 3);
    if (c.init < 0) { /* a net to fine-tune ("builtin" or a file): its H and activation are the run's */
        c.init = NN_INIT_NET;
        c.init_net = init;
    }
    c.activation = pick(act, acts, 2);
    c.factor = factor != 0;
    c.mirror = mirror != 0;
    if (bad || !data || !c.out || c.init < 0 || c.activation < 0 || c.hidden % NNUE_H_STEP ||
        (c.resume && !c.checkpoint)) {
        fprintf(stderr, "usage: kaki-tune train --data FILE.bin[,...] --out NET.nnue [options]\n");
        print_opts(opts, n);
        return 2;
    }
    char *list = xstrdup(data);
    const char **files = NULL;
    c.ndata = split_files(list, &files);
    c.data = files;
    int rc = c.ndata < 0 ? 2 : train_run(&c);
    free(files);
    free(list);
    return rc;
}

/* Loads a net (eval/nnue_format.h) and prints what it is and its score of the start position. */
static int cmd_netinfo(int argc, char **argv)
{
    if (argc != 1) {
        fprintf(stderr, "usage: kaki-tune netinfo NET.nnue\n");
        return 2;
    }
    char err[512];
    NnueNet *net = nnue_net_load(argv[0], err, sizeof err);
    if (!net) {
        fprintf(stderr, "error: %s\n", err);
        return 1;
    }
    static Position pos;
    position_start(&pos, ruleset_default());
    uint8_t pairs[2 * SQUARE_COUNT];
    PackPos p = {.side = pos.side, .pairs = pairs};
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        if (pos.board[sq]) {
            pairs[2 * p.npieces] = (uint8_t)sq;
            pairs[2 * p.npieces++ + 1] = pos.board[sq];
        }
    bool overflow;
    long long cp = (long long)nn_quant_eval(net, &p, &overflow);
    printf("%s: H %d, %s, QA %d, QB %d, SCALE %d\n%s\nstart position: %lld cp for the side to move\n",
           argv[0], net->hidden, net->activation == NNUE_SCRELU ? "SCReLU" : "CReLU", net->qa, net->qb,
           net->scale, net->description, cp);
    nnue_net_free(net);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "gen") == 0)
        return check_stdout(cmd_gen(argc - 2, argv + 2));
    if (argc >= 2 && strcmp(argv[1], "tune") == 0)
        return check_stdout(cmd_tune(argc - 2, argv + 2));
    if (argc >= 2 && strcmp(argv[1], "init") == 0)
        return check_stdout(cmd_init(argc - 2, argv + 2));
    if (argc >= 2 && strcmp(argv[1], "pack") == 0)
        return check_stdout(cmd_pack(argc - 2, argv + 2));
    if (argc >= 2 && strcmp(argv[1], "train") == 0)
        return check_stdout(cmd_train(argc - 2, argv + 2));
    if (argc >= 2 && strcmp(argv[1], "netinfo") == 0)
        return check_stdout(cmd_netinfo(argc - 2, argv + 2));
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        version_print(stdout, "kaki-tune");
        return 0;
    }
    bool help = argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0);
    fprintf(help ? stdout : stderr,
            "usage: kaki-tune gen|tune|init|pack|train|netinfo [options]  (tuning/README.md)\n"
            "       kaki-tune --version\n");
    return help ? 0 : 2;
}
