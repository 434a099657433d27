/* The platform layer on Windows (built with MinGW-w64, tested under Wine): see platform.h.
 * Only kernel32 and the C runtime are used. */
#include "platform.h"

#define WIN32_LEAN_AND_MEAN
#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <windows.h>

int64_t platform_mono_us(void)
{
    static LARGE_INTEGER freq; /* fixed at boot: racing first calls store the same value */
    LARGE_INTEGER now;
    if (!freq.QuadPart)
        QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&now);
    /* split to avoid overflow: counts * 10^6 exceeds 63 bits after days at 10 MHz */
    int64_t s = now.QuadPart / freq.QuadPart, rest = now.QuadPart % freq.QuadPart;
    return s * 1000000 + rest * 1000000 / freq.QuadPart;
}

void platform_sleep_ms(int64_t ms)
{
    /* Sleep() has the system timer's granularity (often 15.6 ms): it sleeps at least ms */
    while (ms > 0) {
        DWORD part = ms > 0x7FFFFFFF ? 0x7FFFFFFF : (DWORD)ms;
        Sleep(part);
        ms -= part;
    }
}

long platform_physical_mb(void)
{
    MEMORYSTATUSEX st;
    st.dwLength = sizeof st;
    if (!GlobalMemoryStatusEx(&st))
        return 0;
    return (long)(st.ullTotalPhys >> 20);
}

void platform_stdin_binary(void) { _setmode(_fileno(stdin), _O_BINARY); }

long platform_read_stdin(char *buf, size_t n)
{
    /* _read takes an unsigned int count; a broken pipe (the GUI is gone) is the end */
    int r = _read(0, buf, n > 65536 ? 65536u : (unsigned)n);
    return r < 0 ? -1 : r;
}

/* VirtualAlloc gives zeroed pages aligned to 64 KiB; large pages would need a privilege users
   rarely have, so the block is made of ordinary pages. */
void *platform_alloc_large(size_t bytes, bool huge_pages)
{
    (void)huge_pages;
    if (bytes == 0)
        return NULL;
    return VirtualAlloc(NULL, bytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
}

void platform_free_large(void *block, size_t bytes)
{
    (void)bytes;
    if (block)
        VirtualFree(block, 0, MEM_RELEASE);
}
