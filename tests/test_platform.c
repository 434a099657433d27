/* The platform layer (platform/platform.h) on the system it was built for: run on Linux by the
 * main suite and under Wine by the Windows tests (win_test_platform).
 *
 *   test_platform            the clock (monotonic, advancing with sleeps, microseconds and
 *                            milliseconds agreeing), the physical memory, large zeroed blocks
 *   test_platform --stdin N  reads standard input to its end with platform_read_stdin after
 *                            platform_stdin_binary and checks that exactly N bytes came, the
 *                            CR, Ctrl-Z and NUL bytes the test script sends included */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "platform/platform.h"
#include "util/clock.h"

static void clock_checks(void)
{
    int64_t last = mono_us(), backwards = 0;
    for (int i = 0; i < 200000; i++) {
        int64_t now = mono_us();
        backwards += now < last;
        last = now;
    }
    CHECK(backwards == 0, "the monotonic clock went back %lld times", (long long)backwards);

    for (int ms = 1; ms <= 40; ms *= 3) {
        int64_t t0 = mono_us();
        sleep_ms(ms);
        int64_t slept = mono_us() - t0;
        CHECK(slept >= ms * 1000LL && slept < ms * 1000LL + 2000000,
              "sleep_ms(%d) slept %lld us", ms, (long long)slept);
    }
    int64_t us = mono_us(), ms = mono_ms();
    CHECK(ms - us / 1000 >= 0 && ms - us / 1000 < 1000, "mono_ms %lld and mono_us %lld disagree",
          (long long)ms, (long long)us);
    CHECK(mono_seconds() > 0, "mono_seconds is not positive");
    sleep_ms(0);
    sleep_ms(-5); /* nothing, at once */
}

static void memory_checks(void)
{
    long mb = platform_physical_mb();
    CHECK(mb >= 64 && mb < (1L << 30), "physical memory %ld MiB", mb);
}

/* platform_alloc_large: zeroed, aligned at least to a page, writable to its last byte, and an
   impossible size refused with NULL (the hash table keeps its old block then). */
static void large_block_checks(void)
{
    const size_t sizes[] = {1, 4096, (3u << 20) + 5, 64u << 20};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        size_t n = sizes[k];
        unsigned char *p = platform_alloc_large(n, k % 2 == 1);
        CHECK(p != NULL, "no block of %zu bytes", n);
        if (!p)
            continue;
        CHECK((uintptr_t)p % 4096 == 0, "a block of %zu bytes at %p: not page aligned", n,
              (void *)p);
        size_t nonzero = 0;
        for (size_t i = 0; i < n; i += n > 4096 ? 509 : 1)
            nonzero += p[i] != 0;
        nonzero += p[n - 1] != 0;
        CHECK(nonzero == 0, "%zu bytes of a fresh %zu-byte block are not zero", nonzero, n);
        memset(p, 0xA5, n);
        CHECK(p[0] == 0xA5 && p[n - 1] == 0xA5, "a %zu-byte block does not keep what was written",
              n);
        platform_free_large(p, n);
    }
    CHECK(platform_alloc_large(0, true) == NULL, "a block of 0 bytes");
    CHECK(platform_alloc_large(SIZE_MAX, true) == NULL, "a block of SIZE_MAX bytes");
    CHECK(platform_alloc_large(SIZE_MAX / 2, false) == NULL, "a block of SIZE_MAX / 2 bytes");
    platform_free_large(NULL, 100); /* nothing */
}

static int stdin_check(long expected)
{
    platform_stdin_binary();
    char buf[7]; /* small: the bytes come in several reads */
    long total = 0, r, zeros = 0, ctrl_z = 0, cr = 0;
    while ((r = platform_read_stdin(buf, sizeof buf)) > 0) {
        for (long i = 0; i < r; i++) {
            zeros += buf[i] == '\0';
            ctrl_z += buf[i] == 0x1a;
            cr += buf[i] == '\r';
        }
        total += r;
    }
    CHECK(r == 0, "platform_read_stdin ended with %ld, not 0 (end of input)", r);
    CHECK(total == expected, "%ld bytes read from stdin, %ld sent", total, expected);
    CHECK(zeros > 0 && ctrl_z > 0 && cr > 0, "NUL %ld, Ctrl-Z %ld, CR %ld bytes seen", zeros,
          ctrl_z, cr);
    return check_finish("test_platform --stdin");
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--stdin") == 0)
        return stdin_check(atol(argv[2]));
    clock_checks();
    memory_checks();
    large_block_checks();
    return check_finish("test_platform");
}
