/* Fuzzer of kaki-tune's data files (tuning/datafile.h, tuning/dataset.h): mutated data files
 * (from tests/data/tuning-sample.txt and small files of its lines) are read by the tuner's
 * loader (dataset_load) and opened by gen (datafile_open_gen).  Checked: no crash or
 * sanitizer report; gen either refuses a file and leaves it byte for byte, or keeps a prefix
 * of it that ends with a whole line, and cuts no complete game trailer off; an empty file gets
 * the header.  A well-formed file cut short anywhere after its header, with or without NUL
 * bytes after the cut (a crash), has a known answer: it is taken, and cut back to its last
 * game trailer (or the header, and the comments after it).
 *
 *   fuzz_tune_data --sample tests/data/tuning-sample.txt [--iterations N] [--seed S] [--dir D] */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "mutate.h"
#include "tuning/datafile.h"
#include "tuning/dataset.h"
#include "util/parse.h"

enum { GAMES = 64 };

/* Is the line at s (up to a newline that must be there) a game trailer gen counts? */
static bool complete_trailer(const char *s, const char *end)
{
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    if (!nl || end - s < 7 || strncmp(s, "#game ", 6) != 0)
        return false;
    char word[16];
    size_t n = strcspn(s + 6, " \n");
    if (n == 0 || n >= sizeof word)
        return false;
    memcpy(word, s + 6, n);
    word[n] = '\0';
    long g;
    return parse_long(word, 0, 2000000000, &g);
}

/* gen's data file: refused untouched, or a prefix ending with a whole line. */
static void check_open_gen(Fuzz *f, long iter, const Buf *in, const char *path, Buf *after)
{
    bool done[GAMES] = {false};
    if (!fuzz_write_file(path, in->data, in->len)) {
        FUZZ_FAIL(f, iter, "cannot write %s", path);
        return;
    }
    int fd = datafile_open_gen(path, done, GAMES);
    if (fd >= 0)
        close(fd);
    if (!fuzz_read_file(path, after)) {
        FUZZ_FAIL(f, iter, "cannot read %s back", path);
        return;
    }
    size_t header = strlen(DATAFILE_HEADER);
    if (fd < 0) {
        if (after->len != in->len || memcmp(after->data, in->data, in->len) != 0)
            FUZZ_FAIL(f, iter, "a refused file was changed (%zu -> %zu bytes)", in->len,
                      after->len);
        return;
    }
    if (in->len == 0) {
        if (after->len != header || memcmp(after->data, DATAFILE_HEADER, header) != 0)
            FUZZ_FAIL(f, iter, "an empty file did not get the header");
        return;
    }
    if (after->len > in->len || memcmp(after->data, in->data, after->len) != 0) {
        FUZZ_FAIL(f, iter, "the file kept is not a prefix of the file");
        return;
    }
    if (after->len < header || memcmp(after->data, DATAFILE_HEADER, header) != 0 ||
        after->data[after->len - 1] != '\n')
        FUZZ_FAIL(f, iter, "the file kept does not start with the header or end with a line");
    for (size_t i = after->len; i < in->len; i = line_end(in, i))
        if (complete_trailer(in->data + i, in->data + in->len)) {
            FUZZ_FAIL(f, iter, "a complete game trailer was cut off at byte %zu", i);
            break;
        }
}

/* Where gen must cut a well-formed file cut short at len: after its last complete trailer, or
   the header and the comments that follow it directly. */
static size_t expected_keep(const Buf *b, size_t len)
{
    size_t good = strlen(DATAFILE_HEADER);
    for (size_t i = good, e; i < len; i = e) {
        e = line_end(b, i);
        if (e > len || b->data[e - 1] != '\n')
            break;
        if (complete_trailer(b->data + i, b->data + e) || (b->data[i] == '#' && good == i))
            good = e;
    }
    return good;
}

/* A well-formed file cut short (and NUL bytes after the cut): taken, cut back where known. */
static void check_cut_short(Fuzz *f, long iter, const char *seed, size_t len, const char *path,
                            Buf *in, Buf *after)
{
    size_t header = strlen(DATAFILE_HEADER);
    buf_set(in, seed, header + fuzz_below(f, len - header + 1));
    size_t keep = expected_keep(in, in->len);
    if (fuzz_below(f, 2)) {
        char zeros[512] = {0};
        buf_insert(in, in->len, zeros, 1 + fuzz_below(f, sizeof zeros));
    }
    bool done[GAMES] = {false};
    if (!fuzz_write_file(path, in->data, in->len))
        return;
    int fd = datafile_open_gen(path, done, GAMES);
    if (fd < 0) {
        FUZZ_FAIL(f, iter, "its own file cut short at %zu bytes was refused", in->len);
        return;
    }
    close(fd);
    if (!fuzz_read_file(path, after) || after->len != keep || memcmp(after->data, in->data, keep))
        FUZZ_FAIL(f, iter, "its own file cut short at %zu bytes kept %zu bytes, not %zu",
                  in->len, after->len, keep);
}

/* The tuner's loader: any outcome but a crash; positions only from a successful read. */
static void check_load(Fuzz *f, long iter, const char *path)
{
    Dataset ds = {0};
    const char *files[1] = {path};
    int rc = dataset_load(&ds, files, 1, 1 + (int)fuzz_below(f, 10), fuzz_below(f, 4) ? 0 : 50);
    if (rc == 0 && (ds.ntrain == 0 || ds.nvalid == 0 || ds.nsamples != ds.ntrain + ds.nvalid))
        FUZZ_FAIL(f, iter, "a data set read without error has %u training, %u validation and "
                  "%u positions", ds.ntrain, ds.nvalid, ds.nsamples);
    for (uint32_t i = 0; i < ds.nsamples; i++)
        if (ds.samples[i].result < 0 || ds.samples[i].result > 1) {
            FUZZ_FAIL(f, iter, "a result of %g", ds.samples[i].result);
            break;
        }
    dataset_free(&ds);
}

int main(int argc, char **argv)
{
    Fuzz f;
    fuzz_init(&f, argc, argv, 3000);
    const char *sample = NULL;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--sample"))
            sample = argv[i + 1];
    Buf whole = {0}, in = {0}, after = {0};
    if (!sample || !fuzz_read_file(sample, &whole)) {
        printf("usage: fuzz_tune_data --sample tests/data/tuning-sample.txt [...]\n");
        return 2;
    }
    /* seeds: the sample; its first games; the header alone; nothing */
    size_t first = 0;
    for (int games = 0; first < whole.len && games < 3; first = line_end(&whole, first))
        games += strncmp(whole.data + first, "#game ", 6) == 0;
    const struct {
        const char *data;
        size_t len;
    } seeds[] = {{whole.data, whole.len}, {whole.data, first}, {DATAFILE_HEADER, strlen(DATAFILE_HEADER)}, {"", 0}};
    char gen_path[4096], load_path[4096];
    snprintf(gen_path, sizeof gen_path, "%s/fuzz_tune_data.gen.tmp", f.dir);
    snprintf(load_path, sizeof load_path, "%s/fuzz_tune_data.load.tmp", f.dir);
    if (!freopen("/dev/null", "w", stderr)) /* the readers' messages: thousands of them */
        return 2;
    for (long iter = 0; iter < f.iterations; iter++) {
        if (fuzz_below(&f, 4) == 0) {
            bool all = fuzz_below(&f, 2);
            check_cut_short(&f, iter, whole.data, all ? whole.len : first, gen_path, &in, &after);
            continue;
        }
        size_t k = fuzz_below(&f, sizeof seeds / sizeof *seeds);
        fuzz_mutate(&f, &in, seeds[k].data, seeds[k].len);
        check_open_gen(&f, iter, &in, gen_path, &after);
        if (fuzz_write_file(load_path, in.data, in.len))
            check_load(&f, iter, load_path);
    }
    remove(gen_path);
    remove(load_path);
    buf_free(&whole);
    buf_free(&in);
    buf_free(&after);
    return fuzz_finish(&f, "fuzz_tune_data");
}
