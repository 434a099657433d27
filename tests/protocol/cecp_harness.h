/* In-process CECP test harness: a Cecp whose output lines are collected in memory. */
#ifndef KAKI_TEST_CECP_HARNESS_H
#define KAKI_TEST_CECP_HARNESS_H

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/cecp.h"

typedef struct Out {
    pthread_mutex_t lock;
    char **lines;
    int n, cap;
    long total; /* lines ever written */
} Out;

static void out_write(void *ctx, const char *line)
{
    Out *o = ctx;
    pthread_mutex_lock(&o->lock);
    if (o->n == o->cap) {
        o->cap = o->cap ? 2 * o->cap : 256;
        o->lines = realloc(o->lines, (size_t)o->cap * sizeof *o->lines);
        if (!o->lines)
            abort();
    }
    o->lines[o->n] = strdup(line);
    if (!o->lines[o->n])
        abort();
    o->n++;
    o->total++;
    pthread_mutex_unlock(&o->lock);
}

static inline void out_init(Out *o)
{
    memset(o, 0, sizeof *o);
    pthread_mutex_init(&o->lock, NULL);
}

static inline void out_clear(Out *o)
{
    pthread_mutex_lock(&o->lock);
    for (int i = 0; i < o->n; i++)
        free(o->lines[i]);
    o->n = 0;
    pthread_mutex_unlock(&o->lock);
}

static inline void out_free(Out *o)
{
    out_clear(o);
    free(o->lines);
    pthread_mutex_destroy(&o->lock);
}

/* Index of the first line at or after `from` that starts with `prefix`, or -1. */
static inline int out_find(Out *o, int from, const char *prefix)
{
    int r = -1;
    pthread_mutex_lock(&o->lock);
    for (int i = from < 0 ? 0 : from; i < o->n && r < 0; i++)
        if (strncmp(o->lines[i], prefix, strlen(prefix)) == 0)
            r = i;
    pthread_mutex_unlock(&o->lock);
    return r;
}

static inline int out_count(Out *o, const char *prefix)
{
    int k = 0;
    pthread_mutex_lock(&o->lock);
    for (int i = 0; i < o->n; i++)
        if (strncmp(o->lines[i], prefix, strlen(prefix)) == 0)
            k++;
    pthread_mutex_unlock(&o->lock);
    return k;
}

/* A copy of line i (caller frees), or NULL. */
static inline char *out_line(Out *o, int i)
{
    char *s = NULL;
    pthread_mutex_lock(&o->lock);
    if (i >= 0 && i < o->n)
        s = strdup(o->lines[i]);
    pthread_mutex_unlock(&o->lock);
    return s;
}

static inline int out_n(Out *o)
{
    pthread_mutex_lock(&o->lock);
    int n = o->n;
    pthread_mutex_unlock(&o->lock);
    return n;
}

/* A new Cecp writing into o (cleared first), with a 16 MB table and `threads` threads, after
   the handshake "xboard", "protover 2", "memory 1". */
static inline Cecp *cecp_fresh(Out *o, int threads)
{
    out_clear(o);
    Cecp *c = cecp_new(out_write, o);
    cecp_set_resource_limits(c, 16, threads);
    cecp_handle(c, "xboard");
    cecp_handle(c, "protover 2");
    cecp_handle(c, "memory 1");
    return c;
}

#endif
