/* The state of one CECP session, shared by the protocol's files and by no one else (the public
 * interface is cecp.h): the Cecp object, the events that feed it, and what each protocol file
 * offers the others, grouped by the file that defines it.
 *
 * Threads (docs/PROTOCOL.md §1.1, §5): the caller's thread (cecp_main: the main thread, fed by
 * a stdin reader thread) runs every command and owns all game state.  A search runs in the
 * background (search/search.h); a small waiter thread blocks in searcher_wait() and posts the
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
#include "cecp.h"
#include "highlight.h"
#include "search/search.h"

#define RULESET_CACHE 4

enum Mode { MODE_IDLE, MODE_THINK, MODE_PONDER, MODE_ANALYZE };
enum EventType { EV_LINE, EV_DONE, EV_EOF };
enum { NOBODY = -1 };

typedef struct Event {
    struct Event *next;
    int type;
    bool too_long;
    char *line;
    size_t len;
    unsigned serial;
    Move best, ponder;
} Event;

typedef struct Queue {
    Event *head, *tail;
} Queue;

struct Cecp {
    /* output */
    CecpWriteFn write;
    void *write_ctx;
    pthread_mutex_t out_lock;

    /* events from the reader and the waiter */
    pthread_mutex_t q_lock;
    pthread_cond_t q_cond;
    Queue events;
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
    Move hint;
    uint64_t hint_key;

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

/* output.c: every output line goes through here, under the output lock. */
void cecp_write_stdout(void *ctx, const char *line);
void cecp_emit(Cecp *c, const char *line);
void cecp_emitf(Cecp *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Input echoed in messages: printable ASCII only, shortened to fit out. */
const char *cecp_printable(const char *s, char *out, size_t outsz);

/* input.c: the event queue. */
Event *cecp_queue_pop(Queue *q);
void cecp_post_event(Cecp *c, Event *ev);
void cecp_free_event(Event *ev);

/* One input line, cut up for its handler (commands.c). */
typedef struct Command {
    char word[24];    /* the command word; "\x01" if too long to be one */
    bool word_too_long;
    char *line;       /* the whole line, blanks around it removed */
    char *args;       /* what follows the word, blanks skipped (a bare move: the whole line) */
    char shown[200];  /* the line as echoed in error messages */
} Command;

/* A command's handler (one per command or group of commands, in the file of its concern). */
typedef void (*CommandFn)(Cecp *c, Command *cmd);

/* commands.c: dispatch of one command line. */
/* Commands handled at once even while the engine thinks on its own move. */
bool cecp_urgent(const char *word);
/* Runs one input line; false after quit. */
bool cecp_execute(Cecp *c, char *line);
/* The command's argument as an integer in [lo, hi] (cecp_number); answers
   "Error (bad arguments)" and returns false if it is not one. */
bool cecp_arg_long(Cecp *c, const Command *cmd, long lo, long hi, long *v);

/* numbers.c: number arguments.  Not a number: false, nothing said (the caller answers with an
   Error line).  Out of [lo, hi]: clamped, and the one message for every command and option,
   "# NAME VALUE out of range LO..HI, using USED" (docs/PROTOCOL.md §1.4). */
bool cecp_number(Cecp *c, const char *name, const char *text, long lo, long hi, long *v);
bool cecp_decimal(Cecp *c, const char *name, const char *text, double lo, double hi, double *v);
/* v (read from text) clamped to [lo, hi], with the same message if it was outside. */
double cecp_clamp_decimal(Cecp *c, const char *name, const char *text, double v, double lo,
                          double hi);

/* game.c: the game record. */
/* dst = the board and side of src under the rule set rs, with a fresh history. */
void cecp_copy_board(Position *dst, const Position *src, const RuleSet *rs);
/* Forgets the highlight state (lifted piece, first leg). */
void cecp_clear_lift(Cecp *c);
/* A new game from `start` (NULL = the tenjiku start position). */
void cecp_game_reset(Cecp *c, const Position *start);
/* Appends a legal move to the record and makes it. */
void cecp_record_move(Cecp *c, Move m);
/* Claims the result if the game has ended; returns true if it has. */
bool cecp_claim_if_over(Cecp *c);
void cecp_cmd_setboard(Cecp *c, Command *cmd);
void cecp_cmd_undo(Cecp *c, Command *cmd);
void cecp_cmd_remove(Cecp *c, Command *cmd);

/* timecontrol.c: XBoard's clock settings and the limits of the engine's own search. */
SearchLimits cecp_own_limits(const Cecp *c);
void cecp_cmd_time(Cecp *c, Command *cmd); /* time and otim */
void cecp_cmd_level(Cecp *c, Command *cmd);
void cecp_cmd_st(Cecp *c, Command *cmd);
void cecp_cmd_sd(Cecp *c, Command *cmd);
void cecp_cmd_nps(Cecp *c, Command *cmd);

/* options.c: features, variant lines, options and the rule-set cache. */
void cecp_send_variant(Cecp *c);
void cecp_set_hash(Cecp *c, long mb);
void cecp_set_threads(Cecp *c, long n);
/* The rule set for r, built once and kept in a small cache. */
const RuleSet *cecp_ruleset_for(Cecp *c, const Rules *r);
void cecp_cmd_protover(Cecp *c, Command *cmd);
void cecp_cmd_option(Cecp *c, Command *cmd);
void cecp_cmd_memory(Cecp *c, Command *cmd);
void cecp_cmd_cores(Cecp *c, Command *cmd);

/* evaloptions.c: the evaluation's options, Evaluation and EvalFile (docs/NNUE.md). */
void cecp_eval_features(Cecp *c);
/* Handles option NAME=VALUE if NAME is one of them (true), else false. */
bool cecp_eval_option(Cecp *c, const char *name, const char *value, const char *shown);

/* thinking.c: the engine's searches. */
/* The waiter thread: posts an EV_DONE event for every search that ends. */
void *cecp_waiter_main(void *arg);
/* Stops the running search and forgets its result. */
void cecp_abort_search(Cecp *c);
/* Thinks on the engine's own move (go, or the opponent moved). */
void cecp_start_thinking(Cecp *c);
/* Analyses the current position (analyze mode), if there is something to analyse. */
void cecp_start_analysis(Cecp *c);
/* A search on the engine's move ended with `best`: plays it (or resigns, or claims). */
void cecp_engine_moved(Cecp *c, Move best, Move ponder);

#endif
