/* Seeded mutation of file contents for the file-format fuzzers (tests/fuzz): a byte buffer, a
 * deterministic generator, mutations that keep most of a well-formed file and break it in the
 * ways crashes, editors and hostile users do (bytes flipped, inserted, deleted, lines cut,
 * doubled or swapped, NUL bytes, very long lines, numbers at the edges of their types), and
 * the command line every fuzzer takes.  Header-only, shared by the fuzzers.
 *
 *   fuzz_X [--iterations N] [--seed S] [--dir DIR]
 *   (KAKI_TEST_SCALE=K, as under the sanitizers: N / K iterations) */
#ifndef KAKI_TEST_FUZZ_MUTATE_H
#define KAKI_TEST_FUZZ_MUTATE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strutil.h"

/* The fuzzers send the readers' own messages (thousands) to /dev/null: a sanitizer's report
   goes to stdout instead of stderr (read only by ASan and UBSan builds). */
__attribute__((used)) const char *__asan_default_options(void);
__attribute__((used)) const char *__asan_default_options(void) { return "log_path=stdout"; }
__attribute__((used)) const char *__ubsan_default_options(void);
__attribute__((used)) const char *__ubsan_default_options(void) { return "log_path=stdout"; }

typedef struct Fuzz {
    uint64_t seed, state;
    long iterations;
    const char *dir;
    long failures;
} Fuzz;

static inline uint64_t fuzz_next(Fuzz *f)
{
    uint64_t z = (f->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline size_t fuzz_below(Fuzz *f, size_t n) { return n ? (size_t)(fuzz_next(f) % n) : 0; }

/* Parses the command line; prints the seed (to reproduce a failure). */
static inline void fuzz_init(Fuzz *f, int argc, char **argv, long iterations)
{
    *f = (Fuzz){.seed = 1, .iterations = iterations, .dir = "."};
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--iterations"))
            f->iterations = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--seed"))
            f->seed = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--dir"))
            f->dir = argv[i + 1];
    }
    const char *scale = getenv("KAKI_TEST_SCALE");
    if (scale && atol(scale) > 1)
        f->iterations /= atol(scale);
    f->state = f->seed;
    printf("%s: %ld iterations, seed %llu\n", argv[0], f->iterations,
           (unsigned long long)f->seed);
    fflush(stdout);
}

/* A failure: printed with the iteration (the seed and it reproduce the input). */
#define FUZZ_FAIL(f, iter, ...)                                                                \
    do {                                                                                       \
        (f)->failures++;                                                                       \
        if ((f)->failures <= 20) {                                                             \
            printf("FAILED (iteration %ld): ", (long)(iter));                                  \
            printf(__VA_ARGS__);                                                               \
            printf("\n");                                                                      \
        }                                                                                      \
    } while (0)

static inline int fuzz_finish(const Fuzz *f, const char *name)
{
    printf("%s: %ld iterations, %ld failures\n", name, f->iterations, f->failures);
    return f->failures ? 1 : 0;
}

/* ---- buffers ---------------------------------------------------------------------------- */

typedef struct Buf {
    char *data;
    size_t len, cap;
} Buf;

#define FUZZ_MAX_LEN (256 * 1024) /* no mutation grows a file beyond this */

static inline void buf_reserve(Buf *b, size_t n)
{
    if (n + 1 > b->cap) {
        b->cap = (n + 1) * 2;
        b->data = xrealloc(b->data, b->cap);
    }
}

static inline void buf_set(Buf *b, const char *data, size_t len)
{
    buf_reserve(b, len);
    if (len)
        memcpy(b->data, data, len);
    b->len = len;
    b->data[len] = '\0';
}

static inline void buf_insert(Buf *b, size_t at, const char *data, size_t len)
{
    if (at > b->len)
        at = b->len;
    if (b->len + len > FUZZ_MAX_LEN)
        return;
    buf_reserve(b, b->len + len);
    memmove(b->data + at + len, b->data + at, b->len - at);
    memcpy(b->data + at, data, len);
    b->len += len;
    b->data[b->len] = '\0';
}

static inline void buf_erase(Buf *b, size_t at, size_t len)
{
    if (at >= b->len)
        return;
    if (len > b->len - at)
        len = b->len - at;
    memmove(b->data + at, b->data + at + len, b->len - at - len);
    b->len -= len;
    b->data[b->len] = '\0';
}

static inline void buf_free(Buf *b)
{
    free(b->data);
    *b = (Buf){0};
}

/* Start of the line that holds offset at. */
static inline size_t line_start(const Buf *b, size_t at)
{
    while (at > 0 && b->data[at - 1] != '\n')
        at--;
    return at;
}

/* End of the line that holds offset at (after its newline, or the end of the buffer). */
static inline size_t line_end(const Buf *b, size_t at)
{
    while (at < b->len && b->data[at] != '\n')
        at++;
    return at < b->len ? at + 1 : at;
}

/* ---- mutations -------------------------------------------------------------------------- */

/* Words that matter to the formats (separators, keywords) and numbers at the edges. */
static const char *const fuzz_tokens[] = {
    ";", ";;", "\n", "\r\n", "#", "#game ", "game ", "engine ", "seed ", " ", "\t", "=", "/",
    "!", "'", "+", "-", "0", "1", "0.5", "-1", "2147483647", "2147483648", "-2147483649",
    "9223372036854775807", "18446744073709551616", "99999999999999999999999", "1e308",
    "1e309", "nan", "inf", "-0", "0x10", "1/2-1/2", "1-0", "0-1", "*", "normal", "b", "w",
    "kaki-match-results 1\n", "# kaki-tune data 1: tfen;result;score;game (result and score: "
    "Black's view)\n", "\xff", "\xc3\xa9", "16", "17", "1!", "15k", "k15",
};

/* One random change of b. */
static inline void fuzz_mutate_once(Fuzz *f, Buf *b)
{
    size_t at = fuzz_below(f, b->len + 1);
    char c;
    switch (fuzz_below(f, 12)) {
    case 0: /* flip a byte */
        if (b->len)
            b->data[fuzz_below(f, b->len)] ^= (char)(1 << fuzz_below(f, 8));
        break;
    case 1: /* a random byte */
        c = (char)fuzz_below(f, 256);
        buf_insert(b, at, &c, 1);
        break;
    case 2: /* delete a few bytes */
        buf_erase(b, at, 1 + fuzz_below(f, 16));
        break;
    case 3: { /* a token */
        const char *t = fuzz_tokens[fuzz_below(f, sizeof fuzz_tokens / sizeof *fuzz_tokens)];
        buf_insert(b, at, t, strlen(t));
        break;
    }
    case 4: /* cut the file short (a crash) */
        b->len = at;
        b->data[at] = '\0';
        break;
    case 5: { /* NUL bytes (crash debris), at the end or anywhere */
        size_t n = 1 + fuzz_below(f, 5000);
        char *z = calloc(n, 1);
        buf_insert(b, fuzz_below(f, 2) ? b->len : at, z, n);
        free(z);
        break;
    }
    case 6: { /* a very long run of one character */
        size_t n = 1000 + fuzz_below(f, 100000);
        char *z = malloc(n);
        memset(z, "x;0 \0#/1"[fuzz_below(f, 8)], n);
        buf_insert(b, at, z, n);
        free(z);
        break;
    }
    case 7: { /* delete a line */
        size_t s = line_start(b, at), e = line_end(b, at);
        buf_erase(b, s, e - s);
        break;
    }
    case 8: { /* double a line */
        size_t s = line_start(b, at), e = line_end(b, at);
        if (e > s && b->len + (e - s) <= FUZZ_MAX_LEN) {
            char *copy = malloc(e - s);
            memcpy(copy, b->data + s, e - s);
            buf_insert(b, e, copy, e - s);
            free(copy);
        }
        break;
    }
    case 9: { /* move a line elsewhere */
        size_t s = line_start(b, at), e = line_end(b, at);
        if (e > s) {
            char *copy = malloc(e - s);
            size_t n = e - s;
            memcpy(copy, b->data + s, n);
            buf_erase(b, s, n);
            buf_insert(b, line_start(b, fuzz_below(f, b->len + 1)), copy, n);
            free(copy);
        }
        break;
    }
    case 10: /* remove the last newline */
        if (b->len && b->data[b->len - 1] == '\n')
            b->data[--b->len] = '\0';
        break;
    default: { /* a digit changed: numbers off by a little or a lot */
        for (size_t i = at; i < b->len; i++)
            if (b->data[i] >= '0' && b->data[i] <= '9') {
                b->data[i] = (char)('0' + fuzz_below(f, 10));
                break;
            }
        break;
    }
    }
}

/* b = seed with 0 to 8 random changes (a few iterations keep the seed as it is). */
static inline void fuzz_mutate(Fuzz *f, Buf *b, const char *seed, size_t len)
{
    buf_set(b, seed, len);
    for (size_t n = fuzz_below(f, 9); n > 0; n--)
        fuzz_mutate_once(f, b);
}

/* ---- files ------------------------------------------------------------------------------ */

static inline bool fuzz_write_file(const char *path, const char *data, size_t len)
{
    remove(path); /* a new file: rewriting one in place makes some file systems flush it */
    FILE *out = fopen(path, "wb");
    if (!out)
        return false;
    bool ok = fwrite(data, 1, len, out) == len;
    return fclose(out) == 0 && ok;
}

/* The whole file into b; false if it cannot be read. */
static inline bool fuzz_read_file(const char *path, Buf *b)
{
    FILE *in = fopen(path, "rb");
    if (!in)
        return false;
    b->len = 0;
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, in)) > 0) {
        buf_reserve(b, b->len + n);
        memcpy(b->data + b->len, chunk, n);
        b->len += n;
    }
    buf_reserve(b, b->len);
    b->data[b->len] = '\0';
    bool ok = !ferror(in);
    fclose(in);
    return ok;
}

#endif
