/* What the engine itself writes under `Rank offset=1` (0-based ranks on the wire, docs/PROTOCOL.md
 * §3.1): its `move` lines, the principal variations of its thinking output and its hints must
 * use 0-based ranks and parse back, with that offset, to legal moves of the position they were
 * written in.  Checked without XBoard, in-process. */
#include <ctype.h>
#include <string.h>

#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/tfen.h"
#include "cecp_harness.h"
#include "check.h"

static Out out;

static void send(Cecp *c, const char *line)
{
    cecp_handle(c, line);
    CHECK(cecp_wait_idle(c, 30000), "engine still thinking after '%s'", line);
}

/* The text after `prefix` on the last line that starts with it (caller frees), or NULL. */
static char *last_after(const char *prefix)
{
    int idx = -1, i = -1;
    while ((i = out_find(&out, i + 1, prefix)) >= 0)
        idx = i;
    char *l = out_line(&out, idx);
    if (!l)
        return NULL;
    memmove(l, l + strlen(prefix), strlen(l + strlen(prefix)) + 1);
    return l;
}

/* Parses a move written with rank offset 1 in pos; it must be legal. */
static Move parse_legal(Position *pos, const char *text, const char *what)
{
    char err[160];
    Move m = move_from_wire(pos, text, 1, err, sizeof err);
    CHECK(m != MOVE_NONE, "%s '%s' does not parse with 0-based ranks: %s", what, text, err);
    return m;
}

/* Every thinking line's PV (after the tab) parses move by move from `root`. */
static int check_pvs(const Position *root)
{
    Position *p = malloc(sizeof *p);
    int lines = 0;
    for (int i = 0; i < out_n(&out); i++) {
        char *l = out_line(&out, i);
        char *tab = l && isdigit((unsigned char)l[0]) ? strchr(l, '\t') : NULL;
        if (tab) {
            lines++;
            *p = *root;
            char *save = NULL;
            for (char *tok = strtok_r(tab + 1, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
                Move m = parse_legal(p, tok, "PV move");
                if (!m)
                    break;
                Undo u;
                make_move(p, m, &u);
            }
        }
        free(l);
    }
    free(p);
    return lines;
}

static Cecp *fresh(void)
{
    out_clear(&out);
    Cecp *c = cecp_new(out_write, &out);
    cecp_set_resource_limits(c, 16, 1);
    send(c, "xboard");
    send(c, "protover 2");
    send(c, "option Rank offset=1");
    send(c, "new");
    send(c, "variant tenjiku");
    send(c, "post");
    return c;
}

/* The mate takes the king on a16: written a1a15 (with or without promotion). */
static void move_to_rank_16(void)
{
    Cecp *c = fresh();
    send(c, "force");
    send(c, "setboard k15/16/16/16/16/16/16/16/16/16/16/16/16/16/R15/15K b");
    Position *before = malloc(sizeof *before);
    *before = *cecp_position(c);
    out_clear(&out);
    send(c, "sd 3");
    send(c, "go");
    char *mv = last_after("move ");
    CHECK(mv && strncmp(mv, "a1a15", 5) == 0, "the engine's move is '%s', expected a1a15",
          mv ? mv : "");
    if (mv) {
        Move m = parse_legal(before, mv, "move");
        CHECK((m & ~MOVE_PROMO) == move_make(sq_make(0, 1), sq_make(0, 15)),
              "%s is the rook taking the king", mv);
    }
    CHECK(check_pvs(before) > 0, "thinking output with PVs");
    free(mv);
    free(before);
    cecp_free(c);
}

/* From the start position: the engine's move, its PVs and then its hint for our reply. */
static void start_position(void)
{
    Cecp *c = fresh();
    Position *before = malloc(sizeof *before);
    *before = *cecp_position(c);
    out_clear(&out);
    send(c, "sd 4");
    send(c, "go");
    char *mv = last_after("move ");
    CHECK(mv != NULL, "the engine moved");
    if (mv)
        parse_legal(before, mv, "move");
    CHECK(check_pvs(before) > 0, "thinking output with PVs");
    free(mv);
    Position *now = malloc(sizeof *now);
    *now = *cecp_position(c);
    out_clear(&out);
    send(c, "hint");
    char *hint = last_after("Hint: ");
    CHECK(hint != NULL, "a hint after the engine's move");
    if (hint)
        parse_legal(now, hint, "hint");
    free(hint);
    free(now);
    free(before);
    cecp_free(c);
}

int main(void)
{
    out_init(&out);
    move_to_rank_16();
    start_position();
    out_free(&out);
    return check_finish("test_cecp_output");
}
