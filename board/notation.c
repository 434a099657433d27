#include "notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "legal.h"
#include "makemove.h"
#include "moveclass.h"
#include "movegen.h"

/* ------------------------------------------------------------------ wire syntax -------- */

/* The square a pass goes through when Kaki writes it: the valid one with the lowest index. */
static int pass_square(const Position *pos, int sq)
{
    const PieceInfo *pi = &pos->rs->piece[pos->board[sq]];
    if (pi->pass < 0)
        return -1;
    Bitboard v = bb_andnot(pos->rs->pattern[pi->pass][sq], position_occupied(pos));
    return bb_lsb(v);
}

char *move_to_wire(const Position *pos, Move m, int rank_offset, char *out)
{
    int from = move_from(m), to = move_to(m);
    char *p = out;
    p += square_to_str(from, p, rank_offset);
    if (move_is_pass(m)) {
        int v = pass_square(pos, from);
        if (v < 0)
            v = from; /* not a legal pass here; never printed for a generated move */
        p += square_to_str(v, p, rank_offset);
        *p++ = ',';
        p += square_to_str(v, p, rank_offset);
        p += square_to_str(from, p, rank_offset);
    } else if (move_has_mid(m)) {
        p += square_to_str(move_mid(m), p, rank_offset);
        *p++ = ',';
        p += square_to_str(move_mid(m), p, rank_offset);
        p += square_to_str(to, p, rank_offset);
    } else {
        p += square_to_str(to, p, rank_offset);
    }
    if (move_is_promo(m))
        *p++ = '+';
    *p = '\0';
    return out;
}

#define ERR(...)                                                                               \
    do {                                                                                       \
        if (err)                                                                               \
            snprintf(err, errsz, __VA_ARGS__);                                                 \
        return MOVE_NONE;                                                                      \
    } while (0)

/* "@@@@": the pass, if all legal passes give the same position. */
static Move null_move_pass(Position *pos, const MoveVec *legal, char *err, size_t errsz)
{
    Move found = MOVE_NONE;
    uint64_t key = 0;
    for (int i = 0; i < legal->count; i++) {
        Move m = legal->moves[i];
        if (!move_is_pass(m) || !move_is_legal(pos, m))
            continue;
        Undo u;
        make_move(pos, m, &u);
        uint64_t k = pos->key;
        unmake_move(pos, m, &u);
        if (found && k != key)
            ERR("ambiguous pass: passes by different pieces give different positions");
        if (!found)
            found = m, key = k;
    }
    if (!found)
        ERR("no legal pass in this position");
    return found;
}

Move move_from_wire(Position *pos, const char *s, int rank_offset, char *err, size_t errsz)
{
    while (*s == ' ' || *s == '\t')
        s++;
    /* pseudo-legal moves; the repetition rule is checked for the matching move only */
    MoveVec all = {0}, *legal = &all;
    generate_all_moves(pos, legal);
    Move result = MOVE_NONE;
    if (strncmp(s, "@@@@", 4) == 0 && (s[4] == '\0' || s[4] == ' ' || s[4] == '\n' || s[4] == '\r')) {
        result = null_move_pass(pos, legal, err, errsz);
        movevec_free(legal);
        return result;
    }

    /* legs: sq sq [, sq sq] */
    int sqs[4], n = 0;
    const char *p = s;
    for (;;) {
        int a = square_parse(&p, rank_offset);
        if (a < 0)
            break;
        int b = square_parse(&p, rank_offset);
        if (b < 0) {
            n = -1;
            break;
        }
        if (n == 4) {
            n = -2;
            break;
        }
        sqs[n++] = a;
        sqs[n++] = b;
        if (*p != ',')
            break;
        p++;
        if (!*p) { /* a comma must be followed by another leg */
            n = -1;
            break;
        }
    }
    char suffix = 0;
    if (*p == '+' || *p == '=')
        suffix = *p++;
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    if (n == -2) {
        movevec_free(legal);
        ERR("too many legs (tenjiku moves have at most two)");
    }
    if (n <= 0 || *p) {
        movevec_free(legal);
        ERR("cannot parse move");
    }
    if (n == 4 && sqs[1] != sqs[2]) {
        movevec_free(legal);
        ERR("second leg does not start where the first ended");
    }

    Move m = MOVE_NONE;
    int a = sqs[0], b = sqs[1];
    int us = pos->side;
    int mover = pos->board[a];
    if (!mover || piece_colour(mover) != us) {
        movevec_free(legal);
        ERR("no piece of the side to move on the start square");
    }
    if (n == 2) {
        if (a == b) {
            movevec_free(legal);
            ERR("a move must leave its square (a pass is written s v,v s)");
        }
        m = move_make(a, b);
    } else {
        int c = sqs[3];
        int mid_pc = pos->board[b];
        if (mid_pc && piece_colour(mid_pc) != us)
            m = move_make_mid(a, b, c);
        else if (!mid_pc && c == a) {
            const PieceInfo *pi = &pos->rs->piece[mover];
            if (pi->pass < 0 || !bb_test(&pos->rs->pattern[pi->pass][a], b)) {
                movevec_free(legal);
                ERR("this piece cannot pass through that square");
            }
            m = move_make_pass(a);
        } else if (!mid_pc)
            m = move_make(a, c); /* a leg through an empty square: same effect as a-c */
        else {
            movevec_free(legal);
            ERR("the first leg ends on a friendly piece");
        }
    }

    if (suffix == '+') {
        if (movevec_has(legal, m | MOVE_PROMO))
            result = m | MOVE_PROMO;
        else if (movevec_has(legal, m) && move_is_suicide(pos, m))
            result = m; /* '+' on a suicide move is accepted and ignored */
        else if (movevec_has(legal, m)) {
            movevec_free(legal);
            ERR("this move cannot promote");
        }
    } else if (movevec_has(legal, m))
        result = m;
    movevec_free(legal);
    if (!result)
        ERR("not a legal move");
    if (!move_is_legal(pos, result))
        ERR("the move would repeat an earlier position");
    return result;
}

/* ------------------------------------------------------------------ Hodges notation ---- */

int hodges_square(int sq, char *out)
{
    return sprintf(out, "%d%c", 16 - sq_file(sq), 'a' + 15 - sq_rank(sq));
}

/* Canonical order of burned squares: rank letter a..p, then file number ascending. */
static int hodges_order(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    int kx = (15 - sq_rank(x)) * 16 + (15 - sq_file(x));
    int ky = (15 - sq_rank(y)) * 16 + (15 - sq_file(y));
    return kx - ky;
}

static char *hodges_format(Position *pos, Move m, bool with_start, bool can_promote, char *out)
{
    int from = move_from(m), to = move_to(m);
    int pc = pos->board[from];
    int kind = piece_kind(pc);
    int them = pos->side ^ 1;
    char *p = out;
    if (kind_is_promoted(kind))
        *p++ = '+';
    p += sprintf(p, "%s", kind_abbrev[kind_base(kind)]);
    if (with_start)
        p += hodges_square(from, p);

    bool to_capture = !move_is_pass(m) && to != from && pos->board[to];
    if (move_is_pass(m)) {
        *p++ = '-';
        p += hodges_square(from, p);
    } else if (move_has_mid(m) && to == from) {
        p += sprintf(p, "x!");
        p += hodges_square(move_mid(m), p);
    } else if (move_has_mid(m)) {
        *p++ = 'x';
        p += hodges_square(move_mid(m), p);
        *p++ = to_capture ? 'x' : '-';
        p += hodges_square(to, p);
    } else {
        *p++ = to_capture ? 'x' : '-';
        p += hodges_square(to, p);
    }

    /* burns and suicide: play the move and look */
    uint8_t before[SQUARE_COUNT];
    memcpy(before, pos->board, sizeof before);
    Undo u;
    make_move(pos, m, &u);
    int burned[8], nburned = 0;
    Bitboard near = geo.king_nbrs[to];
    while (bb_any(near)) {
        int sq = bb_pop(&near);
        if (before[sq] && piece_colour(before[sq]) == them && !pos->board[sq] &&
            !(move_has_mid(m) && sq == move_mid(m)))
            burned[nburned++] = sq;
    }
    bool suicide = pos->board[to] == 0 || piece_colour(pos->board[to]) != piece_colour(pc);
    unmake_move(pos, m, &u);

    if (nburned) {
        qsort(burned, (size_t)nburned, sizeof burned[0], hodges_order);
        p += sprintf(p, "x!");
        for (int i = 0; i < nburned; i++) {
            if (i)
                *p++ = ',';
            p += hodges_square(burned[i], p);
        }
    }
    if (move_is_promo(m))
        *p++ = '+';
    else if (can_promote)
        *p++ = '=';
    if (suicide)
        *p++ = '*';
    *p = '\0';
    return out;
}

/* The squares a move's Hodges text names after the piece: two moves by pieces of one kind
   can be written alike (and need their start squares) only if these are the same. */
static uint32_t hodges_target(Move m)
{
    if (move_is_pass(m))
        return 1u << 20 | (uint32_t)move_from(m);
    if (move_has_mid(m))
        return 2u << 20 | (uint32_t)move_mid(m) << 8 | (uint32_t)(move_to(m) == move_from(m) ? 0 : move_to(m) + 256);
    return 3u << 20 | (uint32_t)move_to(m);
}

char *move_to_hodges_in(Position *pos, Move m, const MoveVec *legal, char *out)
{
    bool can_promote = !move_is_promo(m) && movevec_has(legal, m | MOVE_PROMO);
    hodges_format(pos, m, false, can_promote, out);

    /* the start square is written only if another piece of the same kind has a move that
       would otherwise be written the same way */
    int pc = pos->board[move_from(m)];
    uint32_t target = hodges_target(m);
    char other[MOVE_STR_MAX];
    for (int i = 0; i < legal->count; i++) {
        Move o = legal->moves[i];
        if (move_from(o) == move_from(m) || pos->board[move_from(o)] != pc ||
            hodges_target(o) != target)
            continue;
        bool o_can = !move_is_promo(o) && movevec_has(legal, o | MOVE_PROMO);
        if (strcmp(hodges_format(pos, o, false, o_can, other), out) == 0) {
            hodges_format(pos, m, true, can_promote, out);
            break;
        }
    }
    return out;
}

char *move_to_hodges(Position *pos, Move m, char *out)
{
    MoveVec legal = {0};
    generate_legal(pos, &legal);
    move_to_hodges_in(pos, m, &legal, out);
    movevec_free(&legal);
    return out;
}

/* Rewrites the piece abbreviation of a Hodges move to the canonical one (aliases). */
static void canonical_piece(const char *s, char *out, size_t outsz)
{
    const char *p = s;
    size_t n = 0;
    if (*p == '+' && n + 1 < outsz)
        out[n++] = *p++;
    const char *start = p;
    int letters = 0;
    while ((start[letters] >= 'A' && start[letters] <= 'Z') || (start[letters] >= 'a' && start[letters] <= 'z'))
        letters++;
    /* the longest prefix that names a piece: "FiDx15k" is FiD + x */
    int kind = 0, len = letters < 4 ? letters : 4;
    while (len > 0 && !(kind = kind_from_abbrev(start, len)))
        len--;
    if (kind) {
        const char *name = kind_abbrev[kind];
        size_t nl = strlen(name);
        if (n + nl < outsz) {
            memcpy(out + n, name, nl);
            n += nl;
        }
        p = start + len;
    }
    while (*p && *p != ' ' && *p != '\n' && *p != '\r' && n + 1 < outsz)
        out[n++] = *p++;
    out[n] = '\0';
}

Move move_from_hodges(Position *pos, const char *s, char *err, size_t errsz)
{
    while (*s == ' ' || *s == '\t')
        s++;
    char want[MOVE_STR_MAX * 2];
    canonical_piece(s, want, sizeof want);
    MoveVec all = {0}, *legal = &all;
    generate_legal(pos, legal);
    Move found = MOVE_NONE;
    char text[MOVE_STR_MAX];
    for (int i = 0; i < legal->count && !found; i++) {
        Move m = legal->moves[i];
        bool can = !move_is_promo(m) && movevec_has(legal, m | MOVE_PROMO);
        /* accept the canonical form and the form with the start square */
        for (int variant = 0; variant < 2 && !found; variant++) {
            hodges_format(pos, m, variant & 1, can && !(variant & 2), text);
            if (strcmp(text, want) == 0)
                found = m;
        }
    }
    /* then, if nothing matched exactly, the same forms without the '=' of a declined
       promotion (the writer may leave it out) */
    for (int i = 0; i < legal->count && !found; i++) {
        Move m = legal->moves[i];
        if (move_is_promo(m) || !movevec_has(legal, m | MOVE_PROMO))
            continue;
        for (int variant = 0; variant < 2 && !found; variant++) {
            hodges_format(pos, m, variant, false, text);
            if (strcmp(text, want) == 0)
                found = m;
        }
    }
    movevec_free(legal);
    if (!found)
        ERR("'%s' is not a legal move in Hodges notation here", s);
    return found;
}
