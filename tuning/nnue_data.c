/* The packer (text data -> pack file) and the pack reader (nnue_data.h). */
#include "nnue_data.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/tfen.h"
#include "util/parse.h"
#include "util/strutil.h"

static void set_err(char *err, size_t errsz, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void set_err(char *err, size_t errsz, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && errsz)
        vsnprintf(err, errsz, fmt, ap);
    va_end(ap);
}

/* FNV-1a, 32 bits, continued from h (2166136261 to start). */
static uint32_t fnv_more(uint32_t h, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}
#define FNV_START 2166136261u

static void put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
static void put32(uint8_t *p, uint32_t v)
{
    put16(p, v);
    put16(p + 2, v >> 16);
}
static void put64(uint8_t *p, uint64_t v)
{
    put32(p, (uint32_t)v);
    put32(p + 4, (uint32_t)(v >> 32));
}
static uint32_t get32(const uint8_t *p) { return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint64_t get64(const uint8_t *p) { return get32(p) | (uint64_t)get32(p + 4) << 32; }

/* ---- the set of positions seen (Zobrist key and side to move) ---- */

typedef struct KeySet {
    uint64_t *key;
    uint8_t *state; /* 0 empty, 1 + side */
    size_t cap, n;
} KeySet;

static size_t slot_of(const KeySet *s, uint64_t key, int side)
{
    size_t i = (size_t)(key ^ (key >> 29)) & (s->cap - 1);
    while (s->state[i] && (s->key[i] != key || s->state[i] != 1 + side))
        i = (i + 1) & (s->cap - 1);
    return i;
}

/* Adds the position; false if it was there already. */
static bool keyset_add(KeySet *s, uint64_t key, int side)
{
    if (2 * (s->n + 1) > s->cap) {
        KeySet b = {.cap = s->cap ? 2 * s->cap : 1 << 16};
        b.key = xmalloc(b.cap * sizeof *b.key);
        b.state = xcalloc(b.cap, 1);
        for (size_t i = 0; i < s->cap; i++)
            if (s->state[i]) {
                size_t j = slot_of(&b, s->key[i], s->state[i] - 1);
                b.key[j] = s->key[i];
                b.state[j] = s->state[i];
            }
        b.n = s->n;
        free(s->key);
        free(s->state);
        *s = b;
    }
    size_t i = slot_of(s, key, side);
    if (s->state[i])
        return false;
    s->key[i] = key;
    s->state[i] = (uint8_t)(1 + side);
    s->n++;
    return true;
}

/* ---- the packer ---- */

/* A parsed position line waiting for its game's trailer. */
typedef struct Pending {
    uint64_t key;
    uint32_t len;                /* bytes of rec in use */
    int side;
    uint32_t game;
    uint8_t rec[PACK_RECORD_HEAD + 2 * 256];
} Pending;

typedef struct Packer {
    FILE *out;
    const char *path;            /* the input being read */
    long lineno;
    Pending *pend;
    int npend, cap;
    KeySet seen;
    Position *pos;
    uint32_t fnv;
    PackStats *st;
    const char *no_result_ends;  /* comma-separated trailer ends, or NULL */
    char *err;
    size_t errsz;
} Packer;

/* "tfen;result;score;game": the fields after the last three ';'. */
static bool split_line(char *line, char *f[4])
{
    for (int i = 3; i >= 1; i--) {
        char *p = strrchr(line, ';');
        if (!p)
            return false;
        *p = '\0';
        f[i] = p + 1;
    }
    f[0] = line;
    return true;
}

static int parse_position(Packer *pk, char *line)
{
    char *f[4], why[320] = "";
    double result;
    long score, game;
    if (!split_line(line, f))
        snprintf(why, sizeof why, "not a data line (tfen;result;score;game)");
    else if (!parse_double(f[1], 0, 1, &result) || (result != 0 && result != 0.5 && result != 1))
        snprintf(why, sizeof why, "result '%s' is not 1, 0.5 or 0", f[1]);
    else if (!parse_long(f[2], -PACK_SCORE_MAX, PACK_SCORE_MAX, &score))
        snprintf(why, sizeof why, "score '%s' is not a number within +-%d", f[2], PACK_SCORE_MAX);
    else if (!parse_long(f[3], 0, 0x7fffffff, &game))
        snprintf(why, sizeof why, "game '%s' is not a game number", f[3]);
    else if (pk->npend && (uint32_t)game != pk->pend[0].game)
        snprintf(why, sizeof why, "game %ld among the lines of game %u", game, pk->pend[0].game);
    else {
        char terr[200];
        position_clear(pk->pos, ruleset_default());
        if (tfen_parse(pk->pos, f[0], terr, sizeof terr) != 0)
            snprintf(why, sizeof why, "bad TFEN: %s", terr);
    }
    if (why[0]) {
        set_err(pk->err, pk->errsz, "%s:%ld: %s", pk->path, pk->lineno, why);
        return -1;
    }
    if (pk->npend == pk->cap) {
        pk->cap = pk->cap ? 2 * pk->cap : 256;
        pk->pend = xrealloc(pk->pend, (size_t)pk->cap * sizeof *pk->pend);
    }
    const Position *pos = pk->pos;
    Pending *p = &pk->pend[pk->npend++];
    int black = pos->side == BLACK;
    int res2 = (int)(result * 2 + 0.5);
    p->key = pos->key;
    p->side = pos->side;
    p->game = (uint32_t)game;
    p->rec[0] = (uint8_t)pos->side;
    p->rec[1] = (uint8_t)(black ? res2 : 2 - res2);
    put16(p->rec + 2, (uint32_t)(uint16_t)(int16_t)(black ? score : -score));
    put32(p->rec + 4, (uint32_t)game);
    int n = 0;
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        if (pos->board[sq]) {
            p->rec[PACK_RECORD_HEAD + 2 * n] = (uint8_t)sq;
            p->rec[PACK_RECORD_HEAD + 2 * n + 1] = pos->board[sq];
            n++;
        }
    put16(p->rec + 8, (uint32_t)n);
    p->len = PACK_RECORD_HEAD + 2 * (uint32_t)n;
    return 0;
}

/* Is end one of the comma-separated words of list (NULL: none)? */
static bool listed(const char *list, const char *end)
{
    size_t n = strlen(end);
    for (const char *p = list; p && *p;) {
        const char *q = strchr(p, ',');
        size_t len = q ? (size_t)(q - p) : strlen(p);
        if (len == n && strncmp(p, end, n) == 0)
            return true;
        p = q ? q + 1 : NULL;
    }
    return false;
}

/* A "#game G result plies positions end" trailer: the pending lines are a complete game. */
static int finish_game(Packer *pk, const char *line)
{
    long game, plies, positions;
    char result[16], end[32];
    if (sscanf(line, "#game %ld %15s %ld %ld %31s", &game, result, &plies, &positions, end) != 5) {
        set_err(pk->err, pk->errsz, "%s:%ld: bad trailer (#game G result plies positions end)",
                pk->path, pk->lineno);
        return -1;
    }
    if (positions != pk->npend || (pk->npend && (uint32_t)game != pk->pend[0].game)) {
        set_err(pk->err, pk->errsz, "%s:%ld: the trailer of game %ld (%ld positions) follows %d "
                "lines of game %ld", pk->path, pk->lineno, game, positions, pk->npend,
                pk->npend ? (long)pk->pend[0].game : game);
        return -1;
    }
    pk->st->games++;
    pk->st->lines += (uint64_t)pk->npend;
    bool no_result = listed(pk->no_result_ends, end);
    for (int i = 0; i < pk->npend; i++) {
        Pending *p = &pk->pend[i];
        if (!keyset_add(&pk->seen, p->key, p->side)) {
            pk->st->duplicates++;
            continue;
        }
        if (no_result) {
            p->rec[1] = PACK_RESULT_NONE;
            pk->st->no_result++;
        }
        if (fwrite(p->rec, 1, p->len, pk->out) != p->len) {
            set_err(pk->err, pk->errsz, "cannot write: %s", strerror(errno));
            return -1;
        }
        pk->fnv = fnv_more(pk->fnv, p->rec, p->len);
        pk->st->positions++;
    }
    pk->npend = 0;
    return 0;
}

static int pack_text(Packer *pk, const char *path)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        set_err(pk->err, pk->errsz, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    pk->path = path;
    pk->lineno = 0;
    pk->npend = 0;
    char line[PACK_LINE_MAX + 2];
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof line, in)) {
        pk->lineno++;
        size_t len = strlen(line);
        if (len == 0 || line[len - 1] != '\n') {
            if (len > PACK_LINE_MAX || !feof(in)) {
                set_err(pk->err, pk->errsz, "%s:%ld: line longer than %d bytes", path,
                        pk->lineno, PACK_LINE_MAX);
                rc = -1;
            }
            break; /* a last line cut off: its game is incomplete */
        }
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (strncmp(line, "#game ", 6) == 0)
            rc = finish_game(pk, line);
        else if (len && line[0] != '#')
            rc = parse_position(pk, line);
    }
    if (rc == 0 && ferror(in)) {
        set_err(pk->err, pk->errsz, "cannot read %s", path);
        rc = -1;
    }
    pk->st->incomplete += (uint64_t)pk->npend;
    fclose(in);
    return rc;
}

static void header_bytes(uint8_t h[PACK_HEADER_SIZE], uint64_t n, uint64_t games, uint32_t fnv)
{
    memset(h, 0, PACK_HEADER_SIZE);
    memcpy(h, PACK_MAGIC, 8);
    put32(h + 8, PACK_VERSION);
    put32(h + 12, PACK_HEADER_SIZE);
    put64(h + 16, n);
    put64(h + 24, games);
    put32(h + 32, fnv);
}

/* May `out` be written?  Yes if it does not exist or is a pack file. */
static bool may_replace(const char *out, char *err, size_t errsz)
{
    FILE *f = fopen(out, "rb");
    if (!f)
        return true;
    char magic[8];
    bool ours = fread(magic, 1, 8, f) == 8 && memcmp(magic, PACK_MAGIC, 8) == 0;
    fclose(f);
    if (!ours)
        set_err(err, errsz, "%s exists and is not a pack file: not replaced", out);
    return ours;
}

int pack_files(const char *const *in, int nin, const char *out, const char *no_result_ends,
               PackStats *st, char *err, size_t errsz)
{
    *st = (PackStats){0};
    if (!may_replace(out, err, errsz))
        return -1;
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", out) >= (int)sizeof tmp) {
        set_err(err, errsz, "output path too long");
        return -1;
    }
    Packer pk = {.fnv = FNV_START, .st = st, .no_result_ends = no_result_ends, .err = err,
                 .errsz = errsz};
    pk.out = fopen(tmp, "wb");
    if (!pk.out) {
        set_err(err, errsz, "cannot write %s: %s", tmp, strerror(errno));
        return -1;
    }
    pk.pos = xmalloc(sizeof *pk.pos);
    uint8_t h[PACK_HEADER_SIZE];
    header_bytes(h, 0, 0, 0);
    int rc = fwrite(h, 1, sizeof h, pk.out) == sizeof h ? 0 : -1;
    if (rc)
        set_err(err, errsz, "cannot write %s", tmp);
    for (int i = 0; rc == 0 && i < nin; i++)
        rc = pack_text(&pk, in[i]);
    if (rc == 0) {
        header_bytes(h, st->positions, st->games, pk.fnv);
        if (fseek(pk.out, 0, SEEK_SET) != 0 || fwrite(h, 1, sizeof h, pk.out) != sizeof h) {
            set_err(err, errsz, "cannot write %s", tmp);
            rc = -1;
        }
    }
    if (fclose(pk.out) != 0 && rc == 0) {
        set_err(err, errsz, "cannot write %s", tmp);
        rc = -1;
    }
    if (rc == 0 && rename(tmp, out) != 0) {
        set_err(err, errsz, "cannot rename %s to %s: %s", tmp, out, strerror(errno));
        rc = -1;
    }
    if (rc != 0)
        remove(tmp);
    free(pk.pos);
    free(pk.pend);
    free(pk.seen.key);
    free(pk.seen.state);
    return rc;
}

/* ---- the reader ---- */

static uint8_t *read_whole(const char *path, size_t *size, char *err, size_t errsz)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        set_err(err, errsz, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 20, n = 0, got;
    uint8_t *buf = xmalloc(cap);
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap)
            buf = xrealloc(buf, cap *= 2);
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad) {
        set_err(err, errsz, "cannot read %s", path);
        free(buf);
        return NULL;
    }
    *size = n;
    return buf;
}

/* What is wrong with the record at r (at most `left` bytes), or NULL; its length in *len. */
static const char *check_record(const uint8_t *r, size_t left, size_t *len)
{
    if (left < PACK_RECORD_HEAD)
        return "truncated record";
    int n = r[8] | r[9] << 8;
    *len = PACK_RECORD_HEAD + 2 * (size_t)n;
    int score = (int16_t)(uint16_t)(r[2] | r[3] << 8);
    if (r[0] > 1 || r[1] > PACK_RESULT_NONE || score < -PACK_SCORE_MAX || score > PACK_SCORE_MAX || n > SQUARE_COUNT)
        return "record out of range";
    if (*len > left)
        return "truncated record";
    for (int i = 0; i < n; i++) {
        int sq = r[PACK_RECORD_HEAD + 2 * i], pc = r[PACK_RECORD_HEAD + 2 * i + 1];
        int kind = piece_kind(pc);
        if ((i && sq <= r[PACK_RECORD_HEAD + 2 * i - 2]) || kind < 1 || kind >= KIND_COUNT ||
            kind_move_type[kind] == MT_NONE)
            return "bad piece or square in a record";
    }
    return NULL;
}

static int load_one(PackData *d, const char *path, char *err, size_t errsz)
{
    size_t size;
    uint8_t *buf = read_whole(path, &size, err, errsz);
    if (!buf)
        return -1;
    const char *why = NULL;
    uint64_t n = 0;
    if (size < PACK_HEADER_SIZE || memcmp(buf, PACK_MAGIC, 8) != 0)
        why = "not a pack file (kaki-tune pack writes them)";
    else if (get32(buf + 8) != PACK_VERSION || get32(buf + 12) != PACK_HEADER_SIZE)
        why = "pack format version is not 1";
    else if (fnv_more(FNV_START, buf + PACK_HEADER_SIZE, size - PACK_HEADER_SIZE) != get32(buf + 32))
        why = "checksum mismatch (damaged or truncated)";
    size_t at = PACK_HEADER_SIZE, len;
    uint64_t first = d->n;
    while (!why && at < size) {
        why = check_record(buf + at, size - at, &len);
        if (!why) {
            if (d->n % 65536 == 0)
                d->offset = xrealloc(d->offset, (size_t)(d->n + 65536) * sizeof *d->offset);
            d->offset[d->n++] = d->size + (at - PACK_HEADER_SIZE);
            at += len;
            n++;
        }
    }
    if (!why && n != get64(buf + 16))
        why = "the header's count of positions does not match the records";
    if (why) {
        set_err(err, errsz, "%s: %s", path, why);
        d->n = first;
        free(buf);
        return -1;
    }
    size_t rec = size - PACK_HEADER_SIZE;
    d->bytes = xrealloc(d->bytes, d->size + rec + 1);
    memcpy(d->bytes + d->size, buf + PACK_HEADER_SIZE, rec);
    d->fingerprint = fnv_more(d->fingerprint, buf + PACK_HEADER_SIZE, rec);
    d->size += rec;
    d->games += get64(buf + 24);
    free(buf);
    return 0;
}

int pack_load(PackData *d, const char *const *files, int nfiles, char *err, size_t errsz)
{
    if (!d->bytes && !d->n)
        d->fingerprint = FNV_START;
    for (int i = 0; i < nfiles; i++)
        if (load_one(d, files[i], err, errsz) != 0)
            return -1;
    return 0;
}

void pack_free(PackData *d)
{
    free(d->bytes);
    free(d->offset);
    *d = (PackData){0};
}
