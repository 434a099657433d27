/* The kaki-board server in-process for tests: the server, its event hub and session on threads
 * of their own (start/stop), and a client over real sockets (http, post, the game's state).
 * Shared by test_gui_server and test_gui_hostile; static functions, one test per file. */
#ifndef KAKI_TEST_GUI_HARNESS_H
#define KAKI_TEST_GUI_HARNESS_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "check.h"
#include "gui/api.h"
#include "gui/json.h"
#include "gui/server.h"
#include "gui/session.h"
#include "util/clock.h"

/* ------------------------------------------------------------------ the server ---------- */

typedef struct Harness {
    Server *server;
    EventHub *hub;
    Session *session;
    Api api;
    pthread_t thread, ticker;
    int port;
    BoardConfig cfg;
} Harness;

static inline void *run_server(void *arg)
{
    Harness *h = arg;
    server_run(h->server, api_handle, &h->api);
    return NULL;
}

static inline void *run_ticker(void *arg)
{
    Harness *h = arg;
    while (!server_stopping(h->server)) {
        session_tick(h->session);
        sleep_ms(50);
    }
    return NULL;
}

/* Starts a server on host (port 0: a free one) that also accepts the name `allow` (NULL:
   none), with the engine command engine[] (NULL-ended), the --option assignments options[]
   (NULL-ended; NULL: none) and the protocol log `log` (NULL: none). */
static inline void start_full(Harness *h, const char *host, const char *allow,
                              const char *const *engine, const char *const *options,
                              const char *log)
{
    memset(h, 0, sizeof *h);
    rules_default(&h->cfg.rules);
    for (int i = 0; engine[i]; i++)
        h->cfg.engine[0].argv[h->cfg.engine[0].argc++] = strdup(engine[i]);
    char err[200];
    for (int i = 0; options && options[i]; i++)
        CHECK(board_config_option(&h->cfg, options[i], err, sizeof err) == 0, "%s: %s", options[i], err);
    h->cfg.engine_log = log;
    h->server = server_open(host, 0, err, sizeof err);
    CHECK(h->server != NULL, "server: %s", err);
    if (!h->server)
        exit(check_finish("gui harness"));
    h->port = server_port(h->server);
    if (allow)
        server_allow_host(h->server, allow);
    h->hub = events_new();
    h->session = session_new(&h->cfg, h->hub);
    h->api = (Api){h->session, h->hub};
    pthread_create(&h->thread, NULL, run_server, h);
    pthread_create(&h->ticker, NULL, run_ticker, h);
}

static inline void start_on(Harness *h, const char *host, const char *allow,
                            const char *const *engine)
{
    start_full(h, host, allow, engine, NULL, NULL);
}

static inline void start(Harness *h, const char *const *engine)
{
    start_on(h, "127.0.0.1", NULL, engine);
}

static inline void stop(Harness *h)
{
    server_stop(h->server);
    events_stop(h->hub);
    pthread_join(h->thread, NULL);
    pthread_join(h->ticker, NULL);
    session_free(h->session);
    events_free(h->hub);
    server_close(h->server);
    board_config_free(&h->cfg);
}

/* ------------------------------------------------------------------ a client ------------ */

static inline int dial(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

typedef struct Resp {
    int status;
    char *body;
} Resp;

/* Reads one response (head and Content-Length body) within ms. */
static inline Resp read_response(int fd, int ms)
{
    Resp r = {0, NULL};
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap + 1);
    int64_t deadline = mono_ms() + ms;
    long body_len = -1;
    size_t head = 0;
    for (;;) {
        if (head && body_len >= 0 && len >= head + (size_t)body_len)
            break;
        int64_t left = deadline - mono_ms();
        struct pollfd p = {fd, POLLIN, 0};
        if (left <= 0 || poll(&p, 1, (int)left) <= 0)
            break;
        if (len == cap)
            buf = realloc(buf, (cap *= 2) + 1);
        ssize_t n = recv(fd, buf + len, cap - len, 0);
        if (n <= 0)
            break;
        len += (size_t)n;
        buf[len] = '\0';
        char *end = strstr(buf, "\r\n\r\n");
        if (!head && end) {
            head = (size_t)(end - buf) + 4;
            sscanf(buf, "HTTP/1.1 %d", &r.status);
            char *cl = strstr(buf, "Content-Length: ");
            body_len = cl && cl < end ? atol(cl + 16) : -1;
        }
    }
    buf[len] = '\0';
    r.body = strdup(head ? buf + head : "");
    free(buf);
    return r;
}

static inline Resp raw(int port, const char *text, size_t n)
{
    int fd = dial(port);
    send(fd, text, n, MSG_NOSIGNAL);
    Resp r = read_response(fd, 10000);
    close(fd);
    return r;
}

static inline Resp http(int port, const char *method, const char *path, const char *headers,
                 const char *body)
{
    char *req = malloc(strlen(path) + strlen(headers) + (body ? strlen(body) : 0) + 512);
    int n = sprintf(req, "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n%s", method, path, port, headers);
    if (body)
        n += sprintf(req + n, "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
                     strlen(body), body);
    else
        n += sprintf(req + n, "\r\n");
    Resp r = raw(port, req, (size_t)n);
    free(req);
    return r;
}

static inline Resp post(int port, const char *action, const char *body)
{
    char path[64];
    snprintf(path, sizeof path, "/api/%s", action);
    return http(port, "POST", path, "", body);
}

/* The game's state, parsed (caller frees). */
static inline JsonValue *state(int port)
{
    Resp r = http(port, "GET", "/api/state", "", NULL);
    char err[200];
    JsonValue *v = json_parse(r.body, strlen(r.body), err, sizeof err);
    CHECK(r.status == 200 && v, "state: %d %s", r.status, err);
    free(r.body);
    return v;
}

/* What a refused request must not change: the position, the moves, the result, the rules,
   the players and the clock (the version also counts engine state changes, which go on). */
static inline char *game_key(int port)
{
    JsonValue *v = state(port);
    JsonBuf b;
    jb_init(&b);
    static const char *const keys[] = {"tfen", "startTfen", "result", "ending"};
    for (int i = 0; i < 4; i++)
        jb_str(&b, json_get_str(v, keys[i]));
    const char *const objs[] = {"plies", "rules", "players"};
    for (int i = 0; i < 3; i++)
        jb_int(&b, json_get(v, objs[i]) ? json_get(v, objs[i])->count : -1);
    const JsonValue *c = json_get(v, "clock");
    jb_str(&b, json_get_str(c, "kind"));
    for (const JsonValue *r = json_get(v, "rules") ? json_get(v, "rules")->child : NULL; r; r = r->next)
        jb_str(&b, json_get_str(r, "value"));
    json_free(v);
    return jb_take(&b, NULL);
}

static inline bool same_game(int port, const char *key)
{
    char *now = game_key(port);
    bool same = strcmp(now, key) == 0;
    free(now);
    return same;
}

static inline int plies(int port)
{
    JsonValue *v = state(port);
    const JsonValue *p = json_get(v, "plies");
    int n = p ? p->count : -1;
    json_free(v);
    return n;
}

static inline bool engine_state(int port, const char *want, char *error, size_t errsz)
{
    JsonValue *v = state(port);
    const JsonValue *e = json_get(v, "engines");
    bool ok = e && e->child && !strcmp(json_get_str(e->child, "state"), want);
    if (error && e && e->child)
        snprintf(error, errsz, "%s", json_get_str(e->child, "error"));
    json_free(v);
    return ok;
}

/* Polls cond for up to ms. */
#define WAIT_FOR(cond, ms)                                                                     \
    do {                                                                                       \
        int64_t until_ = mono_ms() + (ms);                                                     \
        while (!(cond) && mono_ms() < until_)                                                  \
            sleep_ms(50);                                                                      \
    } while (0)

static inline void expect(int port, Resp r, int status, const char *what)
{
    CHECK(r.status == status && strstr(r.body, "\"error\""), "%s: %d (expected %d) %s", what,
          r.status, status, r.body);
    free(r.body);
    (void)port;
}

#endif
