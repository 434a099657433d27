/* The engine bounds its pending input (issue 31, point 10).  While Kaki thinks on its move,
 * every `ping` must wait for the move (docs/PROTOCOL.md §1.4); a flood of them used to be
 * queued without bound (200 MB of pings during a 20 s search: 1.5 GB, then an abort).  Now the
 * stdin reader stops reading while the pending input is full, so the flood waits in the pipe.
 *
 * The test: `st 2` + `go`, then a million pings (a tenth under the sanitizers) written at full
 * speed, then `new`, `force`, a move, the same move again (now illegal: the first was not
 * dropped), `ping -1` and `quit`.  The engine's memory may not grow by more than 32 MB over
 * the flood; its move comes before `pong 1`, every pong comes once and in order, the repeated
 * move is refused exactly once, and the engine exits 0.
 *
 * Usage: cecp_stdin_flood KAKI */
#include <pthread.h>

#include "check.h"
#include "kaki_pipe.h"

/* 32 MB; under the sanitizers (a lower test scale) their shadow memory of what the search
   touches grows too (ThreadSanitizer: 33 MB in a 2 s search), so 256 MB there: the Release
   run, with ten times the pings, is the one that guards the bound. */
#define GROWTH_LIMIT_KB ((test_scale() >= 100 ? 32 : 256) * 1024)
#define WAIT_MS 120000 /* for any one line: generous, the machine may be loaded */

static KakiPipe kaki;
static long flood_pings;

static void *flood(void *arg)
{
    (void)arg;
    static char chunk[1 << 16];
    size_t n = 0;
    for (long i = 1; i <= flood_pings; i++) {
        n += (size_t)snprintf(chunk + n, sizeof chunk - n, "ping %ld\n", i);
        if (n > sizeof chunk - 32 || i == flood_pings) {
            if (!kp_write(&kaki, chunk, n))
                return NULL; /* the engine is gone: the reader says why */
            n = 0;
        }
    }
    kp_send(&kaki, "new\nforce\na5a6\na5a6\nping -1\nquit\n");
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: cecp_stdin_flood KAKI\n");
        return 2;
    }
    flood_pings = scaled(1000000);
    if (!kp_start(&kaki, argv[1])) {
        fprintf(stderr, "cannot start %s\n", argv[1]);
        return 1;
    }
    char line[512];
    kp_send(&kaki, "xboard\nprotover 2\nmemory 1\nnew\nvariant tenjiku\nping 0\n");
    CHECK(kp_expect(&kaki, "pong 0", line, sizeof line, WAIT_MS), "no pong to the handshake");
    long base = kp_rss_kb(&kaki), peak = base;
    kp_send(&kaki, "st 2\ngo\n");
    pthread_t writer;
    if (pthread_create(&writer, NULL, flood, NULL) != 0)
        return 1;

    long next = 1, moves = 0, refused = 0, other = 0;
    bool done = false, grown = false;
    int64_t sampled = 0;
    while (!done && kp_line(&kaki, line, sizeof line, WAIT_MS)) {
        if (kp_now_ms() - sampled >= 20) {
            sampled = kp_now_ms();
            long rss = kp_rss_kb(&kaki);
            peak = rss > peak ? rss : peak;
            if (rss - base > GROWTH_LIMIT_KB) {
                grown = true;
                kill(kaki.pid, SIGKILL); /* before it takes the machine's memory */
                break;
            }
        }
        long v;
        char tail;
        if (strncmp(line, "move ", 5) == 0) {
            CHECK(next == 1, "the engine moved after pong %ld, not before the first", next - 1);
            moves++;
        } else if (sscanf(line, "pong %ld%c", &v, &tail) == 1) {
            if (v == -1) {
                done = true;
            } else if (v != next) {
                CHECK(v == next, "pong %ld where pong %ld was due", v, next);
                break;
            } else {
                next++;
            }
        } else if (strncmp(line, "Illegal move", 12) == 0) {
            refused++;
        } else if (line[0] != '#' && strncmp(line, "feature", 7) != 0) {
            if (other++ < 5)
                fprintf(stderr, "unexpected output: %s\n", line);
        }
    }
    CHECK(!grown, "the engine grew by more than %d MB during the flood (%ld kB -> %ld kB)",
          GROWTH_LIMIT_KB / 1024, base, peak);
    CHECK(done, "no pong -1: the output ended or stalled after pong %ld", next - 1);
    CHECK(next == flood_pings + 1, "%ld of %ld pongs", next - 1, flood_pings);
    CHECK(moves == 1, "%ld moves from the engine, expected 1", moves);
    CHECK(refused == 1, "%ld moves refused, expected the repeated one only", refused);
    CHECK(other == 0, "%ld unexpected output lines", other);
    if (!done)
        kill(kaki.pid, SIGKILL); /* the writer's next write fails, so it ends */
    pthread_join(writer, NULL); /* before kp_finish closes the pipe the writer writes to */
    int status = kp_finish(&kaki, WAIT_MS);
    CHECK(done ? status == 0 : true, "exit status %d after quit", status);
    printf("memory: %ld kB after the handshake, at most %ld kB during %ld pings\n", base, peak,
           flood_pings);
    return check_finish("cecp_stdin_flood");
}
