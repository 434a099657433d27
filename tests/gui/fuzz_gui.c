/* Seeded fuzzing of kaki-board's input parsers for a bounded time: HTTP request heads (whole
 * and in pieces), JSON documents, PGN game records, and the game's actions with random JSON
 * bodies.  Inputs are mutations of valid seeds (byte flips, insertions, deletions, repeats,
 * splices).  A crash, a sanitizer report or a broken invariant fails; the number of inputs
 * tried is printed.
 *
 *   fuzz_gui [--seconds S] [--seed N]            (FUZZ_SECONDS overrides the default) */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/pgn.h"
#include "check.h"
#include "gui/http.h"
#include "gui/actions.h"
#include "gui/json.h"
#include "gui/session.h"
#include "util/clock.h"

static uint64_t rng;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static size_t below(size_t n) { return n ? (size_t)(next() % n) : 0; }

/* A mutation of seed into out (capacity cap); returns its length. */
static size_t mutate(const char *seed, size_t len, char *out, size_t cap)
{
    if (len > cap)
        len = cap;
    memcpy(out, seed, len);
    static const char specials[] = "\r\n\t \"\\{}[],:%+-.0123456789eE!x=/?&#;()$*'\x00\xff\xc3\xa9";
    int edits = 1 + (int)below(8);
    for (int e = 0; e < edits; e++) {
        size_t at = below(len + 1);
        switch (below(6)) {
        case 0: /* flip */
            if (len)
                out[below(len)] ^= (char)(1 << below(8));
            break;
        case 1: /* a special character */
            if (len)
                out[below(len)] = specials[below(sizeof specials - 1)];
            break;
        case 2: /* insert */
            if (len < cap) {
                memmove(out + at + 1, out + at, len - at);
                out[at] = (char)(below(4) ? specials[below(sizeof specials - 1)] : (char)next());
                len++;
            }
            break;
        case 3: { /* delete a run */
            size_t n = below(16);
            if (at + n > len)
                n = len - at;
            memmove(out + at, out + at + n, len - at - n);
            len -= n;
            break;
        }
        case 4: { /* repeat a run */
            size_t from = below(len + 1), n = below(64);
            if (from + n > len)
                n = len - from;
            if (len + n <= cap) {
                char tmp[64];
                memcpy(tmp, out + from, n);
                memmove(out + at + n, out + at, len - at);
                memcpy(out + at, tmp, n);
                len += n;
            }
            break;
        }
        default: /* truncate */
            len = below(len + 1);
        }
    }
    return len;
}

static const char *const http_seeds[] = {
    "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept: */*\r\n\r\n",
    "POST /api/move HTTP/1.1\r\nHost: localhost:8080\r\nContent-Type: application/json\r\n"
    "Content-Length: 33\r\nOrigin: http://localhost:8080\r\n\r\n{\"from\":72,\"to\":88,\"ply\":0}",
    "GET /api/events?client=abc&x=%20y HTTP/1.0\nHost: [::1]:8080\nConnection: keep-alive\n\n",
};

static const char *const json_seeds[] = {
    "{\"from\":72,\"to\":88,\"mid\":-1,\"pass\":false,\"promo\":true,\"ply\":0}",
    "{\"sente\":\"human\",\"gote\":\"engine\",\"clock\":{\"kind\":\"increment\",\"base\":600000,"
    "\"inc\":5000},\"rules\":{\"fd_range\":\"file\",\"lion_hawk\":\"tsa\"},\"tfen\":\"15k/16/16/"
    "16/16/16/16/16/16/16/16/16/16/16/16/K15 b\"}",
    "[1, -2.5e-3, true, false, null, \"\\u00e9\\ud83d\\ude00\\n\", {\"a\": [[[]]]}]",
    "{\"pgn\":\"[Event \\\"x\\\"]\\n1. P-8k {i5i6} P-8f *\",\"game\":1}",
};

static const char *const pgn_seed =
    "[Event \"kaki-match\"]\n[White \"Kaki\"]\n[Black \"Kaki\"]\n[Result \"0-1\"]\n"
    "[Variant \"tenjiku\"]\n[SetUp \"1\"]\n"
    "[FEN \"15k/16/16/16/16/16/16/16/16/16/5P10/4d!11/2p13/4g11/1D!3P10/15K b\"]\n\n"
    "1. FiD-13nx!14m,12n {b2d3 +5.00/3 0.010s} Kx2b {p16o15 book} 2. FiD-13m* {d3d4} (2. "
    "FiD-12o {d3e2} ; comment\n) $1 {gote wins} 0-1\n\n"
    "[Event \"2\"]\n\n1. P-11k {f5f6} P-16f 2. K-15o *\n";

static long http_tried, json_tried, pgn_tried, action_tried;

static void fuzz_http(char *buf, size_t cap)
{
    const char *seed = http_seeds[below(3)];
    size_t n = mutate(seed, strlen(seed), buf, cap);
    HttpRequest *req = malloc(sizeof *req);
    char err[300];
    /* whole, and fed in growing prefixes as a socket would */
    int full = http_parse_head(buf, n, req, err, sizeof err);
    for (size_t k = 0; k < n; k += 1 + below(40)) {
        int rc = http_parse_head(buf, k, req, err, sizeof err);
        CHECK(rc <= (int)k, "a head is never longer than the bytes given");
        if (rc > 0 && full > 0)
            CHECK(rc == full, "a complete head is the same head whatever follows");
    }
    if (full > 0) {
        CHECK((size_t)full <= n && req->content_length >= 0 && req->content_length <= HTTP_BODY_MAX,
              "sane request");
        HttpOrigin o;
        http_origin_init(&o, "127.0.0.1", 8080);
        http_origin_check(&o, req, err, sizeof err);
        char v[256];
        http_query_param(req->query, "client", v, sizeof v);
    }
    free(req);
    http_tried++;
}

static void fuzz_json(char *buf, size_t cap)
{
    const char *seed = json_seeds[below(4)];
    size_t n = mutate(seed, strlen(seed), buf, cap);
    char err[200];
    JsonValue *v = json_parse(buf, n, err, sizeof err);
    if (v) { /* what parses can be written and parses again */
        JsonBuf b;
        jb_init(&b);
        const JsonValue *x = v;
        if (x->type == JSON_STRING)
            jb_str(&b, x->str);
        else
            jb_null(&b);
        size_t len;
        char *t = jb_take(&b, &len);
        JsonValue *w = json_parse(t, len, err, sizeof err);
        CHECK(w != NULL, "a written string parses");
        CHECK(!w || x->type != JSON_STRING || !strcmp(w->str, x->str), "same string");
        json_free(w);
        free(t);
    }
    json_free(v);
    json_tried++;
}

static void fuzz_pgn(char *buf, size_t cap)
{
    size_t n = mutate(pgn_seed, strlen(pgn_seed), buf, cap);
    size_t off = 0;
    char err[300];
    PgnGame g;
    for (int games = 0; games < 4; games++) {
        int rc = pgn_read(buf, n, &off, ruleset_default(), &g, err, sizeof err);
        CHECK(off <= n, "offset within the text");
        if (rc != 1)
            break;
        CHECK(g.nplies >= 0 && g.nplies <= PGN_MAX_PLIES, "ply count");
        pgn_game_free(&g);
    }
    pgn_tried++;
}

static void fuzz_actions(Session *s, char *buf, size_t cap)
{
    static const char *const actions[] = {"move", "new", "setup", "loadpgn", "undo", "goto",
                                          "resign", "analyse", "resume", "stop", "restart", "x"};
    const char *seed = json_seeds[below(4)];
    size_t n = mutate(seed, strlen(seed), buf, cap);
    char err[200];
    JsonValue *v = json_parse(buf, n, err, sizeof err);
    if (!v)
        v = json_parse("{}", 2, err, sizeof err);
    char *answer = NULL;
    int status = actions_apply(s, actions[below(12)], v, "fuzz", &answer);
    CHECK((status == 200 || (status >= 400 && status < 500)) && answer, "status %d", status);
    free(answer);
    json_free(v);
    action_tried++;
}

int main(int argc, char **argv)
{
    double seconds = 20;
    uint64_t seed = 20240601;
    const char *env = getenv("FUZZ_SECONDS");
    if (env)
        seconds = atof(env);
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--seconds"))
            seconds = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--seed"))
            seed = strtoull(argv[i + 1], NULL, 10);
    }
    rng = seed | 1;
    signal(SIGPIPE, SIG_IGN);
    printf("fuzz_gui: seed %llu, %.0f s\n", (unsigned long long)seed, seconds);
    /* a game whose engines can never start: actions that want an engine just find it dead */
    BoardConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    rules_default(&cfg.rules);
    char err[100];
    board_config_engine(&cfg.engine[0], "/nonexistent/engine", err, sizeof err);
    EventHub *hub = events_new();
    Session *s = session_new(&cfg, hub);
    size_t cap = 8192;
    char *buf = malloc(cap + 1);
    int64_t end = mono_ms() + (int64_t)(seconds * 1000);
    while (mono_ms() < end) {
        for (int i = 0; i < 50; i++) {
            fuzz_http(buf, cap);
            fuzz_json(buf, cap);
        }
        for (int i = 0; i < 5; i++)
            fuzz_pgn(buf, cap);
        fuzz_actions(s, buf, cap);
    }
    session_free(s);
    events_free(hub);
    board_config_free(&cfg);
    free(buf);
    printf("fuzz_gui: tried %ld HTTP requests, %ld JSON documents, %ld PGN texts, %ld actions\n",
           http_tried, json_tried, pgn_tried, action_tried);
    return check_finish("fuzz_gui");
}
