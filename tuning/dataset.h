/* A data set in memory: every position of the data files (tuning/README.md) as its sparse
 * feature differences (Black's count minus White's, eval/trace.h), its phase, the game result
 * and the search score, split into training and validation positions by game. */
#ifndef KAKI_TUNING_DATASET_H
#define KAKI_TUNING_DATASET_H

#include <stdbool.h>
#include <stdint.h>

typedef struct Entry {
    uint16_t feature;
    int16_t count; /* Black's count minus White's */
} Entry;

typedef struct Sample {
    uint32_t first;   /* its entries: entries[first .. first + n) */
    uint16_t n;
    uint16_t phase;   /* 0 .. PHASE_MAX */
    float result;     /* 1 Black won, 0.5 draw, 0 White won */
    float score;      /* search score, centipawns, Black's view */
    bool validation;  /* held out */
} Sample;

typedef struct Dataset {
    Sample *samples;
    uint32_t nsamples, cap;
    Entry *entries;
    uint64_t nentries, entries_cap;
    uint32_t ntrain, nvalid;
    uint64_t games;
} Dataset;

/* Reads the files (appending to ds); games whose number is 0 modulo validation_every are held
   out.  At most max_positions positions in all (0 = no limit).  Returns 0, or -1 after
   printing an error naming the file and line. */
int dataset_load(Dataset *ds, const char *const *files, int nfiles, int validation_every,
                 uint64_t max_positions);
void dataset_free(Dataset *ds);

#endif
