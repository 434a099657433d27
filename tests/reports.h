/* Collecting the reports of a search (one per completed iteration) for tests that look at
 * every depth.  Header-only. */
#ifndef KAKI_TEST_REPORTS_H
#define KAKI_TEST_REPORTS_H

#include "search/searcher.h"

static SearchReport reports[MAX_PLY];
static int nreports;
static void collect(void *ctx, const Position *root, const SearchReport *r)
{
    (void)ctx, (void)root;
    if (nreports < MAX_PLY)
        reports[nreports++] = *r;
}

#endif
