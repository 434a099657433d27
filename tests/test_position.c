/* Make/unmake round trips, incremental hash, TFEN round trips and TFEN error handling, over
 * thousands of random games from the start position (fixed seeds). */
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/game.h"
#include "board/movegen.h"
#include "board/tfen.h"
#include "check.h"
#include "randpos.h"

static int positions_checked, moves_checked;

static bool same_state(const Position *a, const Position *b)
{
    return memcmp(a, b, offsetof(Position, nhist)) == 0 && position_same_history(a, b);
}

/* Every move of pos: make, validate (incremental sets, line words, key == recomputation),
   unmake, and compare with the original. */
static void check_all_moves(Position *pos, const MoveVec *list)
{
    static Position before;
    before = *pos;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        int displaced = move_has_mid(m) +
                        (move_to(m) != move_from(m) && pos->board[move_to(m)] != 0);
        uint64_t predicted = key_after(pos, m);
        Undo u;
        make_move(pos, m, &u);
        CHECK(u.removed != displaced || predicted == pos->key,
              "key_after(%08x) differs from the key after a move without burns", m);
        const char *bad = position_validate(pos);
        CHECK(bad == NULL, "after move %08x: %s", m, bad);
        CHECK(pos->key == position_compute_key(pos), "incremental key differs");
        unmake_move(pos, m, &u);
        CHECK(same_state(pos, &before), "unmake of %08x did not restore the position", m);
        if (!same_state(pos, &before))
            *pos = before;
        moves_checked++;
    }
}

static void check_tfen_roundtrip(const Position *pos)
{
    static Position copy;
    char a[TFEN_MAX], b[TFEN_MAX], err[128];
    tfen_print(pos, a);
    position_clear(&copy, pos->rs);
    CHECK(tfen_parse(&copy, a, err, sizeof err) == 0, "printed TFEN rejected: %s (%s)", err, a);
    tfen_print(&copy, b);
    CHECK(strcmp(a, b) == 0, "TFEN round trip differs:\n%s\n%s", a, b);
    CHECK(memcmp(copy.board, pos->board, sizeof pos->board) == 0 && copy.key == pos->key &&
              copy.side == pos->side,
          "parsed TFEN gives another position");
}

static void random_games(int games, int max_plies, int capture_bias, uint64_t seed)
{
    static Position pos;
    static MoveVec list;
    Rng rng = {seed};
    RuleSet *rs = NULL;
    Rules r;
    rules_default(&r);
    rs = ruleset_new(&r);
    for (int g = 0; g < games; g++) {
        position_start(&pos, rs);
        for (int ply = 0; ply < max_plies; ply++) {
            generate_legal(&pos, &list);
            positions_checked++;
            check_tfen_roundtrip(&pos);
            if (ply % 4 == 0 || list.count < 40)
                check_all_moves(&pos, &list);
            Move m = random_move(&pos, &list, &rng, capture_bias);
            if (!m)
                break;
            Undo u;
            make_move(&pos, m, &u);
            CHECK(pos.key == position_compute_key(&pos), "key after game move");
        }
    }
    ruleset_free(rs);
}

static void malformed_tfen(void)
{
    static const struct { const char *tfen, *why; } bad[] = {
        {"", "empty"},
        {"   ", "blank"},
        {"16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16", "missing side"},
        {"16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 x", "bad side letter"},
        {"16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 bw", "two side letters"},
        {"16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "15 ranks"},
        {"16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "17 ranks"},
        {"17/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "count 17"},
        {"44/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "44 is forty-four"},
        {"0K15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "count 0"},
        {"015/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "leading zero"},
        {"100/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "three digits"},
        {"15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "short rank"},
        {"K16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "17 files"},
        {"KKKKKKKKKKKKKKKKK/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "17 pieces"},
        {"15Z/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "unknown letter Z"},
        {"15Y/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "unknown letter Y"},
        {"15K'/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "K' is no piece"},
        {"15P!/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "P! is no piece"},
        {"15+K/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "king cannot promote"},
        {"15+Q!/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "GGn cannot promote"},
        {"15+V!/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "VGn cannot promote"},
        {"15+Q'/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "FEg cannot promote"},
        {"15+H!/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "LHk cannot promote"},
        {"15+D!/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "FiD cannot promote"},
        {"15++P/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "double promotion"},
        {"15+/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "+ without piece"},
        {"15+1/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "+ before a number"},
        {"16//16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "empty rank"},
        {"16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/ b", "trailing slash"},
        {"16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b extra", "trailing text"},
        {"8P8/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "8+1+8 = 17 squares"},
        {"16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 B", "upper-case side"},
        {"16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16\x01 b", "control character"},
        {"16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/1\xff b", "binary byte"},
        {"9999999999999999999999999/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 b", "huge count"},
    };
    static Position pos;
    position_start(&pos, ruleset_default());
    char before[TFEN_MAX], after[TFEN_MAX], err[200];
    tfen_print(&pos, before);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        int rc = tfen_parse(&pos, bad[i].tfen, err, sizeof err);
        CHECK(rc != 0, "malformed TFEN accepted (%s): '%s'", bad[i].why, bad[i].tfen);
        CHECK(err[0] != '\0', "no message for malformed TFEN (%s)", bad[i].why);
        tfen_print(&pos, after);
        CHECK(strcmp(before, after) == 0, "rejected TFEN changed the position (%s)", bad[i].why);
    }
    /* long garbage */
    char junk[5000];
    Rng rng = {7};
    for (int round = 0; round < scaled(2000); round++) {
        int n = rng_below(&rng, (int)sizeof junk - 1);
        const char alphabet[] = "0123456789/+!'KkPpQqDdLlXx bw";
        for (int i = 0; i < n; i++)
            junk[i] = round % 2 ? (char)(1 + rng_below(&rng, 255))
                                : alphabet[rng_below(&rng, (int)sizeof alphabet - 1)];
        junk[n] = '\0';
        if (tfen_parse(&pos, junk, err, sizeof err) == 0) {
            /* rarely valid: then it must print back to a valid TFEN */
            char again[TFEN_MAX];
            tfen_print(&pos, again);
            CHECK(tfen_parse(&pos, again, err, sizeof err) == 0, "reprinted random TFEN rejected");
            position_start(&pos, ruleset_default());
        }
        tfen_print(&pos, after);
        CHECK(strcmp(before, after) == 0, "random garbage changed the position");
    }
}

static void start_position(void)
{
    static Position pos;
    position_start(&pos, ruleset_default());
    char out[TFEN_MAX];
    CHECK(strcmp(tfen_print(&pos, out), TFEN_START) == 0, "start TFEN does not round-trip");
    CHECK(pos.count[BLACK] == 78 && pos.count[WHITE] == 78, "78 pieces a side, got %d/%d",
          pos.count[BLACK], pos.count[WHITE]);
    CHECK(pos.royals[BLACK] == 1 && pos.royals[WHITE] == 1, "one king each");
    /* docs/RULES.md §3.3 spot checks, and the point symmetry of the whole setup */
    static const struct { const char *sq; int kind, colour; } spots[] = {
        {"h1", KING, BLACK}, {"i1", DRUNK_ELEPHANT, BLACK}, {"i16", KING, WHITE},
        {"h16", DRUNK_ELEPHANT, WHITE}, {"i13", GREAT_GENERAL, WHITE}, {"h13", VICE_GENERAL, WHITE},
        {"i14", LION_HAWK, WHITE}, {"h14", FREE_EAGLE, WHITE}, {"i15", LION, WHITE},
        {"h15", QUEEN, WHITE}, {"l11", DOG, WHITE}, {"e11", DOG, WHITE}, {"e6", DOG, BLACK},
        {"g3", FIRE_DEMON, BLACK}, {"j3", FIRE_DEMON, BLACK}, {"g2", KIRIN, BLACK},
        {"j2", PHOENIX, BLACK}, {"h4", GREAT_GENERAL, BLACK}, {"i4", VICE_GENERAL, BLACK},
        {"a2", REVERSE_CHARIOT, BLACK}, {"b1", KNIGHT, BLACK}, {"o3", VERTICAL_SOLDIER, BLACK},
    };
    for (size_t i = 0; i < sizeof spots / sizeof spots[0]; i++) {
        const char *p = spots[i].sq;
        int sq = square_parse(&p, 0);
        CHECK(pos.board[sq] == make_piece(spots[i].kind, spots[i].colour), "%s holds %s",
              spots[i].sq, kind_english[piece_kind(pos.board[sq])]);
    }
    for (int sq = 0; sq < SQUARE_COUNT; sq++) {
        int a = pos.board[sq], b = pos.board[255 - sq];
        CHECK((a == 0 && b == 0) || (a && b && piece_kind(a) == piece_kind(b) &&
                                     piece_colour(a) != piece_colour(b)),
              "setup not point-symmetric at square %d", sq);
    }
}

/* A set of position keys (open addressing), for the naive repetition check below. */
typedef struct KeySet {
    uint64_t *slot;
    size_t mask;
} KeySet;
static bool keyset_has(const KeySet *ks, uint64_t key)
{
    for (size_t i = key & ks->mask;; i = (i + 1) & ks->mask)
        if (ks->slot[i] == key || !ks->slot[i])
            return ks->slot[i] == key;
}
static void keyset_add(KeySet *ks, uint64_t key)
{
    size_t i = key & ks->mask;
    while (ks->slot[i] && ks->slot[i] != key)
        i = (i + 1) & ks->mask;
    ks->slot[i] = key;
}

/* A game of many more reversible moves in a row than the history ring holds (position.h),
   kept in a GameRecord: after every move, position_is_repetition and the legal moves agree
   with a naive check against every position of the game (nothing here is irreversible: no
   piece can promote and captures are avoided), and nothing is corrupted. */
static void long_reversible_game(void)
{
    static MoveVec list;
    char err[128];
    Position *start = malloc(sizeof *start);
    position_clear(start, ruleset_default());
    tfen_parse(start, "15k/16/16/16/16/16/8q!7/16/16/16/16/7Q'8/16/16/16/K15 b", err, sizeof err);
    GameRecord g;
    game_record_init(&g, start);
    KeySet seen = {calloc(1 << 16, sizeof(uint64_t)), (1 << 16) - 1};
    keyset_add(&seen, g.pos->key);
    Rng rng = {5};
    int plies = 0, target = scaled(12000) > 3 * HISTORY_RING ? scaled(12000) : 3 * HISTORY_RING;
    while (plies < target) {
        generate_legal(g.pos, &list);
        if (!list.count)
            break;
        bool exempt = in_check(g.pos); /* the §5.11 exception: the mover is in check */
        for (int i = 0; i < list.count; i++) {
            Undo u;
            make_move(g.pos, list.moves[i], &u);
            bool repeats = !u.removed && keyset_has(&seen, g.pos->key);
            CHECK(!repeats || exempt, "ply %d: a legal move repeats a position", plies);
            CHECK(position_is_repetition(g.pos) == repeats, "ply %d: repetition check differs",
                  plies);
            unmake_move(g.pos, list.moves[i], &u);
        }
        Move m = list.moves[rng_below(&rng, list.count)];
        for (int tries = 0; tries < 50 && (move_has_mid(m) || g.pos->board[move_to(m)]) &&
                            !move_is_pass(m); tries++)
            m = list.moves[rng_below(&rng, list.count)]; /* keep everyone alive */
        game_record_play(&g, m);
        plies++;
        if (position_history(g.pos, g.pos->nhist - 1)->window > 0)
            break; /* a capture after all */
        keyset_add(&seen, g.pos->key);
    }
    CHECK(plies >= target, "long game stopped after %d plies", plies);
    CHECK(g.pos->nhist == plies + 1 && g.nhistory == plies + 1, "history of %d positions kept",
          g.nhistory);
    CHECK(position_validate(g.pos) == NULL, "after a long game: %s", position_validate(g.pos));
    game_record_free(&g);
    free(seen.slot);
    free(start);
}

int main(void)
{
    long_reversible_game();
    start_position();
    malformed_tfen();
    random_games(scaled(1500), 60, 30, 1);  /* openings and early middlegames */
    random_games(scaled(400), 400, 85, 2);  /* capture-hungry: sparse boards, promotions, lone royals */
    random_games(scaled(100), 1200, 50, 3); /* long games: repetition windows, history */
    printf("positions %d, moves made and unmade %d\n", positions_checked, moves_checked);
    return check_finish("test_position");
}
