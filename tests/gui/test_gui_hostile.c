/* kaki-board against hostile engines, hosts and numbers (issue 31), in-process over real sockets
 * (label threads: run under ThreadSanitizer too):
 *   - an engine that floods `feature` lines and stops reading (after its handshake, and during
 *     it) is dropped with a clear message within seconds, instead of holding the engine's
 *     thread 10 s per line, and the server stops in a fraction of a second meanwhile (point 2);
 *   - a server on 0.0.0.0 serves requests that name a loopback name, the machine's host name,
 *     any of its IPv4 addresses or an allowed name (--allow-host), and refuses foreign names
 *     (DNS rebinding), other ports and foreign Origins (point 4);
 *   - thinking lines with time and nodes near INT64_MAX, and PGN comment scores +M2147483647
 *     and +1e300, are bounded when read: no negative time, no wrong side (point 7);
 *   - the engines' names, read by the PGN export while the engine threads change them (two
 *     fake engines playing a move every 10 ms, 2,000 exports): no data race under TSan, and the PGN
 *     names the engines (point 8);
 *   - HEAD /api/events gets the head of an event stream and no body (point 9);
 *   - the engine is told its clock in centiseconds, nothing before the pong of its ping
 *     counts, and an engine that answered with an error is brought up to date from scratch
 *     (point 11: bugs planted there went through).
 *
 *   test_gui_hostile KAKI FAKE_ENGINE */
#include <ifaddrs.h>
#include <limits.h>
#include <signal.h>

#include "gui_harness.h"

static const char *kaki, *fake;

/* An engine that plays along until `go`, then floods feature lines and never reads again. */
static const char flood_after_go[] =
    "while read -r l; do case $l in "
    "protover*) echo 'feature ping=1 setboard=1 usermove=1 myname=\"flooder\" variants=\"tenjiku\" done=1' ;; "
    "ping*) echo \"pong ${l#ping }\" ;; "
    "go*) exec yes 'feature myname=\"flood\"' ;; "
    "esac; done";
/* An engine that floods feature lines from the start, never reading. */
static const char flood_at_once[] = "exec yes 'feature myname=\"flood\"'";

static void flooding_engines(void)
{
    const char *const after_go[] = {"sh", "-c", flood_after_go, NULL};
    Harness h;
    start(&h, after_go);
    int64_t t0 = mono_ms();
    Resp r = post(h.port, "new", "{\"sente\":\"engine\",\"gote\":\"human\","
                                 "\"clock\":{\"kind\":\"permove\",\"move\":60000}}");
    CHECK(r.status == 200, "new game against the flooder: %s", r.body);
    free(r.body);
    char err[400] = "";
    WAIT_FOR(engine_state(h.port, "dead", err, sizeof err), 60000);
    CHECK(engine_state(h.port, "dead", err, sizeof err) && strstr(err, "does not read its input"),
          "a flooding engine is dropped with a clear message: '%s'", err);
    printf("flood after go: dropped after %lld ms: %s\n", (long long)(mono_ms() - t0), err);
    /* and the server stops at once, whatever the engine does */
    r = post(h.port, "restart", "{\"slot\":0}");
    free(r.body);
    sleep_ms(300); /* the new process floods again: the engine thread is busy with it */
    int64_t s0 = mono_ms();
    stop(&h);
    int64_t took = mono_ms() - s0;
    printf("stop during a flood: %lld ms\n", (long long)took);
    CHECK(took < 5000, "the server stopped %lld ms after it was told to (1 s when idle)",
          (long long)took);

    const char *const at_once[] = {"sh", "-c", flood_at_once, NULL};
    start(&h, at_once);
    t0 = mono_ms();
    r = post(h.port, "new", "{\"sente\":\"engine\",\"gote\":\"human\","
                            "\"clock\":{\"kind\":\"permove\",\"move\":60000}}");
    free(r.body);
    WAIT_FOR(engine_state(h.port, "dead", err, sizeof err), 60000);
    CHECK(engine_state(h.port, "dead", err, sizeof err) && strstr(err, "does not read its input"),
          "an engine flooding its handshake is dropped with a clear message: '%s'", err);
    printf("flood at once: dropped after %lld ms: %s\n", (long long)(mono_ms() - t0), err);
    stop(&h);
}

/* GET /api/state with this Host (and Origin, if not NULL): the status. */
static int status_for(int port, const char *host, const char *origin)
{
    char req[800];
    int n = snprintf(req, sizeof req, "GET /api/state HTTP/1.1\r\nHost: %s\r\n%s%s%sConnection: "
                     "close\r\n\r\n", host, origin ? "Origin: " : "", origin ? origin : "",
                     origin ? "\r\n" : "");
    Resp r = raw(port, req, (size_t)n);
    free(r.body);
    return r.status;
}

static void wildcard_hosts(void)
{
    const char *const engine[] = {kaki, NULL};
    Harness h;
    start_on(&h, "0.0.0.0", "kaki.example", engine);
    char host[300];
    const char *const good[] = {"127.0.0.1", "localhost", "LocalHost", "[::1]", "kaki.example"};
    for (int i = 0; i < 5; i++) {
        snprintf(host, sizeof host, "%s:%d", good[i], h.port);
        CHECK(status_for(h.port, host, NULL) == 200, "0.0.0.0 serves Host %s", host);
    }
    char name[256];
    if (gethostname(name, sizeof name) == 0) {
        name[sizeof name - 1] = '\0';
        snprintf(host, sizeof host, "%s:%d", name, h.port);
        CHECK(status_for(h.port, host, NULL) == 200, "0.0.0.0 serves the host name %s", host);
    }
    int addresses = 0;
    struct ifaddrs *ifs;
    if (getifaddrs(&ifs) == 0) {
        for (struct ifaddrs *i = ifs; i; i = i->ifa_next) {
            if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET)
                continue;
            char a[64], origin[400];
            inet_ntop(AF_INET, &((struct sockaddr_in *)i->ifa_addr)->sin_addr, a, sizeof a);
            snprintf(host, sizeof host, "%s:%d", a, h.port);
            snprintf(origin, sizeof origin, "http://%s", host);
            CHECK(status_for(h.port, host, origin) == 200, "0.0.0.0 serves the address %s", host);
            addresses++;
        }
        freeifaddrs(ifs);
    }
    CHECK(addresses > 0, "no IPv4 address found to try");
    const char *const bad[] = {"evil.example", "127.0.0.1.evil.example", "kaki.example.evil",
                               "0.0.0.1", "[::2]"};
    for (int i = 0; i < 5; i++) {
        snprintf(host, sizeof host, "%s:%d", bad[i], h.port);
        CHECK(status_for(h.port, host, NULL) == 403, "0.0.0.0 refuses Host %s (DNS rebinding)",
              host);
    }
    snprintf(host, sizeof host, "127.0.0.1:%d", h.port + 1);
    CHECK(status_for(h.port, host, NULL) == 403, "another port: %s", host);
    snprintf(host, sizeof host, "127.0.0.1:%d", h.port);
    CHECK(status_for(h.port, host, "http://evil.example") == 403, "a foreign Origin");
    stop(&h);

    char err[200];
    Server *v6 = server_open("::", 0, err, sizeof err); /* not every machine has IPv6 */
    if (v6) {
        const HttpOrigin *o = server_origin(v6);
        snprintf(host, sizeof host, "127.0.0.1:%d", server_port(v6));
        bool loopback = false;
        for (int i = 0; i < o->n; i++)
            loopback |= strcmp(o->hosts[i], host) == 0;
        CHECK(loopback, ":: accepts %s too", host);
        server_close(v6);
    }
}

/* An engine whose thinking numbers are near INT64_MAX. */
static const char huge_thinking[] =
    "while read -r l; do case $l in "
    "protover*) echo 'feature ping=1 setboard=1 usermove=1 myname=\"huge\" variants=\"tenjiku\" done=1' ;; "
    "ping*) echo \"pong ${l#ping }\" ;; "
    "analyze*) printf '5 20 9223372036854775807 9223372036854775807\\ti5i6\\n' ;; "
    "esac; done";

static void huge_numbers(void)
{
    const char *const engine[] = {"sh", "-c", huge_thinking, NULL};
    Harness h;
    start(&h, engine);
    Resp r = post(h.port, "new", "{\"sente\":\"human\",\"gote\":\"human\","
                                 "\"clock\":{\"kind\":\"none\"}}");
    free(r.body);
    r = post(h.port, "analyse", "{\"on\":true}");
    CHECK(r.status == 200, "analysis: %s", r.body);
    free(r.body);
    long time = -1, nps = -1;
    for (int64_t until = mono_ms() + 60000; mono_ms() < until && time < 0; sleep_ms(50)) {
        JsonValue *v = state(h.port);
        const JsonValue *t = json_get(v, "think");
        bool valid = false;
        if (t && json_get_bool(t, "valid", &valid) && valid) {
            if (!json_get_int(t, "time", 0, LONG_MAX, &time)) /* negative: refused */
                time = 0;
            if (!json_get_int(t, "nps", 0, LONG_MAX, &nps))
                nps = -2;
        }
        json_free(v);
    }
    CHECK(time > 0 && nps >= 0, "time %ld ms, %ld nps from a line of INT64_MAX", time, nps);

    /* scores in PGN comments: a mate in 2147483647 and 10^300 pawns, each for its mover */
    r = post(h.port, "loadpgn", "{\"pgn\":\"[Event \\\"x\\\"]\\n\\n1. P-8k {i5i6 +1e300/5 0.1s} "
                                "P-8f {i12i11 +M2147483647/1 0.1s} *\\n\"}");
    CHECK(r.status == 200, "load a game with huge scores: %s", r.body);
    free(r.body);
    JsonValue *v = state(h.port);
    const JsonValue *evals = json_get(v, "evals");
    const JsonValue *e0 = evals ? evals->child : NULL, *e1 = e0 ? e0->next : NULL;
    CHECK(e0 && e0->type == JSON_NUMBER && e0->number > 0 && e0->number < 100000,
          "+1e300 by sente: a big advantage for sente, below a mate (%g)", e0 ? e0->number : 0.0);
    CHECK(e1 && e1->type == JSON_NUMBER && e1->number < -100000 && e1->number > -200000,
          "+M2147483647 by gote: gote mates (%g)", e1 ? e1->number : 0.0);
    json_free(v);
    stop(&h);
}

/* Two engines play while PGN exports read their names. */
static void *export_pgn(void *arg)
{
    int port = *(int *)arg;
    for (int i = 0; i < 1000; i++) {
        Resp r = http(port, "GET", "/api/pgn", "", NULL);
        free(r.body);
    }
    return NULL;
}

static void names_while_playing(void)
{
    /* a move every 10 ms: its state and name are rewritten often, the game stays short */
    const char *const engine[] = {fake, "--think", "10", NULL};
    Harness h;
    start(&h, engine);
    Resp r = post(h.port, "new", "{\"sente\":\"engine\",\"gote\":\"engine\","
                                 "\"clock\":{\"kind\":\"depth\",\"depth\":1}}");
    CHECK(r.status == 200, "two engines: %s", r.body);
    free(r.body);
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, export_pgn, &h.port);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    WAIT_FOR(plies(h.port) >= 4, 120000); /* both engines have spoken */
    r = http(h.port, "GET", "/api/pgn", "", NULL);
    CHECK(strstr(r.body, "[White \"FakeEngine") && strstr(r.body, "[Black \"FakeEngine"),
          "the PGN names both engines: %.300s", r.body);
    free(r.body);
    stop(&h);
}

/* Reads until the peer closes or ms pass; the bytes after the head into *after. */
static bool read_to_close(int fd, int ms, char *buf, size_t cap, size_t *len)
{
    *len = 0;
    int64_t deadline = mono_ms() + ms;
    for (;;) {
        int64_t left = deadline - mono_ms();
        struct pollfd p = {fd, POLLIN, 0};
        if (left <= 0 || poll(&p, 1, (int)left) <= 0)
            return false;
        ssize_t n = recv(fd, buf + *len, cap - 1 - *len, 0);
        if (n <= 0) {
            buf[*len] = '\0';
            return true;
        }
        *len += (size_t)n;
        if (*len == cap - 1)
            return false;
    }
}

static void head_of_events(void)
{
    const char *const engine[] = {kaki, NULL};
    Harness h;
    start(&h, engine);
    int fd = dial(h.port);
    char req[200], buf[8192];
    int n = snprintf(req, sizeof req, "HEAD /api/events?client=head HTTP/1.1\r\nHost: "
                     "127.0.0.1:%d\r\n\r\n", h.port);
    send(fd, req, (size_t)n, MSG_NOSIGNAL);
    size_t len;
    bool closed = read_to_close(fd, 10000, buf, sizeof buf, &len);
    close(fd);
    const char *end = strstr(buf, "\r\n\r\n");
    CHECK(closed, "HEAD /api/events: the connection stays open (a stream?)");
    CHECK(strncmp(buf, "HTTP/1.1 200", 12) == 0 && strstr(buf, "text/event-stream"),
          "HEAD /api/events: the head of an event stream: %.80s", buf);
    CHECK(end && end + 4 == buf + len, "HEAD /api/events: %zu bytes of body",
          end ? (size_t)(buf + len - end - 4) : len);
    stop(&h);
}

/* The clock kaki-board tells an engine: `time` and `otim` in centiseconds (a minute: 6000).
   The engine writes what it was told into a file and never moves. */
static void clock_in_centiseconds(void)
{
    char path[] = "/tmp/kaki-gui-clock-XXXXXX", script[600];
    int fd = mkstemp(path);
    CHECK(fd >= 0, "a temporary file");
    close(fd);
    snprintf(script, sizeof script,
             "while read -r l; do case $l in "
             "protover*) echo 'feature ping=1 setboard=1 usermove=1 myname=\"clock\" "
             "variants=\"tenjiku\" done=1' ;; "
             "ping*) echo \"pong ${l#ping }\" ;; "
             "time*|otim*) echo \"$l\" >>%s ;; "
             "esac; done", path);
    const char *const engine[] = {"sh", "-c", script, NULL};
    Harness h;
    start(&h, engine);
    Resp r = post(h.port, "new", "{\"sente\":\"engine\",\"gote\":\"human\","
                                 "\"clock\":{\"kind\":\"sudden\",\"base\":60000}}");
    CHECK(r.status == 200, "new game with a minute each: %s", r.body);
    free(r.body);
    long time = -1, otim = -1;
    for (int64_t until = mono_ms() + 60000; mono_ms() < until && otim < 0; sleep_ms(50)) {
        FILE *f = fopen(path, "r");
        char line[100];
        while (f && fgets(line, sizeof line, f)) {
            sscanf(line, "time %ld", &time);
            sscanf(line, "otim %ld", &otim);
        }
        if (f)
            fclose(f);
    }
    CHECK(time > 5000 && time <= 6000 && otim == 6000,
          "a minute on each clock is time %ld, otim %ld (centiseconds)", time, otim);
    stop(&h);
    remove(path);
}

/* Lines from the engine's file (a log it keeps) that start with word. */
static int count_lines(const char *path, const char *word)
{
    FILE *f = fopen(path, "r");
    char line[400];
    int n = 0;
    while (f && fgets(line, sizeof line, f))
        n += strncmp(line, word, strlen(word)) == 0;
    if (f)
        fclose(f);
    return n;
}

static bool thinking_shown(int port)
{
    JsonValue *v = state(port);
    bool valid = false;
    json_get_bool(json_get(v, "think"), "valid", &valid);
    json_free(v);
    return valid;
}

static bool game_over(int port)
{
    JsonValue *v = state(port);
    bool over = false;
    json_get_bool(v, "over", &over);
    json_free(v);
    return over;
}

/* The board reads an engine's answers in order: after a ping, nothing counts until its own
   pong (output of an earlier search, even a pong of an earlier ping, is ignored); and an
   engine that answered a command with an error is brought up to date from scratch next time
   (`new` and every move again), since it may not have taken what it was sent. */
static void protocol_order(void)
{
    /* an engine that answers every ping with a stale pong, a stale move, then the pong */
    static const char stale[] =
        "while read -r l; do case $l in "
        "protover*) echo 'feature ping=1 setboard=1 usermove=1 myname=\"stale\" "
        "variants=\"tenjiku\" done=1' ;; "
        "ping*) n=${l#ping }; echo \"pong $((n - 1))\"; echo 'move a1a2'; echo \"pong $n\" ;; "
        "esac; done";
    const char *const e1[] = {"sh", "-c", stale, NULL};
    Harness h;
    start(&h, e1);
    Resp r = post(h.port, "new", "{\"sente\":\"human\",\"gote\":\"engine\","
                                 "\"clock\":{\"kind\":\"depth\",\"depth\":2}}");
    free(r.body);
    r = post(h.port, "move", "{\"from\":72,\"to\":88,\"ply\":0}");
    CHECK(r.status == 200, "sente's move: %s", r.body);
    free(r.body);
    WAIT_FOR(engine_state(h.port, "thinking", NULL, 0), 60000);
    CHECK(engine_state(h.port, "thinking", NULL, 0), "the engine thinks");
    int64_t until = mono_ms() + 2000; /* the stale move, if taken, ends the game at once */
    while (mono_ms() < until && !game_over(h.port))
        sleep_ms(50);
    CHECK(!game_over(h.port), "a stale pong ended the wait for the ping: the stale move was "
          "taken as the engine's");
    stop(&h);

    /* an engine that answers `analyze` with an error (and a thinking line), keeping a log of
       what it was sent */
    char path[] = "/tmp/kaki-gui-order-XXXXXX", script[700];
    int fd = mkstemp(path);
    close(fd);
    snprintf(script, sizeof script,
             "while read -r l; do echo \"$l\" >>%s; case $l in "
             "protover*) echo 'feature ping=1 setboard=1 usermove=1 myname=\"err\" "
             "variants=\"tenjiku\" done=1' ;; "
             "ping*) echo \"pong ${l#ping }\" ;; "
             "analyze*) echo 'Error (unknown command): analyze'; echo '1 5 0 10' ;; "
             "esac; done", path);
    const char *const e2[] = {"sh", "-c", script, NULL};
    start(&h, e2);
    r = post(h.port, "new", "{\"sente\":\"human\",\"gote\":\"human\","
                            "\"clock\":{\"kind\":\"none\"}}");
    free(r.body);
    r = post(h.port, "analyse", "{\"on\":true}");
    free(r.body);
    /* the thinking line after the error shows that the board has read the error */
    WAIT_FOR(thinking_shown(h.port), 60000);
    CHECK(thinking_shown(h.port), "the engine's thinking line after its error");
    r = post(h.port, "move", "{\"from\":72,\"to\":88,\"ply\":0}");
    free(r.body);
    WAIT_FOR(count_lines(path, "analyze") >= 2, 60000);
    int news = count_lines(path, "new"), analyses = count_lines(path, "analyze");
    CHECK(analyses >= 2 && news >= analyses, "after an error every analysis starts from scratch: "
          "%d new for %d analyze", news, analyses);
    stop(&h);
    remove(path);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_gui_hostile KAKI FAKE_ENGINE\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    kaki = argv[1];
    fake = argv[2];
    flooding_engines();
    wildcard_hosts();
    huge_numbers();
    names_while_playing();
    head_of_events();
    clock_in_centiseconds();
    protocol_order();
    return check_finish("test_gui_hostile");
}
