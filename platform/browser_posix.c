/* Opening a web page on POSIX systems: see browser.h.  xdg-open (macOS: open; on Debian
 * "open" may be openvt, so it is not tried elsewhere) is started with
 * posix_spawnp in a process group of its own, with default signals and an empty signal mask
 * (the caller may block or ignore some), its standard streams on /dev/null, and reaped by a
 * detached thread. */
#include "browser.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

extern char **environ;

static void *reap(void *arg)
{
    pid_t pid = (pid_t)(intptr_t)arg;
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
    return NULL;
}

static int spawn(const char *opener, const char *url, pid_t *pid)
{
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    posix_spawn_file_actions_init(&fa);
    for (int fd = 0; fd < 3; fd++)
        posix_spawn_file_actions_addopen(&fa, fd, "/dev/null", fd ? O_WRONLY : O_RDONLY, 0);
    posix_spawnattr_init(&at);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&at, &none);
    posix_spawnattr_setsigdefault(&at, &all);
    posix_spawnattr_setpgroup(&at, 0);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF |
                                      POSIX_SPAWN_SETPGROUP);
    char *argv[] = {(char *)opener, (char *)url, NULL};
    int rc = posix_spawnp(pid, opener, &fa, &at, argv, environ);
    posix_spawnattr_destroy(&at);
    posix_spawn_file_actions_destroy(&fa);
    return rc;
}

int platform_open_url(const char *url, char *err, size_t errsz)
{
#ifdef __APPLE__
    static const char *const openers[] = {"open"};
#else
    static const char *const openers[] = {"xdg-open"};
#endif
    int rc = ENOENT;
    for (size_t i = 0; i < sizeof openers / sizeof *openers; i++) {
        pid_t pid;
        if ((rc = spawn(openers[i], url, &pid)) != 0)
            continue;
        pthread_t t;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        if (pthread_create(&t, &attr, reap, (void *)(intptr_t)pid) != 0)
            waitpid(pid, NULL, 0);
        pthread_attr_destroy(&attr);
        return 0;
    }
    snprintf(err, errsz, "cannot start %s: %s", openers[0], strerror(rc));
    return -1;
}
