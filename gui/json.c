#include "json.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strutil.h"

/* ------------------------------------------------------------------ parser ------------- */

typedef struct Parser {
    const char *s;
    size_t len, i;
    int nodes;
    char *err;
    size_t errsz;
    bool failed;
} Parser;

static void fail(Parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void fail(Parser *p, const char *fmt, ...)
{
    if (p->failed)
        return;
    p->failed = true;
    if (!p->err || !p->errsz)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(p->err, p->errsz, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < p->errsz)
        snprintf(p->err + n, p->errsz - (size_t)n, " at byte %zu", p->i);
}

static void skip_ws(Parser *p)
{
    while (p->i < p->len &&
           (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\n' || p->s[p->i] == '\r'))
        p->i++;
}

static JsonValue *new_node(Parser *p, JsonType t)
{
    if (++p->nodes > JSON_MAX_NODES) {
        fail(p, "too many values (more than %d)", JSON_MAX_NODES);
        return NULL;
    }
    JsonValue *v = xcalloc(1, sizeof *v);
    v->type = t;
    return v;
}

/* Appends the UTF-8 encoding of code point c. */
static void put_utf8(char *out, size_t *n, uint32_t c)
{
    if (c < 0x80)
        out[(*n)++] = (char)c;
    else if (c < 0x800) {
        out[(*n)++] = (char)(0xC0 | (c >> 6));
        out[(*n)++] = (char)(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out[(*n)++] = (char)(0xE0 | (c >> 12));
        out[(*n)++] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[(*n)++] = (char)(0x80 | (c & 0x3F));
    } else {
        out[(*n)++] = (char)(0xF0 | (c >> 18));
        out[(*n)++] = (char)(0x80 | ((c >> 12) & 0x3F));
        out[(*n)++] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[(*n)++] = (char)(0x80 | (c & 0x3F));
    }
}

static int hex4(Parser *p, uint32_t *out)
{
    if (p->len - p->i < 4)
        return -1;
    uint32_t v = 0;
    for (int k = 0; k < 4; k++) {
        char c = p->s[p->i++];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= (uint32_t)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= (uint32_t)(c - 'A' + 10);
        else
            return -1;
    }
    *out = v;
    return 0;
}

/* Length of a valid UTF-8 sequence starting at s (at most n bytes), 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    if (s[0] < 0x80)
        return 1;
    size_t len;
    uint32_t c;
    if ((s[0] & 0xE0) == 0xC0)
        len = 2, c = s[0] & 0x1F;
    else if ((s[0] & 0xF0) == 0xE0)
        len = 3, c = s[0] & 0x0F;
    else if ((s[0] & 0xF8) == 0xF0)
        len = 4, c = s[0] & 0x07;
    else
        return 0;
    if (len > n)
        return 0;
    for (size_t k = 1; k < len; k++) {
        if ((s[k] & 0xC0) != 0x80)
            return 0;
        c = c << 6 | (s[k] & 0x3F);
    }
    static const uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < min[len] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0; /* overlong, out of range or a surrogate */
    return len;
}

static int parse_escape(Parser *p, char *out, size_t *n)
{
    char e = p->s[p->i++];
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    const char *k = strchr(from, e);
    if (e && k) {
        out[(*n)++] = to[k - from];
        return 0;
    }
    if (e != 'u')
        return fail(p, "bad escape '\\%c'", e), -1;
    uint32_t c;
    if (hex4(p, &c))
        return fail(p, "bad \\u escape"), -1;
    if (c >= 0xD800 && c <= 0xDBFF) { /* a surrogate pair */
        uint32_t lo;
        if (p->len - p->i < 6 || p->s[p->i] != '\\' || p->s[p->i + 1] != 'u')
            return fail(p, "lone surrogate in \\u escape"), -1;
        p->i += 2;
        if (hex4(p, &lo) || lo < 0xDC00 || lo > 0xDFFF)
            return fail(p, "bad surrogate pair"), -1;
        c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
    } else if (c >= 0xDC00 && c <= 0xDFFF)
        return fail(p, "lone surrogate in \\u escape"), -1;
    if (c == 0)
        return fail(p, "NUL character in a string"), -1;
    put_utf8(out, n, c);
    return 0;
}

/* A string; the parser is at the opening quote. */
static char *parse_string(Parser *p, size_t *outlen)
{
    p->i++;
    /* the decoded string is never longer than the encoded one */
    size_t end = p->i;
    while (end < p->len && p->s[end] != '"')
        end += p->s[end] == '\\' ? 2 : 1;
    if (end >= p->len) {
        fail(p, "unterminated string");
        return NULL;
    }
    char *out = xmalloc(end - p->i + 1);
    size_t n = 0;
    while (p->s[p->i] != '"') {
        unsigned char c = (unsigned char)p->s[p->i];
        if (c < 0x20) {
            fail(p, "control character in a string");
            break;
        }
        if (c == '\\') {
            p->i++;
            if (parse_escape(p, out, &n))
                break;
            continue;
        }
        size_t l = utf8_len((const unsigned char *)p->s + p->i, p->len - p->i);
        if (!l) {
            fail(p, "invalid UTF-8 in a string");
            break;
        }
        memcpy(out + n, p->s + p->i, l);
        n += l;
        p->i += l;
    }
    if (p->failed) {
        free(out);
        return NULL;
    }
    p->i++;
    out[n] = '\0';
    *outlen = n;
    return out;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static JsonValue *parse_number(Parser *p)
{
    size_t start = p->i;
    if (p->s[p->i] == '-')
        p->i++;
    if (p->i < p->len && p->s[p->i] == '0')
        p->i++;
    else if (p->i < p->len && is_digit(p->s[p->i]))
        while (p->i < p->len && is_digit(p->s[p->i]))
            p->i++;
    else
        return fail(p, "bad number"), NULL;
    if (p->i < p->len && p->s[p->i] == '.') {
        p->i++;
        if (p->i >= p->len || !is_digit(p->s[p->i]))
            return fail(p, "bad number"), NULL;
        while (p->i < p->len && is_digit(p->s[p->i]))
            p->i++;
    }
    if (p->i < p->len && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
        p->i++;
        if (p->i < p->len && (p->s[p->i] == '+' || p->s[p->i] == '-'))
            p->i++;
        if (p->i >= p->len || !is_digit(p->s[p->i]))
            return fail(p, "bad number"), NULL;
        while (p->i < p->len && is_digit(p->s[p->i]))
            p->i++;
    }
    char buf[64];
    size_t n = p->i - start;
    if (n >= sizeof buf)
        return fail(p, "number too long"), NULL;
    memcpy(buf, p->s + start, n);
    buf[n] = '\0';
    double d = strtod(buf, NULL);
    if (!isfinite(d))
        return fail(p, "number out of range"), NULL;
    JsonValue *v = new_node(p, JSON_NUMBER);
    if (v)
        v->number = d;
    return v;
}

static bool literal(Parser *p, const char *word)
{
    size_t n = strlen(word);
    if (p->len - p->i >= n && memcmp(p->s + p->i, word, n) == 0) {
        p->i += n;
        return true;
    }
    return false;
}

static JsonValue *parse_value(Parser *p, int depth);

/* Array or object; the parser is at '[' or '{'. */
static JsonValue *parse_container(Parser *p, int depth)
{
    bool object = p->s[p->i] == '{';
    char close = object ? '}' : ']';
    if (depth >= JSON_MAX_DEPTH)
        return fail(p, "nested more than %d deep", JSON_MAX_DEPTH), NULL;
    JsonValue *v = new_node(p, object ? JSON_OBJECT : JSON_ARRAY);
    if (!v)
        return NULL;
    p->i++;
    skip_ws(p);
    JsonValue **tail = &v->child;
    if (p->i < p->len && p->s[p->i] == close) {
        p->i++;
        return v;
    }
    for (;;) {
        char *key = NULL;
        size_t keylen;
        skip_ws(p);
        if (object) {
            if (p->i >= p->len || p->s[p->i] != '"') {
                fail(p, "expected a member name");
                break;
            }
            if (!(key = parse_string(p, &keylen)))
                break;
            skip_ws(p);
            if (p->i >= p->len || p->s[p->i] != ':') {
                free(key);
                fail(p, "expected ':'");
                break;
            }
            p->i++;
        }
        JsonValue *item = parse_value(p, depth + 1);
        if (!item) {
            free(key);
            break;
        }
        item->key = key;
        *tail = item;
        tail = &item->next;
        v->count++;
        skip_ws(p);
        if (p->i < p->len && p->s[p->i] == ',') {
            p->i++;
            continue;
        }
        if (p->i < p->len && p->s[p->i] == close) {
            p->i++;
            return v;
        }
        fail(p, "expected ',' or '%c'", close);
        break;
    }
    json_free(v);
    return NULL;
}

static JsonValue *parse_value(Parser *p, int depth)
{
    skip_ws(p);
    if (p->i >= p->len)
        return fail(p, "unexpected end of input"), NULL;
    char c = p->s[p->i];
    if (c == '{' || c == '[')
        return parse_container(p, depth);
    if (c == '"') {
        size_t n;
        char *s = parse_string(p, &n);
        if (!s)
            return NULL;
        JsonValue *v = new_node(p, JSON_STRING);
        if (!v) {
            free(s);
            return NULL;
        }
        v->str = s;
        v->len = n;
        return v;
    }
    if (c == '-' || is_digit(c))
        return parse_number(p);
    JsonType t;
    bool truth = false;
    if (literal(p, "true"))
        t = JSON_BOOL, truth = true;
    else if (literal(p, "false"))
        t = JSON_BOOL;
    else if (literal(p, "null"))
        t = JSON_NULL;
    else
        return fail(p, "unexpected character '%c'", c >= 32 && c < 127 ? c : '?'), NULL;
    JsonValue *v = new_node(p, t);
    if (v)
        v->boolean = truth;
    return v;
}

JsonValue *json_parse(const char *text, size_t len, char *err, size_t errsz)
{
    Parser p = {text, len, 0, 0, err, errsz, false};
    JsonValue *v = parse_value(&p, 0);
    if (v) {
        skip_ws(&p);
        if (p.i != len) {
            fail(&p, "text after the value");
            json_free(v);
            v = NULL;
        }
    }
    return v;
}

void json_free(JsonValue *v)
{
    while (v) {
        JsonValue *next = v->next;
        json_free(v->child); /* depth is bounded by JSON_MAX_DEPTH */
        free(v->str);
        free(v->key);
        free(v);
        v = next;
    }
}

const JsonValue *json_get(const JsonValue *obj, const char *key)
{
    const JsonValue *found = NULL;
    if (!obj || obj->type != JSON_OBJECT)
        return NULL;
    for (const JsonValue *m = obj->child; m; m = m->next)
        if (strcmp(m->key, key) == 0)
            found = m;
    return found;
}

const char *json_get_str(const JsonValue *obj, const char *key)
{
    const JsonValue *v = json_get(obj, key);
    return v && v->type == JSON_STRING ? v->str : NULL;
}

bool json_get_bool(const JsonValue *obj, const char *key, bool *out)
{
    const JsonValue *v = json_get(obj, key);
    if (!v || v->type != JSON_BOOL)
        return false;
    *out = v->boolean;
    return true;
}

bool json_get_int(const JsonValue *obj, const char *key, long min, long max, long *out)
{
    const JsonValue *v = json_get(obj, key);
    if (!v || v->type != JSON_NUMBER || v->number != floor(v->number) || v->number < (double)min ||
        v->number > (double)max)
        return false;
    *out = (long)v->number;
    return true;
}

/* ------------------------------------------------------------------ writer ------------- */

void jb_init(JsonBuf *b)
{
    memset(b, 0, sizeof *b);
    b->first[0] = true;
}

void jb_free(JsonBuf *b)
{
    free(b->p);
    b->p = NULL;
    b->n = b->cap = 0;
}

char *jb_take(JsonBuf *b, size_t *len)
{
    char *p = b->p ? b->p : xstrdup("");
    if (len)
        *len = b->n;
    jb_init(b);
    return p;
}

static void put(JsonBuf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n + 1)
            cap *= 2;
        b->p = xrealloc(b->p, cap);
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

/* The comma before a value or key, unless it directly follows a key. */
static void sep(JsonBuf *b)
{
    if (b->after_key) {
        b->after_key = false;
        return;
    }
    if (!b->first[b->depth])
        put(b, ",", 1);
    b->first[b->depth] = false;
}

static void open_container(JsonBuf *b, const char *c)
{
    sep(b);
    put(b, c, 1);
    if (b->depth < JSON_MAX_DEPTH)
        b->depth++;
    b->first[b->depth] = true;
}

static void close_container(JsonBuf *b, const char *c)
{
    put(b, c, 1);
    if (b->depth > 0)
        b->depth--;
}

void jb_obj(JsonBuf *b) { open_container(b, "{"); }
void jb_end_obj(JsonBuf *b) { close_container(b, "}"); }
void jb_arr(JsonBuf *b) { open_container(b, "["); }
void jb_end_arr(JsonBuf *b) { close_container(b, "]"); }

static void put_escaped(JsonBuf *b, const char *s, size_t n)
{
    put(b, "\"", 1);
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\' && c != 0x7F) {
            run++;
            continue;
        }
        put(b, s + i - run, run);
        run = 0;
        char esc[8];
        if (c == '"' || c == '\\')
            snprintf(esc, sizeof esc, "\\%c", c);
        else if (c == '\n')
            snprintf(esc, sizeof esc, "\\n");
        else
            snprintf(esc, sizeof esc, "\\u%04x", c);
        put(b, esc, strlen(esc));
    }
    put(b, s + n - run, run);
    put(b, "\"", 1);
}

void jb_key(JsonBuf *b, const char *key)
{
    sep(b);
    put_escaped(b, key, strlen(key));
    put(b, ":", 1);
    b->after_key = true;
}

void jb_strn(JsonBuf *b, const char *s, size_t n)
{
    sep(b);
    put_escaped(b, s, n);
}

void jb_str(JsonBuf *b, const char *s)
{
    if (!s) {
        jb_null(b);
        return;
    }
    jb_strn(b, s, strlen(s));
}

void jb_int(JsonBuf *b, long long v)
{
    char buf[32];
    int n = snprintf(buf, sizeof buf, "%lld", v);
    sep(b);
    put(b, buf, (size_t)n);
}

void jb_num(JsonBuf *b, double v)
{
    char buf[40];
    int n = isfinite(v) ? snprintf(buf, sizeof buf, "%.6g", v) : snprintf(buf, sizeof buf, "null");
    sep(b);
    put(b, buf, (size_t)n);
}

void jb_bool(JsonBuf *b, bool v)
{
    sep(b);
    put(b, v ? "true" : "false", v ? 4 : 5);
}

void jb_null(JsonBuf *b)
{
    sep(b);
    put(b, "null", 4);
}

void jb_raw(JsonBuf *b, const char *json)
{
    sep(b);
    put(b, json, strlen(json));
}

void jb_kstr(JsonBuf *b, const char *key, const char *s)
{
    jb_key(b, key);
    jb_str(b, s);
}

void jb_kint(JsonBuf *b, const char *key, long long v)
{
    jb_key(b, key);
    jb_int(b, v);
}

void jb_kbool(JsonBuf *b, const char *key, bool v)
{
    jb_key(b, key);
    jb_bool(b, v);
}
