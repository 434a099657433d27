/* Opening a web page in the user's browser (kaki-board --open): xdg-open (macOS: open) on
 * POSIX systems, the shell's default browser on Windows.  browser_posix.c or
 * browser_windows.c implements it. */
#ifndef KAKI_PLATFORM_BROWSER_H
#define KAKI_PLATFORM_BROWSER_H

#include <stddef.h>

/* Asks the system to show url in the default browser, without waiting for the browser.
   0, or -1 with the reason in err (no opener, it could not be started). */
int platform_open_url(const char *url, char *err, size_t errsz);

#endif
