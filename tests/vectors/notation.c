/* The move notation of docs/RULES.md §10, wire syntax (docs/PROTOCOL.md §3) and TFEN boards
 * (docs/RULES.md §3.2), read as plain text for the rules test vectors. */
#include <stdio.h>
#include <string.h>

#include "vectors.h"

int vec_square_parse(const char *s, int *square)
{
    if (s[0] < 'a' || s[0] > 'p' || s[1] < '1' || s[1] > '9')
        return 0;
    int rank = s[1] - '0', n = 2;
    if (s[2] >= '0' && s[2] <= '9') {
        rank = rank * 10 + (s[2] - '0');
        n = 3;
    }
    if (rank > 16)
        return 0;
    *square = (rank - 1) * 16 + (s[0] - 'a');
    return n;
}

void vec_square_name(int square, char out[4])
{
    unsigned sq = (unsigned)square % VEC_SQUARES;
    snprintf(out, 4, "%c%u", 'a' + sq % 16, sq / 16 + 1);
}

static void append_leg(char *key, int from, int to)
{
    char a[4], b[4];
    vec_square_name(from, a);
    vec_square_name(to, b);
    if (key[0])
        strcat(key, ",");
    strcat(key, a);
    strcat(key, b);
}

/* The wire syntax of a parsed move: an igui is a step onto the victim and back. */
static void move_key(VecMove *m)
{
    m->key[0] = '\0';
    if (m->nlegs == 0) {
        vec_square_name(m->squares[0], m->key);
        strcat(m->key, " pass");
        return;
    }
    if (m->legs[0] == '!') {
        append_leg(m->key, m->squares[0], m->squares[1]);
        append_leg(m->key, m->squares[1], m->squares[0]);
    } else {
        for (int i = 0; i < m->nlegs; i++)
            append_leg(m->key, m->squares[i], m->squares[i + 1]);
    }
    if (m->promotes)
        strcat(m->key, "+");
}

/* Reads the legs after the start square: ("-" | "x" | "x!") square, at most twice. */
static const char *parse_legs(const char *p, VecMove *m, char *err, size_t errsz)
{
    while (*p == '-' || *p == 'x') {
        char leg = *p++;
        if (leg == 'x' && *p == '!') {
            leg = '!';
            p++;
        }
        int n = m->nlegs < 2 ? vec_square_parse(p, &m->squares[m->nlegs + 1]) : 0;
        if (!n) {
            snprintf(err, errsz, "'%s': expected a square after '%c' (at most two legs)", m->note,
                     leg == '!' ? '!' : leg);
            return NULL;
        }
        if (m->squares[m->nlegs + 1] == m->squares[m->nlegs]) {
            snprintf(err, errsz, "'%s': a leg that does not move", m->note);
            return NULL;
        }
        m->legs[m->nlegs++] = leg;
        p += n;
    }
    if (m->nlegs == 0) {
        snprintf(err, errsz, "'%s': after the start square comes -, x, x! or ' pass'", m->note);
        return NULL;
    }
    if (m->nlegs == 2 && (m->legs[0] == '!' || m->legs[1] == '!')) {
        snprintf(err, errsz, "'%s': an igui (x!) is a move of its own", m->note);
        return NULL;
    }
    return p;
}

int vec_move_parse(const char *text, VecMove *m, char *err, size_t errsz)
{
    memset(m, 0, sizeof *m);
    if (strlen(text) >= sizeof m->note) {
        snprintf(err, errsz, "'%s': too long for a move", text);
        return -1;
    }
    snprintf(m->note, sizeof m->note, "%s", text);
    int n = vec_square_parse(text, &m->squares[0]);
    if (!n) {
        snprintf(err, errsz, "'%s': a move starts with a square such as h8", text);
        return -1;
    }
    const char *p = text + n;
    if (strcmp(p, " pass") == 0) {
        move_key(m);
        return 0;
    }
    p = parse_legs(p, m, err, errsz);
    if (!p)
        return -1;
    if (*p == '+') {
        m->promotes = 1;
        p++;
    } else if (*p == '*') {
        m->suicide = 1;
        p++;
    }
    if (*p) {
        snprintf(err, errsz, "'%s': unexpected '%s' (a suicide * has no promoting version)", text,
                 p);
        return -1;
    }
    move_key(m);
    return 0;
}

/* Reads a piece code ("+W!", "p", "V'") at s into code; returns the characters used or 0. */
static int parse_code(const char *s, char code[VEC_CODE_MAX])
{
    int n = 0;
    if (s[n] == '+')
        n++;
    if (!((s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z')))
        return 0;
    n++;
    if (s[n] == '\'' || s[n] == '!')
        n++;
    memcpy(code, s, (size_t)n);
    code[n] = '\0';
    return n;
}

int vec_code_colour(const char *code)
{
    const char *c = code[0] == '+' ? code + 1 : code;
    return !c[0] ? -1 : (c[0] >= 'A' && c[0] <= 'Z') ? 0 : 1;
}

/* A whole piece code and nothing else (the expectations of `after` and `total`). */
int vec_code_only(const char *s, char code[VEC_CODE_MAX])
{
    int n = parse_code(s, code);
    return n && s[n] == '\0';
}

static int decode_rank(const char **sp, char cells[VEC_SQUARES][VEC_CODE_MAX], int rank)
{
    const char *s = *sp;
    int file = 0;
    while (*s && *s != '/' && *s != ' ') {
        if (*s >= '1' && *s <= '9') {
            int run = 0;
            while (*s >= '0' && *s <= '9')
                run = run * 10 + (*s++ - '0');
            file += run;
            continue;
        }
        char code[VEC_CODE_MAX];
        int n = parse_code(s, code);
        if (!n || file >= 16)
            return -1;
        memcpy(cells[rank * 16 + file++], code, VEC_CODE_MAX);
        s += n;
    }
    *sp = s;
    return file == 16 ? 0 : -1;
}

int vec_board_decode(const char *tfen, char cells[VEC_SQUARES][VEC_CODE_MAX], int *side)
{
    memset(cells, 0, VEC_SQUARES * VEC_CODE_MAX);
    const char *s = tfen;
    for (int rank = 15; rank >= 0; rank--) {
        if (decode_rank(&s, cells, rank) != 0)
            return -1;
        if (rank > 0 && *s++ != '/')
            return -1;
    }
    if (s[0] != ' ' || (s[1] != 'b' && s[1] != 'w') || s[2] != '\0')
        return -1;
    *side = s[1] == 'w';
    return 0;
}

int vec_wire_start(const char *wire)
{
    int square;
    return vec_square_parse(wire, &square) ? square : -1;
}

void vec_wire_key(const char *wire, char cells[VEC_SQUARES][VEC_CODE_MAX], char key[VEC_WIRE_MAX])
{
    snprintf(key, VEC_WIRE_MAX, "%s", wire);
    int sq[4], n = 0;
    const char *p = wire;
    for (int leg = 0; leg < 2; leg++) {
        int a = vec_square_parse(p, &sq[n]);
        int b = a ? vec_square_parse(p + a, &sq[n + 1]) : 0;
        if (!b)
            return;
        n += 2;
        p += a + b;
        if (*p != ',')
            break;
        p++;
    }
    if (*p == '\0' && n == 4 && sq[1] == sq[2] && sq[3] == sq[0] && !cells[sq[1]][0]) {
        vec_square_name(sq[0], key);
        strcat(key, " pass");
    }
}
