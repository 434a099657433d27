#include "events.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/clock.h"
#include "util/deadline.h"
#include "util/strutil.h"

typedef struct Event {
    uint64_t seq;
    char *text; /* "id: N\nevent: T\ndata: ...\n\n" */
} Event;

typedef struct Client {
    char id[EVENTS_CLIENT_ID_MAX + 1];
    int streams;
    int64_t left_ms;
} Client;

#define MAX_CLIENTS 64

struct EventHub {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    uint64_t seq;
    Event ring[EVENTS_RING];
    bool stopping;
    int streams;
    Client clients[MAX_CLIENTS];
    int nclients;
};

EventHub *events_new(void)
{
    EventHub *h = xcalloc(1, sizeof *h);
    pthread_mutex_init(&h->mu, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&h->cv, &attr);
    pthread_condattr_destroy(&attr);
    return h;
}

void events_free(EventHub *h)
{
    if (!h)
        return;
    for (int i = 0; i < EVENTS_RING; i++)
        free(h->ring[i].text);
    pthread_mutex_destroy(&h->mu);
    pthread_cond_destroy(&h->cv);
    free(h);
}

void events_publish(EventHub *h, const char *type, const char *data)
{
    size_t n = strlen(type) + strlen(data) + 64;
    char *text = xmalloc(n);
    pthread_mutex_lock(&h->mu);
    uint64_t seq = ++h->seq;
    snprintf(text, n, "id: %llu\nevent: %s\ndata: %s\n\n", (unsigned long long)seq, type, data);
    Event *e = &h->ring[seq % EVENTS_RING];
    free(e->text);
    e->seq = seq;
    e->text = text;
    pthread_cond_broadcast(&h->cv);
    pthread_mutex_unlock(&h->mu);
}

uint64_t events_last(EventHub *h)
{
    pthread_mutex_lock(&h->mu);
    uint64_t s = h->seq;
    pthread_mutex_unlock(&h->mu);
    return s;
}

/* The events after *seq as one text (mutex held). */
static char *collect(EventHub *h, uint64_t *seq)
{
    size_t total = 0;
    uint64_t from = *seq + 1;
    if (h->seq >= EVENTS_RING && from <= h->seq - EVENTS_RING) {
        /* fell behind: the oldest events are gone; the page reloads the whole state */
        *seq = h->seq;
        char buf[96];
        snprintf(buf, sizeof buf, "id: %llu\nevent: resync\ndata: {}\n\n",
                 (unsigned long long)h->seq);
        return xstrdup(buf);
    }
    for (uint64_t s = from; s <= h->seq; s++)
        total += strlen(h->ring[s % EVENTS_RING].text);
    char *out = xmalloc(total + 1), *p = out;
    for (uint64_t s = from; s <= h->seq; s++) {
        size_t l = strlen(h->ring[s % EVENTS_RING].text);
        memcpy(p, h->ring[s % EVENTS_RING].text, l);
        p += l;
    }
    *p = '\0';
    *seq = h->seq;
    return out;
}

char *events_wait(EventHub *h, uint64_t *seq, int timeout_ms)
{
    struct timespec until = deadline_after_ms(CLOCK_MONOTONIC, timeout_ms);
    pthread_mutex_lock(&h->mu);
    while (!h->stopping && h->seq <= *seq)
        if (pthread_cond_timedwait(&h->cv, &h->mu, &until) != 0)
            break;
    char *out = !h->stopping && h->seq > *seq ? collect(h, seq) : NULL;
    pthread_mutex_unlock(&h->mu);
    return out;
}

static Client *find_client(EventHub *h, const char *id, bool add)
{
    for (int i = 0; i < h->nclients; i++)
        if (strcmp(h->clients[i].id, id) == 0)
            return &h->clients[i];
    if (!add)
        return NULL;
    if (h->nclients == MAX_CLIENTS) { /* forget the one gone longest */
        int old = -1;
        for (int i = 0; i < h->nclients; i++)
            if (!h->clients[i].streams && (old < 0 || h->clients[i].left_ms < h->clients[old].left_ms))
                old = i;
        if (old < 0)
            return NULL;
        h->clients[old] = h->clients[--h->nclients];
    }
    Client *c = &h->clients[h->nclients++];
    memset(c, 0, sizeof *c);
    str_copy(c->id, sizeof c->id, id);
    return c;
}

bool events_enter(EventHub *h, const char *client)
{
    pthread_mutex_lock(&h->mu);
    bool ok = h->streams < EVENTS_MAX_STREAMS;
    Client *c = ok ? find_client(h, client, true) : NULL;
    ok = c != NULL;
    if (ok) {
        c->streams++;
        h->streams++;
    }
    pthread_mutex_unlock(&h->mu);
    return ok;
}

void events_leave(EventHub *h, const char *client)
{
    pthread_mutex_lock(&h->mu);
    Client *c = find_client(h, client, false);
    if (c && c->streams > 0) {
        c->streams--;
        h->streams--;
        c->left_ms = mono_ms();
    }
    pthread_mutex_unlock(&h->mu);
}

int64_t events_absent_ms(EventHub *h, const char *client)
{
    pthread_mutex_lock(&h->mu);
    Client *c = find_client(h, client, false);
    int64_t r = !c ? -1 : c->streams ? 0 : mono_ms() - c->left_ms;
    pthread_mutex_unlock(&h->mu);
    return r;
}

void events_stop(EventHub *h)
{
    pthread_mutex_lock(&h->mu);
    h->stopping = true;
    pthread_cond_broadcast(&h->cv);
    pthread_mutex_unlock(&h->mu);
}

bool events_stopping(EventHub *h)
{
    pthread_mutex_lock(&h->mu);
    bool s = h->stopping;
    pthread_mutex_unlock(&h->mu);
    return s;
}

bool events_valid_client(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > EVENTS_CLIENT_ID_MAX)
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-'))
            return false;
    }
    return true;
}
