/* The search's partial generators against the full one, on random positions (games and
 * scattered positions with every piece kind, under several rule sets):
 *   generate_noisy       = the captures and burning moves of generate_moves (the promoting
 *                          version alone where one exists), nothing else;
 *   generate_captures_to = the moves of generate_noisy that take the piece on that square by
 *                          displacement or igui;
 *   move_is_noisy        = membership in generate_noisy; move_is_pseudolegal = membership in
 *                          generate_moves;
 *   move_is_pseudolegal and move_is_noisy_pseudolegal (membership in generate_noisy) for moves
 *                          of other positions too: those of a sibling (the same side to move
 *                          after another opponent move, where the search's killers and hash
 *                          moves come from) and of the position checked before;
 *   generate_quiet_promotions = the promoting non-captures of generate_moves;
 *   generate_quiet       = generate_moves without the moves of generate_noisy, in the same
 *                          order (the main search's quiet stage). */
#include <stdlib.h>
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/moveclass.h"
#include "board/movegen.h"
#include "board/tfen.h"
#include "check.h"
#include "randpos.h"

static int cmp_move(const void *a, const void *b)
{
    Move x = *(const Move *)a, y = *(const Move *)b;
    return (x > y) - (x < y);
}

static bool contains(const Move *sorted, int n, Move m)
{
    return bsearch(&m, sorted, (size_t)n, sizeof(Move), cmp_move) != NULL;
}

/* Does the move capture or burn anything?  Decided by playing it. */
static bool takes_material(Position *pos, Move m)
{
    int them = pos->side ^ 1, before = pos->count[them];
    Undo u;
    make_move(pos, m, &u);
    bool took = pos->count[them] < before;
    unmake_move(pos, m, &u);
    return took;
}

static int positions, noisy_moves, targets_checked, stale_checked;

/* Moves from elsewhere (sorted lists `all` and `noisy` are this position's moves): recognised
   exactly, neither accepted when they are not moves here nor rejected when they are. */
static void check_stale(const Position *pos, const Move *moves, int count, const MoveList *all,
                        const MoveList *noisy)
{
    for (int i = 0; i < count; i++) {
        Move m = moves[i];
        CHECK(move_is_pseudolegal(pos, m) == contains(all->moves, all->count, m),
              "stale move %08x: move_is_pseudolegal wrong", m);
        CHECK(move_is_noisy_pseudolegal(pos, m) == contains(noisy->moves, noisy->count, m),
              "stale move %08x: move_is_noisy_pseudolegal wrong", m);
        stale_checked++;
    }
}

/* This position's moves in a sibling: the opponent passes and makes one of its moves (picked
   by `pick`), and the moves of the previous position checked here. */
static void check_foreign_moves(Position *pos, const MoveList *all, const MoveList *noisy, unsigned pick)
{
    static MoveList theirs, sib_all, sib_noisy, previous;
    CHECK(!move_is_noisy_pseudolegal(pos, MOVE_NONE), "MOVE_NONE taken for a noisy move");
    check_stale(pos, previous.moves, previous.count, all, noisy);
    previous = *noisy;
    make_null_move(pos);
    generate_moves(pos, &theirs);
    if (theirs.count > 0) {
        Move reply = theirs.moves[pick % (unsigned)theirs.count];
        Undo u;
        make_move(pos, reply, &u);
        generate_moves(pos, &sib_all);
        generate_noisy(pos, &sib_noisy);
        qsort(sib_all.moves, (size_t)sib_all.count, sizeof(Move), cmp_move);
        qsort(sib_noisy.moves, (size_t)sib_noisy.count, sizeof(Move), cmp_move);
        check_stale(pos, all->moves, all->count, &sib_all, &sib_noisy);
        unmake_move(pos, reply, &u);
    }
    unmake_null_move(pos);
}

/* generate_quiet must be generate_moves minus the noisy moves, in generate_moves' order. */
static void check_quiet(Position *pos)
{
    static MoveList all, quiet;
    generate_moves(pos, &all);
    generate_quiet(pos, &quiet);
    int k = 0;
    for (int i = 0; i < all.count; i++) {
        if (move_is_noisy(pos, all.moves[i]))
            continue;
        CHECK(k < quiet.count && quiet.moves[k] == all.moves[i],
              "quiet move %d: %08x expected, %08x generated", k, all.moves[i],
              k < quiet.count ? quiet.moves[k] : 0);
        k++;
    }
    CHECK(k == quiet.count, "%d quiet moves expected, %d generated", k, quiet.count);
}

static void check_position(Position *pos)
{
    static MoveList all, noisy, to;
    check_quiet(pos);
    generate_moves(pos, &all);
    generate_noisy(pos, &noisy);
    qsort(all.moves, (size_t)all.count, sizeof(Move), cmp_move);
    qsort(noisy.moves, (size_t)noisy.count, sizeof(Move), cmp_move);
    for (int i = 0; i < noisy.count; i++) {
        Move m = noisy.moves[i];
        CHECK(contains(all.moves, all.count, m), "noisy move %08x is not a move", m);
        CHECK(takes_material(pos, m), "noisy move %08x takes nothing", m);
        CHECK(i == 0 || noisy.moves[i - 1] != m, "noisy move %08x twice", m);
    }
    for (int i = 0; i < all.count; i++) {
        Move m = all.moves[i];
        bool capture = move_has_mid(m) || (!move_is_pass(m) && pos->board[move_to(m)] &&
                                            move_to(m) != move_from(m));
        if (!capture)
            continue;
        /* every capture is there, or its promoting twin is */
        bool there = contains(noisy.moves, noisy.count, m) ||
                     (!move_is_promo(m) && contains(all.moves, all.count, m | MOVE_PROMO) &&
                      contains(noisy.moves, noisy.count, m | MOVE_PROMO));
        CHECK(there, "capture %08x missing from the noisy moves", m);
    }
    for (int i = 0; i < all.count; i++) {
        Move m = all.moves[i];
        CHECK(move_is_noisy(pos, m) == contains(noisy.moves, noisy.count, m),
              "move_is_noisy(%08x) disagrees with generate_noisy", m);
        CHECK(move_is_pseudolegal(pos, m), "move %08x not pseudo-legal", m);
        CHECK(!move_is_pseudolegal(pos, m ^ (1u << 8)) || contains(all.moves, all.count, m ^ (1u << 8)),
              "a changed move %08x passes as pseudo-legal", m ^ (1u << 8));
    }
    /* quiet promotions of every kind: exactly the promoting non-captures from outside the zone */
    static MoveList promos;
    promos.count = 0;
    generate_quiet_promotions(pos, ~0ULL, &promos);
    int expected_promos = 0;
    for (int i = 0; i < all.count; i++) {
        Move m = all.moves[i];
        bool want = move_is_promo(m) && !move_has_mid(m) && !pos->board[move_to(m)] &&
                    !bb_test(&geo.zone[pos->side], move_from(m));
        expected_promos += want;
    }
    for (int i = 0; i < promos.count; i++) {
        Move m = promos.moves[i];
        CHECK(contains(all.moves, all.count, m) && move_is_promo(m) && !pos->board[move_to(m)],
              "quiet promotion %08x is not one", m);
    }
    CHECK(promos.count == expected_promos, "quiet promotions: %d, expected %d", promos.count, expected_promos);
    check_foreign_moves(pos, &all, &noisy, (unsigned)positions * 2654435761u);
    noisy_moves += noisy.count;
    Bitboard enemy = pos->occ[pos->side ^ 1];
    while (bb_any(enemy)) {
        int t = bb_pop(&enemy);
        to.count = 0;
        generate_captures_to(pos, t, &to);
        qsort(to.moves, (size_t)to.count, sizeof(Move), cmp_move);
        int expected = 0;
        for (int i = 0; i < noisy.count; i++) {
            Move m = noisy.moves[i];
            bool takes = move_has_mid(m) ? move_mid(m) == t && move_to(m) == move_from(m)
                                         : !move_is_pass(m) && move_to(m) == t;
            if (!takes)
                continue;
            expected++;
            CHECK(contains(to.moves, to.count, m), "capture %08x of square %d not found from the target", m, t);
        }
        CHECK(to.count == expected, "captures of square %d: %d from the target, %d in the noisy moves", t,
              to.count, expected);
        targets_checked++;
    }
    positions++;
}

int main(void)
{
    static Position pos;
    static MoveVec list;
    const char *configs[] = {"", "lion_hawk=tsa", "free_eagle=west", "jumper_capture=tsa", "tetrarch=western",
                             "fd_range=file", "promo_path=any_square", "jump_noncapture=on"};
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
        Rules r;
        rules_default(&r);
        char err[100];
        if (configs[c][0])
            rules_set_assignment(&r, configs[c], err, sizeof err);
        RuleSet *rs = ruleset_new(&r);
        Rng rng = {77 + c};
        for (int n = 0; n < scaled(c == 0 ? 600 : 120); n++) {
            if (n % 3 == 2) {
                pos.rs = rs;
                random_scatter(&pos, &rng, 5 + rng_below(&rng, 30));
            } else {
                position_start(&pos, rs);
                int plies = rng_below(&rng, 250);
                for (int p = 0; p < plies; p++) {
                    generate_legal(&pos, &list);
                    Move m = random_move(&pos, &list, &rng, 50);
                    if (!m)
                        break;
                    Undo u;
                    make_move(&pos, m, &u);
                }
            }
            check_position(&pos);
        }
        ruleset_free(rs);
    }
    printf("%d positions, %d noisy moves, %d target squares, %d moves of other positions\n", positions,
           noisy_moves, targets_checked, stale_checked);
    return check_finish("test_movegen");
}
