/* The platform layer on POSIX systems (Linux, the BSDs, macOS): see platform.h. */
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS, madvise */
#include "platform.h"

#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>
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

enum { LARGE_ALIGN = 2 << 20 };
static size_t large_size(size_t bytes)
{
    return (bytes + LARGE_ALIGN - 1) & ~(size_t)(LARGE_ALIGN - 1);
}

void *platform_alloc_large(size_t bytes, bool huge_pages)
{
    size_t size = large_size(bytes), span = size + LARGE_ALIGN;
    if (bytes == 0 || size < bytes || span < size)
        return NULL;
    char *map = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED)
        return NULL;
    /* keep the aligned middle, give the rest back */
    char *block = (char *)(((uintptr_t)map + LARGE_ALIGN - 1) & ~(uintptr_t)(LARGE_ALIGN - 1));
    if (block > map)
        munmap(map, (size_t)(block - map));
    if (map + span > block + size)
        munmap(block + size, (size_t)(map + span - (block + size)));
#ifdef MADV_HUGEPAGE
    if (huge_pages)
        madvise(block, size, MADV_HUGEPAGE); /* a hint: refused, the block has smaller pages */
#else
    (void)huge_pages;
#endif
    return block;
}

void platform_free_large(void *block, size_t bytes)
{
    if (block)
        munmap(block, large_size(bytes));
}
