/* kaki-match: openings.  From the start position, from a file of TFEN positions (one per
 * line; '#' comments and blank lines ignored), or random balanced openings of K plies
 * generated from a seed. */
#ifndef KAKI_MATCH_OPENINGS_H
#define KAKI_MATCH_OPENINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/pieces.h"
#include "board/position.h"
#include "game.h"

/* Reads and checks every position of a TFEN file (legal syntax, game not over, a legal move
   for the side to move).  Returns the number of positions, or -1 with a message naming the
   line in err. */
int openings_load(const char *path, const RuleSet *rs, char ***tfens, char *err, size_t errsz);

/* A checksum of n positions (the canonical TFENs openings_load gives, in file order): FNV-1a,
   64 bits, of each followed by a newline.  The result file's header records it, so that
   --resume refuses a file whose positions changed. */
uint64_t openings_checksum(char *const *tfens, int n);

/* The order in which the n positions of a file are played (malloc'ed): opening k plays
   position order[k % n].  Shuffled by `seed` if asked (the same seed gives the same order on
   every machine), then rotated to start `offset` positions in (fastchess's order= and
   start=). */
int *openings_order(int n, bool shuffle, uint64_t seed, int offset);

/* Opening number `number` of a random series: `plies` random legal plies from the start
   position, drawn from a generator seeded by (seed, number), retried until the position is
   balanced: both sides keep their royals, the side to move has a legal move and is not in
   check, the material difference is at most `balance_cp`, and the side to move cannot win
   more than `balance_cp` by a sequence of captures (material_search).  Deterministic: the same arguments always give the same opening.  Returns 0, or -1
   if no balanced opening was found in 10000 tries. */
int opening_random(const RuleSet *rs, uint64_t seed, int number, int plies, int balance_cp,
                   Opening *out);

/* The capture search of opening_random (board/exchange.h capture_search, at most 6 plies and
   20000 nodes): the material the side to move can win by captures and burns, centipawns. */
int material_search(Position *pos);

#endif
