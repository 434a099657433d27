/*
 * refgen.h - deliberately simple, independent REFERENCE move generator for Tenjiku shogi.
 *
 * Used only by tests to cross-check the fast engine. Written from RULES.md / PROTOCOL.md §3
 * alone; it shares no code or data with the engine. String-based interface: positions are
 * TFEN strings (RULES.md §3.2), moves are canonical wire strings (PROTOCOL.md §3).
 *
 * All functions are thread-safe (no mutable static state).
 */
#ifndef REFGEN_H
#define REFGEN_H

#include <stdint.h>

/* Each field holds the index of the chosen value in the option's value list (RULES.md §9);
   0 = the default (first listed) value. */
typedef struct RefRules {
    int lion_hawk;           /* 0 full, 1 tsa */
    int free_eagle;          /* 0 diag_lion, 1 west */
    int fd_suicide;          /* 0 tsa, 1 all_burn */
    int fd_range;            /* 0 rank, 1 file */
    int tetrarch;            /* 0 vertical, 1 western */
    int jumper_capture;      /* 0 cvp, 1 nojump, 2 tsa */
    int jump_noncapture;     /* 0 off, 1 on */
    int second_chance;       /* 0 off, 1 on */
    int promo_path;          /* 0 endpoints, 1 any_square */
    int promo_burn;          /* 0 off, 1 on */
    int rep_check_exception; /* 0 on, 1 off */
} RefRules;

void ref_rules_default(RefRules *r);
/* returns 0 on success, -1 for unknown name or value */
int  ref_rules_set(RefRules *r, const char *name, const char *value);

typedef struct RefMove {
    char wire[32];     /* canonical wire syntax */
    char result[600];  /* canonical TFEN of the position after the move (burns etc. applied) */
} RefMove;

/* Parses tfen; on error returns -1 and writes a message to err (if non-NULL, size errsz).
   Otherwise fills out[] with every legal move of the side to move in that position, treating
   the given position as the start of the game (it counts as having occurred; no earlier
   history), and returns the count. max is the capacity of out (return -1 with a message if it
   is too small). Order of moves does not matter. */
int ref_legal_moves(const RefRules *r, const char *tfen, RefMove *out, int max, char *err, int errsz);

/* perft per RULES.md §5.14: the root counts as already occurred, repetition applies inside the
   tree with the in-check exception when enabled, positions without a royal on either side have
   no moves. Returns -1 (as uint64_t max) on TFEN error. */
uint64_t ref_perft(const RefRules *r, const char *tfen, int depth);

#endif
