#include "browser.h"

#include <stdio.h>
#include <stdlib.h>

#ifdef _WIN32
#include <windows.h>

int browser_open(const char *url, char *err, size_t errsz)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "rundll32.exe url.dll,FileProtocolHandler %s", url);
    STARTUPINFOA si = {.cb = sizeof si};
    PROCESS_INFORMATION pi;
    if (!CreateProcessA(NULL, cmd, NULL, NULL, FALSE, CREATE_NO_WINDOW, NULL, NULL, &si, &pi)) {
        snprintf(err, errsz, "cannot start rundll32 (error %lu)", (unsigned long)GetLastError());
        return -1;
    }
    CloseHandle(pi.hThread);
    CloseHandle(pi.hProcess);
    return 0;
}

#else
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

/* sh starts xdg-open in the background and exits at once, so that the browser is never a
   child of kaki-board (nothing to reap later, nothing stopped with the board). */
static const char open_script[] =
    "command -v xdg-open >/dev/null 2>&1 || exit 3; xdg-open \"$1\" >/dev/null 2>&1 </dev/null &";

int browser_open(const char *url, char *err, size_t errsz)
{
    const char *x11 = getenv("DISPLAY"), *wayland = getenv("WAYLAND_DISPLAY");
    if (!(x11 && *x11) && !(wayland && *wayland)) {
        snprintf(err, errsz, "no desktop: neither DISPLAY nor WAYLAND_DISPLAY is set");
        return -1;
    }
    /* kaki-board blocks its stop signals and ignores SIGPIPE: the child gets neither */
    posix_spawnattr_t attr;
    sigset_t none, pipe;
    sigemptyset(&none);
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &pipe);
    char *argv[] = {"sh", "-c", (char *)open_script, "kaki-board", (char *)url, NULL};
    pid_t pid;
    int rc = posix_spawn(&pid, "/bin/sh", NULL, &attr, argv, environ);
    posix_spawnattr_destroy(&attr);
    if (rc != 0) {
        snprintf(err, errsz, "cannot start /bin/sh: errno %d", rc);
        return -1;
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        snprintf(err, errsz, WIFEXITED(st) && WEXITSTATUS(st) == 3 ? "xdg-open is not installed"
                                                                     : "the shell failed");
        return -1;
    }
    return 0;
}
#endif
