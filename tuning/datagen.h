/* Training data from Kaki's own games (tuning/README.md has the file format and the rules):
 * self-play from random balanced openings at a fixed node count per move, one single-threaded
 * searcher per worker thread; the quiet positions of every game are written with the game's
 * result and the search score.  Resumable: games already in the file are skipped. */
#ifndef KAKI_TUNING_DATAGEN_H
#define KAKI_TUNING_DATAGEN_H

#include <stdint.h>

#include "search/params.h"

typedef struct GenConfig {
    const char *out;       /* data file (appended) */
    int games;             /* games 0 .. games-1 */
    uint64_t nodes;        /* per move */
    int threads;
    uint64_t seed;         /* openings */
    int opening_plies;
    int max_plies;         /* a draw after this many plies */
    int adjudicate_cp;     /* a win when the search score stays beyond this ... */
    int adjudicate_plies;  /* ... for this many plies in a row */
    int hash_mb;           /* per searcher */
    int quiet_budget;      /* nodes of the capture search that tests quietness */
    int eval_mode;         /* EVAL_LEARNT or EVAL_MATERIAL (eval/eval.h) */
    SearchParams params;   /* the searches' (search/params.h): the defaults but NNUE_GRAIN 0,
                              so that the data's scores are the net's exact ones */
} GenConfig;

GenConfig gen_config_default(void);
/* Returns 0, or 1 after printing an error. */
int datagen_run(const GenConfig *cfg);

#endif
