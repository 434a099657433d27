#include "tfen.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define FAIL(...)                                                                              \
    do {                                                                                       \
        if (err)                                                                               \
            snprintf(err, errsz, __VA_ARGS__);                                                 \
        return NULL;                                                                           \
    } while (0)

const char *tfen_parse_board(const char *s, uint8_t board[SQUARE_COUNT], char *err, size_t errsz)
{
    memset(board, 0, 256);
    while (*s == ' ' || *s == '\t')
        s++;
    if (!*s)
        FAIL("empty position string");
    for (int r = 0; r < 16; r++) {
        int rank = 16 - r; /* XBoard rank number, for messages */
        int file = 0;
        if (r > 0) {
            if (*s != '/') {
                if (*s == ' ' || *s == '\0')
                    FAIL("only %d ranks (expected 16)", r);
                FAIL("rank %d has more than 16 squares", rank + 1);
            }
            s++;
        }
        while (*s && *s != '/' && *s != ' ' && *s != '\t') {
            if (isdigit((unsigned char)*s)) {
                int n = 0, digits = 0;
                const char *start = s;
                while (isdigit((unsigned char)*s)) {
                    if (digits < 3)
                        n = n * 10 + (*s - '0');
                    digits++;
                    s++;
                }
                if (*start == '0' || digits > 2 || n < 1 || n > 16)
                    FAIL("empty-square count '%.*s' out of range 1-16 in rank %d",
                         digits > 8 ? 8 : digits, start, rank);
                if (file + n > 16)
                    FAIL("rank %d has more than 16 squares", rank);
                file += n;
                continue;
            }
            bool promoted = false;
            if (*s == '+') {
                promoted = true;
                s++;
                if (*s == '+')
                    FAIL("'++' in rank %d: a piece can promote only once", rank);
            }
            if (!isalpha((unsigned char)*s))
                FAIL("unexpected character '%c' in rank %d", *s ? *s : '?', rank);
            char letter = *s++;
            char suffix = (*s == '\'' || *s == '!') ? *s++ : '\0';
            int kind = kind_from_tfen((char)toupper((unsigned char)letter), suffix);
            if (!kind)
                FAIL("unknown piece code '%c%s' in rank %d", letter,
                     suffix == '\'' ? "'" : suffix == '!' ? "!" : "", rank);
            if (promoted) {
                if (!kind_can_promote(kind))
                    FAIL("'+%c%s' in rank %d: a %s cannot promote", letter,
                         suffix == '\'' ? "'" : suffix == '!' ? "!" : "", rank, kind_english[kind]);
                kind = promoted_kind(kind);
            }
            if (file >= 16)
                FAIL("rank %d has more than 16 squares", rank);
            int colour = isupper((unsigned char)letter) ? BLACK : WHITE;
            board[sq_make(file, 15 - r)] = (unsigned char)make_piece(kind, colour);
            file++;
        }
        if (file < 16)
            FAIL("rank %d has %d squares (expected 16)", rank, file);
    }
    if (*s == '/')
        FAIL("more than 16 ranks");
    return s;
}

int tfen_parse(Position *pos, const char *tfen, char *err, size_t errsz)
{
    uint8_t board[SQUARE_COUNT];
    const char *s = tfen_parse_board(tfen, board, err, errsz);
    if (!s)
        return -1;
    while (*s == ' ' || *s == '\t')
        s++;
    int side;
    if (*s == 'b')
        side = BLACK;
    else if (*s == 'w')
        side = WHITE;
    else {
        if (err) {
            if (*s)
                snprintf(err, errsz, "bad side to move '%c' (expected b or w)", *s);
            else
                snprintf(err, errsz, "missing side to move (b or w)");
        }
        return -1;
    }
    s++;
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    if (*s) {
        if (err)
            snprintf(err, errsz, "unexpected text after the side to move: '%.20s'", s);
        return -1;
    }
    position_set(pos, board, side);
    return 0;
}

void position_start(Position *pos, const RuleSet *rs)
{
    position_clear(pos, rs);
    tfen_parse(pos, TFEN_START, NULL, 0); /* cannot fail: tested */
}

int tfen_print_board(const Position *pos, char *out)
{
    char *p = out;
    for (int y = 15; y >= 0; y--) {
        int empty = 0;
        for (int x = 0; x < 16; x++) {
            int pc = pos->board[sq_make(x, y)];
            if (!pc) {
                empty++;
                continue;
            }
            if (empty)
                p += sprintf(p, "%d", empty);
            empty = 0;
            int kind = piece_kind(pc);
            if (kind_is_promoted(kind))
                *p++ = '+';
            const char *code = kind_tfen[kind_base(kind)];
            *p++ = piece_colour(pc) == BLACK ? code[0] : (char)tolower((unsigned char)code[0]);
            if (code[1])
                *p++ = code[1];
        }
        if (empty)
            p += sprintf(p, "%d", empty);
        if (y)
            *p++ = '/';
    }
    *p = '\0';
    return (int)(p - out);
}

char *tfen_print(const Position *pos, char *out)
{
    int n = tfen_print_board(pos, out);
    sprintf(out + n, " %c", pos->side == BLACK ? 'b' : 'w');
    return out;
}
