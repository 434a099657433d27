/* kaki-board's server, game and engines over real sockets (in-process server, real engine
 * processes):
 *   the page and its files; Host/Origin checks; malformed and oversized requests refused with
 *   the right status and the game unchanged; moves (a stale one, an illegal one, a legal one
 *   that Kaki answers); TFEN and PGN in and out; rules options and absurd clock values; the
 *   event stream, and a closed tab stopping its analysis; concurrent clients; the connection
 *   limit and the timeouts; an engine that crashes (reported, restarted, the game goes on)
 *   and one that hangs (reported and stopped).
 *
 *   test_gui_server KAKI FAKE_ENGINE */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
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
#include "kingloop.h"
#include "util/clock.h"

static const char *kaki, *fake;

#include "gui_harness.h"

/* ------------------------------------------------------------------ scenarios ----------- */

static void pages(int port)
{
    Resp r = http(port, "GET", "/", "", NULL);
    CHECK(r.status == 200 && strstr(r.body, "<title>Kaki board"), "the page");
    free(r.body);
    r = http(port, "GET", "/app.js", "", NULL);
    CHECK(r.status == 200 && strstr(r.body, "import"), "app.js");
    free(r.body);
    r = http(port, "GET", "/api/pieces?set=mnemonic", "", NULL);
    CHECK(r.status == 200 && strstr(r.body, "\"diagram\""), "pieces");
    free(r.body);
    expect(port, http(port, "GET", "/api/pieces?set=chess", "", NULL), 400, "unknown set");
    expect(port, http(port, "GET", "/nope", "", NULL), 404, "no such page");
}

static void origins(int port)
{
    char *v = game_key(port);
    char req[300];
    snprintf(req, sizeof req, "GET /api/state HTTP/1.1\r\nHost: evil.example:%d\r\n\r\n", port);
    expect(port, raw(port, req, strlen(req)), 403, "DNS rebinding: a foreign Host");
    snprintf(req, sizeof req, "POST /api/undo HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nOrigin: "
             "http://evil.example\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}", port);
    expect(port, raw(port, req, strlen(req)), 403, "a foreign Origin");
    expect(port, raw(port, "GET / HTTP/1.1\r\n\r\n", 18), 403, "no Host");
    Resp r = http(port, "GET", "/api/state", "Origin: http://localhost:0\r\n", NULL);
    CHECK(r.status == 403, "another port is another origin");
    free(r.body);
    CHECK(same_game(port, v), "nothing changed");
    free(v);
}

static void malformed(int port)
{
    char *v = game_key(port);
    char big[HTTP_LINE_MAX + 64];
    memset(big, 'a', sizeof big);
    memcpy(big, "GET /", 5);
    big[sizeof big - 1] = '\0';
    static const struct { const char *text; int status; } cases[] = {
        {"GARBAGE\r\n\r\n", 400},
        {"GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505},
        {"POST /api/move HTTP/1.1\r\nHost: x\r\n\r\n", 411},
        {"POST /api/move HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n", 413},
        {"POST /api/move HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 501},
        {"PUT / HTTP/1.1\r\nHost: x\r\n\r\n", 405},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect(port, raw(port, cases[i].text, strlen(cases[i].text)), cases[i].status,
               cases[i].text);
    expect(port, raw(port, big, strlen(big)), 414, "a long request line");
    char hdrs[8000] = "";
    for (int i = 0; i < 80; i++)
        strcat(hdrs, "X-Many: yes\r\n");
    expect(port, http(port, "GET", "/api/state", hdrs, NULL), 431, "too many headers");
    /* bodies the API refuses */
    char req[300];
    snprintf(req, sizeof req, "POST /api/move HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: "
             "text/plain\r\nContent-Length: 2\r\n\r\n{}", port);
    expect(port, raw(port, req, strlen(req)), 415, "a form post (not JSON)");
    expect(port, post(port, "move", "{\"from\": 72,"), 400, "invalid JSON");
    expect(port, post(port, "move", "[1,2]"), 400, "not an object");
    expect(port, post(port, "move", "{\"from\":\"x\",\"to\":1,\"ply\":0}"), 400, "a string square");
    expect(port, post(port, "move", "{\"from\":72,\"to\":88}"), 400, "no ply");
    expect(port, post(port, "explode", "{}"), 404, "unknown action");
    expect(port, post(port, "new", "{\"clock\":{\"kind\":\"increment\",\"base\":1e12}}"), 400,
           "an absurd clock");
    expect(port, post(port, "new", "{\"clock\":{\"kind\":\"depth\",\"depth\":0}}"), 400, "depth 0");
    expect(port, post(port, "new", "{\"sente\":\"robot\"}"), 400, "an unknown player");
    expect(port, post(port, "new", "{\"rules\":{\"fd_range\":\"diagonal\"}}"), 400, "a bad rule value");
    expect(port, post(port, "new", "{\"rules\":{\"no_such_rule\":\"on\"}}"), 400, "an unknown rule");
    expect(port, post(port, "goto", "{\"ply\":999}"), 400, "a ply beyond the game");
    expect(port, post(port, "restart", "{\"slot\":7}"), 400, "a bad engine slot");
    CHECK(same_game(port, v), "malformed requests changed nothing");
    free(v);
}

static void moves_and_records(int port)
{
    Resp r = post(port, "new", "{\"sente\":\"human\",\"gote\":\"engine\",\"clock\":{\"kind\":"
                               "\"depth\",\"depth\":2}}");
    CHECK(r.status == 200, "new game: %s", r.body);
    free(r.body);
    char *v = game_key(port);
    expect(port, post(port, "move", "{\"from\":72,\"to\":88,\"ply\":3}"), 409, "a stale move");
    expect(port, post(port, "move", "{\"from\":72,\"to\":104,\"ply\":0}"), 422, "an illegal move");
    expect(port, post(port, "move", "{\"from\":72,\"to\":88,\"promo\":true,\"ply\":0}"), 422,
           "a promotion that is not one");
    CHECK(same_game(port, v), "refused moves changed nothing");
    free(v);
    r = post(port, "move", "{\"from\":72,\"to\":88,\"ply\":0}");
    CHECK(r.status == 200 && strstr(r.body, "\"P-8k\""), "a legal move");
    free(r.body);
    WAIT_FOR(plies(port) == 2, 20000);
    CHECK(plies(port) == 2, "Kaki answered");
    expect(port, post(port, "analyse", "{\"on\":true}"), 409, "no analysis while Kaki plays");

    /* the record: PGN out and in again */
    Resp pgn = http(port, "GET", "/api/pgn", "", NULL);
    CHECK(pgn.status == 200 && strstr(pgn.body, "1. P-8k {i5i6"), "PGN: %s", pgn.body);
    JsonBuf b;
    jb_init(&b);
    jb_obj(&b);
    jb_kstr(&b, "pgn", pgn.body);
    jb_end_obj(&b);
    char *body = jb_take(&b, NULL);
    r = post(port, "loadpgn", body);
    CHECK(r.status == 200 && plies(port) == 2, "the saved game loads back");
    free(r.body);
    free(body);
    free(pgn.body);
    v = game_key(port);
    expect(port, post(port, "loadpgn", "{\"pgn\":\"1. P-8k P-8a *\"}"), 422, "a bad PGN");
    expect(port, post(port, "loadpgn", "{\"pgn\":\"\"}"), 422, "an empty PGN");
    CHECK(same_game(port, v) && plies(port) == 2, "bad PGN: the game is kept");
    free(v);

    /* TFEN in and out */
    const char *t11 = "15k/16/16/16/6PpP7/6PF!P7/6PPP7/16/16/16/16/16/16/16/16/K15 b";
    char req[400];
    snprintf(req, sizeof req, "{\"tfen\":\"%s\"}", t11);
    r = post(port, "setup", req);
    CHECK(r.status == 200, "set up T11: %s", r.body);
    free(r.body);
    Resp t = http(port, "GET", "/api/tfen", "", NULL);
    CHECK(!strcmp(t.body, t11), "TFEN out: %s", t.body);
    free(t.body);
    v = game_key(port);
    expect(port, post(port, "setup", "{\"tfen\":\"16/16 b\"}"), 422, "a bad TFEN");
    expect(port, post(port, "setup", "{}"), 400, "no TFEN");
    CHECK(same_game(port, v), "bad TFEN: unchanged");
    free(v);
    /* an XBoard FEN is read too (w = sente) */
    r = post(port, "setup", "{\"tfen\":\"15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - 0 1\"}");
    t = http(port, "GET", "/api/tfen", "", NULL);
    CHECK(r.status == 200 && strstr(t.body, " b"), "XBoard FEN: %s", t.body);
    free(r.body);
    free(t.body);

    /* rules */
    r = post(port, "new", "{\"sente\":\"human\",\"gote\":\"human\",\"rules\":{\"fd_range\":\"file\"}}");
    CHECK(r.status == 200 && strstr(r.body, "\"name\":\"fd_range\",\"value\":\"file\""),
          "a rules option");
    free(r.body);
    r = post(port, "new", "{\"rules\":{\"fd_range\":\"rank\"}}");
    free(r.body);
}

/* Reads from an event stream into buf until it holds `needle` or ms have passed. */
/* A long game loads, and the move that would bring back its first position, 1,984 plies back
   (further than the position's own ring reaches), is refused: the board keeps the whole
   history (it once accepted that move). */
static void far_repetition(int port)
{
    PgnGame g;
    king_loop_game(&g, KING_LOOP_PLIES);
    Move last = g.plies[--g.nplies].move; /* the game without it */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    pgn_write(f, &g);
    fclose(f);
    JsonBuf b;
    jb_init(&b);
    jb_obj(&b);
    jb_kstr(&b, "pgn", text);
    jb_end_obj(&b);
    char *body = jb_take(&b, NULL);
    Resp r = post(port, "loadpgn", body);
    CHECK(r.status == 200 && plies(port) == KING_LOOP_PLIES - 1, "the long game loads: %d %s",
          r.status, r.body);
    free(r.body);
    char move[120];
    snprintf(move, sizeof move, "{\"from\":%d,\"to\":%d,\"ply\":%d}", move_from(last),
             move_to(last), KING_LOOP_PLIES - 1);
    expect(port, post(port, "move", move), 422, "a move repeating the first position");
    free(body);
    free(text);
    pgn_game_free(&g);
}

static void read_until(int fd, char *buf, size_t size, const char *needle, int ms)
{
    size_t len = 0;
    buf[0] = '\0';
    int64_t until = mono_ms() + ms;
    while (len < size - 1 && mono_ms() < until && !strstr(buf, needle)) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 200) > 0) {
            ssize_t n = recv(fd, buf + len, size - 1 - len, 0);
            if (n <= 0)
                break;
            len += (size_t)n;
            buf[len] = '\0';
        }
    }
}

/* An event stream; a tab that goes away stops its analysis. */
static void events_and_tabs(int port)
{
    Resp r = post(port, "new", "{\"sente\":\"human\",\"gote\":\"human\",\"clock\":{\"kind\":\"none\"}}");
    free(r.body);
    expect(port, http(port, "GET", "/api/events?client=a%20b", "", NULL), 400, "a bad client id");
    int fd = dial(port);
    char req[200];
    snprintf(req, sizeof req, "GET /api/events?client=tab1 HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n", port);
    send(fd, req, strlen(req), MSG_NOSIGNAL);
    char buf[65536];
    read_until(fd, buf, sizeof buf, "event: state", 5000);
    CHECK(strstr(buf, "text/event-stream") && strstr(buf, "event: state"), "the stream starts with the state");
    snprintf(req, sizeof req, "POST /api/analyse HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Kaki-Client: "
             "tab1\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"on\":true}", port);
    r = raw(port, req, strlen(req));
    CHECK(r.status == 200, "analysis on: %s", r.body);
    free(r.body);
    WAIT_FOR(engine_state(port, "analysing", NULL, 0), 10000);
    CHECK(engine_state(port, "analysing", NULL, 0), "the engine analyses");
    /* events arrive: thinking lines */
    read_until(fd, buf, sizeof buf, "event: thinking", 10000);
    CHECK(strstr(buf, "event: thinking") && strstr(buf, "\"pv\":"), "thinking events with a PV");
    close(fd); /* the tab is closed */
    WAIT_FOR(engine_state(port, "idle", NULL, 0), 10000);
    JsonValue *s = state(port);
    bool on = true;
    json_get_bool(s, "analysing", &on);
    CHECK(!on && engine_state(port, "idle", NULL, 0), "closing the tab stopped its analysis");
    json_free(s);
}

typedef struct Load {
    int port;
    int ok;
} Load;

static void *load_main(void *arg)
{
    Load *l = arg;
    for (int i = 0; i < 20; i++) {
        Resp r = i % 2 ? http(l->port, "GET", "/api/state", "", NULL)
                       : post(l->port, "goto", "{\"ply\":0}");
        l->ok += r.status == 200;
        free(r.body);
    }
    return NULL;
}

static void concurrency_and_limits(Harness *h)
{
    int port = h->port;
    pthread_t t[8];
    Load l[8];
    for (int i = 0; i < 8; i++) {
        l[i] = (Load){port, 0};
        pthread_create(&t[i], NULL, load_main, &l[i]);
    }
    int ok = 0;
    for (int i = 0; i < 8; i++) {
        pthread_join(t[i], NULL);
        ok += l[i].ok;
    }
    CHECK(ok == 160, "160 concurrent requests answered (%d)", ok);

    /* more connections than allowed: the rest are refused with 503 */
    int fds[SERVER_MAX_CONNECTIONS + 8], refused = 0;
    for (int i = 0; i < SERVER_MAX_CONNECTIONS + 8; i++)
        fds[i] = dial(port);
    sleep_ms(300);
    for (int i = 0; i < SERVER_MAX_CONNECTIONS + 8; i++) {
        struct pollfd p = {fds[i], POLLIN, 0};
        if (poll(&p, 1, 0) > 0) {
            Resp r = read_response(fds[i], 1000);
            refused += r.status == 503;
            free(r.body);
        }
    }
    CHECK(refused >= 8, "connections over the limit are refused (%d)", refused);
    for (int i = 0; i < SERVER_MAX_CONNECTIONS + 8; i++)
        close(fds[i]);
    sleep_ms(300);
    CHECK(plies(port) >= 0, "the server still serves");

    /* timeouts: an idle connection is closed, a request that stops half-way gets 408 */
    server_set_timeouts(h->server, 400, 400);
    int fd = dial(port);
    Resp r = read_response(fd, 3000);
    CHECK(r.status == 0, "an idle connection is closed");
    free(r.body);
    close(fd);
    fd = dial(port);
    send(fd, "GET /api/sta", 12, MSG_NOSIGNAL);
    r = read_response(fd, 3000);
    CHECK(r.status == 408, "a half request gets 408 (%d)", r.status);
    free(r.body);
    close(fd);
    server_set_timeouts(h->server, SERVER_IDLE_MS, SERVER_REQUEST_MS);
}

/* A new game against the engine with this clock, and sente's first move i5i6. */
static void open_game(int port, const char *clock)
{
    char body[200];
    snprintf(body, sizeof body, "{\"sente\":\"human\",\"gote\":\"engine\",\"clock\":%s}", clock);
    Resp r = post(port, "new", body);
    CHECK(r.status == 200, "new game: %s", r.body);
    free(r.body);
    r = post(port, "move", "{\"from\":72,\"to\":88,\"ply\":0}");
    CHECK(r.status == 200, "sente's first move: %s", r.body);
    free(r.body);
}

/* An engine that crashes on its first move (only the first time it is started). */
static void crash_and_restart(void)
{
    char mark[] = "/tmp/kaki-crash-XXXXXX";
    int mfd = mkstemp(mark);
    close(mfd);
    unlink(mark);
    char script[1024];
    snprintf(script, sizeof script,
             "if [ -e %s ]; then exec %s; else : > %s; exec %s --fail crash@1; fi", mark, fake,
             mark, fake);
    const char *engine[] = {"sh", "-c", script, NULL};
    Harness h;
    start(&h, engine);
    open_game(h.port, "{\"kind\":\"permove\",\"move\":300}");
    char err[400] = "";
    WAIT_FOR(engine_state(h.port, "dead", err, sizeof err), 10000);
    CHECK(engine_state(h.port, "dead", err, sizeof err) && strstr(err, "crash"),
          "the crash is reported: %s", err);
    JsonValue *s = state(h.port);
    CHECK(strstr(json_get_str(s, "notice"), "Restart it"), "the page is told: %s",
          json_get_str(s, "notice"));
    json_free(s);
    CHECK(plies(h.port) == 1, "the game is kept");
    Resp r = post(h.port, "restart", "{\"slot\":0}");
    CHECK(r.status == 200, "restart");
    free(r.body);
    WAIT_FOR(plies(h.port) == 2, 10000);
    CHECK(plies(h.port) == 2, "the restarted engine moves and the game goes on");
    stop(&h);
    unlink(mark);
}

static void hang(void)
{
    const char *engine[] = {fake, "--fail", "hang@1", NULL};
    Harness h;
    start(&h, engine);
    open_game(h.port, "{\"kind\":\"permove\",\"move\":200}");
    char err[400] = "";
    WAIT_FOR(engine_state(h.port, "dead", err, sizeof err), 20000);
    CHECK(engine_state(h.port, "dead", err, sizeof err) && strstr(err, "hangs"),
          "a hanging engine is stopped and reported: %s", err);
    CHECK(plies(h.port) == 1, "the game is kept");
    stop(&h);
}

/* An engine that thinks longer than its time loses on time (the referee is the board). */
static void time_forfeit(void)
{
    const char *engine[] = {fake, "--think", "2500", NULL};
    Harness h;
    start(&h, engine);
    open_game(h.port, "{\"kind\":\"sudden\",\"base\":1000}");
    JsonValue *cl = state(h.port);
    long inc = -1;
    json_get_int(json_get(cl, "clock"), "inc", -1, 1000000, &inc);
    CHECK(inc == 0, "sudden death has no increment");
    json_free(cl);
    JsonValue *s = NULL;
    bool over = false;
    int64_t until = mono_ms() + 8000;
    while (!over && mono_ms() < until) {
        json_free(s);
        s = state(h.port);
        json_get_bool(s, "over", &over);
        sleep_ms(100);
    }
    CHECK(over && strstr(json_get_str(s, "ending"), "gote lost on time") &&
              !strcmp(json_get_str(s, "result"), "1-0"),
          "the engine lost on time: %s", s ? json_get_str(s, "ending") : "");
    json_free(s);
    stop(&h);
}

/* The engine's clock starts when it has set up its game, not at the board's turn: an engine
   whose "new" takes 1.5 s and that then moves in 0.2 s keeps a 1-second-a-move clock (charged
   from the turn, it would have lost on time). */
static void clock_starts_when_ready(void)
{
    const char *engine[] = {fake, "--slow-new", "1500", "--think", "200", NULL};
    Harness h;
    start(&h, engine);
    open_game(h.port, "{\"kind\":\"permove\",\"move\":1000}");
    WAIT_FOR(plies(h.port) >= 2, 30000);
    JsonValue *s = state(h.port);
    bool over = true;
    json_get_bool(s, "over", &over);
    CHECK(plies(h.port) == 2 && !over, "the slow-to-set-up engine moved in time (%d plies, %s)",
          plies(h.port), s ? json_get_str(s, "ending") : "");
    json_free(s);
    stop(&h);
}

/* `--option Evaluation=learnt --option Level=4` (for every engine) are the first game's choices,
   and what each game sends before the engine thinks keeps them instead of undoing them. */
static void command_line_choices(void)
{
    char log[] = "/tmp/kaki-gui-options-XXXXXX";
    int fd = mkstemp(log);
    close(fd);
    const char *engine[] = {kaki, NULL};
    const char *options[] = {"Evaluation=learnt", "Level=4", NULL};
    Harness h;
    start_full(&h, "127.0.0.1", NULL, engine, options, log);
    JsonValue *s = state(h.port);
    const JsonValue *ev = json_get(s, "evaluations"), *lv = json_get(s, "levels");
    const JsonValue *e0 = ev ? ev->child : NULL, *e1 = e0 ? e0->next : NULL;
    const JsonValue *l0 = lv ? lv->child : NULL, *l1 = l0 ? l0->next : NULL;
    CHECK(e1 && e0->str && e1->str && !strcmp(e0->str, "learnt") && !strcmp(e1->str, "learnt"),
          "both sides start with the learnt evaluation");
    CHECK(l1 && l0->number == 4 && l1->number == 4, "and at level 4");
    json_free(s);
    open_game(h.port, "{\"kind\":\"permove\",\"move\":200}");
    WAIT_FOR(plies(h.port) == 2, 30000);
    CHECK(plies(h.port) == 2, "the engine answers");
    stop(&h);
    FILE *f = fopen(log, "r");
    char line[512];
    int learnt = 0, nnue = 0, level4 = 0, level10 = 0;
    while (f && fgets(line, sizeof line, f)) {
        learnt += strstr(line, "option Evaluation=learnt") != NULL;
        nnue += strstr(line, "option Evaluation=nnue") != NULL;
        level4 += strstr(line, "option Level=4") != NULL;
        level10 += strstr(line, "option Level=10") != NULL;
    }
    if (f)
        fclose(f);
    CHECK(learnt > 0 && nnue == 0, "the engine is told learnt, never nnue (%d, %d)", learnt, nnue);
    CHECK(level4 > 0 && level10 == 0, "level 4, never 10 (%d, %d)", level4, level10);
    unlink(log);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_gui_server KAKI FAKE_ENGINE\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    kaki = argv[1];
    fake = argv[2];
    const char *engine[] = {kaki, NULL};
    Harness h;
    start(&h, engine);
    pages(h.port);
    origins(h.port);
    malformed(h.port);
    moves_and_records(h.port);
    far_repetition(h.port);
    events_and_tabs(h.port);
    concurrency_and_limits(&h);
    stop(&h);
    crash_and_restart();
    hang();
    time_forfeit();
    clock_starts_when_ready();
    command_line_choices();
    return check_finish("test_gui_server");
}
