/* kaki-match child processes: line assembly (overlong lines, NUL bytes, a last line without
   newline), waits that end whatever a flooding child writes, exit status, spawn errors, killing
   a process group, no zombies. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "cecpclient/proc.h"
#include "util/clock.h"

static int spawn_sh(Proc *p, const char *script)
{
    char *argv[] = {"sh", "-c", (char *)script, NULL};
    char err[200];
    int rc = proc_spawn(p, argv, NULL, NULL, err, sizeof err);
    if (rc)
        fprintf(stderr, "spawn: %s\n", err);
    return rc;
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    Proc *p = malloc(sizeof *p);
    char line[PROC_LINE_MAX + 1];
    bool trunc;
    CHECK(spawn_sh(p, "printf 'hello\\r\\n'; head -c 100000 /dev/zero | tr '\\0' x; "
                      "printf '\\nok\\n'; printf 'a\\000b\\n'; printf 'last'") == 0, "spawn");
    int64_t dl = mono_ms() + 5000;
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
    proc_stop(p, 1000, true);
    CHECK(p->exited && p->exit_code == 0 && p->exit_signal == 0, "exit status 0");

    CHECK(spawn_sh(p, "kill -SEGV $$") == 0, "spawn crasher");
    CHECK(proc_read_line(p, line, sizeof line, &trunc, mono_ms() + 5000) == -1, "EOF on crash");
    for (int i = 0; i < 100 && !proc_exited(p); i++)
        sleep_ms(10);
    char how[128];
    proc_describe_exit(p, how, sizeof how);
    CHECK(p->exit_signal == SIGSEGV && strstr(how, "signal 11"), "crash seen: %s", how);
    CHECK(proc_write_line(p, "hello", 1000) == -1, "writing to a dead child fails");
    proc_stop(p, 0, false);

    /* a child that floods its output: a loop of waits for a line that never comes ends at the
       deadline and on the interrupt, however fast the lines arrive (it once never ended) */
    CHECK(spawn_sh(p, "exec yes") == 0, "spawn yes");
    atomic_int stop = 0;
    p->interrupt = &stop;
    int64_t start = mono_ms();
    long lines = 0;
    int r;
    while ((r = proc_read_line(p, line, sizeof line, &trunc, start + 500)) == 1 && lines < 100000000)
        lines++;
    int64_t took = mono_ms() - start;
    CHECK(r == 0 && took >= 490 && took < 3000, "flood: the wait ended after %lld ms (%ld lines)",
          (long long)took, lines);
    stop = 1;
    start = mono_ms();
    while ((r = proc_read_line(p, line, sizeof line, &trunc, start + 60000)) == 1 && lines < 200000000)
        lines++;
    took = mono_ms() - start;
    CHECK(r == 0 && took < 1000, "flood: the interrupt ended the wait after %lld ms", (long long)took);
    CHECK(proc_read_line(p, line, sizeof line, &trunc, 0) == 1, "deadline 0: a line that is there");
    printf("flood: %ld lines read\n", lines);
    proc_stop(p, 0, false);

    /* a silent child: timeout, then a kill of its whole process group */
    /* a duration of our own (from the pid), so that another run of this test on the machine
       does not count */
    long secs = 800000 + (long)getpid() % 100000;
    char cmd[100], pattern[200];
    snprintf(cmd, sizeof cmd, "sleep %ld & sleep %ld; echo never", secs, secs);
    snprintf(pattern, sizeof pattern,
             "grep -l -a '%ld[%ld]' /proc/[0-9]*/cmdline 2>/dev/null | grep -v self", secs / 10,
             secs % 10);
    CHECK(spawn_sh(p, cmd) == 0, "spawn sleeper");
    int64_t t0 = mono_ms();
    CHECK(proc_read_line(p, line, sizeof line, &trunc, t0 + 300) == 0, "timeout");
    CHECK(mono_ms() - t0 >= 290 && mono_ms() - t0 < 2000, "timeout took %lld ms",
          (long long)(mono_ms() - t0));
    proc_stop(p, 100, true);
    CHECK(p->reaped, "reaped");
    sleep_ms(100);
    FILE *ps = popen(pattern, "r");
    int left = 0;
    while (ps && fgets(line, sizeof line, ps))
        left++;
    if (ps)
        pclose(ps);
    CHECK(left == 0, "the background helper died with the group (%d left)", left);

    char *argv[] = {"/nonexistent/engine", NULL};
    char err[200];
    CHECK(proc_spawn(p, argv, NULL, NULL, err, sizeof err) == -1 && strstr(err, "cannot execute"),
          "missing program: %s", err);
    char *argv2[] = {"sh", "-c", "true", NULL};
    CHECK(proc_spawn(p, argv2, "/nonexistent/dir", NULL, err, sizeof err) == -1 &&
              strstr(err, "cannot start"), "bad dir: %s", err);

    int st;
    errno = 0;
    CHECK(waitpid(-1, &st, WNOHANG) == -1 && errno == ECHILD, "no zombies left");
    free(p);
    return check_finish("test_match_proc");
}
