/* Engine processes (cecpclient/proc.h over platform/child.h) on the system the test is built
 * for: run on Linux by the main suite (test_child) and under Wine by the Windows tests
 * (win_test_child), with the same checks.  The children are this program itself:
 *
 *   test_child                 the checks
 *   test_child --child MODE    a child: lines (output with a CR, an overlong line, a NUL byte,
 *                              a last line without newline), echo (answers every line of
 *                              input but those of z's until "quit"), slow (reads its input
 *                              256 bytes a millisecond until "quit", status 0; 4 at its end), exit3, crash (a segmentation fault or an
 *                              access violation), flood (lines without end), stderr (a line
 *                              on stderr), helper FILE (starts a grandchild that appends to
 *                              FILE every 20 ms, says "ready", then sleeps), beat FILE (that
 *                              grandchild) */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
#include <unistd.h>
#endif

#include "check.h"
#include "cecpclient/proc.h"
#include "platform/stop.h"
#include "util/clock.h"

static const char *self;

static int spawn(Proc *p, const char *mode, const char *arg, const char *stderr_path)
{
    char *argv[] = {(char *)self, "--child", (char *)mode, (char *)arg, NULL};
    char err[300];
    int rc = proc_spawn(p, argv, NULL, stderr_path, err, sizeof err);
    if (rc)
        fprintf(stderr, "spawn %s: %s\n", mode, err);
    return rc;
}

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

/* A grandchild in the child's process group (POSIX) or job (Windows: jobs nest). */
static void start_grandchild(const char *file)
{
#ifdef _WIN32
    static Proc p;
    if (spawn(&p, "beat", file, NULL) != 0)
        exit(2);
#else
    if (fork() == 0) {
        execl(self, self, "--child", "beat", file, (char *)NULL);
        _exit(127);
    }
#endif
}

static int child_main(const char *mode, const char *arg)
{
    if (!strcmp(mode, "lines")) {
        printf("hello\r\n");
        for (int i = 0; i < 100000; i++)
            putchar('x');
        printf("\nok\n");
        fwrite("a\0b\n", 1, 4, stdout);
        printf("last");
        return 0;
    }
    if (!strcmp(mode, "echo")) {
        char line[256];
        while (fgets(line, sizeof line, stdin)) {
            line[strcspn(line, "\r\n")] = '\0';
            if (!strcmp(line, "quit"))
                return 0;
            if (line[0] == 'z')
                continue; /* the long line: read, not answered */
            printf("got %s\n", line);
            fflush(stdout);
        }
        return 4;
    }
    if (!strcmp(mode, "slow")) {
        char line[256];
        while (fgets(line, sizeof line, stdin)) {
            if (!strcmp(line, "quit\n"))
                return 0;
            sleep_ms(1);
        }
        return 4;
    }
    if (!strcmp(mode, "exit3"))
        return 3;
    if (!strcmp(mode, "crash")) {
#ifdef _WIN32
        volatile int *volatile nowhere = NULL;
        *nowhere = 1;
#endif
        raise(SIGSEGV);
    }
    if (!strcmp(mode, "flood"))
        for (;;)
            puts("y");
    if (!strcmp(mode, "stderr")) {
        fputs("to stderr\n", stderr);
        return 0;
    }
    if (!strcmp(mode, "helper") && arg) {
        start_grandchild(arg);
        while (file_size(arg) <= 0)
            sleep_ms(20);
        printf("ready\n");
        fflush(stdout);
        for (;;)
            sleep_ms(1000);
    }
    if (!strcmp(mode, "beat") && arg)
        for (;;) {
            FILE *f = fopen(arg, "ab");
            if (f) {
                fputc('.', f);
                fclose(f);
            }
            sleep_ms(20);
        }
    return 2;
}

static void lines_checks(Proc *p)
{
    char line[PROC_LINE_MAX + 1];
    bool trunc;
    CHECK(spawn(p, "lines", NULL, NULL) == 0, "spawn");
    int64_t dl = mono_ms() + 60000;
    CHECK(proc_read_line(p, line, sizeof line, &trunc, dl) == 1 && !strcmp(line, "hello") && !trunc,
          "first line without CR: '%s'", line);
    CHECK(proc_read_line(p, line, sizeof line, &trunc, dl) == 1 && trunc &&
              strlen(line) == PROC_LINE_MAX, "overlong line truncated (%zu)", strlen(line));
    CHECK(proc_read_line(p, line, sizeof line, &trunc, dl) == 1 && !strcmp(line, "ok"),
          "the rest of the overlong line is dropped: '%s'", line);
    CHECK(proc_read_line(p, line, sizeof line, &trunc, dl) == 1 && !strcmp(line, "a?b"),
          "NUL replaced: '%s'", line);
    CHECK(proc_read_line(p, line, sizeof line, &trunc, dl) == 1 && !strcmp(line, "last"),
          "last line without newline: '%s'", line);
    CHECK(proc_read_line(p, line, sizeof line, &trunc, dl) == -1, "EOF");
    proc_stop(p, 30000, true);
    CHECK(p->exited && p->exit_code == 0 && p->exit_signal == 0, "exit status 0 (%d, %d)",
          p->exit_code, p->exit_signal);
}

/* The engine's way out: an exit status or a crash, told in words. */
static void ending_checks(Proc *p)
{
    char line[256], how[160];
    bool trunc;
    CHECK(spawn(p, "exit3", NULL, NULL) == 0, "spawn exit3");
    CHECK(proc_read_line(p, line, sizeof line, &trunc, mono_ms() + 60000) == -1, "EOF on exit");
    proc_stop(p, 30000, true);
    proc_describe_exit(p, how, sizeof how);
    CHECK(p->exit_code == 3 && !strcmp(how, "exited with status 3"), "exit 3: %s", how);

    CHECK(spawn(p, "crash", NULL, NULL) == 0, "spawn crasher");
    /* (under Wine the debugger it starts writes a backtrace on the crashed program's output) */
    int64_t dl = mono_ms() + 60000;
    int r;
    while ((r = proc_read_line(p, line, sizeof line, &trunc, dl)) == 1)
        ;
    CHECK(r == -1, "EOF on crash");
    for (int i = 0; i < 3000 && !proc_exited(p); i++)
        sleep_ms(10);
    proc_describe_exit(p, how, sizeof how);
    CHECK(p->exit_signal != 0 && (strstr(how, "killed by signal 11") ||
                                  strstr(how, "crashed with exception 0xC0000005")),
          "crash seen: %s", how);
    /* its input is gone once every process that holds it is (under Wine its debugger too) */
    for (r = 0; r == 0 && mono_ms() < dl; sleep_ms(50))
        r = proc_write_line(p, "hello", 1000);
    CHECK(r == -1, "writing to a dead child fails");
    proc_stop(p, 0, false);
    CHECK(p->reaped, "reaped");
}

/* A conversation, and one wait for the first of two children to answer. */
static void echo_checks(Proc *a, Proc *b)
{
    char line[256];
    bool trunc;
    CHECK(spawn(a, "echo", NULL, NULL) == 0 && spawn(b, "echo", NULL, NULL) == 0, "spawn echo");
    CHECK(proc_write_line(a, "ping 1", 10000) == 0, "write");
    CHECK(proc_read_line(a, line, sizeof line, &trunc, mono_ms() + 60000) == 1 &&
              !strcmp(line, "got ping 1"), "answer: '%s'", line);
    CHECK(proc_read_line(b, line, sizeof line, &trunc, mono_ms() + 200) == 0, "silence: time-out");
    CHECK(proc_write_line(b, "ping 2", 10000) == 0, "write to the second");
    Proc *const both[2] = {a, b};
    int64_t t0 = mono_ms(), got = 0;
    while (!got && mono_ms() - t0 < 60000) {
        proc_wait_output(both, 2, 60000);
        got = proc_read_line(b, line, sizeof line, &trunc, 0) == 1;
    }
    CHECK(got && !strcmp(line, "got ping 2"), "the wait for two ended with the answer: '%s'", line);
    CHECK(proc_read_line(a, line, sizeof line, &trunc, 0) == 0, "nothing from the first");
    /* a long line in many writes: the pipe fills, the child reads */
    char *big = malloc(200000);
    memset(big, 'z', 199999);
    big[199999] = '\0';
    big[100] = '\n';
    CHECK(proc_write_line(a, big, 60000) == 0, "200,000 bytes written");
    free(big);
    proc_write_line(a, "quit", 10000);
    proc_write_line(b, "quit", 10000);
    proc_stop(a, 30000, true);
    proc_stop(b, 30000, true);
    CHECK(a->exit_code == 0 && b->exit_code == 0, "quit: status 0 (%d %d)", a->exit_code,
          b->exit_code);
}

/* "quit" queued behind 300,000 bytes the child has not read yet: the stop delivers it before
   it closes the input (a write still under way is not cancelled), so the child exits 0. */
static void slow_reader_checks(Proc *p)
{
    CHECK(spawn(p, "slow", NULL, NULL) == 0, "spawn slow");
    char *big = malloc(300001);
    memset(big, 'z', 300000);
    big[300000] = '\0';
    CHECK(proc_write_line(p, big, 60000) == 0, "300,000 bytes queued");
    free(big);
    CHECK(proc_write_line(p, "quit", 60000) == 0, "quit queued");
    proc_stop(p, 60000, true);
    CHECK(p->exited && p->exit_code == 0, "the slow reader got quit: status %d", p->exit_code);
}

static void flood_checks(Proc *p)
{
    char line[256];
    bool trunc;
    CHECK(spawn(p, "flood", NULL, NULL) == 0, "spawn flood");
    atomic_int stop = 0;
    p->interrupt = &stop;
    int64_t start = mono_ms();
    long lines = 0;
    int r;
    while ((r = proc_read_line(p, line, sizeof line, &trunc, start + 500)) == 1 && lines < 100000000)
        lines++;
    int64_t took = mono_ms() - start;
    CHECK(r == 0 && took >= 490, "flood: the wait ended at the deadline (%lld ms, %ld lines)",
          (long long)took, lines);
    stop = 1;
    r = proc_read_line(p, line, sizeof line, &trunc, mono_ms() + 600000);
    CHECK(r == 0, "flood: the interrupt ended the wait");
    proc_stop(p, 0, false);
    CHECK(p->reaped, "flooder reaped");
}

/* stderr appended to a file; a helper process dies with the child. */
static void file_checks(Proc *p, const char *dir)
{
    char errfile[1024], beat[1024], line[256];
    bool trunc;
    snprintf(errfile, sizeof errfile, "%s/test_child-stderr.txt", dir);
    snprintf(beat, sizeof beat, "%s/test_child-beat.txt", dir);
    remove(errfile);
    remove(beat);
    for (int i = 0; i < 2; i++) {
        CHECK(spawn(p, "stderr", NULL, errfile) == 0, "spawn with stderr to a file");
        proc_read_line(p, line, sizeof line, &trunc, mono_ms() + 60000);
        proc_stop(p, 30000, true);
    }
    char text[64] = "";
    FILE *f = fopen(errfile, "rb");
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    text[n] = '\0';
    if (f)
        fclose(f);
    CHECK(!strcmp(text, "to stderr\nto stderr\n") || !strcmp(text, "to stderr\r\nto stderr\r\n"),
          "stderr appended twice: '%s'", text);

    CHECK(spawn(p, "helper", beat, NULL) == 0, "spawn helper");
    CHECK(proc_read_line(p, line, sizeof line, &trunc, mono_ms() + 120000) == 1 &&
              !strcmp(line, "ready"), "helper ready: '%s'", line);
    proc_stop(p, 100, true);
    /* the grandchild appends every 20 ms while it lives: it is dead when the file stays the
       same for 3 s (within two minutes) */
    long size = file_size(beat);
    int64_t same_since = mono_ms(), start = same_since;
    while (mono_ms() - same_since < 3000 && mono_ms() - start < 120000) {
        sleep_ms(100);
        long now = file_size(beat);
        if (now != size)
            size = now, same_since = mono_ms();
    }
    CHECK(mono_ms() - same_since >= 3000, "the helper died with the child");
    remove(beat);
    remove(errfile);
}

#ifndef _WIN32
/* name += ":handle_segv=0" (or = it): a sanitizer build's crashing child must die by its
   signal, as a Release build's does, not exit with the sanitizer's report (status 66). */
static void sanitizer_leaves_segv(const char *name)
{
    const char *old = getenv(name);
    char value[1024];
    snprintf(value, sizeof value, "%s%shandle_segv=0", old ? old : "", old && *old ? ":" : "");
    setenv(name, value, 1);
}
#endif

int main(int argc, char **argv)
{
    self = argv[0];
#ifndef _WIN32
    sanitizer_leaves_segv("ASAN_OPTIONS");
    sanitizer_leaves_segv("TSAN_OPTIONS");
#endif
    platform_write_errors_not_signals(); /* a dead child's pipe: an error, not SIGPIPE */
    if (argc >= 3 && !strcmp(argv[1], "--child"))
        return child_main(argv[2], argc > 3 ? argv[3] : NULL);
    const char *dir = "."; /* ctest's working directory: the test's build folder */
    Proc *p = malloc(sizeof *p), *q = malloc(sizeof *q);
    lines_checks(p);
    ending_checks(p);
    echo_checks(p, q);
    slow_reader_checks(p);
    flood_checks(p);
    file_checks(p, dir);

    char err[300];
    char *missing[] = {"no-such-engine-program", NULL};
    CHECK(proc_spawn(p, missing, NULL, NULL, err, sizeof err) == -1 &&
              strstr(err, "cannot execute"), "missing program: %s", err);
    char *bad_dir[] = {(char *)self, "--child", "exit3", NULL};
    CHECK(proc_spawn(p, bad_dir, "no-such-dir/really", NULL, err, sizeof err) == -1 &&
              strstr(err, "cannot start"), "bad dir: %s", err);
    free(p);
    free(q);
    return check_finish("test_child");
}
