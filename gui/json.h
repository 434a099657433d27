/* JSON for kaki-board's HTTP API: a strict parser (RFC 8259) with limits on size, depth and
 * node count, and a writer into a growing buffer.  The parser never trusts its input: every
 * error is a message, never a crash; strings are checked to be UTF-8. */
#ifndef KAKI_GUI_JSON_H
#define KAKI_GUI_JSON_H

#include <stdbool.h>
#include <stddef.h>

#define JSON_MAX_DEPTH 32
#define JSON_MAX_NODES 100000

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } JsonType;

typedef struct JsonValue {
    JsonType type;
    bool boolean;
    double number;
    char *str;               /* JSON_STRING: NUL-terminated UTF-8 (no NUL inside) */
    size_t len;
    char *key;               /* member name when the value is inside an object */
    struct JsonValue *child; /* first element or member */
    struct JsonValue *next;  /* next sibling */
    int count;               /* elements or members */
} JsonValue;

/* Parses text[0..len).  Returns the root, or NULL with a message (with the byte offset) in
   err.  Free with json_free. */
JsonValue *json_parse(const char *text, size_t len, char *err, size_t errsz);
void json_free(JsonValue *v);

/* Member `key` of an object (the last one if repeated), or NULL. */
const JsonValue *json_get(const JsonValue *obj, const char *key);
/* Typed member access: NULL / false when missing or of another type. */
const char *json_get_str(const JsonValue *obj, const char *key);
bool json_get_bool(const JsonValue *obj, const char *key, bool *out);
/* An integer member in [min, max] (a number without fraction). */
bool json_get_int(const JsonValue *obj, const char *key, long min, long max, long *out);

/* ---- writer ---- */

typedef struct JsonBuf {
    char *p;
    size_t n, cap;
    int depth;
    bool first[JSON_MAX_DEPTH + 1]; /* nothing written yet in the open container */
    bool after_key;
} JsonBuf;

void jb_init(JsonBuf *b);
void jb_free(JsonBuf *b);
/* Takes the text (NUL-terminated, caller frees); the buffer is empty again. */
char *jb_take(JsonBuf *b, size_t *len);

void jb_obj(JsonBuf *b);   /* { */
void jb_end_obj(JsonBuf *b);
void jb_arr(JsonBuf *b);   /* [ */
void jb_end_arr(JsonBuf *b);
void jb_key(JsonBuf *b, const char *key);
void jb_str(JsonBuf *b, const char *s);
void jb_strn(JsonBuf *b, const char *s, size_t n);
void jb_int(JsonBuf *b, long long v);
void jb_num(JsonBuf *b, double v);
void jb_bool(JsonBuf *b, bool v);
void jb_null(JsonBuf *b);
/* A value that is already JSON text. */
void jb_raw(JsonBuf *b, const char *json);

/* Shorthands for "key": value. */
void jb_kstr(JsonBuf *b, const char *key, const char *s);
void jb_kint(JsonBuf *b, const char *key, long long v);
void jb_kbool(JsonBuf *b, const char *key, bool v);

#endif
