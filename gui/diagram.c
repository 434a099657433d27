/* Movement diagrams and move descriptions of the pieces (diagram.h). */
#include "diagram.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/rules.h"
#include "util/strbuf.h"

#define CELL 20
#define HALF 4 /* squares on each side of the piece */

static const char *const group_name[GRP_COUNT] = {"forward", "diagonally forward", "sideways",
                                                  "diagonally backward", "backward"};

static int group_of(int d)
{
    static const int g[8] = {GRP_F, GRP_FD, GRP_SD, GRP_BD, GRP_BK, GRP_BD, GRP_SD, GRP_FD};
    return g[d];
}

/* Marks per square of the diagram (offset x, y from the piece, y forward). */
enum { M_NONE, M_RANGE, M_STEP, M_JUMP, M_SKIP, M_LION, M_IGUI };

typedef struct Grid {
    unsigned char m[2 * HALF + 1][2 * HALF + 1];
    bool area[2 * HALF + 1][2 * HALF + 1]; /* reachable by the area move */
    bool jumps_line[8]; /* range jumps along this line */
    bool range[8];
} Grid;

static void mark(Grid *g, int dx, int dy, int m)
{
    if (dx < -HALF || dx > HALF || dy < -HALF || dy > HALF || (!dx && !dy))
        return;
    unsigned char *c = &g->m[HALF - dy][dx + HALF];
    if (m > *c)
        *c = (unsigned char)m;
}

static void mark_area(Grid *g, int n)
{
    for (int dx = -n; dx <= n; dx++)
        for (int dy = -n; dy <= n; dy++)
            if (dx || dy)
                g->area[HALF - dy][dx + HALF] = true;
}

static void fill_grid(const MoveSpec *ms, Grid *g)
{
    memset(g, 0, sizeof *g);
    for (int d = 0; d < 8; d++) {
        int dx = dir_dx[d], dy = dir_dy[d];
        uint8_t code = ms->group[group_of(d)];
        if (code & MV_STEP)
            mark(g, dx, dy, M_STEP);
        if (code & MV_TWO)
            mark(g, dx, dy, M_STEP), mark(g, 2 * dx, 2 * dy, M_STEP);
        if (code & MV_JUMP2)
            mark(g, 2 * dx, 2 * dy, M_JUMP);
        if (code & MV_RANGE) {
            g->range[d] = true;
            g->jumps_line[d] = ms->range_jumps;
            for (int k = 1; k <= HALF; k++)
                mark(g, k * dx, k * dy, M_RANGE);
        }
        if (code & (MV_SKIPR | MV_SKIP3)) {
            mark(g, dx, dy, M_SKIP);
            for (int k = 2; k <= ((code & MV_SKIP3) ? 3 : HALF); k++)
                mark(g, k * dx, k * dy, (code & MV_SKIP3) ? M_JUMP : M_RANGE);
            g->range[d] |= (code & MV_SKIPR) != 0;
        }
        bool diagonal = dx && dy;
        if ((ms->lion == LION_LINE && (ms->lion_groups & (1 << group_of(d)))) ||
            (ms->lion == LION_DIAG && diagonal))
            mark(g, dx, dy, M_LION), mark(g, 2 * dx, 2 * dy, M_LION);
        if (ms->igui_all)
            mark(g, dx, dy, M_IGUI);
    }
    if (ms->lion == LION_DIAG)
        for (int a = -2; a <= 2; a += 2)
            for (int b = -2; b <= 2; b += 2)
                mark(g, a, b, M_LION); /* two diagonal steps */
    if (ms->lion == LION_FULL)
        for (int dx = -2; dx <= 2; dx++)
            for (int dy = -2; dy <= 2; dy++)
                mark(g, dx, dy, M_LION);
    if (ms->area)
        mark_area(g, ms->area);
    if (ms->knight)
        mark(g, 1, 2, M_JUMP), mark(g, -1, 2, M_JUMP);
}

char *piece_diagram_svg(const RuleSet *rs, int kind)
{
    const MoveSpec *ms = &rs->spec[kind_move_type[kind]];
    Grid g;
    fill_grid(ms, &g);
    int n = 2 * HALF + 1, size = n * CELL;
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 %d %d' width='%d' "
                  "height='%d'><rect width='%d' height='%d' fill='#f7ecd2'/>",
              size, size, size, size, size, size);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int m = g.m[r][c], x = c * CELL, y = r * CELL;
            double cx = x + CELL / 2.0, cy = y + CELL / 2.0;
            if (g.area[r][c] || m == M_LION)
                sb_printf(&b, "<rect x='%d' y='%d' width='%d' height='%d' fill='%s'/>", x, y,
                          CELL, CELL, m == M_LION ? "#f7c9c9" : "#cfe3f7");
            if (m == M_STEP || m == M_RANGE || m == M_LION)
                sb_printf(&b, "<circle cx='%.0f' cy='%.0f' r='%d' fill='%s'/>", cx, cy,
                          m == M_RANGE ? 3 : 5, m == M_LION ? "#b00000" : "#222");
            else if (m == M_JUMP)
                sb_printf(&b, "<circle cx='%.0f' cy='%.0f' r='5' fill='none' stroke='#222' "
                              "stroke-width='2'/>", cx, cy);
            else if (m == M_IGUI || m == M_SKIP)
                sb_printf(&b, "<path d='M%.0f %.0f l8 8 m0 -8 l-8 8' stroke='%s' "
                              "stroke-width='2'/>", cx - 4, cy - 4, m == M_IGUI ? "#b00000" : "#888");
            if (g.area[r][c] && m == M_NONE)
                sb_printf(&b, "<circle cx='%.0f' cy='%.0f' r='3' fill='#1c5fa8'/>", cx, cy);
        }
    for (int d = 0; d < 8; d++) /* ranging lines run on beyond the diagram */
        if (g.range[d]) {
            double ex = HALF * CELL + CELL / 2.0 + dir_dx[d] * (HALF + 0.5) * CELL;
            double ey = HALF * CELL + CELL / 2.0 - dir_dy[d] * (HALF + 0.5) * CELL;
            sb_printf(&b, "<line x1='%.0f' y1='%.0f' x2='%.0f' y2='%.0f' stroke='%s' "
                          "stroke-width='%s'/>",
                      HALF * CELL + CELL / 2.0, HALF * CELL + CELL / 2.0, ex, ey,
                      g.jumps_line[d] ? "#7a3db8" : "#222", g.jumps_line[d] ? "3" : "1.5");
        }
    for (int i = 0; i <= n; i++)
        sb_printf(&b, "<path d='M%d 0 V%d M0 %d H%d' stroke='#8a6d3b' stroke-width='0.6'/>",
                  i * CELL, size, i * CELL, size);
    sb_printf(&b, "<rect x='%d' y='%d' width='%d' height='%d' fill='%s'/>", HALF * CELL + 3,
              HALF * CELL + 3, CELL - 6, CELL - 6, ms->burns ? "#e8590c" : "#333");
    sb_puts(&b, "</svg>");
    return sb_take(&b);
}

/* "forward and sideways" */
static void list_groups(StrBuf *b, uint8_t groups)
{
    int n = 0, total = __builtin_popcount(groups);
    for (int g = 0; g < GRP_COUNT; g++)
        if (groups & (1 << g)) {
            sb_printf(b, "%s%s", n == 0 ? "" : n + 1 == total ? " and " : ", ", group_name[g]);
            n++;
        }
}

static void describe_codes(StrBuf *b, const MoveSpec *ms, uint8_t code, const char *what)
{
    uint8_t groups = 0;
    for (int g = 0; g < GRP_COUNT; g++)
        if (ms->group[g] & code)
            groups |= (uint8_t)(1 << g);
    if (!groups)
        return;
    sb_printf(b, "%s%s ", b->n ? "; " : "", what);
    list_groups(b, groups);
}

char *piece_moves_text(const RuleSet *rs, int kind)
{
    const MoveSpec *ms = &rs->spec[kind_move_type[kind]];
    StrBuf b;
    sb_init(&b);
    describe_codes(&b, ms, MV_RANGE, ms->range_jumps ? "ranges (and jumps lower-ranking pieces "
                                                       "to capture, docs/RULES.md §6)"
                                                     : "ranges");
    describe_codes(&b, ms, MV_TWO, "up to two squares");
    describe_codes(&b, ms, MV_STEP, "one step");
    describe_codes(&b, ms, MV_JUMP2, "jumps to the second square");
    describe_codes(&b, ms, MV_SKIPR, "skips the first square, then ranges");
    describe_codes(&b, ms, MV_SKIP3, "skips the first square to the second or third");
    if (ms->knight)
        sb_printf(&b, "%sknight jumps forward", b.n ? "; " : "");
    if (ms->lion == LION_FULL)
        sb_printf(&b, "%slion power: any square within two, two captures in one move, "
                      "igui and pass", b.n ? "; " : "");
    if (ms->lion == LION_LINE) {
        sb_printf(&b, "%slion power ", b.n ? "; " : "");
        list_groups(&b, ms->lion_groups);
        sb_puts(&b, " (step, jump, capture twice, igui, pass)");
    }
    if (ms->lion == LION_DIAG)
        sb_printf(&b, "%slion power on the diagonals", b.n ? "; " : "");
    if (ms->area)
        sb_printf(&b, "%sarea move of up to %d king steps (and pass)", b.n ? "; " : "", ms->area);
    if (ms->igui_all)
        sb_printf(&b, "%scaptures an adjacent enemy without moving (igui)", b.n ? "; " : "");
    if (ms->burns)
        sb_printf(&b, "%sburns the enemy pieces next to where it ends its move", b.n ? "; " : "");
    if (kind_is_royal(kind))
        sb_printf(&b, "%sroyal: losing the last royal loses the game", b.n ? "; " : "");
    sb_puts(&b, ".");
    char *text = sb_take(&b);
    text[0] = (char)(text[0] >= 'a' && text[0] <= 'z' ? text[0] - 32 : text[0]);
    return text;
}
