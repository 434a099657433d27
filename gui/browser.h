/* Opening the board's address in the desktop's default browser (kaki-board --open). */
#ifndef KAKI_GUI_BROWSER_H
#define KAKI_GUI_BROWSER_H

#include <stddef.h>

/* Asks the desktop to open url in its default browser and returns at once: xdg-open, started
   in the background, on Linux; the URL handler on Windows.  0 when it was asked, -1 with a
   message (no desktop, no xdg-open) when the user must open url by hand. */
int browser_open(const char *url, char *err, size_t errsz);

#endif
