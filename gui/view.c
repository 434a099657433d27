/* What the page is shown (view.h): the state as JSON, the game record, the pieces. */
#include "view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/japanese.h"
#include "board/result.h"
#include "diagram.h"
#include "http.h"
#include "pieces.h"
#include "platform/files.h"
#include "util/clock.h"
#include "util/strutil.h"

/* One line per rules option (docs/RULES.md §9): what the alternatives mean. */
static const char *const rule_help[] = {
    "lion hawk: full = lion power plus bishop ranging (the article); tsa = bishop plus a 2-step "
    "area move",
    "free eagle: diag_lion = queen plus lion power on the diagonals; west = queen plus a jump "
    "to the 2nd orthogonal square",
    "a fire demon that moves next to an enemy fire demon: tsa = only it dies; all_burn = it "
    "dies and burns the other enemies next to it",
    "fire demon ranges diagonally and rank = sideways, or file = vertically",
    "heavenly tetrarch: vertical = ranges diagonally and vertically from the 2nd square; "
    "western = diagonally only",
    "range-jumping generals: cvp = capture any rank, royals only without jumping; nojump = "
    "equal or higher ranks only without jumping; tsa = never capture equal or higher ranks",
    "range-jumping generals also jump when not capturing",
    "knight and iron general may promote on a non-capture to the ranks where they would be "
    "stuck",
    "promotion counts the start and end squares (endpoints) or every capture square "
    "(any_square)",
    "a water buffalo burns on the move that makes it a fire demon",
    "a player in check may repeat a position (on) or not (off)",
};

static void rules_json(const GameState *g, JsonBuf *b)
{
    jb_key(b, "rules");
    jb_arr(b);
    for (int i = 0; i < rule_option_count; i++) {
        jb_obj(b);
        jb_kstr(b, "name", rule_options[i].name);
        jb_kstr(b, "value", rule_options[i].values[rules_get(&g->rules, i)]);
        jb_key(b, "values");
        jb_arr(b);
        for (int v = 0; rule_options[i].values[v]; v++)
            jb_str(b, rule_options[i].values[v]);
        jb_end_arr(b);
        jb_kstr(b, "help", i < (int)(sizeof rule_help / sizeof rule_help[0]) ? rule_help[i] : "");
        jb_end_obj(b);
    }
    jb_end_arr(b);
}

static void plies_json(const GameState *g, JsonBuf *b)
{
    jb_key(b, "plies");
    jb_arr(b);
    for (int i = 0; i < g->nplies; i++) {
        const GamePly *p = &g->plies[i];
        jb_obj(b);
        jb_kstr(b, "hodges", p->rec.hodges);
        jb_kstr(b, "wire", p->rec.wire);
        jb_kstr(b, "note", p->rec.note);
        jb_kint(b, "mover", p->mover);
        jb_kint(b, "ms", p->ms);
        jb_end_obj(b);
    }
    jb_end_arr(b);
    jb_key(b, "evals");
    jb_arr(b);
    for (int i = 0; i <= g->nplies; i++)
        if (g->has_eval[i])
            jb_int(b, g->eval[i]);
        else
            jb_null(b);
    jb_end_arr(b);
}

static void clock_json(const GameState *g, JsonBuf *b)
{
    jb_key(b, "clock");
    jb_obj(b);
    jb_kstr(b, "kind", clock_kind_name[g->clock.kind]);
    jb_kint(b, "base", g->clock.base_ms);
    jb_kint(b, "inc", g->clock.inc_ms);
    jb_kint(b, "move", g->clock.move_ms);
    jb_kint(b, "depth", g->clock.depth);
    int64_t left[2] = {g->remaining[0], g->remaining[1]};
    if (g->clock_running && g->clock.kind != CLOCK_PER_MOVE)
        left[g->clock_side] -= mono_ms() - g->turn_start;
    else if (g->clock_running)
        left[g->clock_side] = g->clock.move_ms - (mono_ms() - g->turn_start);
    jb_key(b, "left");
    jb_arr(b);
    jb_int(b, left[0]);
    jb_int(b, left[1]);
    jb_end_arr(b);
    jb_kint(b, "running", g->clock_running ? g->clock_side : -1);
    /* the clocks start with the game's first move (or when an engine is asked for it) */
    jb_kbool(b, "started", g->clock_running || g->nplies > 0);
    jb_key(b, "timed"); /* people are not timed per move; depth and no clock time nobody */
    jb_arr(b);
    for (int c = 0; c < 2; c++)
        jb_bool(b, g->clock.kind == CLOCK_SUDDEN || g->clock.kind == CLOCK_INCREMENT ||
                       (g->clock.kind == CLOCK_PER_MOVE && g->player[c] == PLAYER_ENGINE));
    jb_end_arr(b);
    jb_end_obj(b);
}

static const char *const engine_state_name[] = {"idle", "starting", "thinking", "analysing",
                                                "dead"};

static void engines_json(const GameState *g, BoardEngine engine[2], JsonBuf *b)
{
    jb_key(b, "engines");
    jb_arr(b);
    for (int slot = 0; slot < 2; slot++) {
        char name[128], error[400];
        int st = engine_snapshot(&engine[slot], name, sizeof name, error, sizeof error, NULL);
        jb_obj(b);
        jb_kstr(b, "name", name);
        jb_kstr(b, "state", engine_state_name[st]);
        jb_kstr(b, "error", st == ENGINE_DEAD ? error : "");
        jb_end_obj(b);
    }
    jb_end_arr(b);
    jb_key(b, "players");
    jb_arr(b);
    for (int c = 0; c < 2; c++)
        jb_str(b, player_kind_name[g->player[c]]);
    jb_end_arr(b);
    jb_key(b, "levels");
    jb_arr(b);
    for (int c = 0; c < 2; c++)
        jb_int(b, g->level[c]);
    jb_end_arr(b);
    jb_key(b, "evaluations");
    jb_arr(b);
    for (int c = 0; c < 2; c++)
        jb_str(b, board_eval_name[g->evaluation[c]]);
    jb_end_arr(b);
    jb_key(b, "slotOf");
    jb_arr(b);
    jb_int(b, g->slot_of[0]);
    jb_int(b, g->slot_of[1]);
    jb_end_arr(b);
}

/* How many of line l's first moves lead from the thinking's position to the one shown (the
   moves played since, e.g. the engine's own move): -1 if the line does not lead there. */
static int moves_played_since(const GameState *g, const ThinkLine *l)
{
    int skip = g->cursor - g->think.at;
    if (skip < 0 || skip > l->npv || g->cursor > g->nplies)
        return -1;
    for (int i = 0; i < skip; i++)
        if (l->pv[i] != g->plies[g->think.at + i].rec.move)
            return -1;
    return skip;
}

/* The text after the first `skip` words of s. */
static const char *after_words(const char *s, int skip)
{
    for (int i = 0; i < skip && *s; i++) {
        s += strcspn(s, " ");
        s += strspn(s, " ");
    }
    return s;
}

void view_thinking_json(const GameState *g, JsonBuf *b)
{
    const Thinking *t = &g->think;
    jb_obj(b);
    jb_kbool(b, "valid", t->valid);
    if (t->valid) {
        jb_kint(b, "slot", t->slot);
        jb_kint(b, "at", t->at);
        jb_kint(b, "nodes", t->nodes);
        jb_kint(b, "time", t->time_cs * 10);
        jb_kint(b, "nps", t->time_cs > 0 ? t->nodes * 100 / t->time_cs : 0);
        /* the lines from the position shown: their scores (sente's view), their moves from
           there on; none if they do not lead there */
        int shown = 0;
        jb_key(b, "lines");
        jb_arr(b);
        for (int i = 0; i < t->nlines; i++) {
            const ThinkLine *l = &t->line[i];
            int skip = moves_played_since(g, l);
            if (skip < 0)
                continue;
            shown++;
            jb_obj(b);
            jb_kint(b, "depth", l->depth);
            jb_kint(b, "score", l->score);
            jb_kstr(b, "pv", after_words(l->hodges, skip));
            jb_kstr(b, "pvWire", after_words(l->wire, skip));
            jb_key(b, "best"); /* the arrow: the line's first move in the position it is about */
            if (skip == 0 && l->best.from >= 0)
                effects_json(&l->best, b);
            else
                jb_null(b);
            jb_end_obj(b);
        }
        jb_end_arr(b);
        jb_kbool(b, "current", shown > 0);
    }
    jb_end_obj(b);
}

static void position_json(const GameState *g, JsonBuf *b)
{
    char tfen[TFEN_MAX];
    jb_kstr(b, "tfen", tfen_print(g->pos, tfen));
    jb_kstr(b, "startTfen", g->start_tfen);
    jb_key(b, "board");
    jb_arr(b);
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        jb_int(b, g->pos->board[sq]);
    jb_end_arr(b);
    jb_kint(b, "side", g->pos->side);
    jb_kint(b, "cursor", g->cursor);
    jb_key(b, "lastMove");
    if (g->cursor > 0)
        effects_json(&g->plies[g->cursor - 1].fx, b);
    else
        jb_null(b);
    /* the legal moves when a person may move here */
    bool movable = !position_game_over(g->pos) && gamestate_human_to_move(g) &&
                   (g->cursor < g->nplies || !g->over);
    jb_key(b, "legal");
    if (movable)
        movelist_json(g->pos, b);
    else {
        jb_arr(b);
        jb_end_arr(b);
    }
}

char *view_state_json(const GameState *g, BoardEngine engine[2])
{
    JsonBuf b;
    jb_init(&b);
    jb_obj(&b);
    jb_kint(&b, "version", g->version);
    jb_kint(&b, "game", g->game_no);
    jb_kint(&b, "sideToPlay", gamestate_side_to_play(g));
    position_json(g, &b);
    plies_json(g, &b);
    rules_json(g, &b);
    clock_json(g, &b);
    engines_json(g, engine, &b);
    jb_kbool(&b, "over", g->over);
    jb_kstr(&b, "result", g->result);
    jb_kstr(&b, "ending", g->ending);
    jb_kbool(&b, "paused", g->paused);
    jb_kstr(&b, "pauseReason", g->pause_reason);
    jb_kbool(&b, "analysing", g->analysing);
    jb_kint(&b, "multipv", g->multipv);
    jb_kbool(&b, "engineGame", gamestate_engine_game(g));
    jb_kstr(&b, "notice", g->notice);
    jb_key(&b, "pgnFile"); /* the games of the last file loaded (their labels: /api/pgngames) */
    jb_obj(&b);
    jb_kint(&b, "games", g->pgn_ngames);
    jb_kint(&b, "loaded", g->pgn_loaded);
    jb_end_obj(&b);
    jb_kint(&b, "maxUpload", HTTP_BODY_MAX); /* the largest request body, a PGN's with it */
    jb_key(&b, "think");
    view_thinking_json(g, &b);
    jb_end_obj(&b);
    return jb_take(&b, NULL);
}

char *view_pgn_games_json(const GameState *g)
{
    JsonBuf b;
    jb_init(&b);
    jb_obj(&b);
    jb_kint(&b, "loaded", g->pgn_loaded);
    jb_key(&b, "games");
    jb_arr(&b);
    for (int i = 0; i < g->pgn_ngames; i++)
        jb_str(&b, g->pgn_label[i]);
    jb_end_arr(&b);
    jb_end_obj(&b);
    return jb_take(&b, NULL);
}

void view_record(const GameState *g, BoardEngine engine[2], PgnGame *rec)
{
    pgn_game_init(rec);
    pgn_set_tag(rec, "Event", "kaki-board game");
    pgn_set_tag(rec, "Site", "kaki-board");
    for (int c = 0; c < 2; c++) {
        char who[160];
        if (g->player[c] == PLAYER_ENGINE) {
            engine_name(&engine[g->slot_of[c]], who, sizeof who);
            size_t n = strlen(who); /* a weaker level, another evaluation: the player's name */
            if (g->level[c] < BOARD_LEVEL_FULL)
                snprintf(who + n, sizeof who - n, " (level %d)", g->level[c]);
            n = strlen(who);
            if (g->evaluation[c] != BOARD_EVAL_DEFAULT)
                snprintf(who + n, sizeof who - n, " (%s)", board_eval_name[g->evaluation[c]]);
        } else
            snprintf(who, sizeof who, "%s", c == BLACK ? "Sente" : "Gote");
        pgn_set_tag(rec, c == BLACK ? "White" : "Black", who);
    }
    pgn_set_tag(rec, "Result", g->result);
    pgn_set_tag(rec, "Variant", "tenjiku");
    char rules[512];
    pgn_set_tag(rec, "Rules", rules_describe(&g->rules, rules, sizeof rules));
    if (!g->from_start)
        str_copy(rec->start_tfen, sizeof rec->start_tfen, g->start_tfen);
    for (int i = 0; i < g->nplies; i++)
        pgn_add_ply(rec, &g->plies[i].rec);
    str_copy(rec->result, sizeof rec->result, g->result);
    str_copy(rec->ending, sizeof rec->ending, g->ending);
}

char *view_pgn_text(const PgnGame *rec)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = platform_memstream_open(&text, &len);
    if (f) {
        pgn_write(f, rec);
        platform_memstream_close(f, &text, &len);
    }
    return text ? text : xstrdup("");
}

char *view_pieces_json(const GameState *g, const char *setname)
{
    int set = piece_set_from_name(setname);
    if (set < 0)
        return NULL;
    JsonBuf b;
    jb_init(&b);
    jb_obj(&b);
    jb_kstr(&b, "set", piece_set_name[set]);
    char rules[512];
    jb_kstr(&b, "rules", rules_describe(&g->rules, rules, sizeof rules));
    jb_key(&b, "pieces");
    jb_arr(&b);
    for (int kind = 1; kind < KIND_COUNT; kind++) {
        if (kind_move_type[kind] == MT_NONE)
            continue;
        jb_obj(&b);
        jb_kint(&b, "kind", kind);
        char abbrev[16];
        snprintf(abbrev, sizeof abbrev, "%s%s", kind_is_promoted(kind) ? "+" : "",
                 kind_abbrev[kind_base(kind)]);
        jb_kstr(&b, "abbrev", abbrev);
        jb_kstr(&b, "english", kind_english[kind]);
        jb_kstr(&b, "kanji", kind_kanji[kind]);
        jb_kstr(&b, "romaji", kind_romaji[kind]);
        jb_kint(&b, "value", piece_value[kind]);
        jb_kint(&b, "promotesTo", kind_can_promote(kind) ? promoted_kind(kind) : 0);
        jb_key(&b, "svg");
        jb_arr(&b);
        for (int c = 0; c < 2; c++) {
            char *svg = piece_svg(g->rs, set, kind, c);
            jb_str(&b, svg);
            free(svg);
        }
        jb_end_arr(&b);
        char *diagram = piece_diagram_svg(g->rs, kind), *text = piece_moves_text(g->rs, kind);
        jb_kstr(&b, "diagram", diagram);
        jb_kstr(&b, "moves", text);
        free(diagram);
        free(text);
        jb_end_obj(&b);
    }
    jb_end_arr(&b);
    jb_end_obj(&b);
    return jb_take(&b, NULL);
}
