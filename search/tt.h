/* The transposition table, shared by all search threads without locks.  Every entry is two
 * 64-bit words, written and read with relaxed atomics; the first word stores key ^ data, so an
 * entry torn by two threads writing at once fails the key check and is simply a miss. */
#ifndef KAKI_TT_H
#define KAKI_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/move.h"
#include "score.h"

enum { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

typedef struct TTEntry {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;
} TTEntry;

#define TT_BUCKET 4 /* entries per 64-byte bucket */

typedef struct TT {
    TTEntry *entries; /* platform_alloc_large's block: 2 MiB aligned on Linux */
    size_t buckets; /* a power of two */
    uint64_t salt;  /* mixed into every key: a new salt empties the table at no cost */
    uint64_t clears;
    uint8_t age;
} TT;

typedef struct TTHit {
    Move move;
    int score, eval, depth, bound;
} TTHit;

/* Allocates about mb megabytes (rounded down to a power of two of buckets); returns the size
   actually used in MB (at least 1), or 0 if no memory could be had (the old table stays).  The
   memory comes zeroed from the system; a table of up to 256 MB has its pages written once here
   (by tt_clear), so that no search pays for mapping them (a larger one is mapped as the search
   fills it). */
size_t tt_resize(TT *tt, size_t mb);
void tt_free(TT *tt);
/* Empties the table: entries written before no longer match any key.  A table of up to 256 MB
   is zeroed and is then exactly a fresh one (the same searches walk the same trees); a larger
   one gets a new salt in constant time, its old entries still steering replacement. */
void tt_clear(TT *tt);
void tt_new_search(TT *tt);
bool tt_probe(const TT *tt, uint64_t key, TTHit *hit);
/* Starts loading the bucket of key into the cache (call right after making a move). */
static inline void tt_prefetch(const TT *tt, uint64_t key)
{
    __builtin_prefetch(tt->entries + ((key ^ tt->salt) & (tt->buckets - 1)) * TT_BUCKET);
}
void tt_store(TT *tt, uint64_t key, Move move, int score, int eval, int depth, int bound);
/* The bound a node's result gives: at or above beta a lower bound (a fail high), at or below
   the alpha the node started with an upper bound (a fail low), exact in between. */
static inline int tt_bound(int best, int old_alpha, int beta)
{
    return best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
}

/* Mate scores count plies from the root; the table stores them counted from the node (ply
   `ply` from the root), so that an entry reached at another ply gives the right distance. */
static inline int tt_score_to(int score, int ply)
{
    return score > SCORE_MATE_BOUND ? score + ply : score < -SCORE_MATE_BOUND ? score - ply : score;
}
static inline int tt_score_from(int score, int ply)
{
    return score > SCORE_MATE_BOUND ? score - ply : score < -SCORE_MATE_BOUND ? score + ply : score;
}

/* Per mille of entries holding data from the current search (XBoard shows nothing; logs do). */
int tt_hashfull(const TT *tt);

#endif
