/* CECP v2 (XBoard/WinBoard protocol) on stdin/stdout: `kaki` without arguments.
 *
 * The protocol state lives in a Cecp object that is fed one input line at a time, so that
 * tests and the fuzzer can drive it in-process; cecp_main() is the stdin/stdout front end
 * (a reader thread feeds lines to the same handler while searches run in the background). */
#ifndef KAKI_CECP_H
#define KAKI_CECP_H

#include <stdbool.h>
#include <stdint.h>

#include "board/position.h"

/* Runs the protocol loop until "quit" or end of input; returns the exit status. */
int cecp_main(void);

typedef struct Cecp Cecp;

/* Receives every complete output line (without the newline).  Called with the output lock
   held, possibly from a search thread. */
typedef void (*CecpWriteFn)(void *ctx, const char *line);

/* A protocol state writing to `write` (NULL = stdout, flushed after every line). */
Cecp *cecp_new(CecpWriteFn write, void *ctx);
void cecp_free(Cecp *c);

/* Upper bounds for `memory`/`cores` and the Hash/Threads options (tests use small ones). */
void cecp_set_resource_limits(Cecp *c, int max_hash_mb, int max_threads);

/* Handles one input line (without its newline; at most `len` bytes, NUL bytes allowed).
   Returns false once "quit" was received. */
bool cecp_handle_line(Cecp *c, const char *line, size_t len);
static inline bool cecp_handle(Cecp *c, const char *line)
{
    size_t n = 0;
    while (line[n])
        n++;
    return cecp_handle_line(c, line, n);
}

/* Processes finished searches (the engine's moves) until the engine is no longer thinking on
   its own move and no deferred input is left, or until timeout_ms passed.  Returns true if it
   became idle.  Pondering and analysis count as idle. */
bool cecp_wait_idle(Cecp *c, int timeout_ms);

/* Consistency check for tests: the position validates, it equals the replay of the game
   record, and the repetition history is that of the replay.  Returns NULL or a message. */
const char *cecp_check(Cecp *c);

/* Read-only views for tests. */
const Position *cecp_position(const Cecp *c);
int cecp_game_length(const Cecp *c);
bool cecp_thinking(const Cecp *c);

#endif
