/* The reader of tests/vectors/rules-vectors.txt: records, continuation lines, and every field
 * checked, so that a malformed file is reported with its line and never half read. */
#include "vectors.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strutil.h"

#define RECORD_MAX 8192 /* one record, continuation lines joined */
#define NAME_MAX_LEN 24

typedef struct Reader {
    const char *name;
    int line;
    char *err;
    size_t errsz;
    VecFile *file;
    int ended;    /* the `end` record was read */
    int capacity; /* of file->records */
} Reader;

static int fail(Reader *r, const char *fmt, ...)
{
    char where[320];
    snprintf(where, sizeof where, "%s:%d: ", r->name, r->line);
    va_list ap;
    va_start(ap, fmt);
    str_vformat_after(r->err, r->errsz, where, fmt, ap);
    va_end(ap);
    return -1;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

/* Cuts the next blank-separated word off *p (NULL when none is left). */
static char *next_word(char **p)
{
    char *s = *p;
    while (*s == ' ')
        s++;
    if (!*s)
        return NULL;
    char *w = s;
    while (*s && *s != ' ')
        s++;
    if (*s)
        *s++ = '\0';
    *p = s;
    return w;
}

static int parse_number(const char *s, long long min, long long max, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

/* Splits a comma-separated list in place; empty items are errors. */
static int split_list(Reader *r, char *s, char **items, int max, const char *what)
{
    int n = 0;
    for (char *item = s;; n++) {
        char *comma = strchr(item, ',');
        if (comma)
            *comma = '\0';
        if (n == max)
            return fail(r, "more than %d %s", max, what);
        items[n] = trim(item);
        if (!items[n][0])
            return fail(r, "an empty item in a list of %s (a stray comma?)", what);
        if (!comma)
            return n + 1;
        item = comma + 1;
    }
}

static int parse_options(Reader *r, char *s, VecOptions *o)
{
    o->count = 0;
    if (strcmp(s, "-") == 0)
        return 0;
    char *items[VEC_OPTION_MAX + 1];
    int n = split_list(r, s, items, VEC_OPTION_MAX, "options");
    for (int i = 0; i < n; i++) {
        char *eq = strchr(items[i], '=');
        if (!eq || eq == items[i] || !eq[1] || strlen(items[i]) >= VEC_OPTION_LEN ||
            strspn(items[i], "abcdefghijklmnopqrstuvwxyz0123456789_=") != strlen(items[i]))
            return fail(r, "option '%s' is not NAME=VALUE (or '-' for the defaults)", items[i]);
        snprintf(o->items[o->count++], VEC_OPTION_LEN, "%s", items[i]);
    }
    return n < 0 ? -1 : 0;
}

static int parse_moves(Reader *r, char *s, VecRecord *rec)
{
    char *items[VEC_LIST_MAX + 1];
    int n = split_list(r, s, items, VEC_LIST_MAX, "moves");
    if (n < 0)
        return -1;
    char err[200];
    for (int i = 0; i < n; i++) {
        if (vec_move_parse(items[i], &rec->moves[i], err, sizeof err) != 0)
            return fail(r, "%s", err);
        for (int j = 0; j < i; j++)
            if (strcmp(rec->moves[i].key, rec->moves[j].key) == 0)
                return fail(r, "%s and %s are the same move", rec->moves[j].note, items[i]);
    }
    rec->nmoves = n;
    return 0;
}

static int parse_square(Reader *r, const char *s, int *square)
{
    int n = s ? vec_square_parse(s, square) : 0;
    if (!n || s[n])
        return fail(r, "'%s' is not a square (a1 .. p16)", s ? s : "");
    return 0;
}

/* moves POS OPTS SQUARE COUNT: MOVE, ... */
static int parse_kind_moves(Reader *r, char *args, char *value, VecRecord *rec)
{
    char *sq = next_word(&args), *count = next_word(&args);
    long long c;
    if (parse_square(r, sq, &rec->square) != 0)
        return -1;
    if (!count || next_word(&args) || parse_number(count, 0, VEC_LIST_MAX, &c) != 0)
        return fail(r, "moves: expected SQUARE COUNT before the ':'");
    rec->count = (int)c;
    if (parse_moves(r, value, rec) != 0)
        return -1;
    if (rec->nmoves != rec->count)
        return fail(r, "the list has %d moves, the record says %d", rec->nmoves, rec->count);
    for (int i = 0; i < rec->nmoves; i++)
        if (rec->moves[i].squares[0] != rec->square)
            return fail(r, "%s does not start on %s", rec->moves[i].note, sq);
    return 0;
}

/* total POS OPTS COUNT: CODE N, ... */
static int parse_kind_total(Reader *r, char *args, char *value, VecRecord *rec)
{
    long long c, sum = 0;
    char *count = next_word(&args);
    if (!count || next_word(&args) || parse_number(count, 0, 100000, &c) != 0)
        return fail(r, "total: expected COUNT before the ':'");
    rec->count = (int)c;
    char *items[VEC_EXPECT_MAX + 1];
    int n = split_list(r, value, items, VEC_EXPECT_MAX, "piece codes");
    for (int i = 0; i < n; i++) {
        char *code = next_word(&items[i]), *num = next_word(&items[i]);
        VecExpect *e = &rec->expect[i];
        if (!num || next_word(&items[i]) || !vec_code_only(code, e->code) ||
            parse_number(num, 0, 100000, &c) != 0)
            return fail(r, "total: '%s' is not CODE N", code);
        for (int j = 0; j < i; j++)
            if (strcmp(rec->expect[j].code, e->code) == 0)
                return fail(r, "total: %s is listed twice", e->code);
        e->count = (int)c;
        sum += c;
    }
    if (n < 0)
        return -1;
    rec->nexpect = n;
    if (sum != rec->count)
        return fail(r, "total: the counts per piece sum to %lld, not %d", sum, rec->count);
    return 0;
}

/* after POS OPTS MOVE, ...: SQ=CODE SQ=. ... */
static int parse_kind_after(Reader *r, char *args, char *value, VecRecord *rec)
{
    if (parse_moves(r, args, rec) != 0)
        return -1;
    for (char *w; (w = next_word(&value));) {
        char *eq = strchr(w, '=');
        VecExpect *e = &rec->expect[rec->nexpect];
        if (rec->nexpect == VEC_EXPECT_MAX)
            return fail(r, "after: more than %d squares", VEC_EXPECT_MAX);
        if (!eq)
            return fail(r, "after: '%s' is not SQUARE=CODE or SQUARE=.", w);
        *eq = '\0';
        if (parse_square(r, w, &e->square) != 0)
            return -1;
        if (strcmp(eq + 1, ".") == 0)
            e->code[0] = '\0';
        else if (!vec_code_only(eq + 1, e->code))
            return fail(r, "after: '%s' is not a piece code or '.'", eq + 1);
        rec->nexpect++;
    }
    return rec->nexpect ? 0 : fail(r, "after: no square to check");
}

static int parse_kind_legal(Reader *r, char *args, char *value, VecRecord *rec)
{
    if (parse_moves(r, args, rec) != 0)
        return -1;
    if (strcmp(value, "yes") != 0 && strcmp(value, "no") != 0)
        return fail(r, "legal: expected yes or no after the ':', not '%s'", value);
    rec->legal = strcmp(value, "yes") == 0;
    return 0;
}

/* Is w a move in wire syntax: legs of two squares joined by commas, and an optional '+'? */
static int wire_syntax(const char *w)
{
    int sq, legs = 0;
    for (;;) {
        int a = vec_square_parse(w, &sq), b = a ? vec_square_parse(w + a, &sq) : 0;
        if (!b)
            return 0;
        w += a + b;
        legs++;
        if (*w != ',')
            break;
        w++;
    }
    return legs <= 3 && (strcmp(w, "") == 0 || strcmp(w, "+") == 0);
}

static int parse_kind_wire(Reader *r, char *args, char *value, VecRecord *rec)
{
    if (parse_moves(r, args, rec) != 0)
        return -1;
    if (rec->nmoves != 1)
        return fail(r, "wire: one move before the ':'");
    for (char *w; (w = next_word(&value));) {
        if (rec->nwires == 4 || strlen(w) >= VEC_WIRE_MAX || !wire_syntax(w))
            return fail(r, "wire: '%s' is not a move in wire syntax (at most 4 spellings)", w);
        snprintf(rec->wires[rec->nwires++], VEC_WIRE_MAX, "%s", w);
    }
    return rec->nwires ? 0 : fail(r, "wire: no spelling after the ':'");
}

/* perft / perft-newgame POS OPTS DEPTH: N;  perft-diff POS OPTS DEPTH OPTS2: N */
static int parse_kind_perft(Reader *r, char *args, char *value, VecRecord *rec)
{
    long long depth;
    char *d = next_word(&args), *other = next_word(&args);
    int min_depth = rec->kind == VEC_PERFT_NEWGAME ? 2 : 1;
    if (!d || parse_number(d, min_depth, 6, &depth) != 0)
        return fail(r, "perft: the depth must be %d to 6", min_depth);
    rec->depth = (int)depth;
    if ((rec->kind == VEC_PERFT_DIFF) != (other != NULL) || next_word(&args))
        return fail(r, "%s", rec->kind == VEC_PERFT_DIFF ? "perft-diff: expected DEPTH OPTS2"
                                                          : "perft: expected DEPTH only");
    if (other && parse_options(r, other, &rec->other_options) != 0)
        return -1;
    long long min = rec->kind == VEC_PERFT_DIFF ? -1000000000000LL : 0;
    if (parse_number(value, min, 1000000000000LL, &rec->number) != 0)
        return fail(r, "perft: '%s' is not a node count", value);
    return 0;
}

static const struct {
    const char *name;
    VecKind kind;
    int (*parse)(Reader *, char *, char *, VecRecord *);
} kinds[] = {
    {"moves", VEC_MOVES, parse_kind_moves},           {"total", VEC_TOTAL, parse_kind_total},
    {"after", VEC_AFTER, parse_kind_after},           {"legal", VEC_LEGAL, parse_kind_legal},
    {"wire", VEC_WIRE, parse_kind_wire},              {"perft", VEC_PERFT, parse_kind_perft},
    {"perft-newgame", VEC_PERFT_NEWGAME, parse_kind_perft},
    {"perft-diff", VEC_PERFT_DIFF, parse_kind_perft},
};

const char *vec_position(const VecFile *file, const char *name)
{
    for (int i = 0; i < file->npositions; i++)
        if (strcmp(file->position_names[i], name) == 0)
            return file->position_tfens[i];
    return NULL;
}

static int parse_position(Reader *r, char *name, char *tfen)
{
    VecFile *f = r->file;
    char cells[VEC_SQUARES][VEC_CODE_MAX];
    int side;
    if (!name || strlen(name) >= NAME_MAX_LEN || strchr(name, ' '))
        return fail(r, "position: expected 'position NAME: TFEN' (NAME one word)");
    if (vec_position(f, name))
        return fail(r, "position %s is defined twice", name);
    if (strlen(tfen) >= VEC_TFEN_MAX || vec_board_decode(tfen, cells, &side) != 0)
        return fail(r, "position %s: not a TFEN of 16 ranks of 16 squares and b or w", name);
    size_t n = (size_t)f->npositions + 1;
    f->position_names = realloc(f->position_names, n * sizeof *f->position_names);
    f->position_tfens = realloc(f->position_tfens, n * sizeof *f->position_tfens);
    if (!f->position_names || !f->position_tfens)
        return fail(r, "out of memory");
    snprintf(f->position_names[f->npositions], NAME_MAX_LEN, "%s", name);
    snprintf(f->position_tfens[f->npositions++], VEC_TFEN_MAX, "%s", tfen);
    return 0;
}

static int parse_end(Reader *r, char *head, char *value)
{
    long long n;
    if (next_word(&head) || parse_number(value, 0, 1000000, &n) != 0)
        return fail(r, "end: expected 'end: N'");
    if (n != r->file->count)
        return fail(r, "end: the file holds %d records, the end record says %lld (lost lines?)",
                    r->file->count, n);
    r->ended = 1;
    return 0;
}

/* KIND POSITION OPTIONS ARGUMENTS: EXPECTED */
static int parse_check(Reader *r, const char *kind_name, char *head, char *value)
{
    VecFile *f = r->file;
    size_t k = 0;
    while (k < sizeof kinds / sizeof kinds[0] && strcmp(kinds[k].name, kind_name) != 0)
        k++;
    if (k == sizeof kinds / sizeof kinds[0])
        return fail(r, "unknown kind of record '%s'", kind_name);
    if (f->count == r->capacity) {
        r->capacity = r->capacity ? 2 * r->capacity : 64;
        VecRecord *grown = realloc(f->records, (size_t)r->capacity * sizeof *f->records);
        if (!grown)
            return fail(r, "out of memory");
        f->records = grown;
    }
    VecRecord *rec = &f->records[f->count];
    memset(rec, 0, sizeof *rec);
    rec->kind = kinds[k].kind;
    rec->line = r->line;
    snprintf(rec->label, sizeof rec->label, "%s:%d %s %s", r->name, r->line, kind_name, head);
    char *pos = next_word(&head), *opts = next_word(&head);
    const char *tfen = pos ? vec_position(f, pos) : NULL;
    if (!opts)
        return fail(r, "%s: expected POSITION OPTIONS before the ':'", kind_name);
    if (!tfen)
        return fail(r, "unknown position '%s' (defined further up with 'position')", pos);
    snprintf(rec->tfen, sizeof rec->tfen, "%s", tfen);
    if (parse_options(r, opts, &rec->options) != 0 ||
        kinds[k].parse(r, trim(head), value, rec) != 0)
        return -1;
    f->count++;
    return 0;
}

static int parse_record(Reader *r, char *text)
{
    if (r->ended)
        return fail(r, "a record after the end record");
    char *colon = strchr(text, ':');
    if (!colon)
        return fail(r, "no ':' in the record");
    *colon = '\0';
    char *head = trim(text), *value = trim(colon + 1);
    char *kind = next_word(&head);
    if (!kind)
        return fail(r, "a record without a kind");
    if (strcmp(kind, "position") == 0) {
        char *name = next_word(&head);
        return next_word(&head) ? fail(r, "position: one name before the ':'")
                                : parse_position(r, name, value);
    }
    if (strcmp(kind, "end") == 0)
        return parse_end(r, head, value);
    return parse_check(r, kind, head, value);
}

/* Joins continuation lines to the record they continue and hands each record over. */
static int read_records(Reader *r, const char *text)
{
    char *record = malloc(RECORD_MAX);
    int record_line = 0, status = 0;
    record[0] = '\0';
    for (const char *p = text; status == 0 && *p;) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        char line[RECORD_MAX];
        r->line++;
        if (len >= sizeof line) {
            status = fail(r, "line too long");
            break;
        }
        memcpy(line, p, len);
        line[len] = '\0';
        p += len + (eol != NULL);
        int continues = line[0] == ' ' || line[0] == '\t';
        char *content = trim(line);
        if (!content[0] || content[0] == '#')
            continue;
        if (continues) {
            if (!record[0])
                status = fail(r, "a continuation line (it starts with a blank) without a record");
            else if (strlen(record) + 1 + strlen(content) >= RECORD_MAX)
                status = fail(r, "record too long");
            else
                strcat(strcat(record, " "), content);
            continue;
        }
        if (record[0]) {
            int here = r->line;
            r->line = record_line;
            status = parse_record(r, record);
            r->line = here;
        }
        snprintf(record, RECORD_MAX, "%s", content);
        record_line = r->line;
    }
    if (status == 0 && record[0]) {
        r->line = record_line;
        status = parse_record(r, record);
    }
    if (status == 0 && !r->ended)
        status = fail(r, "the file has no 'end: N' record (truncated?)");
    free(record);
    return status;
}

void vec_free(VecFile *file)
{
    if (!file)
        return;
    free(file->records);
    free(file->position_names);
    free(file->position_tfens);
    free(file);
}

VecFile *vec_parse(const char *text, const char *name, char *err, size_t errsz)
{
    Reader r = {name, 0, err, errsz, calloc(1, sizeof(VecFile)), 0, 0};
    if (!r.file || read_records(&r, text) != 0) {
        vec_free(r.file);
        return NULL;
    }
    return r.file;
}

VecFile *vec_load(const char *path, char *err, size_t errsz)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errsz, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap);
    for (size_t n; text && (n = fread(text + len, 1, cap - 1 - len, f)) > 0;) {
        len += n;
        if (len == cap - 1)
            text = realloc(text, cap *= 2);
    }
    int bad = ferror(f) || !text;
    fclose(f);
    if (bad) {
        snprintf(err, errsz, "%s: cannot read", path);
        free(text);
        return NULL;
    }
    text[len] = '\0';
    if (strlen(text) != len) {
        snprintf(err, errsz, "%s: holds a NUL byte: not a text file", path);
        free(text);
        return NULL;
    }
    const char *base = strrchr(path, '/');
    VecFile *file = vec_parse(text, base ? base + 1 : path, err, errsz);
    free(text);
    return file;
}
