/* The state of one CECP session, shared by the protocol's files and by no one else (the public
 * interface is cecp.h): the Cecp object and its modes.  Types only: every file declares its
 * own functions in its own header.
 *
 * Threads (docs/PROTOCOL.md §1.1, §5): the caller's thread (cecp_main: the main thread, fed by
 * a stdin reader thread) runs every command and owns all game state.  A search runs in the
 * background (search/searcher.h); a small waiter thread blocks in searcher_wait() and posts the
 * result as an event, which the owning thread handles like an input line.  Search reports
 * arrive on a search thread and only print (under the output lock) and record the last score
 * and PV (under the info lock).
 *
 * Functions with external linkage carry the cecp_ prefix so that they cannot clash with the
 * rest of kakicore.
 */
#ifndef KAKI_PROTOCOL_SESSION_H
#define KAKI_PROTOCOL_SESSION_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/game.h"
#include "board/position.h"
#include "board/rules.h"
#include "highlight.h"
#include "input.h"
#include "search/searcher.h"

#define RULESET_CACHE 4

enum Mode { MODE_IDLE, MODE_THINK, MODE_PONDER, MODE_ANALYZE };
enum { NOBODY = -1 };

typedef struct Cecp Cecp; /* as in cecp.h, which this header does not include */

struct Cecp {
    /* output: the CecpWriteFn of cecp_new() */
    void (*write)(void *ctx, const char *line);
    void *write_ctx;
    pthread_mutex_t out_lock;

    /* events from the reader and the waiter */
    EventQueue events;
    Queue deferred; /* input waiting for the engine's move (owner thread only) */

    /* search */
    Searcher *searcher;
    int mode;
    unsigned serial;
    Move ponder_move;
    Position *scratch; /* root of a ponder search */
    pthread_t waiter;
    pthread_mutex_t w_lock;
    pthread_cond_t w_cond;
    bool w_go, w_busy, w_quit;
    unsigned w_serial;

    /* what the search reported last (search thread writes) */
    pthread_mutex_t info_lock;
    bool have_report;
    int last_score;
    Move last_pv[2];

    /* rules */
    Rules rules;
    const RuleSet *rs;
    struct {
        Rules rules;
        RuleSet *rs;
        unsigned used;
    } rs_cache[RULESET_CACHE];
    unsigned rs_clock;

    /* the game: start position, moves, and every position's repetition history however long
       (board/game.h); game.pos is the replay of the moves */
    GameRecord game;
    bool position_ok; /* false after a refused setboard, until new/setboard */
    bool game_over;   /* result claimed or received: do not think */

    /* play */
    int engine_side;  /* BLACK (sente), WHITE (gote) or NOBODY (force mode) */
    bool analyzing;
    bool ponder_on;
    atomic_int post;
    atomic_int rank_offset;
    int resign_threshold, resign_count;
    int level;           /* playing level (search/level.h), LEVEL_FULL = full strength */
    long level_seed;     /* option Level seed: 0 = a fresh seed every game */
    uint64_t game_seed;  /* the seed of this game's level randomness (playlevel.c) */
    Move hint;
    uint64_t hint_key;

    /* analysis (analysis.c): lines searched, and the root moves excluded at this position */
    int multipv;
    MoveVec excluded;

    /* clocks */
    int mps, base_ms, inc_ms, st_ms, sd;
    uint64_t nps;
    long time_cs, otim_cs;
    bool have_time;

    /* resources */
    int hash_mb, threads, max_hash_mb, max_threads;

    /* highlight state: the lifted piece, and the square of a first leg */
    int lift_from, lift_kill, put_cyan;
    Marks lift_marks;

    bool quit;
};

#endif
