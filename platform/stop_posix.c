/* Stop requests on POSIX systems: see stop.h.  The signals are blocked in every thread and
 * taken with sigwait; SIGUSR1 is the cancellation. */
#include "stop.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static void stop_signals(sigset_t *set)
{
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGHUP);
    sigaddset(set, SIGUSR1);
}

void platform_write_errors_not_signals(void)
{
    signal(SIGPIPE, SIG_IGN);
    signal(SIGXFSZ, SIG_IGN);
}

void platform_stop_hold(void)
{
    sigset_t set;
    stop_signals(&set);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
}

bool platform_stop_wait(char *what, size_t n)
{
    sigset_t set;
    stop_signals(&set);
    int sig = 0;
    sigwait(&set, &sig);
    if (sig == SIGUSR1)
        return false;
    snprintf(what, n, "signal %d", sig);
    return true;
}

/* Pending until the waiting thread takes it: every thread blocks it. */
void platform_stop_cancel(void) { kill(getpid(), SIGUSR1); }
