/* The Searcher API, the search engine as its callers see it: iterative-deepening alpha-beta on
 * N threads (Lazy SMP) sharing one transposition table.  The caller (protocol, command line,
 * tests) owns a Searcher, starts a search on a position, may stop it at any time, and gets one
 * report per completed iteration through a callback.  What it is told and tells comes from the
 * headers included here: scores (score.h), limits (limits.h), reports (report.h) and the
 * features switched on (config.h). */
#ifndef KAKI_SEARCHER_H
#define KAKI_SEARCHER_H

#include <stdbool.h>
#include <stdint.h>

#include "board/move.h"
#include "board/position.h"
#include "config.h"
#include "limits.h"
#include "params.h"
#include "report.h"
#include "score.h"

typedef struct Searcher Searcher;

Searcher *searcher_new(void);
void searcher_free(Searcher *e);
/* Both return the value actually used (clamped to 1..MAX_THREADS, 1..65536 MB). */
int searcher_set_threads(Searcher *e, int threads);
int searcher_set_hash_mb(Searcher *e, int mb);
/* A new game: empties the hash table and the histories. */
void searcher_new_game(Searcher *e);
void searcher_set_config(Searcher *e, const SearchConfig *config);
SearchConfig searcher_get_config(const Searcher *e);
/* Sets search parameter `name` (params.h) for the searches to come; false, and nothing
   changed, for an unknown name or a value out of the parameter's range. */
bool searcher_set_param(Searcher *e, const char *name, int value);
/* Sets every search parameter to p's (values search_params_set accepted). */
void searcher_set_params(Searcher *e, const SearchParams *p);

/* The time a search with these limits would plan (search/timeman.h, with e's parameters): the
   target and the hard limit in ms, -1 when there is none. */
void searcher_time_budget(const Searcher *e, const SearchLimits *l, int64_t *soft_ms,
                          int64_t *hard_ms);

/* Starts searching a copy of pos (history included) in the background; returns at once. */
void searcher_start(Searcher *e, const Position *pos, const SearchLimits *limits,
                  SearchReportFn report, void *ctx);
/* Asks a running search to stop as soon as possible; returns at once. */
void searcher_stop(Searcher *e);
/* A ponder search becomes a normal one: the clock starts now with these limits (their time
   fields; an nps clock is the ponder search's own, counted from the nodes searched so far). */
void searcher_ponderhit(Searcher *e, const SearchLimits *limits);
/* Waits for the search to end; returns the best move (MOVE_NONE if there was no legal move)
   and, if ponder is not NULL, the expected reply. */
Move searcher_wait(Searcher *e, Move *ponder);
bool searcher_running(const Searcher *e);
/* Progress of the running search (for XBoard's "." in analysis mode). */
void searcher_progress(const Searcher *e, uint64_t *nodes, int *depth, int64_t *elapsed_ms);

/* Synchronous search: start + wait. */
Move searcher_search(Searcher *e, const Position *pos, const SearchLimits *limits,
                   SearchReportFn report, void *ctx, Move *ponder);

#endif
