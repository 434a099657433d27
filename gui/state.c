/* What the page is shown (session.h): the state as JSON, the game record, the pieces. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/japanese.h"
#include "board/result.h"
#include "diagram.h"
#include "pieces.h"
#include "session_internal.h"
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

static void rules_json(const Session *s, JsonBuf *b)
{
    jb_key(b, "rules");
    jb_arr(b);
    for (int i = 0; i < rule_option_count; i++) {
        jb_obj(b);
        jb_kstr(b, "name", rule_options[i].name);
        jb_kstr(b, "value", rule_options[i].values[rules_get(&s->game.rules, i)]);
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

static void plies_json(const Session *s, JsonBuf *b)
{
    jb_key(b, "plies");
    jb_arr(b);
    for (int i = 0; i < s->game.nplies; i++) {
        const GamePly *p = &s->game.plies[i];
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
    for (int i = 0; i <= s->game.nplies; i++)
        if (s->game.has_eval[i])
            jb_int(b, s->game.eval[i]);
        else
            jb_null(b);
    jb_end_arr(b);
}

static void clock_json(const Session *s, JsonBuf *b)
{
    jb_key(b, "clock");
    jb_obj(b);
    jb_kstr(b, "kind", clock_kind_name[s->game.clock.kind]);
    jb_kint(b, "base", s->game.clock.base_ms);
    jb_kint(b, "inc", s->game.clock.inc_ms);
    jb_kint(b, "move", s->game.clock.move_ms);
    jb_kint(b, "depth", s->game.clock.depth);
    int64_t left[2] = {s->game.remaining[0], s->game.remaining[1]};
    if (s->game.clock_running && s->game.clock.kind != CLOCK_PER_MOVE)
        left[s->game.pos->side] -= mono_ms() - s->game.turn_start;
    else if (s->game.clock_running)
        left[s->game.pos->side] = s->game.clock.move_ms - (mono_ms() - s->game.turn_start);
    jb_key(b, "left");
    jb_arr(b);
    jb_int(b, left[0]);
    jb_int(b, left[1]);
    jb_end_arr(b);
    jb_kint(b, "running", s->game.clock_running ? s->game.pos->side : -1);
    jb_key(b, "timed"); /* people are not timed per move; depth and no clock time nobody */
    jb_arr(b);
    for (int c = 0; c < 2; c++)
        jb_bool(b, s->game.clock.kind == CLOCK_SUDDEN || s->game.clock.kind == CLOCK_INCREMENT ||
                       (s->game.clock.kind == CLOCK_PER_MOVE &&
                        s->game.player[c] == PLAYER_ENGINE));
    jb_end_arr(b);
    jb_end_obj(b);
}

static const char *const engine_state_name[] = {"idle", "starting", "thinking", "analysing",
                                                "dead"};

static void engines_json(Session *s, JsonBuf *b)
{
    jb_key(b, "engines");
    jb_arr(b);
    for (int slot = 0; slot < 2; slot++) {
        char name[128], error[400];
        int st = engine_snapshot(&s->engine[slot], name, sizeof name, error, sizeof error, NULL);
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
        jb_str(b, player_kind_name[s->game.player[c]]);
    jb_end_arr(b);
    jb_key(b, "slotOf");
    jb_arr(b);
    jb_int(b, s->game.slot_of[0]);
    jb_int(b, s->game.slot_of[1]);
    jb_end_arr(b);
}

void thinking_json(const Session *s, JsonBuf *b)
{
    const Thinking *t = &s->game.think;
    jb_obj(b);
    jb_kbool(b, "valid", t->valid);
    if (t->valid) {
        jb_kint(b, "slot", t->slot);
        jb_kint(b, "at", t->at);
        jb_kint(b, "depth", t->depth);
        jb_kint(b, "score", t->score);
        jb_kint(b, "nodes", t->nodes);
        jb_kint(b, "time", t->time_cs * 10);
        jb_kint(b, "nps", t->time_cs > 0 ? t->nodes * 100 / t->time_cs : 0);
        jb_kstr(b, "pv", t->pv);
        jb_kstr(b, "pvWire", t->pv_wire);
        jb_key(b, "best");
        if (t->best.from >= 0)
            effects_json(&t->best, b);
        else
            jb_null(b);
    }
    jb_end_obj(b);
}

static void position_json(Session *s, JsonBuf *b)
{
    char tfen[TFEN_MAX];
    jb_kstr(b, "tfen", tfen_print(s->game.pos, tfen));
    jb_kstr(b, "startTfen", s->game.start_tfen);
    jb_key(b, "board");
    jb_arr(b);
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        jb_int(b, s->game.pos->board[sq]);
    jb_end_arr(b);
    jb_kint(b, "side", s->game.pos->side);
    jb_kint(b, "cursor", s->game.cursor);
    jb_key(b, "lastMove");
    if (s->game.cursor > 0)
        effects_json(&s->game.plies[s->game.cursor - 1].fx, b);
    else
        jb_null(b);
    /* the legal moves when a person may move here */
    bool movable = !position_game_over(s->game.pos) && gamestate_human_to_move(&s->game) &&
                   (s->game.cursor < s->game.nplies || !s->game.over);
    jb_key(b, "legal");
    if (movable)
        movelist_json(s->game.pos, b);
    else {
        jb_arr(b);
        jb_end_arr(b);
    }
}

char *state_json(Session *s)
{
    JsonBuf b;
    jb_init(&b);
    jb_obj(&b);
    jb_kint(&b, "version", s->game.version);
    position_json(s, &b);
    plies_json(s, &b);
    rules_json(s, &b);
    clock_json(s, &b);
    engines_json(s, &b);
    jb_kbool(&b, "over", s->game.over);
    jb_kstr(&b, "result", s->game.result);
    jb_kstr(&b, "ending", s->game.ending);
    jb_kbool(&b, "paused", s->game.paused);
    jb_kstr(&b, "pauseReason", s->game.pause_reason);
    jb_kbool(&b, "analysing", s->game.analysing);
    jb_kbool(&b, "engineGame", gamestate_engine_game(&s->game));
    jb_kstr(&b, "notice", s->game.notice);
    jb_key(&b, "think");
    thinking_json(s, &b);
    jb_end_obj(&b);
    return jb_take(&b, NULL);
}

char *session_state(Session *s)
{
    pthread_mutex_lock(&s->mu);
    char *json = state_json(s);
    pthread_mutex_unlock(&s->mu);
    return json;
}

char *session_tfen(Session *s)
{
    char tfen[TFEN_MAX];
    pthread_mutex_lock(&s->mu);
    tfen_print(s->game.pos, tfen);
    pthread_mutex_unlock(&s->mu);
    return xstrdup(tfen);
}

char *session_pgn(Session *s)
{
    pthread_mutex_lock(&s->mu);
    PgnGame g;
    pgn_game_init(&g);
    pgn_set_tag(&g, "Event", "kaki-board game");
    pgn_set_tag(&g, "Site", "kaki-board");
    for (int c = 0; c < 2; c++) {
        char who[160];
        if (s->game.player[c] == PLAYER_ENGINE)
            str_copy(who, sizeof who, s->engine[s->game.slot_of[c]].name);
        else
            snprintf(who, sizeof who, "%s", c == BLACK ? "Sente" : "Gote");
        pgn_set_tag(&g, c == BLACK ? "White" : "Black", who);
    }
    pgn_set_tag(&g, "Result", s->game.result);
    pgn_set_tag(&g, "Variant", "tenjiku");
    char rules[512];
    pgn_set_tag(&g, "Rules", rules_describe(&s->game.rules, rules, sizeof rules));
    if (!s->game.from_start)
        str_copy(g.start_tfen, sizeof g.start_tfen, s->game.start_tfen);
    for (int i = 0; i < s->game.nplies; i++)
        pgn_add_ply(&g, &s->game.plies[i].rec);
    str_copy(g.result, sizeof g.result, s->game.result);
    str_copy(g.ending, sizeof g.ending, s->game.ending);
    pthread_mutex_unlock(&s->mu);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f) {
        pgn_write(f, &g);
        fclose(f);
    }
    pgn_game_free(&g);
    return text ? text : xstrdup("");
}

char *session_pieces(Session *s, const char *setname)
{
    int set = piece_set_from_name(setname);
    if (set < 0)
        return NULL;
    pthread_mutex_lock(&s->mu);
    JsonBuf b;
    jb_init(&b);
    jb_obj(&b);
    jb_kstr(&b, "set", piece_set_name[set]);
    char rules[512];
    jb_kstr(&b, "rules", rules_describe(&s->game.rules, rules, sizeof rules));
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
        jb_key(&b, "svg");
        jb_arr(&b);
        for (int c = 0; c < 2; c++) {
            char *svg = piece_svg(s->game.rs, set, kind, c);
            jb_str(&b, svg);
            free(svg);
        }
        jb_end_arr(&b);
        char *diagram = piece_diagram_svg(s->game.rs, kind);
        char *text = piece_moves_text(s->game.rs, kind);
        jb_kstr(&b, "diagram", diagram);
        jb_kstr(&b, "moves", text);
        free(diagram);
        free(text);
        jb_end_obj(&b);
    }
    jb_end_arr(&b);
    jb_end_obj(&b);
    pthread_mutex_unlock(&s->mu);
    return jb_take(&b, NULL);
}
