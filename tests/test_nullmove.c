/* Null-move pruning:
 *   - a null move flips the side to move in the hash (the key equals a from-scratch
 *     computation and differs from the parent's), and unmaking it restores the parent exactly;
 *   - a side far ahead in material whose lone royal is threatened (by a lion, by a fire
 *     demon's burn reach, by a range-jumping general) still defends it at depth 4 with null
 *     move on: a null move there would ignore the threat of losing the game. */
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/tfen.h"
#include "check.h"
#include "randpos.h"
#include "search/search.h"
#include "search/searcher.h"

static void null_move_hash(void)
{
    Position *pos = malloc(sizeof *pos);
    Rng rng = {777};
    MoveVec list_all = {0}, *list = &list_all;
    for (int game = 0; game < scaled(50); game++) {
        position_start(pos, ruleset_default());
        for (int ply = 0; ply < 60; ply++) {
            uint64_t parent = pos->key;
            int side = pos->side;
            make_null_move(pos);
            CHECK(pos->key == position_compute_key(pos) && pos->key != parent && pos->side != side,
                  "game %d ply %d: null move key", game, ply);
            unmake_null_move(pos);
            CHECK(pos->key == parent && pos->side == side && position_validate(pos) == NULL,
                  "game %d ply %d: null move unmade", game, ply);
            generate_legal(pos, list);
            if (list->count == 0)
                break;
            Undo u;
            make_move(pos, list->moves[rng_below(&rng, list->count)], &u);
            if (position_game_over(pos))
                break;
        }
    }
    movevec_free(list);
    free(pos);
}

/* Black to move, far ahead (four queens), its lone king attacked; both sides have enough pieces
   for a null move. */
static const struct {
    const char *threat;
    const char *tfen;
} threatened[] = {
    {"lion jump", "15k/16/16/12pppp/16/16/16/16/16/6l!9/16/4K11/16/16/16/QQQQ12 b"},
    {"lion next to it", "15k/16/16/12pppp/16/16/16/16/16/16/5l!10/4K11/16/16/16/QQQQ12 b"},
    {"fire demon in burn reach", "15k/16/16/12pppp/16/16/16/16/Q7d!7/16/16/4K11/16/16/16/QQQ13 b"},
    {"range-jumping general", "15k/4q!11/16/12pppp/16/16/16/16/16/16/16/4K11/16/16/16/QQQQ12 b"},
    {"rook general along the rank", "15k/16/16/12pppp/16/16/16/16/16/16/16/4K6r!4/16/16/16/QQQQ12 b"},
};

/* Can the side to move remove the other side's last royal with one legal move? */
static bool can_take_royal(Position *pos)
{
    MoveVec list_all = {0}, *list = &list_all;
    generate_legal(pos, list);
    bool takes = false;
    for (int i = 0; i < list->count && !takes; i++) {
        Undo u;
        make_move(pos, list->moves[i], &u);
        takes = pos->royals[pos->side] == 0;
        unmake_move(pos, list->moves[i], &u);
    }
    movevec_free(list);
    return takes;
}

/* The guard itself: refused for a side to move whose lone royal is threatened, allowed when only
   the other side's royal is. */
static void null_move_guard(void)
{
    Position *pos = malloc(sizeof *pos);
    for (size_t i = 0; i < sizeof threatened / sizeof threatened[0]; i++) {
        char err[128];
        position_clear(pos, ruleset_default());
        CHECK(tfen_parse(pos, threatened[i].tfen, err, sizeof err) == 0, "%s", err);
        CHECK(!null_move_allowed(pos), "%s: null move allowed with the king threatened",
              threatened[i].threat);
        /* the same board with colours and sides swapped: now the side to move threatens */
        uint8_t board[SQUARE_COUNT];
        for (int sq = 0; sq < SQUARE_COUNT; sq++) {
            int pc = pos->board[SQUARE_COUNT - 1 - sq];
            board[sq] = (uint8_t)(pc ? make_piece(piece_kind(pc), piece_colour(pc) ^ 1) : 0);
        }
        position_set(pos, board, WHITE);
        CHECK(!null_move_allowed(pos), "%s (mirrored): null move allowed with the king threatened",
              threatened[i].threat);
        pos->side = BLACK; /* the threatened side is White, not to move: allowed */
        pos->key = position_compute_key(pos);
        CHECK(null_move_allowed(pos), "%s: null move refused for the threatening side",
              threatened[i].threat);
    }
    free(pos);
}

static void defends_threatened_royal(void)
{
    Searcher *s = searcher_new();
    Position *pos = malloc(sizeof *pos);
    for (size_t i = 0; i < sizeof threatened / sizeof threatened[0]; i++) {
        char err[128], text[MOVE_STR_MAX];
        position_clear(pos, ruleset_default());
        CHECK(tfen_parse(pos, threatened[i].tfen, err, sizeof err) == 0, "%s", err);
        Undo u;
        make_null_move(pos);
        CHECK(can_take_royal(pos), "%s: the royal is not threatened in the test position",
              threatened[i].threat);
        unmake_null_move(pos);
        SearchLimits l = limits_none();
        l.depth = 4;
        searcher_new_game(s);
        Move m = searcher_search(s, pos, &l, NULL, NULL, NULL);
        move_to_wire(pos, m, 0, text);
        make_move(pos, m, &u);
        CHECK(!can_take_royal(pos), "%s: %s leaves the king to be taken", threatened[i].threat,
              text);
        unmake_move(pos, m, &u);
    }
    free(pos);
    searcher_free(s);
}

int main(void)
{
    null_move_hash();
    null_move_guard();
    defends_threatened_royal();
    return check_finish("test_nullmove");
}
