/* The record of violated search invariants (checks.h); empty unless KAKI_SEARCH_CHECKS. */
#include "checks.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#ifdef KAKI_SEARCH_CHECKS
static atomic_long failures;
static pthread_mutex_t first_lock = PTHREAD_MUTEX_INITIALIZER;
static char first_failure[160];

void search_check_failed(const char *what, int score, int ply)
{
    if (atomic_fetch_add(&failures, 1) == 0) {
        pthread_mutex_lock(&first_lock);
        snprintf(first_failure, sizeof first_failure, "%s: score %d at ply %d", what, score, ply);
        pthread_mutex_unlock(&first_lock);
    }
}

long search_checks_failed(char *first, size_t n)
{
    if (n) {
        pthread_mutex_lock(&first_lock);
        snprintf(first, n, "%s", first_failure);
        pthread_mutex_unlock(&first_lock);
    }
    return atomic_load(&failures);
}
#else
long search_checks_failed(char *first, size_t n)
{
    if (n)
        first[0] = '\0';
    return -1;
}
#endif
