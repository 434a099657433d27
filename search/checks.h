/* Invariants the search checks in a checked build (KAKI_SEARCH_CHECKS: a test's copy of the
 * search, tests/CMakeLists.txt), and nowhere else: in a normal build SEARCH_CHECK is nothing.
 * A violation is counted and the first one described, for the test to read. */
#ifndef KAKI_SEARCH_CHECKS_H
#define KAKI_SEARCH_CHECKS_H

#include <stdbool.h>
#include <stddef.h>

#ifdef KAKI_SEARCH_CHECKS
void search_check_failed(const char *what, int score, int ply);
#define SEARCH_CHECK(cond, what, score, ply)                                                   \
    do {                                                                                       \
        if (!(cond))                                                                           \
            search_check_failed(what, score, ply);                                             \
    } while (0)
#else
#define SEARCH_CHECK(cond, what, score, ply) ((void)0)
#endif

/* The violations so far (-1 if this is not a checked build); the first one's description goes
   to first[0..n) (empty if none). */
long search_checks_failed(char *first, size_t n);

#endif
