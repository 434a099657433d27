#define _GNU_SOURCE 1 /* strsignal */
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/clock.h"
#include "util/strutil.h"

/* Held while descriptors are created and marked close-on-exec, and across fork(), so that no
   child of another thread inherits a pipe end (which would hide EOF when an engine dies). */
static pthread_mutex_t spawn_mutex = PTHREAD_MUTEX_INITIALIZER;

static int make_pipe(int fds[2])
{
    if (pipe(fds) != 0)
        return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

/* PATH lookup in the parent: only async-signal-safe calls may follow fork(). */
static bool resolve_path(const char *cmd, char *out, size_t outsz)
{
    if (strchr(cmd, '/')) {
        str_copy(out, outsz, cmd);
        return access(out, X_OK) == 0;
    }
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        const char *colon = strchr(path, ':');
        size_t n = colon ? (size_t)(colon - path) : strlen(path);
        if (n == 0)
            snprintf(out, outsz, "./%s", cmd);
        else
            snprintf(out, outsz, "%.*s/%s", (int)n, path, cmd);
        struct stat st;
        if (access(out, X_OK) == 0 && stat(out, &st) == 0 && S_ISREG(st.st_mode))
            return true;
        path += n;
        if (*path == ':')
            path++;
    }
    return false;
}

int proc_spawn(Proc *p, char *const argv[], const char *dir, int stderr_fd, char *err,
               size_t errsz)
{
    memset(p, 0, offsetof(Proc, buf));
    p->to_child = p->from_child = -1;
    char path[4096];
    if (!resolve_path(argv[0], path, sizeof path)) {
        snprintf(err, errsz, "cannot execute '%s': %s", argv[0],
                 strchr(argv[0], '/') ? strerror(errno) : "not found in PATH");
        return -1;
    }
    char abspath[8192];
    if (path[0] != '/' && dir) { /* a relative command is relative to our directory */
        char cwd[2048];
        if (getcwd(cwd, sizeof cwd))
            snprintf(abspath, sizeof abspath, "%s/%s", cwd, path);
        else
            str_copy(abspath, sizeof abspath, path);
    } else
        str_copy(abspath, sizeof abspath, path);

    int in[2] = {-1, -1}, out[2] = {-1, -1}, errp[2] = {-1, -1};
    pthread_mutex_lock(&spawn_mutex);
    if (make_pipe(in) || make_pipe(out) || make_pipe(errp)) {
        snprintf(err, errsz, "pipe: %s", strerror(errno));
        close_fd(&in[0]), close_fd(&in[1]), close_fd(&out[0]), close_fd(&out[1]);
        close_fd(&errp[0]), close_fd(&errp[1]);
        pthread_mutex_unlock(&spawn_mutex);
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        /* child: async-signal-safe calls only */
        setpgid(0, 0);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        signal(SIGPIPE, SIG_DFL);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGXFSZ, SIG_DFL);
        if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 ||
            (stderr_fd >= 0 && dup2(stderr_fd, 2) < 0))
            _exit(127);
        int e = 0;
        if (dir && chdir(dir) != 0)
            e = errno;
        else {
            execv(abspath, argv);
            e = errno;
        }
        ssize_t w = write(errp[1], &e, sizeof e);
        (void)w;
        _exit(127);
    }
    int fork_errno = errno;
    close_fd(&in[0]);
    close_fd(&out[1]);
    close_fd(&errp[1]);
    pthread_mutex_unlock(&spawn_mutex);
    if (pid < 0) {
        snprintf(err, errsz, "fork: %s", strerror(fork_errno));
        close_fd(&in[1]), close_fd(&out[0]), close_fd(&errp[0]);
        return -1;
    }
    setpgid(pid, pid); /* also in the parent, against the race */
    int child_errno = 0;
    ssize_t n;
    do
        n = read(errp[0], &child_errno, sizeof child_errno);
    while (n < 0 && errno == EINTR);
    close_fd(&errp[0]);
    if (n > 0) {
        int st;
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
            ;
        close_fd(&in[1]), close_fd(&out[0]);
        snprintf(err, errsz, "cannot start '%s'%s%s: %s", argv[0], dir ? " in " : "",
                 dir ? dir : "", strerror(child_errno));
        return -1;
    }
    p->pid = pid;
    p->to_child = in[1];
    p->from_child = out[0];
    fcntl(p->to_child, F_SETFL, fcntl(p->to_child, F_GETFL) | O_NONBLOCK);
    fcntl(p->from_child, F_SETFL, fcntl(p->from_child, F_GETFL) | O_NONBLOCK);
    return 0;
}

int proc_write_line(Proc *p, const char *text, int timeout_ms)
{
    if (p->to_child < 0)
        return -1;
    size_t n = strlen(text);
    char *buf = xmalloc(n + 1);
    memcpy(buf, text, n);
    buf[n++] = '\n';
    size_t done = 0;
    int64_t deadline = mono_ms() + timeout_ms;
    int rc = 0;
    while (done < n) {
        ssize_t w = write(p->to_child, buf + done, n - done);
        if (w > 0) {
            done += (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            int64_t left = deadline - mono_ms();
            if (left <= 0 || (p->interrupt && *p->interrupt)) {
                rc = -1;
                break;
            }
            struct pollfd pfd = {p->to_child, POLLOUT, 0};
            poll(&pfd, 1, left > 100 ? 100 : (int)left);
            continue;
        }
        rc = -1; /* EPIPE: the child is gone */
        break;
    }
    free(buf);
    return rc;
}

/* Takes one line out of buf; returns 1 if a line was produced.  Consuming a line only moves
   `start`, so that many short lines cost no more than a few long ones. */
static int take_line(Proc *p, char *line, size_t linesz, bool *truncated, bool at_eof)
{
    for (;;) {
        char *data = p->buf + p->start;
        char *nl = memchr(data, '\n', p->len);
        size_t n, consume;
        if (nl)
            n = (size_t)(nl - data), consume = n + 1;
        else if (p->len >= PROC_LINE_MAX || (at_eof && p->len > 0))
            n = consume = p->len; /* an overlong line, or the last bytes before EOF */
        else
            return 0;
        bool skip = p->skipping;
        p->skipping = !nl && !at_eof; /* drop the rest of an overlong line */
        if (!skip) {
            size_t c = n < linesz - 1 ? n : linesz - 1;
            memcpy(line, data, c);
            line[c] = '\0';
            *truncated = c < n || p->skipping;
        }
        p->start += consume;
        p->len -= consume;
        if (p->len == 0)
            p->start = 0;
        if (skip)
            continue;
        size_t l = strlen(line);
        while (l && (line[l - 1] == '\r' || line[l - 1] == ' ' || line[l - 1] == '\t'))
            line[--l] = '\0';
        for (char *c = line; *c; c++)
            if ((unsigned char)*c < 32 && *c != '\t')
                *c = '?';
        return 1;
    }
}

/* Reads what the child has written (after a poll said so) behind the unread bytes. */
static void fill(Proc *p)
{
    if (p->start > 0) { /* the unread bytes to the front: room for a whole read */
        memmove(p->buf, p->buf + p->start, p->len);
        p->start = 0;
    }
    ssize_t n = read(p->from_child, p->buf + p->len, sizeof p->buf - p->len);
    if (n > 0) {
        for (ssize_t i = 0; i < n; i++) /* a line is always a C string */
            if (p->buf[p->len + (size_t)i] == '\0')
                p->buf[p->len + (size_t)i] = '?';
        p->len += (size_t)n;
    } else if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
        p->eof = true;
}

int proc_read_line(Proc *p, char *line, size_t linesz, bool *truncated, int64_t deadline)
{
    *truncated = false;
    for (;;) {
        /* a wait ends at its deadline and on an interrupt, whatever the child writes */
        if (deadline > 0 && (mono_ms() >= deadline || (p->interrupt && *p->interrupt)))
            return 0;
        if (take_line(p, line, linesz, truncated, false))
            return 1;
        if (p->eof || p->from_child < 0) {
            if (take_line(p, line, linesz, truncated, true))
                return 1;
            return -1;
        }
        int64_t left = deadline - mono_ms();
        if (left < 0 || (p->interrupt && *p->interrupt))
            left = 0;
        struct pollfd pfd = {p->from_child, POLLIN, 0};
        int r = poll(&pfd, 1, left > 100 ? 100 : (int)left);
        if (r > 0) {
            fill(p);
            continue;
        }
        if (r < 0 && errno != EINTR)
            p->eof = true;
        else if (left == 0)
            return 0;
    }
}

bool proc_exited(Proc *p)
{
    /* Peeks without reaping: while the child is a zombie its pid (= its process group id)
       cannot be reused, so the group can still be killed safely in proc_stop. */
    if (!p->pid || p->exited)
        return true;
    siginfo_t si;
    memset(&si, 0, sizeof si);
    if (waitid(P_PID, (id_t)p->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0) {
        if (si.si_pid != p->pid)
            return false;
        p->exited = true;
        p->exit_code = si.si_code == CLD_EXITED ? si.si_status : -1;
        p->exit_signal = si.si_code == CLD_EXITED ? 0 : si.si_status;
        return true;
    }
    return errno == ECHILD;
}

static void reap(Proc *p)
{
    if (!p->pid || p->reaped)
        return;
    int st = 0;
    pid_t r;
    while ((r = waitpid(p->pid, &st, 0)) < 0 && errno == EINTR)
        ;
    p->reaped = true;
    if (r == p->pid && !p->exited) {
        p->exited = true;
        p->exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        p->exit_signal = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
    }
}

static bool wait_exit(Proc *p, int ms)
{
    int64_t deadline = mono_ms() + ms;
    for (;;) {
        if (proc_exited(p))
            return true;
        if (mono_ms() >= deadline)
            return false;
        sleep_ms(10);
    }
}

void proc_stop(Proc *p, int grace_ms, bool use_sigterm)
{
    close_fd(&p->to_child); /* EOF on stdin as well: many programs exit on it */
    if (p->pid && !p->reaped) {
        if (!wait_exit(p, grace_ms) && use_sigterm) {
            kill(-p->pid, SIGTERM);
            wait_exit(p, 500);
        }
        /* the engine and any helpers left in its process group; the group id cannot have
           been reused yet, since the leader is not reaped */
        kill(-p->pid, SIGKILL);
        kill(p->pid, SIGKILL);
        reap(p);
    }
    close_fd(&p->from_child);
    p->start = p->len = 0;
    p->skipping = false;
}

void proc_describe_exit(const Proc *p, char *out, size_t outsz)
{
    if (!p->exited)
        snprintf(out, outsz, "still running");
    else if (p->exit_signal)
        snprintf(out, outsz, "killed by signal %d (%s)", p->exit_signal, strsignal(p->exit_signal));
    else
        snprintf(out, outsz, "exited with status %d", p->exit_code);
}
