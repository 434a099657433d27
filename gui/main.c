/* kaki-board: a browser board for tenjiku shogi, served by a small HTTP server, with CECP
 * engines behind it (by default the kaki built beside it).  See gui/README.md. */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "board/tfen.h"
#include "config.h"
#include "pieces.h"
#include "platform/browser.h"
#include "platform/files.h"
#include "platform/stop.h"
#include "util/clock.h"
#include "util/parse.h"
#include "util/strutil.h"
#include "util/version.h"
#include "xbtheme.h"

static const char usage[] =
    "usage: kaki-board [--port N] [--host ADDR] [--allow-host NAME ...] [--engine CMD ...]\n"
    "                  [--option NAME=VALUE ...] [--engine-log FILE] [--open]\n"
    "       kaki-board --xboard-pieces DIR [--set kanji|mnemonic|letters] [--option NAME=VALUE ...]\n"
    "       kaki-board --version\n"
    "\n"
    "Serves a tenjiku board at http://127.0.0.1:PORT/ (the first line printed).\n"
    "  --port N            port to listen on (default 8080; 0 picks a free one)\n"
    "  --host ADDR         address to listen on (default 127.0.0.1; anything else lets\n"
    "                      other machines play on your engines; 0.0.0.0 or :: = every\n"
    "                      interface, reached by this machine's name or any of its addresses)\n"
    "  --allow-host NAME   also serve requests that name this machine NAME (a name other\n"
    "                      machines use for it); other names are refused\n"
    "  --open              open the board in the desktop's default browser\n"
    "  --engine CMD        a CECP engine (program and arguments); twice for two engines.\n"
    "                      Default: the kaki beside kaki-board (built or installed)\n"
    "  --option NAME=VALUE a rules option (docs/RULES.md §9) for the first game, or an\n"
    "                      option given to every engine (e.g. Threads=2)\n"
    "  --engine-log FILE   append the conversation with the engines to FILE\n"
    "  --xboard-pieces DIR write the pieces as an XBoard piece theme into DIR and exit\n"
    "                      (use with xboard -pieceImageDirectory DIR -trueColors true)\n"
    "  --set NAME          the piece set for --xboard-pieces (default kanji)\n";

/* The kaki executable beside us (installed: both in one folder; built: build/gui/kaki-board
   next to build/kaki; kaki-board.exe next to kaki.exe), else "kaki" from PATH. */
static void default_engine(BoardConfig *cfg)
{
    char self[PATH_MAX], path[PATH_MAX + 16];
    const char *found = "kaki";
    if (platform_self_dir(self, sizeof self)) {
        static const char *const rel[] = {"/kaki", "/../kaki"};
        for (int i = 0; i < 2; i++) {
            snprintf(path, sizeof path, "%s%s%s", self, rel[i], platform_exe_suffix);
            if (platform_executable(path)) {
                found = path;
                break;
            }
        }
    }
    char err[200];
    board_config_engine(&cfg->engine[0], found, err, sizeof err);
}

#define MAX_ALLOW_HOSTS 16

typedef struct Options {
    const char *host;
    const char *allow[MAX_ALLOW_HOSTS]; /* --allow-host */
    int nallow;
    long port;
    bool open;
    const char *pieces_dir;
    int set;
} Options;

static int parse_args(int argc, char **argv, Options *o, BoardConfig *cfg)
{
    char err[300];
    int engines = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            exit(0);
        }
        if (!strcmp(a, "--version")) {
            version_print(stdout, "kaki-board");
            exit(0);
        }
        if (!strcmp(a, "--open")) {
            o->open = true;
            continue;
        }
        bool takes = !strcmp(a, "--port") || !strcmp(a, "--host") || !strcmp(a, "--engine") ||
                     !strcmp(a, "--allow-host") ||
                     !strcmp(a, "--option") || !strcmp(a, "--engine-log") ||
                     !strcmp(a, "--xboard-pieces") || !strcmp(a, "--set");
        if (!takes) {
            fprintf(stderr, "kaki-board: unknown argument '%s'\n%s", a, usage);
            return -1;
        }
        if (!v) {
            fprintf(stderr, "kaki-board: %s needs a value\n", a);
            return -1;
        }
        i++;
        if (!strcmp(a, "--port") && !parse_long(v, 0, 65535, &o->port)) {
            fprintf(stderr, "kaki-board: --port must be 0-65535, not '%s'\n", v);
            return -1;
        } else if (!strcmp(a, "--host")) {
            o->host = v;
        } else if (!strcmp(a, "--allow-host")) {
            if (o->nallow == MAX_ALLOW_HOSTS || !*v || strlen(v) > 255) {
                fprintf(stderr, "kaki-board: --allow-host: at most %d names of 1-255 bytes\n",
                        MAX_ALLOW_HOSTS);
                return -1;
            }
            o->allow[o->nallow++] = v;
        } else if (!strcmp(a, "--engine")) {
            if (engines == 2) {
                fprintf(stderr, "kaki-board: at most two --engine\n");
                return -1;
            }
            if (board_config_engine(&cfg->engine[engines++], v, err, sizeof err)) {
                fprintf(stderr, "kaki-board: --engine: %s\n", err);
                return -1;
            }
        } else if (!strcmp(a, "--option") && board_config_option(cfg, v, err, sizeof err)) {
            fprintf(stderr, "kaki-board: --option: %s\n", err);
            return -1;
        } else if (!strcmp(a, "--engine-log"))
            cfg->engine_log = v;
        else if (!strcmp(a, "--xboard-pieces"))
            o->pieces_dir = v;
        else if (!strcmp(a, "--set") && (o->set = piece_set_from_name(v)) < 0) {
            fprintf(stderr, "kaki-board: --set must be kanji, mnemonic or letters\n");
            return -1;
        }
    }
    if (!engines)
        default_engine(cfg);
    if (cfg->engine_log) { /* a log that cannot be written is an error, not a silent nothing */
        FILE *f = fopen(cfg->engine_log, "a");
        if (!f) {
            fprintf(stderr, "kaki-board: --engine-log %s: %s\n", cfg->engine_log, strerror(errno));
            return -1;
        }
        fclose(f);
    }
    return 0;
}

static int write_pieces(const Options *o, const BoardConfig *cfg)
{
    RuleSet *rs = ruleset_new(&cfg->rules);
    char err[300];
    int n = xboard_pieces_write(rs, o->set, o->pieces_dir, err, sizeof err);
    ruleset_free(rs);
    if (n < 0) {
        fprintf(stderr, "kaki-board: %s\n", err);
        return 1;
    }
    printf("%d piece images (%s) written to %s\n", n, piece_set_name[o->set], o->pieces_dir);
    return 0;
}

typedef struct Runtime {
    Server *server;
    EventHub *hub;
    Session *session;
} Runtime;

/* Ctrl-C and SIGTERM (platform/stop.h): a clean stop (the server ends its connections, the
   engines quit). */
static void *signal_main(void *arg)
{
    Runtime *rt = arg;
    char what[64];
    if (platform_stop_wait(what, sizeof what))
        fprintf(stderr, "kaki-board: stopping (%s)\n", what);
    server_stop(rt->server);
    events_stop(rt->hub);
    return NULL;
}

static void *tick_main(void *arg)
{
    Runtime *rt = arg;
    while (!server_stopping(rt->server)) {
        session_tick(rt->session);
        sleep_ms(100);
    }
    return NULL;
}

static int serve(const Options *o, const BoardConfig *cfg)
{
    Runtime rt;
    char err[300];
    rt.server = server_open(o->host, (int)o->port, err, sizeof err);
    if (!rt.server) {
        fprintf(stderr, "kaki-board: %s\n", err);
        return 1;
    }
    for (int i = 0; i < o->nallow; i++)
        server_allow_host(rt.server, o->allow[i]);
    const char *host = o->host;
    bool v6 = strchr(host, ':') != NULL;
    char url[300];
    snprintf(url, sizeof url, "http://%s%s%s:%d/", v6 ? "[" : "", host, v6 ? "]" : "",
             server_port(rt.server));
    printf("Kaki board: %s\n", url);
    fflush(stdout);
    if (o->open && platform_open_url(url, err, sizeof err) != 0)
        fprintf(stderr, "kaki-board: %s: open %s in your browser\n", err, url);
    rt.hub = events_new();
    rt.session = session_new(cfg, rt.hub);
    Api api = {rt.session, rt.hub};
    pthread_t sig_thread, tick_thread;
    pthread_create(&sig_thread, NULL, signal_main, &rt);
    pthread_create(&tick_thread, NULL, tick_main, &rt);
    server_run(rt.server, api_handle, &api);
    platform_stop_cancel(); /* if the server stopped for another reason */
    pthread_join(sig_thread, NULL);
    pthread_join(tick_thread, NULL);
    session_free(rt.session);
    events_free(rt.hub);
    long served, refused;
    server_counts(rt.server, &served, &refused);
    fprintf(stderr, "kaki-board: stopped after %ld requests (%ld refused)\n", served, refused);
    server_close(rt.server);
    return 0;
}

int main(int argc, char **argv)
{
    Options o = {.host = "127.0.0.1", .port = 8080, .open = false, .pieces_dir = NULL,
                 .set = SET_KANJI};
    BoardConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    rules_default(&cfg.rules);
    if (parse_args(argc, argv, &o, &cfg) != 0) {
        board_config_free(&cfg);
        return 2;
    }
    int rc;
    if (o.pieces_dir) {
        rc = write_pieces(&o, &cfg);
    } else {
        /* every thread starts with the stop requests held; the signal thread waits for them */
        platform_write_errors_not_signals();
        platform_stop_hold();
        rc = serve(&o, &cfg);
    }
    board_config_free(&cfg);
    return rc;
}
