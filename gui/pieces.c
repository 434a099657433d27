#include "pieces.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/japanese.h"
#include "util/strbuf.h"

const char *const piece_set_name[SET_COUNT] = {"kanji", "mnemonic", "letters"};

int piece_set_from_name(const char *name)
{
    for (int i = 0; i < SET_COUNT; i++)
        if (strcmp(piece_set_name[i], name) == 0)
            return i;
    return -1;
}

#define INK "#1a1a1a"
#define RED "#c40000"
#define KANJI_FONT                                                                             \
    "'IPAMincho','IPAexMincho','Noto Serif CJK JP','Noto Sans CJK JP','IPAGothic','Yu Mincho'," \
    "'Hiragino Mincho ProN','MS Mincho',serif"
#define LATIN_FONT "'DejaVu Sans','Liberation Sans',Arial,sans-serif"

const char *piece_inscription(int kind, int colour)
{
    if (kind == KING && colour == WHITE)
        return "王将";
    if (kind == promoted_kind(PAWN))
        return "と";
    return kind_kanji[kind];
}

/* The pentagon, pointing up (at the opponent of its owner). */
static void piece_body(StrBuf *b)
{
    sb_puts(b, "<path d='M50 4 L83 19 L91 96 L9 96 L17 19 Z' fill='#f3d9a0' stroke='#6b4a1e' "
               "stroke-width='2.5' stroke-linejoin='round'/>");
}

/* Appends n UTF-8 characters of s, one per line, centred on the piece. */
static void kanji_face(StrBuf *b, const char *s, const char *colour)
{
    const char *chars[4];
    int n = 0;
    for (const char *p = s; *p && n < 4; n++) {
        chars[n] = p;
        p++;
        while ((*p & 0xC0) == 0x80)
            p++;
    }
    static const double size[5] = {0, 56, 41, 28, 22};
    static const double top[5] = {0, 58, 38, 32, 30};
    double step = n == 2 ? 38.5 : n == 3 ? 27 : 22;
    for (int i = 0; i < n; i++) {
        const char *end = i + 1 < n ? chars[i + 1] : chars[i] + strlen(chars[i]);
        double cy = top[n] + i * step;
        sb_printf(b,
                  "<text x='50' y='%.1f' font-size='%.0f' font-family=\"%s\" font-weight='700' "
                  "text-anchor='middle' fill='%s'>%.*s</text>",
                  cy + size[n] * 0.36, size[n], KANJI_FONT, colour, (int)(end - chars[i]),
                  chars[i]);
    }
}

/* The Hodges abbreviation, "+" in front of a promoted piece's. */
static void letters_text(int kind, char *out, size_t outsz)
{
    snprintf(out, outsz, "%s%s", kind_is_promoted(kind) ? "+" : "", kind_abbrev[kind_base(kind)]);
}

static void letters_face(StrBuf *b, int kind, const char *colour)
{
    char text[16];
    letters_text(kind, text, sizeof text);
    size_t n = strlen(text);
    double size = n <= 1 ? 52 : n == 2 ? 42 : n == 3 ? 32 : 28;
    sb_printf(b,
              "<text x='50' y='%.1f' font-size='%.0f' font-family=\"%s\" font-weight='700' "
              "text-anchor='middle' fill='%s'%s>%s</text>",
              62 + size * 0.36, size, LATIN_FONT, colour,
              n > 3 ? " textLength='76' lengthAdjust='spacingAndGlyphs'" : "", text);
}

/* ---- mnemonic faces: the moves, from the movement table ---- */

/* The moves are drawn around (CX, CY), above the label, which fills the bottom of the piece
   (LABEL_Y, its baseline) so that it stays readable on a small board (a third of the piece's
   height: 9 px where the piece is 33 px). */
#define CX 50.0
#define CY 44.0
#define R1 15.0 /* one square */
#define R2 24.0 /* two squares */
#define LABEL_Y 93.0

/* How far a mark may go in direction d before it leaves the pentagon (or, backwards, before
   it reaches the label). */
static double reach(int d)
{
    static const double r[8] = {36, 33, 32, 24, 23, 24, 32, 33};
    return r[d];
}

/* Unit vector of board direction d on the picture (forward = up). */
static void unit(int d, double *ux, double *uy)
{
    double len = (dir_dx[d] && dir_dy[d]) ? sqrt(2.0) : 1.0;
    *ux = dir_dx[d] / len;
    *uy = -dir_dy[d] / len;
}

static int group_of(int d)
{
    static const int g[8] = {GRP_F, GRP_FD, GRP_SD, GRP_BD, GRP_BK, GRP_BD, GRP_SD, GRP_FD};
    return g[d];
}

static void dot(StrBuf *b, int d, double r, double radius, const char *c)
{
    double ux, uy;
    unit(d, &ux, &uy);
    sb_printf(b, "<circle cx='%.1f' cy='%.1f' r='%.1f' fill='%s'/>", CX + ux * r, CY + uy * r,
              radius, c);
}

static void ring(StrBuf *b, int d, double r, const char *c)
{
    double ux, uy;
    unit(d, &ux, &uy);
    sb_printf(b, "<circle cx='%.1f' cy='%.1f' r='4.2' fill='none' stroke='%s' stroke-width='2.2'/>",
              CX + ux * r, CY + uy * r, c);
}

static void cross(StrBuf *b, int d, double r, const char *c)
{
    double ux, uy;
    unit(d, &ux, &uy);
    double x = CX + ux * r, y = CY + uy * r;
    sb_printf(b,
              "<path d='M%.1f %.1f L%.1f %.1f M%.1f %.1f L%.1f %.1f' stroke='%s' "
              "stroke-width='2.6' stroke-linecap='round'/>",
              x - 3.5, y - 3.5, x + 3.5, y + 3.5, x - 3.5, y + 3.5, x + 3.5, y - 3.5, c);
}

/* An arrowhead pointing along d with its tip at distance r. */
static void arrowhead(StrBuf *b, int d, double r, const char *c)
{
    double ux, uy;
    unit(d, &ux, &uy);
    double tx = CX + ux * r, ty = CY + uy * r, bx = tx - ux * 7, by = ty - uy * 7;
    sb_printf(b, "<path d='M%.1f %.1f L%.1f %.1f L%.1f %.1f Z' fill='%s'/>", tx, ty,
              bx - uy * 4.5, by + ux * 4.5, bx + uy * 4.5, by - ux * 4.5, c);
}

/* A ranging line from distance r0 to the edge, with one arrowhead (two: range jumps). */
static void range_line(StrBuf *b, int d, double r0, bool jumps, const char *c)
{
    double ux, uy, r = reach(d);
    unit(d, &ux, &uy);
    sb_printf(b,
              "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke='%s' stroke-width='3.2' "
              "stroke-linecap='round'/>",
              CX + ux * r0, CY + uy * r0, CX + ux * (r - 4), CY + uy * (r - 4), c);
    arrowhead(b, d, r, c);
    if (jumps)
        arrowhead(b, d, r - 7, c);
}

static void knight_marks(StrBuf *b, const char *c)
{
    for (int s = -1; s <= 1; s += 2)
        sb_printf(b, "<rect x='%.1f' y='%.1f' width='7' height='7' fill='%s'/>",
                  CX + s * 13 - 3.5, CY - 2 * 13 - 3.5, c);
}

/* A flame in the middle: the fire demon burns. */
static void flame(StrBuf *b)
{
    sb_puts(b, "<path d='M50 27 C42 36 40 42 44 47 C45 42 48 40 50 37 C52 42 56 44 56 48 "
               "C61 42 58 34 50 27 Z' fill='#e8590c' stroke='#b03000' stroke-width='1' "
               "transform='translate(0 6)'/>");
}

/* The marks of one direction d. */
static void direction_marks(StrBuf *b, const MoveSpec *ms, int d, const char *c)
{
    int g = group_of(d);
    uint8_t code = ms->group[g];
    bool diagonal = dir_dx[d] && dir_dy[d];
    bool lion_line = (ms->lion == LION_LINE && (ms->lion_groups & (1 << g))) ||
                     (ms->lion == LION_DIAG && diagonal);
    if (code & MV_RANGE)
        range_line(b, d, lion_line ? R2 + 5 : 9, ms->range_jumps, c);
    else if (code & MV_SKIPR) {
        ring(b, d, R1, c);
        range_line(b, d, R2 - 4, false, c);
    }
    if (code & MV_SKIP3) {
        ring(b, d, R1, c);
        dot(b, d, R2, 3.6, c);
        dot(b, d, reach(d) - 2, 3.6, c);
    }
    if (code & MV_TWO) {
        dot(b, d, R1, 4.2, c);
        dot(b, d, R2, 4.2, c);
    } else if ((code & MV_STEP) && !(code & MV_RANGE))
        dot(b, d, R1, 4.6, c);
    if (code & MV_JUMP2)
        ring(b, d, R2, c);
    if (lion_line) { /* lion power along this line: step, jump, capture twice */
        dot(b, d, R1, 4.6, c);
        ring(b, d, R2, c);
    }
    if (ms->igui_all)
        cross(b, d, R1 - 4, c);
}

static void mnemonic_face(StrBuf *b, const RuleSet *rs, int kind, const char *c)
{
    const MoveSpec *ms = &rs->spec[kind_move_type[kind]];
    if (ms->area) /* area move: up to n king steps */
        sb_printf(b,
                  "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' rx='6' fill='none' "
                  "stroke='%s' stroke-width='2' stroke-dasharray='4 3'/>",
                  CX - (ms->area >= 3 ? 27 : 21), CY - (ms->area >= 3 ? 27 : 21),
                  ms->area >= 3 ? 54.0 : 42.0, ms->area >= 3 ? 54.0 : 42.0, c);
    if (ms->lion == LION_FULL) {
        sb_printf(b, "<circle cx='%.0f' cy='%.0f' r='%.0f' fill='none' stroke='%s' "
                     "stroke-width='3'/>",
                  CX, CY, R2, c);
        for (int d = 0; d < 8; d++)
            dot(b, d, R1, 4.2, c);
    }
    for (int d = 0; d < 8; d++)
        direction_marks(b, ms, d, c);
    if (ms->knight)
        knight_marks(b, c);
    if (ms->burns)
        flame(b);
    char text[16];
    letters_text(kind, text, sizeof text);
    size_t n = strlen(text);
    char fit[64] = ""; /* four letters are squeezed into the piece's width */
    if (n > 3)
        snprintf(fit, sizeof fit, " textLength='74' lengthAdjust='spacingAndGlyphs'");
    sb_printf(b,
              "<text x='50' y='%.1f' font-size='%d' font-family=\"%s\" font-weight='700' "
              "text-anchor='middle' fill='%s' stroke='#f3d9a0' stroke-width='3' "
              "paint-order='stroke'%s>%s</text>",
              LABEL_Y, 28, LATIN_FONT, c, fit, text);
}

char *piece_svg(const RuleSet *rs, int set, int kind, int colour)
{
    StrBuf b;
    sb_init(&b);
    const char *c = kind_is_promoted(kind) ? RED : INK;
    sb_puts(&b, "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100' "
                "width='100' height='100'>");
    sb_printf(&b, "<g%s>", colour == WHITE ? " transform='rotate(180 50 50)'" : "");
    piece_body(&b);
    if (set == SET_KANJI)
        kanji_face(&b, piece_inscription(kind, colour), c);
    else if (set == SET_LETTERS)
        letters_face(&b, kind, c);
    else
        mnemonic_face(&b, rs, kind, c);
    sb_puts(&b, "</g></svg>");
    return sb_take(&b);
}
