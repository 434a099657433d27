#include "server.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "platform/net.h"
#include "util/clock.h"
#include "util/strutil.h"

struct Server {
    NetSocket sock;
    int port;
    HttpOrigin origin;
    atomic_int idle_ms, request_ms; /* changed by tests while connections run */
    atomic_int stopping;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int active;               /* connection threads running */
    atomic_long served, refused;
    HttpHandler handler;
    void *ctx;
};

struct HttpConn {
    Server *s;
    NetSocket sock;
    bool keep_alive;
    bool responded;
    bool head_only;
    bool broken;              /* a write failed */
};

typedef struct MachineNames {
    HttpOrigin *origin;
    int port;
} MachineNames;

static void allow_name(void *ctx, const char *name)
{
    MachineNames *m = ctx;
    http_origin_add(m->origin, name, m->port);
}

Server *server_open(const char *host, int port, char *err, size_t errsz)
{
    int bound = 0;
    NetSocket sock = net_listen(host, port, &bound, err, errsz);
    if (sock == NET_NONE)
        return NULL;
    Server *s = xcalloc(1, sizeof *s);
    s->sock = sock;
    s->port = bound;
    http_origin_init(&s->origin, host, s->port);
    if (http_host_is_wildcard(host)) { /* reached by the machine's names and addresses */
        MachineNames m = {&s->origin, s->port};
        net_machine_names(allow_name, &m);
    }
    s->idle_ms = SERVER_IDLE_MS;
    s->request_ms = SERVER_REQUEST_MS;
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    return s;
}

int server_port(const Server *s) { return s->port; }

void server_set_timeouts(Server *s, int idle_ms, int request_ms)
{
    s->idle_ms = idle_ms;
    s->request_ms = request_ms;
}
const HttpOrigin *server_origin(const Server *s) { return &s->origin; }
void server_allow_host(Server *s, const char *name) { http_origin_add(&s->origin, name, s->port); }
bool server_stopping(const Server *s) { return atomic_load(&s->stopping) != 0; }

void server_counts(const Server *s, long *served, long *refused)
{
    *served = atomic_load(&s->served);
    *refused = atomic_load(&s->refused);
}

/* ------------------------------------------------------------------ writing ------------ */

static int write_all(HttpConn *c, const char *p, size_t n)
{
    int64_t deadline = mono_ms() + c->s->request_ms;
    while (n > 0 && !c->broken) {
        long w = net_send(c->sock, p, n);
        if (w > 0) {
            p += w;
            n -= (size_t)w;
            continue;
        }
        if (w == NET_AGAIN && mono_ms() < deadline && !server_stopping(c->s)) {
            net_wait(c->sock, NET_WRITABLE, 100);
            continue;
        }
        c->broken = true;
    }
    return c->broken ? -1 : 0;
}

void http_respond(HttpConn *c, int status, const char *type, const char *body, size_t len)
{
    if (c->responded)
        return;
    c->responded = true;
    char head[1024];
    int n = http_format_head(head, sizeof head, status, type, (long)len, c->keep_alive);
    if (write_all(c, head, (size_t)n) == 0 && !c->head_only)
        write_all(c, body, len);
}

void http_respond_json(HttpConn *c, int status, const char *json)
{
    http_respond(c, status, "application/json; charset=utf-8", json, strlen(json));
}

void http_respond_error(HttpConn *c, int status, const char *message)
{
    JsonBuf b;
    jb_init(&b);
    jb_obj(&b);
    jb_kstr(&b, "error", message);
    jb_kint(&b, "status", status);
    jb_end_obj(&b);
    char *json = jb_take(&b, NULL);
    http_respond_json(c, status, json);
    free(json);
}

int http_stream_begin(HttpConn *c)
{
    c->responded = true;
    c->keep_alive = false;
    char head[1024];
    int n = http_format_head(head, sizeof head, 200, "text/event-stream; charset=utf-8", -1,
                             false);
    if (write_all(c, head, (size_t)n) != 0 || c->head_only)
        return -1; /* HEAD: the head is the whole answer */
    return 0;
}

int http_stream_write(HttpConn *c, const char *text, size_t len)
{
    return c->head_only ? -1 : write_all(c, text, len);
}

bool http_stream_closed(HttpConn *c)
{
    if (c->broken || server_stopping(c->s))
        return true;
    int ready = net_wait(c->sock, NET_READABLE | NET_HANGUP, 0);
    if (ready <= 0)
        return false;
    if (ready & NET_HANGUP)
        return true;
    char buf[256]; /* a page sends nothing on a stream: anything else is drained */
    long r = net_recv(c->sock, buf, sizeof buf);
    return r == 0 || r == -1;
}

/* ------------------------------------------------------------------ reading ------------ */

/* Reads more bytes into buf[*len..cap) until deadline; 1 got some, 0 timeout or stop, -1
   closed. */
static int read_more(HttpConn *c, char *buf, size_t *len, size_t cap, int64_t deadline)
{
    for (;;) {
        if (server_stopping(c->s))
            return 0;
        int64_t left = deadline - mono_ms();
        if (left <= 0)
            return 0;
        int r = net_wait(c->sock, NET_READABLE, left > 200 ? 200 : (int)left);
        if (r < 0)
            return -1;
        if (r == 0)
            continue;
        long n = net_recv(c->sock, buf + *len, cap - *len);
        if (n > 0) {
            *len += (size_t)n;
            return 1;
        }
        if (n != NET_AGAIN)
            return -1;
    }
}

static void refuse(HttpConn *c, int status, const char *why)
{
    atomic_fetch_add(&c->s->refused, 1);
    c->keep_alive = false;
    http_respond_error(c, status, why);
}

/* Reads and answers one request.  Returns true to go on with the connection. */
static bool serve_one(HttpConn *c, char *buf, size_t *len, HttpRequest *req)
{
    char err[300];
    const Server *s = c->s;
    int64_t deadline = mono_ms() + (*len ? s->request_ms : s->idle_ms);
    int head;
    while ((head = http_parse_head(buf, *len, req, err, sizeof err)) == 0) {
        int r = read_more(c, buf, len, HTTP_HEAD_MAX, deadline);
        if (r < 0 || (r == 0 && *len == 0))
            return false; /* closed, idle or stopping: nothing to answer */
        if (r == 0) {
            refuse(c, 408, "the request did not arrive in time");
            return false;
        }
        if (*len > 0 && deadline - mono_ms() > s->request_ms)
            deadline = mono_ms() + s->request_ms; /* a request has begun */
    }
    c->responded = false;
    c->keep_alive = false;
    if (head < 0) {
        refuse(c, -head, err);
        return false;
    }
    c->keep_alive = req->keep_alive;
    c->head_only = strcmp(req->method, "HEAD") == 0;
    size_t have = *len - (size_t)head;
    size_t need = (size_t)req->content_length;
    char *body = xmalloc(need + 1);
    size_t got = have < need ? have : need;
    memcpy(body, buf + head, got);
    deadline = mono_ms() + s->request_ms;
    while (got < need) {
        size_t chunk = 0;
        int r = read_more(c, body + got, &chunk, need - got, deadline);
        if (r <= 0) {
            free(body);
            if (r == 0)
                refuse(c, 408, "the request body did not arrive in time");
            return false;
        }
        got += chunk;
    }
    body[need] = '\0';
    /* keep what follows (a pipelined request) */
    size_t used = (size_t)head + (have < need ? have : need);
    memmove(buf, buf + used, *len - used);
    *len -= used;
    if (!http_origin_check(&c->s->origin, req, err, sizeof err)) {
        free(body);
        refuse(c, 403, err);
        return false;
    }
    atomic_fetch_add(&c->s->served, 1);
    c->s->handler(c->s->ctx, c, req, body, need);
    free(body);
    if (!c->responded)
        http_respond_error(c, 500, "no answer");
    return c->keep_alive && !c->broken;
}

typedef struct ConnArg {
    Server *s;
    NetSocket sock;
} ConnArg;

static void *conn_main(void *arg)
{
    ConnArg *a = arg;
    HttpConn c = {.s = a->s, .sock = a->sock};
    free(a);
    char *buf = xmalloc(HTTP_HEAD_MAX);
    HttpRequest *req = xmalloc(sizeof *req);
    size_t len = 0;
    while (serve_one(&c, buf, &len, req))
        ;
    free(req);
    free(buf);
    net_shutdown_close(c.sock);
    pthread_mutex_lock(&c.s->mu);
    c.s->active--;
    pthread_cond_broadcast(&c.s->cv);
    pthread_mutex_unlock(&c.s->mu);
    return NULL;
}

void server_run(Server *s, HttpHandler handler, void *ctx)
{
    s->handler = handler;
    s->ctx = ctx;
    while (!server_stopping(s)) {
        if (net_wait(s->sock, NET_READABLE, 200) <= 0)
            continue;
        NetSocket sock = net_accept(s->sock);
        if (sock == NET_NONE)
            continue;
        pthread_mutex_lock(&s->mu);
        bool full = s->active >= SERVER_MAX_CONNECTIONS;
        if (!full)
            s->active++;
        pthread_mutex_unlock(&s->mu);
        ConnArg *a = xmalloc(sizeof *a);
        *a = (ConnArg){s, sock};
        pthread_t t;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        pthread_attr_setstacksize(&attr, 256 * 1024);
        if (full || pthread_create(&t, &attr, conn_main, a) != 0) {
            HttpConn c = {.s = s, .sock = sock};
            refuse(&c, 503, "too many connections");
            net_close(sock);
            free(a);
            if (!full) {
                pthread_mutex_lock(&s->mu);
                s->active--;
                pthread_mutex_unlock(&s->mu);
            }
        }
        pthread_attr_destroy(&attr);
    }
    pthread_mutex_lock(&s->mu);
    while (s->active > 0)
        pthread_cond_wait(&s->cv, &s->mu);
    pthread_mutex_unlock(&s->mu);
}

void server_stop(Server *s) { atomic_store(&s->stopping, 1); }

void server_close(Server *s)
{
    if (!s)
        return;
    net_close(s->sock);
    pthread_mutex_destroy(&s->mu);
    pthread_cond_destroy(&s->cv);
    free(s);
}
