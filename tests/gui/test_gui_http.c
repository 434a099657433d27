/* kaki-board's HTTP request parser and origin checks (gui/http.h): complete and incomplete
 * heads, pipelined requests, every refusal with its status, query parameters, and the Host
 * and Origin checks against DNS rebinding. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gui/http.h"

static HttpRequest req;

static int parse(const char *s)
{
    char err[300];
    return http_parse_head(s, strlen(s), &req, err, sizeof err);
}

static void good(void)
{
    const char *s = "GET /api/state?x=1&client=a%20b+c HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"
                    "Accept:  text/html  \r\n\r\nNEXT";
    int n = parse(s);
    CHECK(n == (int)(strstr(s, "NEXT") - s), "head length %d", n);
    CHECK(!strcmp(req.method, "GET") && !strcmp(req.path, "/api/state") && !strcmp(req.query, "x=1&client=a%20b+c"),
          "request line: %s %s ? %s", req.method, req.path, req.query);
    CHECK(req.minor == 1 && req.keep_alive && req.content_length == 0, "HTTP/1.1 keep-alive");
    CHECK(!strcmp(http_header(&req, "accept"), "text/html"), "header trimmed, name lower case");
    char v[64];
    CHECK(http_query_param(req.query, "client", v, sizeof v) && !strcmp(v, "a b c"), "query param '%s'", v);
    CHECK(!http_query_param(req.query, "clien", v, sizeof v), "no partial names");
    CHECK(!http_query_param("a=%zz", "a", v, sizeof v), "bad escape in a query");

    CHECK(parse("POST /api/move HTTP/1.0\nContent-Length: 12\nConnection: keep-alive\n\n") > 0 &&
              req.content_length == 12 && req.keep_alive && req.minor == 0,
          "bare LF, HTTP/1.0 with keep-alive");
    CHECK(parse("GET / HTTP/1.1\r\nConnection: close\r\n\r\n") > 0 && !req.keep_alive, "close");
    CHECK(parse("GET /a%2Fb HTTP/1.1\r\n\r\n") > 0 && !strcmp(req.path, "/a/b"), "path decoded");
    CHECK(parse("GET / HTTP/1.1\r\nHost: x") == 0, "incomplete head");
    CHECK(parse("GET / HT") == 0, "incomplete request line");
}

static void refused(void)
{
    static const struct { const char *text; int status; } cases[] = {
        {"\r\n\r\n", 400},
        {"GARBAGE\r\n\r\n", 400},
        {"GET /\r\n\r\n", 400},
        {"GET / HTTP/2.0\r\n\r\n", 505},
        {"GET / FOO/1.1\r\n\r\n", 400},
        {"GET http://x/ HTTP/1.1\r\n\r\n", 400},
        {"GET /%00 HTTP/1.1\r\n\r\n", 400},
        {"GET /%4 HTTP/1.1\r\n\r\n", 400},
        {"DELETE / HTTP/1.1\r\n\r\n", 405},
        {"GET / HTTP/1.1\r\n folded\r\n\r\n", 400},
        {"GET / HTTP/1.1\r\nNoColon\r\n\r\n", 400},
        {"GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", 400},
        {"GET / HTTP/1.1\r\nX: a\x01b\r\n\r\n", 400},
        {"GET / HTTP/1.1\r\nX: a\rb\r\n\r\n", 400},
        {"POST / HTTP/1.1\r\n\r\n", 411},
        {"POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400},
        {"POST / HTTP/1.1\r\nContent-Length: 1x\r\n\r\n", 400},
        {"POST / HTTP/1.1\r\nContent-Length: 999999999999\r\n\r\n", 413},
        {"POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n", 400},
        {"POST / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n", 413},
        {"POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400},
        {"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[300] = "";
        int rc = http_parse_head(cases[i].text, strlen(cases[i].text), &req, err, sizeof err);
        CHECK(rc == -cases[i].status && err[0], "case %zu: %d (expected -%d): %s", i, rc,
              cases[i].status, err);
    }
    /* a request line longer than the limit is refused before its end arrives */
    size_t n = HTTP_LINE_MAX + 100;
    char *big = malloc(HTTP_HEAD_MAX + 200);
    memcpy(big, "GET /", 5);
    memset(big + 5, 'a', n - 5);
    big[n] = '\0';
    CHECK(parse(big) == -414, "414 for a long request line");
    /* too many headers, or too large a head */
    strcpy(big, "GET / HTTP/1.1\r\n");
    for (int i = 0; i < HTTP_HEADERS_MAX + 1; i++)
        strcat(big, "X-A: b\r\n");
    strcat(big, "\r\n");
    CHECK(parse(big) == -431, "431 for too many headers");
    memset(big, 'x', HTTP_HEAD_MAX + 100);
    memcpy(big, "GET / HTTP/1.1\r\nX: ", 19);
    big[HTTP_HEAD_MAX + 100] = '\0';
    CHECK(parse(big) == -431, "431 for a head without end");
    free(big);
}

static void origins(void)
{
    HttpOrigin o;
    http_origin_init(&o, "127.0.0.1", 8123);
    char why[300];
    static const struct { const char *head; bool ok; } cases[] = {
        {"GET / HTTP/1.1\r\nHost: 127.0.0.1:8123\r\n\r\n", true},
        {"GET / HTTP/1.1\r\nHost: localhost:8123\r\n\r\n", true},
        {"GET / HTTP/1.1\r\nHost: [::1]:8123\r\n\r\n", true},
        {"GET / HTTP/1.1\r\nHost: LOCALHOST:8123\r\nOrigin: http://127.0.0.1:8123\r\n\r\n", true},
        {"GET / HTTP/1.1\r\n\r\n", false},
        {"GET / HTTP/1.1\r\nHost: evil.example:8123\r\n\r\n", false},  /* DNS rebinding */
        {"GET / HTTP/1.1\r\nHost: 127.0.0.1:9999\r\n\r\n", false},
        {"GET / HTTP/1.1\r\nHost: 127.0.0.1:81234\r\n\r\n", false},   /* a prefix is no match */
        {"GET / HTTP/1.1\r\nHost: localhost:8123.evil.example\r\n\r\n", false},
        {"GET / HTTP/1.1\r\nHost: 127.0.0.1:812\r\n\r\n", false},
        {"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", false},
        {"POST / HTTP/1.1\r\nHost: 127.0.0.1:8123\r\nOrigin: http://evil.example\r\nContent-Length: 0\r\n\r\n", false},
        {"POST / HTTP/1.1\r\nHost: 127.0.0.1:8123\r\nOrigin: null\r\nContent-Length: 0\r\n\r\n", false},
        {"POST / HTTP/1.1\r\nHost: 127.0.0.1:8123\r\nOrigin: https://127.0.0.1:8123\r\nContent-Length: 0\r\n\r\n", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CHECK(parse(cases[i].head) > 0, "origin case %zu parses", i);
        CHECK(http_origin_check(&o, &req, why, sizeof why) == cases[i].ok, "origin case %zu: %s",
              i, why);
    }
    http_origin_init(&o, "192.168.1.5", 80);
    CHECK(parse("GET / HTTP/1.1\r\nHost: 192.168.1.5:80\r\n\r\n") > 0 &&
              http_origin_check(&o, &req, why, sizeof why),
          "--host address accepted");
    CHECK(parse("GET / HTTP/1.1\r\nHost: localhost:80\r\n\r\n") > 0 &&
              !http_origin_check(&o, &req, why, sizeof why),
          "localhost is not 192.168.1.5");

    /* every interface (issue 31, point 4): the loopback names, and the names the server adds
       (the machine's: server.c; --allow-host); nothing else */
    CHECK(http_host_is_wildcard("0.0.0.0") && http_host_is_wildcard("::") &&
              !http_host_is_wildcard("127.0.0.1") && !http_host_is_wildcard("192.168.1.5"),
          "wildcard addresses");
    static const char *const wild[] = {"0.0.0.0", "::"};
    static const struct { const char *host, *origin; bool ok; } names[] = {
        {"127.0.0.1:8123", NULL, true},         {"localhost:8123", NULL, true},
        {"[::1]:8123", NULL, true},             {"192.168.1.5:8123", NULL, true},
        {"[2001:db8::7]:8123", NULL, true},     {"kaki-host:8123", NULL, true},
        {"KAKI-HOST:8123", "http://kaki-host:8123", true},
        {"board.example:8123", "http://192.168.1.5:8123", true},
        {"evil.example:8123", NULL, false},     {"192.168.1.5:8124", NULL, false},
        {"192.168.1.55:8123", NULL, false},     {"kaki-host.evil.example:8123", NULL, false},
        {"kaki-host:8123", "http://evil.example", false},
    };
    for (int w = 0; w < 2; w++) {
        http_origin_init(&o, wild[w], 8123);
        http_origin_add(&o, "192.168.1.5", 8123);
        http_origin_add(&o, "2001:db8::7", 8123);
        http_origin_add(&o, "kaki-host", 8123);
        http_origin_add(&o, "board.example", 8123);
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
            char head[400];
            snprintf(head, sizeof head, "GET / HTTP/1.1\r\nHost: %s\r\n%s%s%s\r\n", names[i].host,
                     names[i].origin ? "Origin: " : "", names[i].origin ? names[i].origin : "",
                     names[i].origin ? "\r\n" : "");
            CHECK(parse(head) > 0 && http_origin_check(&o, &req, why, sizeof why) == names[i].ok,
                  "--host %s: Host %s%s%s %s", wild[w], names[i].host,
                  names[i].origin ? ", Origin " : "", names[i].origin ? names[i].origin : "",
                  names[i].ok ? "refused" : "accepted");
        }
    }
}

static void responses(void)
{
    char head[1024];
    int n = http_format_head(head, sizeof head, 404, "application/json", 12, true);
    CHECK(n > 0 && strstr(head, "HTTP/1.1 404 Not Found\r\n") && strstr(head, "Content-Length: 12\r\n") &&
              strstr(head, "Connection: keep-alive\r\n\r\n") && strstr(head, "Content-Security-Policy"),
          "response head:\n%s", head);
    n = http_format_head(head, sizeof head, 200, "text/event-stream", -1, false);
    CHECK(!strstr(head, "Content-Length") && strstr(head, "Connection: close"), "stream head");
}

int main(void)
{
    good();
    refused();
    origins();
    responses();
    return check_finish("test_gui_http");
}
