#include "perft.h"

#include "legal.h"
#include "makemove.h"
#include "movegen.h"

/* Can this move leave a position that occurred before?  Only if it removes nothing and does
   not promote: every earlier position had at least as many pieces and no more promotions. */
static bool move_is_reversible(const Position *pos, Move m)
{
    if (m & (MOVE_MID | MOVE_PROMO))
        return false;
    int from = move_from(m), to = move_to(m);
    int them = pos->side ^ 1;
    if (!(m & MOVE_PASS) && pos->board[to])
        return false; /* capture */
    Bitboard near = geo.king_nbrs[to];
    if (bb_intersects(near, pos->demons[them]))
        return false; /* suicide */
    if (pos->rs->piece[pos->board[from]].demon && bb_intersects(near, pos->occ[them]))
        return false; /* active burn */
    return true;
}

int count_legal_moves(Position *pos, const Move *moves, int count)
{
    int n = pos->nhist - 1;
    int window = position_history(pos, n)->window;
    if (n - 1 < window)
        return count; /* nothing since the last irreversible move can come back */
    int repeats = 0;
    for (int i = 0; i < count; i++) {
        /* the key the move would give if it is reversible (for any other move it is wrong,
           and such a move cannot repeat): matched against the history first, as almost no
           move matches */
        Move m = moves[i];
        uint64_t key = pos->key ^ zobrist_side;
        if (!(m & MOVE_PASS)) {
            int pc = pos->board[move_from(m)];
            key ^= zobrist_piece[pc][move_from(m)] ^ zobrist_piece[pc][move_to(m)];
        }
        for (int j = n - 1; j >= window; j -= 2) {
            const HistEntry *h = position_history(pos, j);
            if (h && h->key == key) {
                repeats += move_is_reversible(pos, m);
                break;
            }
        }
    }
    if (repeats && pos->rs->rules.rep_check_exception == REPCHECK_ON && in_check(pos))
        repeats = 0;
    return count - repeats;
}

static uint64_t perft_rec(Position *pos, int depth, bool full);

static uint64_t perft_moves(Position *pos, const Move *moves, int count, int depth, bool full)
{
    if (!full && depth == 1)
        return (uint64_t)count_legal_moves(pos, moves, count);
    uint64_t nodes = 0;
    int incheck = -1;
    for (int i = 0; i < count; i++) {
        Move m = moves[i];
        Undo u;
        if (!make_legal_move(pos, m, &u, &incheck))
            continue;
        nodes += depth == 1 ? 1 : perft_rec(pos, depth - 1, full);
        unmake_move(pos, m, &u);
    }
    return nodes;
}

static uint64_t perft_rec(Position *pos, int depth, bool full)
{
    MoveList list;
    generate_moves(pos, &list);
    if (!list.overflow)
        return perft_moves(pos, list.moves, list.count, depth, full);
    MoveVec all = {0}; /* more moves than a MoveList holds */
    generate_all_moves(pos, &all);
    uint64_t nodes = perft_moves(pos, all.moves, all.count, depth, full);
    movevec_free(&all);
    return nodes;
}

uint64_t perft(Position *pos, int depth, bool full)
{
    if (depth <= 0)
        return 1;
    return perft_rec(pos, depth, full);
}
