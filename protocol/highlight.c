#include "highlight.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"

int highlight_pass_square(const Position *pos, int sq)
{
    int pc = pos->board[sq];
    if (!pc)
        return -1;
    const PieceInfo *pi = &pos->rs->piece[pc];
    if (pi->pass < 0)
        return -1;
    Bitboard v = bb_andnot(pos->rs->pattern[pi->pass][sq], position_occupied(pos));
    return bb_any(v) ? bb_lsb(v) : -1;
}

/* Priority when two kinds of move share a square: cyan (more input follows) beats magenta
   (promotion choice) beats red (capture) beats yellow. */
static int rank_of(char c)
{
    switch (c) {
    case 'C': return 4;
    case 'M': return 3;
    case 'R': return 2;
    case 'Y': return 1;
    default: return 0;
    }
}

static void mark(Marks *mk, int sq, char c)
{
    if (rank_of(c) > rank_of(mk->sq[sq]))
        mk->sq[sq] = c;
}

/* Does the move remove an enemy piece (capture or burn)?  Then it is marked red, so that XBoard
   sends `hover` and the victims can be shown. */
static bool removes_enemy(Position *pos, Move m)
{
    int them = pos->side ^ 1;
    int before = pos->count[them];
    Undo u;
    make_move(pos, m, &u);
    bool r = pos->count[them] < before;
    unmake_move(pos, m, &u);
    return r;
}

/* The legal moves, if the piece on `from` belongs to the side to move (else false).  The
   caller frees the list. */
static bool legal_moves_if_mover(Position *pos, int from, MoveVec *legal)
{
    int pc = pos->board[from];
    if (!pc || piece_colour(pc) != pos->side)
        return false;
    generate_legal(pos, legal);
    return true;
}

void highlight_marks(Position *pos, int from, int kill, Marks *mk)
{
    memset(mk, 0, sizeof *mk);
    if (from < 0 || from > 255 || kill > 255 || position_game_over(pos))
        return;
    MoveVec all = {0}, *legal = &all;
    if (!legal_moves_if_mover(pos, from, legal))
        return;
    int pc = pos->board[from];
    bool has_pass = false;
    for (int i = 0; i < legal->count; i++) {
        Move m = legal->moves[i];
        if (move_from(m) != from || move_is_promo(m))
            continue;
        bool promo = movevec_has(legal, m | MOVE_PROMO);
        int to = move_to(m);
        if (move_is_pass(m)) {
            has_pass = true;
            continue;
        }
        if (kill < 0) {
            if (move_has_mid(m))
                mark(mk, move_mid(m), 'C');
            else
                mark(mk, to, promo ? 'M' : removes_enemy(pos, m) ? 'R' : 'Y');
        } else if (move_has_mid(m) && move_mid(m) == kill) {
            mark(mk, to, promo ? 'M' : (to == from || pos->board[to]) ? 'R' : 'Y');
        } else if (!move_has_mid(m) && to == kill) {
            /* clicking the first-leg square again ends the move there */
            mark(mk, to, promo ? 'M' : removes_enemy(pos, m) ? 'R' : 'Y');
        }
    }
    int v = has_pass ? highlight_pass_square(pos, from) : -1;
    if (kill < 0 && v >= 0)
        mark(mk, v, 'C');
    if (kill >= 0 && has_pass && !pos->board[kill]) {
        /* back to the start through an empty square the piece may pass through: the pass */
        const PieceInfo *pi = &pos->rs->piece[pc];
        if (pi->pass >= 0 && bb_test(&pos->rs->pattern[pi->pass][from], kill))
            mark(mk, from, 'Y');
    }
    movevec_free(legal);
}

void highlight_victims(Position *pos, int from, int kill, int to, Marks *mk)
{
    if (from < 0 || from > 255 || to < 0 || to > 255 || kill > 255)
        return;
    MoveVec all = {0}, *legal = &all;
    if (!legal_moves_if_mover(pos, from, legal))
        return;
    Move found = MOVE_NONE;
    for (int i = 0; i < legal->count && !found; i++) {
        Move m = legal->moves[i];
        if (move_from(m) != from || move_to(m) != to || move_is_promo(m) || move_is_pass(m))
            continue;
        if (kill >= 0 ? (move_has_mid(m) && move_mid(m) == kill) : !move_has_mid(m))
            found = m;
    }
    movevec_free(legal);
    if (!found)
        return;
    uint8_t before[SQUARE_COUNT];
    memcpy(before, pos->board, sizeof before);
    Undo u;
    make_move(pos, found, &u);
    /* green; upper case keeps a square that is also a destination legal */
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        if (before[sq] && sq != from && sq != to && pos->board[sq] != before[sq])
            mk->sq[sq] = mk->sq[sq] && isupper((unsigned char)mk->sq[sq]) ? 'G' : 'g';
    unmake_move(pos, found, &u);
}

char *highlight_format(const Marks *mk, char *out)
{
    char *p = out;
    memcpy(p, "highlight ", 10);
    p += 10;
    for (int y = 15; y >= 0; y--) {
        for (int x = 0; x < 16; x++) {
            char c = mk->sq[sq_make(x, y)];
            *p++ = c ? c : 't';
        }
        if (y)
            *p++ = '/';
    }
    *p = '\0';
    return out;
}
