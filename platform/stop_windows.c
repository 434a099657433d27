/* Stop requests on Windows: see stop.h.  A console control handler (which Windows calls on a
 * thread of its own) records the request and sets an event that platform_stop_wait waits for.
 * The handler has no context argument: the state is this file's. */
#include "stop.h"

#define WIN32_LEAN_AND_MEAN
#include <stdatomic.h>
#include <stdio.h>
#include <windows.h>

static HANDLE stop_event;        /* manual reset: set by a request or a cancellation */
static atomic_int stop_request;  /* the CTRL_*_EVENT + 1 of the first request, 0 if none */

static BOOL WINAPI on_console_event(DWORD type)
{
    int none = 0;
    atomic_compare_exchange_strong(&stop_request, &none, (int)type + 1);
    SetEvent(stop_event);
    /* closing the window, logging off, shutting down: Windows ends the process as soon as
       this returns; the program has a few seconds to stop (it exits meanwhile) */
    if (type == CTRL_CLOSE_EVENT || type == CTRL_LOGOFF_EVENT || type == CTRL_SHUTDOWN_EVENT)
        Sleep(4000);
    return TRUE;
}

void platform_write_errors_not_signals(void) {} /* no SIGPIPE, no SIGXFSZ */

void platform_stop_hold(void)
{
    stop_event = CreateEventA(NULL, TRUE, FALSE, NULL);
    SetConsoleCtrlHandler(on_console_event, TRUE);
}

bool platform_stop_wait(char *what, size_t n)
{
    WaitForSingleObject(stop_event, INFINITE);
    static const char *const names[] = {"Ctrl-C", "Ctrl-Break", "the console closed", "?",
                                        "?", "logoff", "shutdown"};
    int request = atomic_load(&stop_request);
    if (request == 0)
        return false;
    snprintf(what, n, "%s", request - 1 < 7 ? names[request - 1] : "a console event");
    return true;
}

void platform_stop_cancel(void) { SetEvent(stop_event); }
