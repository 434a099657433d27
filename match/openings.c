#include "openings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/makemove.h"
#include "board/movegen.h"
#include "board/tfen.h"
#include "util/strutil.h"

int openings_load(const char *path, const RuleSet *rs, char ***tfens, char *err, size_t errsz)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errsz, "cannot open openings file %s: %s", path, strerror(errno));
        return -1;
    }
    Position *pos = xmalloc(sizeof *pos);
    MoveList *list = xmalloc(sizeof *list);
    char **v = NULL;
    int n = 0, cap = 0, lineno = 0;
    char line[4096];
    int rc = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t l = strlen(line);
        if (l == sizeof line - 1 && line[l - 1] != '\n') {
            snprintf(err, errsz, "%s:%d: line too long", path, lineno);
            rc = -1;
            break;
        }
        while (l && (line[l - 1] == '\n' || line[l - 1] == '\r' || line[l - 1] == ' ' ||
                     line[l - 1] == '\t'))
            line[--l] = '\0';
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s || *s == '#')
            continue;
        position_clear(pos, rs);
        char e2[200];
        if (tfen_parse(pos, s, e2, sizeof e2) != 0) {
            snprintf(err, errsz, "%s:%d: bad TFEN: %s", path, lineno, e2);
            rc = -1;
            break;
        }
        if (position_game_over(pos)) {
            snprintf(err, errsz, "%s:%d: the game is already over (a side has no royal)", path,
                     lineno);
            rc = -1;
            break;
        }
        generate_legal(pos, list);
        if (list->count == 0) {
            snprintf(err, errsz, "%s:%d: the side to move has no legal move", path, lineno);
            rc = -1;
            break;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            v = xrealloc(v, (size_t)cap * sizeof *v);
        }
        char canon[TFEN_MAX];
        v[n++] = xstrdup(tfen_print(pos, canon));
    }
    fclose(f);
    free(pos);
    free(list);
    if (rc == 0 && n == 0) {
        snprintf(err, errsz, "%s: no positions in the file", path);
        rc = -1;
    }
    if (rc != 0) {
        for (int i = 0; i < n; i++)
            free(v[i]);
        free(v);
        return -1;
    }
    *tfens = v;
    return n;
}

/* RULES.md §7, by kind (base kinds 1..36 in enum Kind order, then promoted kinds). */
int piece_value_cp(int kind)
{
    static const int base[BASE_KIND_COUNT + 1] = {
        [KING] = 4,        [GREAT_GENERAL] = 45, [VICE_GENERAL] = 39,   [ROOK_GENERAL] = 23,
        [BISHOP_GENERAL] = 21, [FREE_EAGLE] = 22, [QUEEN] = 22,        [SOARING_EAGLE] = 18,
        [HORNED_FALCON] = 19, [WATER_BUFFALO] = 17, [CHARIOT_SOLDIER] = 18, [FIRE_DEMON] = 83,
        [LION_HAWK] = 25,  [LION] = 18,           [DRAGON_KING] = 14,   [DRAGON_HORSE] = 12,
        [ROOK] = 12,       [BISHOP] = 10,         [KIRIN] = 3,          [PHOENIX] = 3,
        [DRUNK_ELEPHANT] = 3, [BLIND_TIGER] = 3,  [FEROCIOUS_LEOPARD] = 3, [GOLD] = 3,
        [SILVER] = 2,      [COPPER] = 2,          [IRON] = 2,           [KNIGHT] = 1,
        [VERTICAL_MOVER] = 7, [SIDE_MOVER] = 7,   [REVERSE_CHARIOT] = 6, [LANCE] = 6,
        [VERTICAL_SOLDIER] = 8, [SIDE_SOLDIER] = 7, [DOG] = 1,          [PAWN] = 1,
    };
    static const int promoted[BASE_KIND_COUNT + 1] = {
        [PAWN] = 3,        [DOG] = 6,             [KNIGHT] = 7,         [IRON] = 8,
        [COPPER] = 7,      [SILVER] = 7,          [GOLD] = 12,          [FEROCIOUS_LEOPARD] = 10,
        [BLIND_TIGER] = 9, [KIRIN] = 18,          [PHOENIX] = 22,       [DRUNK_ELEPHANT] = 4,
        [LANCE] = 14,      [REVERSE_CHARIOT] = 10, [VERTICAL_MOVER] = 16, [SIDE_MOVER] = 16,
        [SIDE_SOLDIER] = 17, [VERTICAL_SOLDIER] = 18, [BISHOP] = 12,    [ROOK] = 14,
        [DRAGON_HORSE] = 19, [DRAGON_KING] = 18,  [WATER_BUFFALO] = 83, [CHARIOT_SOLDIER] = 12,
        [LION] = 25,       [SOARING_EAGLE] = 23,  [HORNED_FALCON] = 21, [BISHOP_GENERAL] = 39,
        [ROOK_GENERAL] = 45,
    };
    if (kind <= 0 || kind >= KIND_COUNT)
        return 0;
    int v = kind_is_promoted(kind) ? promoted[kind_base(kind)] : base[kind];
    return v * 100;
}

int material_balance(const Position *pos)
{
    int sum = 0;
    for (int sq = 0; sq < SQUARE_COUNT; sq++) {
        int pc = pos->board[sq];
        if (pc)
            sum += piece_colour(pc) == BLACK ? piece_value_cp(piece_kind(pc))
                                             : -piece_value_cp(piece_kind(pc));
    }
    return sum;
}

#define ROYAL_BONUS_CP 100000

/* Material change of a move just made, from the mover's view (captures and burns gain,
   a suicide loses; promotion changes the value; losing a last royal counts ROYAL_BONUS). */
static int move_gain(const Position *pos, const Undo *u, int mover, const int royals_before[2])
{
    int gain = 0;
    for (int i = 0; i < u->nchanges; i++) {
        int sq = u->sq[i];
        int old = u->old[i], now = pos->board[sq];
        if (old)
            gain -= piece_colour(old) == mover ? piece_value_cp(piece_kind(old))
                                               : -piece_value_cp(piece_kind(old));
        if (now)
            gain += piece_colour(now) == mover ? piece_value_cp(piece_kind(now))
                                               : -piece_value_cp(piece_kind(now));
    }
    if (royals_before[!mover] && !pos->royals[!mover])
        gain += ROYAL_BONUS_CP;
    if (royals_before[mover] && !pos->royals[mover])
        gain -= ROYAL_BONUS_CP;
    return gain;
}

typedef struct QS {
    long nodes, budget;
} QS;

/* Capture search with stand pat: the material the side to move can win (centipawns, relative
   to now) by captures and burns, the opponent answering in kind.  Only moves that can remove
   a piece are tried: onto an enemy piece, through one (lion-type), or by a fire demon. */
static int qsearch(Position *pos, int alpha, int beta, int depth, QS *q)
{
    int stand = 0;
    if (stand >= beta || depth == 0 || ++q->nodes > q->budget)
        return stand;
    if (stand > alpha)
        alpha = stand;
    MoveList *list = xmalloc(sizeof *list);
    generate_moves(pos, list);
    int us = pos->side;
    /* captures, most valuable victim first */
    int n = 0;
    for (int i = 0; i < list->count && list->count <= MAX_MOVES / 2; i++) {
        Move m = list->moves[i];
        int v = 0;
        if (!move_is_pass(m) && pos->board[move_to(m)] && move_to(m) != move_from(m))
            v += piece_value_cp(piece_kind(pos->board[move_to(m)])) + 1;
        if (move_has_mid(m))
            v += piece_value_cp(piece_kind(pos->board[move_mid(m)])) + 1;
        if (pos->rs->piece[pos->board[move_from(m)]].demon)
            v += 1;
        if (v > 0) {
            list->moves[n] = m;
            list->moves[MAX_MOVES - 1 - n] = (Move)v; /* scratch: key at the far end */
            n++;
        }
    }
    for (int i = 1; i < n; i++) /* insertion sort by key, descending */
        for (int k = i; k > 0 && list->moves[MAX_MOVES - 1 - k] > list->moves[MAX_MOVES - k]; k--) {
            Move t = list->moves[k];
            list->moves[k] = list->moves[k - 1];
            list->moves[k - 1] = t;
            t = list->moves[MAX_MOVES - 1 - k];
            list->moves[MAX_MOVES - 1 - k] = list->moves[MAX_MOVES - k];
            list->moves[MAX_MOVES - k] = t;
        }
    int best = stand;
    for (int i = 0; i < n && best < beta; i++) {
        Move m = list->moves[i];
        int rb[2] = {pos->royals[0], pos->royals[1]};
        Undo u;
        make_move(pos, m, &u);
        int g = move_gain(pos, &u, us, rb);
        int score = g;
        if (!position_game_over(pos))
            score = g - qsearch(pos, -(beta - g), -(alpha - g), depth - 1, q);
        unmake_move(pos, m, &u);
        if (score > best) {
            best = score;
            if (score > alpha)
                alpha = score;
        }
    }
    free(list);
    return best;
}

int material_search(Position *pos)
{
    QS q = {0, 20000};
    return qsearch(pos, -4 * ROYAL_BONUS_CP, 4 * ROYAL_BONUS_CP, 6, &q);
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int opening_random(const RuleSet *rs, uint64_t seed, int number, int plies, int balance_cp,
                   Opening *out)
{
    uint64_t state = seed ^ (0xD1B54A32D192ED03ULL * (uint64_t)(number + 1));
    splitmix(&state);
    Position *pos = xmalloc(sizeof *pos);
    MoveList *list = xmalloc(sizeof *list);
    int rc = -1;
    if (plies > OPENING_MAX_PLIES)
        plies = OPENING_MAX_PLIES;
    for (int attempt = 0; attempt < 10000 && rc != 0; attempt++) {
        position_start(pos, rs);
        int n = 0;
        bool ok = true;
        for (; n < plies; n++) {
            generate_legal(pos, list);
            if (list->count == 0) {
                ok = false;
                break;
            }
            Move m = list->moves[splitmix(&state) % (uint64_t)list->count];
            out->moves[n] = m;
            Undo u;
            make_move(pos, m, &u);
            if (position_game_over(pos)) {
                ok = false;
                break;
            }
        }
        if (!ok)
            continue;
        generate_legal(pos, list);
        if (list->count == 0 || in_check(pos))
            continue;
        int d = material_balance(pos);
        if (d > balance_cp || d < -balance_cp)
            continue;
        int s = material_search(pos);
        if (s > balance_cp || s < -balance_cp)
            continue;
        out->nmoves = plies;
        rc = 0;
    }
    out->number = number;
    out->tfen = NULL;
    snprintf(out->label, sizeof out->label, "random %d plies, seed %llu, #%d", plies,
             (unsigned long long)seed, number + 1);
    free(pos);
    free(list);
    return rc;
}
