#include "tt.h"

#include <string.h>

#include "platform/platform.h"

/* data: move 27 bits | score 16 | eval/4 12 | depth 6 | bound 2 | age 1 = 64 bits */
#define MOVE_BITS 27
static inline uint64_t pack(Move move, int score, int eval, int depth, int bound, int age)
{
    int e = eval / 4;
    if (e > 2047)
        e = 2047;
    if (e < -2048)
        e = -2048;
    if (depth < 0)
        depth = 0;
    if (depth > 63)
        depth = 63;
    return (uint64_t)(move & ((1u << MOVE_BITS) - 1)) | (uint64_t)(uint16_t)(int16_t)score << 27 |
           (uint64_t)((unsigned)e & 0xFFF) << 43 | (uint64_t)depth << 55 | (uint64_t)bound << 61 |
           (uint64_t)(age & 1) << 63;
}

static inline void unpack(uint64_t d, TTHit *h)
{
    h->move = (Move)(d & ((1u << MOVE_BITS) - 1));
    h->score = (int16_t)(uint16_t)(d >> 27);
    int e = (int)((d >> 43) & 0xFFF);
    if (e & 0x800)
        e -= 0x1000;
    h->eval = e * 4;
    h->depth = (int)((d >> 55) & 0x3F);
    h->bound = (int)((d >> 61) & 3);
}
static inline int age_of(uint64_t d) { return (int)(d >> 63); }

/* A table of up to ZERO_MAX_MB (and at most half the machine's memory) is zeroed by every
   clear: a search after a new game then walks the tree of a fresh engine, node for node, and
   every page is mapped before a search needs it.  The system maps a fresh page at its first
   write; left to the search, those faults cost a short search a sixth of its time (64 MB:
   16,000 faults, 1.1 s over the 21 bench positions at depth 10) and cost two threads faulting
   at once far more (docs/SPEED.md, "Two threads").  Zeroing 256 MB takes about 0.1 s here
   (`memory` must be answered at once, tests/protocol/test_cecp.c); writing more than half the
   memory could wake the out-of-memory killer.  A larger table is for long searches, which
   hardly notice the faults: it is emptied by a new salt alone (constant time), and its stale
   entries then still steer which slots are replaced. */
enum { ZERO_MAX_MB = 256 };
static bool zeroed_on_clear(size_t buckets)
{
    long physical_mb = platform_physical_mb();
    size_t mb = (buckets * TT_BUCKET * sizeof(TTEntry)) >> 20;
    return mb <= ZERO_MAX_MB && (physical_mb <= 0 || mb <= (size_t)physical_mb / 2);
}

size_t tt_resize(TT *tt, size_t mb)
{
    if (mb < 1)
        mb = 1;
    size_t bytes = mb << 20, buckets = 1;
    while (buckets * 2 * TT_BUCKET * sizeof(TTEntry) <= bytes)
        buckets *= 2;
    /* Zeroed pages the system maps at their first write.  A table zeroed by every clear asks
       for huge pages: a search probing it at random then waits less for the address
       translation (docs/SPEED.md); the system may have to compact memory for them, which it
       then does here, not in a search.  A larger table, mapped as a search fills it, does not
       risk that stall. */
    size_t bytes_used = buckets * TT_BUCKET * sizeof(TTEntry);
    TTEntry *entries = platform_alloc_large(bytes_used, zeroed_on_clear(buckets));
    if (!entries)
        return 0;
    tt_free(tt);
    tt->entries = entries;
    tt->buckets = buckets;
    tt_clear(tt);
    return buckets * TT_BUCKET * sizeof(TTEntry) >> 20;
}

void tt_free(TT *tt)
{
    if (tt->entries)
        platform_free_large(tt->entries, tt->buckets * TT_BUCKET * sizeof(TTEntry));
    tt->entries = NULL;
    tt->buckets = 0;
}

void tt_clear(TT *tt)
{
    if (tt->entries && zeroed_on_clear(tt->buckets)) { /* a fresh table: salt and age as well */
        memset(tt->entries, 0, tt->buckets * TT_BUCKET * sizeof(TTEntry));
        tt->clears = 0;
        tt->age = 0;
    }
    /* splitmix64 of a counter: a new, reproducible salt (bench signatures stay fixed) */
    uint64_t z = ++tt->clears * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    tt->salt = z ^ (z >> 31);
    tt->age ^= 1; /* entries of the old salt are old: replaced first */
}

void tt_new_search(TT *tt) { tt->age ^= 1; }

static inline TTEntry *bucket_of(const TT *tt, uint64_t key)
{
    return tt->entries + (key & (tt->buckets - 1)) * TT_BUCKET;
}

bool tt_probe(const TT *tt, uint64_t key, TTHit *hit)
{
    key ^= tt->salt;
    TTEntry *b = bucket_of(tt, key);
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t d = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if ((c ^ d) == key && d) {
            unpack(d, hit);
            return hit->bound != BOUND_NONE;
        }
    }
    return false;
}

void tt_store(TT *tt, uint64_t key, Move move, int score, int eval, int depth, int bound)
{
    key ^= tt->salt;
    TTEntry *b = bucket_of(tt, key);
    TTEntry *replace = &b[0];
    int worst = 1 << 30;
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t d = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if ((c ^ d) == key || !d) {
            if ((c ^ d) == key && d && !move) { /* keep the old move if we have none */
                TTHit old;
                unpack(d, &old);
                move = old.move;
            }
            replace = &b[i];
            break;
        }
        TTHit h;
        unpack(d, &h);
        /* prefer to overwrite old searches, then shallow entries */
        int value = h.depth - (age_of(d) != tt->age ? 64 : 0);
        if (value < worst) {
            worst = value;
            replace = &b[i];
        }
    }
    uint64_t d = pack(move, score, eval, depth, bound, tt->age);
    atomic_store_explicit(&replace->check, key ^ d, memory_order_relaxed);
    atomic_store_explicit(&replace->data, d, memory_order_relaxed);
}

int tt_hashfull(const TT *tt)
{
    int used = 0;
    for (int i = 0; i < 1000 && (size_t)i < tt->buckets * TT_BUCKET; i++) {
        uint64_t d = atomic_load_explicit(&tt->entries[i].data, memory_order_relaxed);
        used += d && age_of(d) == tt->age;
    }
    return used;
}
