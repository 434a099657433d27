/* Opening a web page on Windows: see browser.h.  ShellExecute with the "open" verb, which
 * starts the default browser (under Wine: winebrowser, which asks the host system). */
#include "browser.h"

#define WIN32_LEAN_AND_MEAN
#include <stdint.h>
#include <stdio.h>
#include <windows.h>
#include <shellapi.h>

int platform_open_url(const char *url, char *err, size_t errsz)
{
    INT_PTR rc = (INT_PTR)ShellExecuteA(NULL, "open", url, NULL, NULL, SW_SHOWNORMAL);
    if (rc > 32)
        return 0;
    snprintf(err, errsz, "the system could not open a browser (ShellExecute error %d)", (int)rc);
    return -1;
}
