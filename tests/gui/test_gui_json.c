/* kaki-board's JSON (gui/json.h): valid documents of every kind, escapes and UTF-8, the
 * refusals (malformed text, bad UTF-8, lone surrogates, NUL, depth and size limits), typed
 * member access, and the writer's escaping checked by parsing its output back. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gui/json.h"

static JsonValue *parse(const char *s)
{
    char err[200];
    return json_parse(s, strlen(s), err, sizeof err);
}

static void valid(void)
{
    JsonValue *v = parse(" { \"a\" : [1, -2.5e3, true, false, null, \"x\"], \"b\": {}, \"c\": [] } ");
    CHECK(v && v->type == JSON_OBJECT && v->count == 3, "object with three members");
    const JsonValue *a = json_get(v, "a");
    CHECK(a && a->type == JSON_ARRAY && a->count == 6, "array of six");
    CHECK(a && a->child->number == 1 && a->child->next->number == -2500, "numbers");
    CHECK(a && a->child->next->next->boolean && !a->child->next->next->next->boolean, "booleans");
    CHECK(json_get(v, "b")->count == 0 && json_get(v, "c")->type == JSON_ARRAY, "empty containers");
    json_free(v);

    v = parse("{\"s\":\"a\\\"b\\\\c\\/d\\n\\t\\u00e9\\u6b69\\ud83d\\ude00\",\"n\":42,\"f\":1.5,\"k\":true}");
    CHECK(v != NULL, "escapes");
    const char *s = json_get_str(v, "s");
    CHECK(s && strcmp(s, "a\"b\\c/d\n\té歩😀") == 0, "escapes decoded: %s", s ? s : "(null)");
    long n;
    bool k;
    CHECK(json_get_int(v, "n", 0, 100, &n) && n == 42, "int member");
    CHECK(!json_get_int(v, "n", 0, 10, &n), "int out of range refused");
    CHECK(!json_get_int(v, "f", 0, 10, &n), "a fraction is not an int");
    CHECK(json_get_bool(v, "k", &k) && k && !json_get_bool(v, "n", &k), "bool member");
    CHECK(!json_get_str(v, "n") && !json_get(v, "missing"), "missing or other type");
    json_free(v);

    v = parse("{\"a\":1,\"a\":2}");
    CHECK(v && json_get_int(v, "a", 0, 9, &n) && n == 2, "a repeated name: the last one");
    json_free(v);
    v = parse("\"raw UTF-8: 火鬼\"");
    CHECK(v && v->type == JSON_STRING && strcmp(v->str, "raw UTF-8: 火鬼") == 0, "raw UTF-8");
    json_free(v);
}

static void invalid(void)
{
    static const char *const bad[] = {
        "", " ", "{", "}", "[1,]", "{\"a\":}", "{\"a\" 1}", "{a:1}", "[1 2]", "01", "1.", ".5",
        "-", "1e", "+1", "tru", "nul", "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"",
        "\"\\udc00x\"", "\"\\u0000\"", "\"a\nb\"", "[1]x", "{\"a\":1}}", "1e999", "'a'",
        "\"\xff\"", "\"\xc0\xaf\"", "\"\xed\xa0\x80\"", "\"\xe6\xad\"", "[\"a\",",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[200] = "";
        JsonValue *v = json_parse(bad[i], strlen(bad[i]), err, sizeof err);
        CHECK(!v && err[0], "bad JSON %zu refused: %s", i, err);
        json_free(v);
    }
    /* an embedded NUL */
    char err[200];
    CHECK(!json_parse("[1]\0[2]", 7, err, sizeof err), "NUL after the value");
    /* depth */
    char deep[200];
    memset(deep, '[', 40);
    memset(deep + 40, ']', 40);
    deep[80] = '\0';
    CHECK(!parse(deep), "nested 40 deep refused");
    memset(deep, '[', 20);
    memset(deep + 20, ']', 20);
    deep[40] = '\0';
    JsonValue *v = parse(deep);
    CHECK(v != NULL, "nested 20 deep accepted");
    json_free(v);
    /* node count */
    size_t n = 3 * (JSON_MAX_NODES + 10);
    char *big = malloc(n + 3);
    big[0] = '[';
    size_t k = 1;
    for (int i = 0; i < JSON_MAX_NODES + 10; i++)
        big[k++] = '0', big[k++] = ',';
    big[k - 1] = ']';
    big[k] = '\0';
    CHECK(!json_parse(big, k, err, sizeof err) && strstr(err, "too many"), "too many values: %s",
          err);
    free(big);
}

static void writer(void)
{
    JsonBuf b;
    jb_init(&b);
    jb_obj(&b);
    jb_kstr(&b, "q", "quote \" backslash \\ newline \n tab \t bell \a del \x7f 火");
    jb_kint(&b, "i", -1234567890123LL);
    jb_kbool(&b, "t", true);
    jb_key(&b, "a");
    jb_arr(&b);
    jb_num(&b, 0.5);
    jb_null(&b);
    jb_obj(&b);
    jb_end_obj(&b);
    jb_arr(&b);
    jb_end_arr(&b);
    jb_raw(&b, "{\"r\":1}");
    jb_end_arr(&b);
    jb_end_obj(&b);
    size_t len;
    char *text = jb_take(&b, &len);
    CHECK(strlen(text) == len, "length");
    char err[200];
    JsonValue *v = json_parse(text, len, err, sizeof err);
    CHECK(v != NULL, "the writer's output parses: %s (%s)", err, text);
    if (v) {
        CHECK(strcmp(json_get_str(v, "q"), "quote \" backslash \\ newline \n tab \t bell \a del \x7f 火") == 0,
              "string round trip");
        const JsonValue *a = json_get(v, "a");
        CHECK(a && a->count == 5 && a->child->number == 0.5, "array round trip");
        long i;
        CHECK(!json_get_int(v, "i", -100, 100, &i), "big int kept (out of the small range)");
    }
    CHECK(strchr(text, '\n') == NULL, "one line (event streams need it)");
    json_free(v);
    free(text);
}

int main(void)
{
    valid();
    invalid();
    writer();
    return check_finish("test_gui_json");
}
