/* Child processes on POSIX systems: see child.h.  fork and execv, with every descriptor of
 * ours closed on exec; non-blocking pipes read and written after poll(); the child leads a
 * process group of its own, killed as a whole. */
#define _GNU_SOURCE 1 /* strsignal */
#include "child.h"

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

struct Child {
    pid_t pid;
    int to_child;       /* the child's stdin, -1 once closed */
    int from_child;     /* the child's stdout */
};

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

static void copy(char *out, size_t outsz, const char *s) { snprintf(out, outsz, "%s", s); }

/* PATH lookup in the parent: only async-signal-safe calls may follow fork(). */
static bool resolve_path(const char *cmd, char *out, size_t outsz)
{
    if (strchr(cmd, '/')) {
        copy(out, outsz, cmd);
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

/* The child's side of fork(): async-signal-safe calls only.  Reports an exec failure's errno
   on report_fd. */
static void run_child(int in, int out, int errfd, int report_fd, const char *dir,
                      const char *abspath, char *const argv[])
{
    setpgid(0, 0);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGXFSZ, SIG_DFL);
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || (errfd >= 0 && dup2(errfd, 2) < 0))
        _exit(127);
    int e = 0;
    if (dir && chdir(dir) != 0)
        e = errno;
    else {
        execv(abspath, argv);
        e = errno;
    }
    ssize_t w = write(report_fd, &e, sizeof e);
    (void)w;
    _exit(127);
}

Child *child_spawn(char *const argv[], const char *dir, const char *stderr_path, char *err,
                   size_t errsz)
{
    char path[4096];
    if (!resolve_path(argv[0], path, sizeof path)) {
        snprintf(err, errsz, "cannot execute '%s': %s", argv[0],
                 strchr(argv[0], '/') ? strerror(errno) : "not found in PATH");
        return NULL;
    }
    char abspath[8192];
    if (path[0] != '/' && dir) { /* a relative command is relative to our directory */
        char cwd[2048];
        if (getcwd(cwd, sizeof cwd))
            snprintf(abspath, sizeof abspath, "%s/%s", cwd, path);
        else
            copy(abspath, sizeof abspath, path);
    } else
        copy(abspath, sizeof abspath, path);

    int errfd = -1;
    if (stderr_path) {
        errfd = open(stderr_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (errfd < 0) {
            snprintf(err, errsz, "cannot open %s", stderr_path);
            return NULL;
        }
    }
    int in[2] = {-1, -1}, out[2] = {-1, -1}, errp[2] = {-1, -1};
    pthread_mutex_lock(&spawn_mutex);
    if (make_pipe(in) || make_pipe(out) || make_pipe(errp)) {
        snprintf(err, errsz, "pipe: %s", strerror(errno));
        close_fd(&in[0]), close_fd(&in[1]), close_fd(&out[0]), close_fd(&out[1]);
        close_fd(&errp[0]), close_fd(&errp[1]), close_fd(&errfd);
        pthread_mutex_unlock(&spawn_mutex);
        return NULL;
    }
    pid_t pid = fork();
    if (pid == 0)
        run_child(in[0], out[1], errfd, errp[1], dir, abspath, argv);
    int fork_errno = errno;
    close_fd(&in[0]);
    close_fd(&out[1]);
    close_fd(&errp[1]);
    pthread_mutex_unlock(&spawn_mutex);
    close_fd(&errfd);
    if (pid < 0) {
        snprintf(err, errsz, "fork: %s", strerror(fork_errno));
        close_fd(&in[1]), close_fd(&out[0]), close_fd(&errp[0]);
        return NULL;
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
        return NULL;
    }
    Child *c = malloc(sizeof *c);
    if (!c) {
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        close_fd(&in[1]), close_fd(&out[0]);
        snprintf(err, errsz, "out of memory");
        return NULL;
    }
    c->pid = pid;
    c->to_child = in[1];
    c->from_child = out[0];
    fcntl(c->to_child, F_SETFL, fcntl(c->to_child, F_GETFL) | O_NONBLOCK);
    fcntl(c->from_child, F_SETFL, fcntl(c->from_child, F_GETFL) | O_NONBLOCK);
    return c;
}

long child_pid(const Child *c) { return (long)c->pid; }

long child_write(Child *c, const char *buf, size_t n)
{
    if (c->to_child < 0)
        return -1;
    for (;;) {
        ssize_t w = write(c->to_child, buf, n);
        if (w > 0)
            return (long)w;
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return 0;
        return -1; /* EPIPE: the child is gone */
    }
}

bool child_write_pending(Child *c)
{
    (void)c;
    return false;
}

void child_wait_writable(Child *c, int ms)
{
    struct pollfd pfd = {c->to_child, POLLOUT, 0};
    poll(&pfd, 1, ms);
}

long child_read(Child *c, char *buf, size_t n)
{
    ssize_t r = read(c->from_child, buf, n);
    if (r > 0)
        return (long)r;
    if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
        return 0;
    return -1;
}

int child_wait_output(Child *const cs[], int n, int ms)
{
    struct pollfd pfd[16];
    int nfd = 0;
    for (int i = 0; i < n && nfd < 16; i++)
        if (cs[i])
            pfd[nfd++] = (struct pollfd){cs[i]->from_child, POLLIN, 0};
    int r = poll(pfd, (nfds_t)nfd, ms);
    return r < 0 && errno == EINTR ? 0 : r;
}

void child_close_input(Child *c) { close_fd(&c->to_child); }

int child_ended(Child *c, int *code, int *sig)
{
    /* Peeks without reaping: while the child is a zombie its pid (= its process group id)
       cannot be reused, so the group can still be killed safely. */
    siginfo_t si;
    memset(&si, 0, sizeof si);
    if (waitid(P_PID, (id_t)c->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0) {
        if (si.si_pid != c->pid)
            return 0;
        *code = si.si_code == CLD_EXITED ? si.si_status : -1;
        *sig = si.si_code == CLD_EXITED ? 0 : si.si_status;
        return 1;
    }
    return errno == ECHILD ? -1 : 0;
}

bool child_terminate(Child *c)
{
    kill(-c->pid, SIGTERM);
    return true;
}

void child_kill(Child *c)
{
    /* the child and any helpers left in its process group; the group id cannot have been
       reused yet, since the leader is not reaped */
    kill(-c->pid, SIGKILL);
    kill(c->pid, SIGKILL);
}

bool child_release(Child *c, int *code, int *sig)
{
    int st = 0;
    pid_t r;
    while ((r = waitpid(c->pid, &st, 0)) < 0 && errno == EINTR)
        ;
    close_fd(&c->to_child);
    close_fd(&c->from_child);
    free(c);
    if (r < 0)
        return false;
    *code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    *sig = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
    return true;
}

long child_reap_stray(void)
{
    int st;
    pid_t p = waitpid(-1, &st, WNOHANG);
    return p > 0 ? (long)p : 0;
}

void child_describe_end(int code, int sig, char *out, size_t outsz)
{
    if (sig)
        snprintf(out, outsz, "killed by signal %d (%s)", sig, strsignal(sig));
    else
        snprintf(out, outsz, "exited with status %d", code);
}
