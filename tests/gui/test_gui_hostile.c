/* kaki-board against hostile engines (issue 31), in-process over real sockets (label threads:
 * run under ThreadSanitizer too):
 *   - an engine that floods `feature` lines and stops reading (after its handshake, and during
 *     it) is dropped with a clear message within seconds, instead of holding the engine's
 *     thread 10 s per line, and the server stops in a fraction of a second meanwhile (point 2).
 *
 *   test_gui_hostile KAKI */
#include <signal.h>

#include "gui_harness.h"

static const char *kaki;

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

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_gui_hostile KAKI\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    kaki = argv[1];
    flooding_engines();
    return check_finish("test_gui_hostile");
}
