/* Minimal test helpers: CHECK counts failures and prints where; the test's main returns
   check_finish(). */
#ifndef KAKI_TEST_CHECK_H
#define KAKI_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>

static int check_failures, check_count;

#define CHECK(cond, ...)                                                                       \
    do {                                                                                       \
        check_count++;                                                                         \
        if (!(cond)) {                                                                         \
            check_failures++;                                                                  \
            fprintf(stderr, "%s:%d: FAILED: %s: ", __FILE__, __LINE__, #cond);                 \
            fprintf(stderr, __VA_ARGS__);                                                      \
            fprintf(stderr, "\n");                                                             \
        }                                                                                      \
    } while (0)

/* Percentage of the full work load that randomised tests should do: KAKI_TEST_SCALE (default
   100); sanitizer builds set it lower. */
static inline int test_scale(void)
{
    const char *s = getenv("KAKI_TEST_SCALE");
    int v = s ? atoi(s) : 100;
    return v < 1 ? 1 : v > 1000 ? 1000 : v;
}
static inline int scaled(int n)
{
    int v = n * test_scale() / 100;
    return v < 1 ? 1 : v;
}

static inline int check_finish(const char *name)
{
    printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
    return check_failures ? 1 : 0;
}

#endif
