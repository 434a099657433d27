#include "pgn.h"

#include <string.h>
#include <time.h>

#include "board/tfen.h"

static void tag(FILE *f, const char *name, const char *value)
{
    fprintf(f, "[%s \"", name);
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\')
            fputc('\\', f);
        fputc(*p, f);
    }
    fprintf(f, "\"]\n");
}

typedef struct Wrap {
    FILE *f;
    int col;
} Wrap;

static void put_token(Wrap *w, const char *tok)
{
    int n = (int)strlen(tok);
    if (w->col > 0 && w->col + 1 + n > 79) {
        fputc('\n', w->f);
        w->col = 0;
    } else if (w->col > 0) {
        fputc(' ', w->f);
        w->col++;
    }
    fputs(tok, w->f);
    w->col += n;
}

static void format_score(const PlyRecord *r, char *out, size_t n)
{
    int s = r->score;
    if (s >= 100000)
        snprintf(out, n, "+M%d/%d", s - 100000, r->depth);
    else if (s <= -100000)
        snprintf(out, n, "-M%d/%d", -s - 100000, r->depth);
    else
        snprintf(out, n, "%+.2f/%d", s / 100.0, r->depth);
}

static void tc_tag(const TimeControl *tc, char *out, size_t n)
{
    switch (tc->type) {
    case TC_INCREMENTAL:
        snprintf(out, n, "%g+%g", (double)tc->base_ms / 1000.0, (double)tc->inc_ms / 1000.0);
        break;
    case TC_CLASSICAL:
        if (tc->inc_ms)
            snprintf(out, n, "%d/%g+%g", tc->moves, (double)tc->base_ms / 1000.0,
                     (double)tc->inc_ms / 1000.0);
        else
            snprintf(out, n, "%d/%g", tc->moves, (double)tc->base_ms / 1000.0);
        break;
    case TC_FIXED:
        snprintf(out, n, "%g/move", (double)tc->st_ms / 1000.0);
        break;
    default:
        snprintf(out, n, "-");
    }
}

void pgn_write(FILE *f, const Game *g, const char *event, int round)
{
    char buf[512];
    struct tm tm;
    localtime_r(&g->started, &tm);
    tag(f, "Event", event);
    tag(f, "Site", "kaki-match");
    strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    tag(f, "Date", buf);
    snprintf(buf, sizeof buf, "%d", round);
    tag(f, "Round", buf);
    tag(f, "White", g->eng[0]->name);
    tag(f, "Black", g->eng[1]->name);
    tag(f, "Result", outcome_string(g->outcome));
    tag(f, "Variant", "tenjiku");
    if (!g->from_start) {
        tag(f, "SetUp", "1");
        tag(f, "FEN", g->start_tfen);
    }
    tc_tag(&g->cfg->tc, buf, sizeof buf);
    tag(f, "TimeControl", buf);
    strftime(buf, sizeof buf, "%H:%M:%S", &tm);
    tag(f, "Time", buf);
    if (g->opening->label[0])
        tag(f, "Opening", g->opening->label);
    tag(f, "Termination", termination_name[g->termination]);
    snprintf(buf, sizeof buf, "%d", g->nplies);
    tag(f, "PlyCount", buf);
    snprintf(buf, sizeof buf, "%.3f", (double)g->duration_ms / 1000.0);
    tag(f, "GameDuration", buf);
    fputc('\n', f);

    Wrap w = {f, 0};
    /* the side to move at the start: the TFEN's side letter */
    const char *sp = strrchr(g->start_tfen, ' ');
    int side = sp && sp[1] == 'w' ? 1 : 0;
    int moveno = 1;
    for (int i = 0; i < g->nplies; i++) {
        const PlyRecord *r = &g->plies[i];
        if (side == 0) {
            snprintf(buf, sizeof buf, "%d.", moveno);
            put_token(&w, buf);
        } else if (i == 0) {
            snprintf(buf, sizeof buf, "%d...", moveno);
            put_token(&w, buf);
        }
        put_token(&w, r->hodges);
        if (r->book)
            snprintf(buf, sizeof buf, "{%s book}", r->wire);
        else if (r->has_score) {
            char sc[48];
            format_score(r, sc, sizeof sc);
            snprintf(buf, sizeof buf, "{%s %s %.3fs}", r->wire, sc, (double)r->ms / 1000.0);
        } else
            snprintf(buf, sizeof buf, "{%s %.3fs}", r->wire, (double)r->ms / 1000.0);
        put_token(&w, buf);
        if (side == 1)
            moveno++;
        side ^= 1;
    }
    snprintf(buf, sizeof buf, "{%s}", g->reason);
    put_token(&w, buf);
    put_token(&w, outcome_string(g->outcome));
    fputs("\n\n", f);
    fflush(f);
}
