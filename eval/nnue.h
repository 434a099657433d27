/* The NNUE evaluation in the engine (docs/NNUE.md): the net in use, the accumulators kept in
 * the evaluation's incremental state, and the score.
 *
 * The net in use is the built-in one (eval/nets/default.nnue, compiled in) until
 * nnue_load_file or nnue_load_memory replaces it.  Replacing it frees the previous one: never
 * while a search runs.  Accumulators record which net filled them, so that states from before a
 * change are recomputed, never mixed.
 *
 * An accumulator pair is computed only when it is needed: the first NNUE evaluation in a tree
 * computes it from scratch (nnue_evaluate, which fills the state it is given); from then on
 * nnue_update keeps every child up to date from its parent and the move's record of changed
 * squares.  With another evaluation in use nothing is ever computed and nnue_update costs a
 * test. */
#ifndef KAKI_EVAL_NNUE_H
#define KAKI_EVAL_NNUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/makemove.h"
#include "board/position.h"
#include "nnue_format.h"

/* Both perspectives' accumulators (BLACK, WHITE), the first H entries of each in use. */
typedef struct NnueAcc {
    uint32_t net;                 /* the id of the net that filled it; 0 = not computed */
    int32_t psqt[2];              /* the psqt sums */
    int16_t v[2][NNUE_H_MAX];
} NnueAcc;

/* Loads the built-in net (once; thread-safe).  The other functions call it. */
void nnue_init(void);

/* The net in use, its id (never 0) and what it is: "built-in" or the file's path. */
const NnueNet *nnue_net(void);
uint32_t nnue_net_id(void);
const char *nnue_net_name(void);

/* Replace the net in use.  On failure: -1, a message in err, and the net in use is kept. */
int nnue_load_file(const char *path, char *err, size_t errsz);
int nnue_load_memory(const void *data, size_t size, const char *name, char *err, size_t errsz);
/* Back to the built-in net. */
void nnue_use_builtin(void);
/* The built-in net's file bytes. */
const uint8_t *nnue_builtin_data(size_t *size);

/* Computes acc from scratch for pos with the net in use. */
void nnue_refresh(NnueAcc *acc, const Position *pos);
/* After make_move(pos, m, u): child from parent, if the parent is computed with the net in
   use; otherwise the child is marked not computed. */
void nnue_update_changes(NnueAcc *child, const NnueAcc *parent, const Position *pos, const Undo *u);
static inline void nnue_update(NnueAcc *child, const NnueAcc *parent, const Position *pos, const Undo *u)
{
    if (parent->net)
        nnue_update_changes(child, parent, pos, u);
    else
        child->net = 0;
}
/* dst = src (null move, copies of states): only the entries in use are copied. */
void nnue_copy(NnueAcc *dst, const NnueAcc *src);

/* The score of pos for the side to move, centipawns (not clamped).  acc is pos's accumulator:
   computed here first if it is not (it is a cache: filled through the const pointer). */
int nnue_evaluate(const Position *pos, const NnueAcc *acc);

/* The code paths (eval/nnue_kernels.h): the fastest one the machine has is chosen at start. */
enum { NNUE_PATH_SCALAR, NNUE_PATH_SSE2, NNUE_PATH_AVX2, NNUE_PATH_COUNT };
extern const char *const nnue_path_names[NNUE_PATH_COUNT];
int nnue_path(void);
/* Switches to another path (tests); false if this build or machine lacks it. */
bool nnue_set_path(int path);

#endif
