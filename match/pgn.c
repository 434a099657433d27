#include "pgn.h"

#include <string.h>
#include <time.h>

#include "board/pgn.h"
#include "fastchess.h"
#include "outfile.h"
#include "util/strutil.h"

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
    case TC_LIMITS: /* node or depth limits, no clock */
    default:
        snprintf(out, n, "-");
    }
}

/* Every tag value goes through here: engine names, the event, the opening's label and the
   rest cannot end the tag's line (outfile_clean_text). */
static void set_tag(PgnGame *rec, const char *name, const char *value)
{
    char clean[512];
    str_copy(clean, sizeof clean, value);
    pgn_set_tag(rec, name, outfile_clean_text(clean));
}

/* The game record of g (board/pgn.h) with kaki-match's tags. */
static void make_record(const Game *g, const char *event, int round, PgnGame *rec)
{
    char buf[512];
    struct tm tm;
    localtime_r(&g->started, &tm);
    pgn_game_init(rec);
    set_tag(rec, "Event", event);
    set_tag(rec, "Site", "kaki-match");
    strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    set_tag(rec, "Date", buf);
    snprintf(buf, sizeof buf, "%d", round);
    set_tag(rec, "Round", buf);
    set_tag(rec, "White", g->eng[0]->name);
    set_tag(rec, "Black", g->eng[1]->name);
    set_tag(rec, "Result", outcome_string(g->outcome));
    set_tag(rec, "Variant", "tenjiku");
    Rules defaults;
    rules_default(&defaults);
    if (memcmp(&g->rs->rules, &defaults, sizeof defaults) != 0) /* a --rule: readers need it */
        set_tag(rec, "Rules", rules_describe(&g->rs->rules, buf, sizeof buf));
    if (!g->from_start)
        str_copy(rec->start_tfen, sizeof rec->start_tfen, g->start_tfen);
    tc_tag(&g->cfg->tc, buf, sizeof buf);
    set_tag(rec, "TimeControl", buf);
    strftime(buf, sizeof buf, "%H:%M:%S", &tm);
    set_tag(rec, "Time", buf);
    if (g->opening->label[0])
        set_tag(rec, "Opening", g->opening->label);
    set_tag(rec, "Termination", g->cfg->fastchess ? fastchess_termination(g)
                                                      : termination_name[g->termination]);
    snprintf(buf, sizeof buf, "%d", g->nplies);
    set_tag(rec, "PlyCount", buf);
    snprintf(buf, sizeof buf, "%.3f", (double)g->duration_ms / 1000.0);
    set_tag(rec, "GameDuration", buf);

    for (int i = 0; i < g->nplies; i++) {
        const PlyRecord *r = &g->plies[i];
        PgnPly ply;
        memset(&ply, 0, sizeof ply);
        ply.move = r->move;
        str_copy(ply.hodges, sizeof ply.hodges, r->hodges);
        str_copy(ply.wire, sizeof ply.wire, r->wire);
        if (r->book)
            snprintf(ply.note, sizeof ply.note, "book");
        else if (r->has_score) {
            char sc[48];
            format_score(r, sc, sizeof sc);
            snprintf(ply.note, sizeof ply.note, "%s %.3fs", sc, (double)r->ms / 1000.0);
        } else
            snprintf(ply.note, sizeof ply.note, "%.3fs", (double)r->ms / 1000.0);
        outfile_clean_text(ply.note);
        pgn_add_ply(rec, &ply);
    }
    str_copy(rec->result, sizeof rec->result, outcome_string(g->outcome));
    str_copy(rec->ending, sizeof rec->ending, g->reason);
    outfile_clean_text(rec->ending); /* it quotes what engines said */
}

void pgn_write_game(FILE *f, const Game *g, const char *event, int round)
{
    PgnGame rec;
    make_record(g, event, round, &rec);
    pgn_write(f, &rec);
    pgn_game_free(&rec);
}
