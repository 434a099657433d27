/* The platform layer on POSIX systems (Linux, the BSDs, macOS): see platform.h. */
#include "platform.h"

#include <errno.h>
#include <time.h>
#include <unistd.h>

int64_t platform_mono_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

void platform_sleep_ms(int64_t ms)
{
    struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

long platform_physical_mb(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || size <= 0)
        return 0;
    return (long)((double)pages * (double)size / (1024.0 * 1024.0));
}

void platform_stdin_binary(void) {} /* POSIX has no text mode */

long platform_read_stdin(char *buf, size_t n)
{
    for (;;) {
        ssize_t r = read(0, buf, n);
        if (r >= 0)
            return (long)r;
        if (errno != EINTR)
            return -1;
    }
}
