/* Requests from outside to stop the program, for the programs that stop cleanly on them
 * (kaki-board, kaki-match): Ctrl-C and, on POSIX, SIGTERM and SIGHUP; on Windows Ctrl-C,
 * Ctrl-Break, closing the console window, logging off and shutting down.  The program holds
 * them from the start of main and waits for them on a thread of its own, which then stops the
 * rest in its own way.  stop_posix.c or stop_windows.c implements it. */
#ifndef KAKI_PLATFORM_STOP_H
#define KAKI_PLATFORM_STOP_H

#include <stdbool.h>
#include <stddef.h>

/* Writes to a closed pipe or socket, and past a file size limit, fail with an error (EPIPE,
   EFBIG) instead of ending the program (on POSIX SIGPIPE and SIGXFSZ are ignored; Windows
   has no such signals). */
void platform_write_errors_not_signals(void);

/* Call in main before any other thread starts: the stop requests are held for
   platform_stop_wait from now on (on POSIX they are blocked in every thread, SIGUSR1 too, for
   platform_stop_cancel; child processes start with them unblocked). */
void platform_stop_hold(void);

/* Waits for a stop request: true with its name in what ("signal 15", "Ctrl-C"), or false when
   platform_stop_cancel ended the wait.  One thread at a time. */
bool platform_stop_wait(char *what, size_t n);

/* Ends a platform_stop_wait from another thread (at once, or as soon as it begins). */
void platform_stop_cancel(void);

#endif
