/* What the page may ask the game to do (actions.h). */
#include "actions.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/legal.h"
#include "board/movegen.h"
#include "evalnote.h"
#include "pgnload.h"
#include "session_internal.h"
#include "util/strutil.h"
#include "view.h"

typedef struct Reply {
    int status;
    char message[400];
} Reply;

static int refuse(Reply *r, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int refuse(Reply *r, int status, const char *fmt, ...)
{
    r->status = status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->message, sizeof r->message, fmt, ap);
    va_end(ap);
    return -1;
}

/* ------------------------------------------------------------------ moves -------------- */

/* The legal move the page means: from, to, mid (-1), pass, promo. */
static Move find_move(Session *s, const JsonValue *body, Reply *r)
{
    long from, to, mid = -1;
    bool pass = false, promo = false;
    if (!json_get_int(body, "from", 0, 255, &from) || !json_get_int(body, "to", 0, 255, &to))
        return refuse(r, 400, "a move needs \"from\" and \"to\" squares (0-255)"), MOVE_NONE;
    if (json_get(body, "mid") && !json_get_int(body, "mid", -1, 255, &mid))
        return refuse(r, 400, "\"mid\" must be a square (0-255) or -1"), MOVE_NONE;
    if ((json_get(body, "pass") && !json_get_bool(body, "pass", &pass)) ||
        (json_get(body, "promo") && !json_get_bool(body, "promo", &promo)))
        return refuse(r, 400, "\"pass\" and \"promo\" must be true or false"), MOVE_NONE;
    MoveVec legal_all = {0}, *legal = &legal_all;
    generate_legal(s->game.pos, legal);
    Move found = MOVE_NONE;
    for (int i = 0; i < legal->count && !found; i++) {
        Move m = legal->moves[i];
        if (move_from(m) == from && move_to(m) == to && move_is_pass(m) == pass &&
            move_is_promo(m) == promo && (move_has_mid(m) ? move_mid(m) : -1) == mid)
            found = m;
    }
    movevec_free(legal);
    if (!found)
        refuse(r, 422, "that is not a legal move here");
    return found;
}

static int act_move(Session *s, const JsonValue *body, Reply *r)
{
    long ply;
    if (!json_get_int(body, "ply", 0, 1000000, &ply))
        return refuse(r, 400, "a move needs \"ply\": the position it was made in");
    if (ply != s->game.cursor)
        return refuse(r, 409, "the position changed (ply %d is shown, not %ld): move again",
                      s->game.cursor, ply);
    if (s->game.over && s->game.cursor == s->game.nplies)
        return refuse(r, 409, "the game is over (%s)", s->game.ending);
    if (!gamestate_human_to_move(&s->game))
        return refuse(r, 409, "it is the engine's turn");
    Move m = find_move(s, body, r);
    if (!m)
        return -1;
    if (s->game.cursor < s->game.nplies) { /* a move in the game's history: it goes on from here */
        gamestate_stop_clock(&s->game);
        s->game.nplies = s->game.cursor;
        s->game.over = false;
        str_copy(s->game.result, sizeof s->game.result, "*");
        s->game.ending[0] = '\0';
    }
    s->game.paused = false;
    session_play(s, m, 0, "");
    return 0;
}

/* ------------------------------------------------------------------ new games ---------- */

static int read_player(const JsonValue *body, const char *key, int *out, Reply *r)
{
    const char *v = json_get_str(body, key);
    if (!v)
        return 0; /* unchanged */
    for (int k = 0; k < 2; k++)
        if (strcmp(v, player_kind_name[k]) == 0) {
            *out = k;
            return 0;
        }
    return refuse(r, 400, "\"%s\" must be \"human\" or \"engine\"", key);
}

static int read_ms(const JsonValue *c, const char *key, long min, long max, int64_t *out, Reply *r)
{
    if (!json_get(c, key))
        return 0;
    long v;
    if (!json_get_int(c, key, min, max, &v))
        return refuse(r, 400, "clock \"%s\" must be a whole number from %ld to %ld", key, min, max);
    *out = v;
    return 0;
}

static int read_clock(const JsonValue *body, ClockSpec *c, Reply *r)
{
    const JsonValue *j = json_get(body, "clock");
    if (!j)
        return 0;
    if (j->type != JSON_OBJECT)
        return refuse(r, 400, "\"clock\" must be an object");
    const char *kind = json_get_str(j, "kind");
    if (kind) {
        int k = -1;
        for (int i = 0; i <= CLOCK_DEPTH; i++)
            if (strcmp(kind, clock_kind_name[i]) == 0)
                k = i;
        if (k < 0)
            return refuse(r, 400, "clock kind must be none, sudden, increment, permove or depth");
        c->kind = k;
    }
    long depth = c->depth;
    if (json_get(j, "depth") && !json_get_int(j, "depth", 1, 60, &depth))
        return refuse(r, 400, "clock \"depth\" must be from 1 to 60");
    c->depth = (int)depth;
    if (read_ms(j, "base", 1000, 36000000, &c->base_ms, r) ||
        read_ms(j, "inc", 0, 600000, &c->inc_ms, r) ||
        read_ms(j, "move", 100, 3600000, &c->move_ms, r))
        return -1;
    if (c->kind == CLOCK_SUDDEN)
        c->inc_ms = 0;
    if (c->kind == CLOCK_DEPTH && c->depth < 1)
        c->depth = 4;
    if (c->kind == CLOCK_PER_MOVE && c->move_ms < 100)
        c->move_ms = 5000;
    if ((c->kind == CLOCK_SUDDEN || c->kind == CLOCK_INCREMENT) && c->base_ms < 1000)
        c->base_ms = 600000;
    return 0;
}

static int read_rules(const JsonValue *body, Rules *rules, Reply *r)
{
    const JsonValue *j = json_get(body, "rules");
    if (!j)
        return 0;
    if (j->type != JSON_OBJECT)
        return refuse(r, 400, "\"rules\" must be an object of option names and values");
    for (const JsonValue *m = j->child; m; m = m->next) {
        char err[300];
        if (m->type != JSON_STRING)
            return refuse(r, 400, "rules option %s: the value must be a string", m->key);
        if (rules_set(rules, m->key, m->str, err, sizeof err) != 0)
            return refuse(r, 400, "%s", err);
    }
    return 0;
}

/* A start position for rules `rules`: the canonical TFEN in out. */
static int read_position(const char *text, const Rules *rules, char *out, Reply *r)
{
    if (strlen(text) > TFEN_MAX + 64)
        return refuse(r, 400, "the position is too long to be a TFEN");
    RuleSet *rs = ruleset_new(rules);
    Position *p = xmalloc(sizeof *p);
    position_clear(p, rs);
    char err[200];
    int rc = pgn_parse_position(p, text, err, sizeof err);
    if (rc == 0)
        tfen_print(p, out);
    free(p);
    ruleset_free(rs);
    return rc ? refuse(r, 422, "bad TFEN: %s", err) : 0;
}

/* "senteLevel" and "goteLevel": the engines' playing levels. */
static int read_levels(const JsonValue *body, int level[2], Reply *r)
{
    static const char *const key[2] = {"senteLevel", "goteLevel"};
    for (int c = 0; c < 2; c++) {
        long v;
        if (!json_get(body, key[c]))
            continue;
        if (!json_get_int(body, key[c], BOARD_LEVEL_MIN, BOARD_LEVEL_FULL, &v))
            return refuse(r, 400, "\"%s\" must be a level from %d to %d", key[c],
                          BOARD_LEVEL_MIN, BOARD_LEVEL_FULL);
        level[c] = (int)v;
    }
    return 0;
}

/* "senteEval" and "goteEval": the engines' evaluations, by name (board_eval_name). */
static int read_evals(const JsonValue *body, int eval[2], Reply *r)
{
    static const char *const key[2] = {"senteEval", "goteEval"};
    for (int c = 0; c < 2; c++) {
        if (!json_get(body, key[c]))
            continue;
        int k = board_eval_by_name(json_get_str(body, key[c]));
        if (k < 0)
            return refuse(r, 400, "\"%s\" must be %s, %s or %s", key[c], board_eval_name[0],
                          board_eval_name[1], board_eval_name[2]);
        eval[c] = k;
    }
    return 0;
}

static int act_new(Session *s, const JsonValue *body, Reply *r, bool keep_settings)
{
    int player[2] = {s->game.player[0], s->game.player[1]};
    int level[2] = {s->game.level[0], s->game.level[1]};
    int eval[2] = {s->game.evaluation[0], s->game.evaluation[1]};
    ClockSpec clock = s->game.clock;
    Rules rules = s->game.rules;
    if (!keep_settings &&
        (read_player(body, "sente", &player[0], r) || read_player(body, "gote", &player[1], r) ||
         read_clock(body, &clock, r) || read_rules(body, &rules, r) ||
         read_levels(body, level, r) || read_evals(body, eval, r)))
        return -1;
    const char *tfen = json_get_str(body, "tfen");
    char start[TFEN_MAX];
    if (keep_settings && !tfen)
        return refuse(r, 400, "a position needs \"tfen\"");
    if (tfen && read_position(tfen, &rules, start, r))
        return -1;
    bool standard = !tfen || strcmp(start, TFEN_START) == 0;
    session_reset(s, &rules, standard ? NULL : start, player, &clock);
    s->game.level[0] = level[0];
    s->game.level[1] = level[1];
    s->game.evaluation[0] = eval[0];
    s->game.evaluation[1] = eval[1];
    s->game.pgn_ngames = s->game.pgn_loaded = 0; /* the file's games are left */
    return 0;
}

/* ------------------------------------------------------------------ the game record ---- */

/* The body of a loadpgn request: the text and the game wanted (0: the first that reads). */
static int read_load_request(const JsonValue *body, const JsonValue **text, long *want, Reply *r)
{
    *text = json_get(body, "pgn");
    *want = 0;
    if (!*text || (*text)->type != JSON_STRING)
        return refuse(r, 400, "a game record needs \"pgn\": the text of a PGN file");
    if (json_get(body, "game") && !json_get_int(body, "game", 1, 1000000, want))
        return refuse(r, 400, "\"game\" must be a game number from 1");
    return 0;
}

/* The game read from a file becomes the game shown (people on both sides, no clock); the
   engines' scores of its notes go to the graph, in sente's view (evalnote.h). */
static void take_loaded(Session *s, PgnLoad *l)
{
    PgnGame *g = &l->game;
    int people[2] = {PLAYER_HUMAN, PLAYER_HUMAN};
    ClockSpec clock = {.kind = CLOCK_NONE};
    session_reset(s, &g->rules, g->start_tfen[0] ? g->start_tfen : NULL, people, &clock);
    for (int i = 0; i < g->nplies && !s->game.over; i++) {
        int cp, mover = s->game.pos->side;
        char note[PGN_NOTE_MAX];
        if (evalnote_read(g->plies[i].note, mover, &cp, note, sizeof note)) {
            s->game.has_eval[i] = true; /* the view of the position it was played in */
            s->game.eval[i] = cp;
        }
        session_play(s, g->plies[i].move, 1, note);
    }
    if (!s->game.over && strcmp(g->result, "*") != 0) {
        s->game.over = true;
        str_copy(s->game.result, sizeof s->game.result, g->result);
        str_copy(s->game.ending, sizeof s->game.ending, g->ending[0] ? g->ending : "as recorded");
    }
    gamestate_stop_clock(&s->game);
    free(s->game.pgn_label);
    s->game.pgn_label = l->label;
    l->label = NULL;
    s->game.pgn_ngames = l->ngames;
    s->game.pgn_loaded = l->loaded;
    if (l->skipped[0])
        snprintf(s->game.notice, sizeof s->game.notice, "Skipped %s.", l->skipped);
}

/* loadpgn: the file is read without the session's lock (a big file blocks nobody), then the
   game it gives replaces the game shown.  0 with s->mu held, or -1. */
static int load_pgn(Session *s, const JsonValue *body, Reply *r)
{
    const JsonValue *text;
    long want;
    if (read_load_request(body, &text, &want, r))
        return -1;
    pthread_mutex_lock(&s->mu);
    Rules rules = s->game.rules;
    pthread_mutex_unlock(&s->mu);
    PgnLoad l;
    int rc = pgnload_read(text->str, text->len, &rules, want, &l);
    if (rc == 0) {
        pthread_mutex_lock(&s->mu);
        take_loaded(s, &l);
    } else {
        refuse(r, 422, "%s", l.error);
    }
    pgnload_free(&l);
    return rc;
}

/* ------------------------------------------------------------------ the rest ----------- */

static int act_undo(Session *s, Reply *r)
{
    if (s->game.nplies == 0)
        return refuse(r, 409, "there is no move to take back");
    int n = 1;
    int side_after = s->game.plies[s->game.nplies - 1].mover; /* to move after one take-back */
    if (s->game.player[side_after] == PLAYER_ENGINE &&
        s->game.player[side_after ^ 1] == PLAYER_HUMAN && s->game.nplies >= 2)
        n = 2; /* back to the person's turn */
    session_stop_engines(s);
    gamestate_stop_clock(&s->game);
    s->game.nplies -= n;
    gamestate_seek(&s->game, s->game.nplies);
    s->game.over = false;
    str_copy(s->game.result, sizeof s->game.result, "*");
    s->game.ending[0] = '\0';
    return 0;
}

static int act_goto(Session *s, const JsonValue *body, Reply *r)
{
    long ply;
    if (!json_get_int(body, "ply", 0, s->game.nplies, &ply))
        return refuse(r, 400, "\"ply\" must be from 0 to %d", s->game.nplies);
    gamestate_seek(&s->game, (int)ply);
    return 0;
}

static int act_resign(Session *s, Reply *r)
{
    if (s->game.over)
        return refuse(r, 409, "the game is already over");
    int side = s->game.pos->side;
    if (s->game.player[BLACK] != s->game.player[WHITE])
        side = s->game.player[BLACK] == PLAYER_HUMAN ? BLACK : WHITE;
    else if (s->game.player[BLACK] == PLAYER_ENGINE)
        return refuse(r, 409, "only a person can resign (stop the engines instead)");
    session_end(s, side == BLACK ? "0-1" : "1-0", "%s resigns", side == BLACK ? "sente" : "gote");
    return 0;
}

static int act_analyse(Session *s, const JsonValue *body, Reply *r)
{
    bool on;
    long lines = s->game.multipv;
    if (json_get(body, "multipv") && !json_get_int(body, "multipv", 1, THINK_LINES_MAX, &lines))
        return refuse(r, 400, "\"multipv\" must be from 1 to %d", THINK_LINES_MAX);
    if (!json_get(body, "on"))
        on = s->game.analysing;
    else if (!json_get_bool(body, "on", &on))
        return refuse(r, 400, "analysis needs \"on\": true or false");
    if (lines != s->game.multipv) {
        s->game.multipv = (int)lines;
        if (s->job_kind[0] == JOB_ANALYSE)
            s->job[0] = 0; /* a new analysis with the new number of lines (session_kick) */
    }
    if (on && gamestate_engine_game(&s->game))
        return refuse(r, 409, "an engine is playing this game; analysis works in games between "
                              "people, after a game, or when the game is stopped");
    s->game.analysing = on;
    if (!on)
        s->game.think.valid = false;
    return 0;
}

/* review {depth, threshold}: the game reviewed by an engine of its own (review.h);
   review {cancel: true} stops it. */
static int act_review(Session *s, const JsonValue *body, Reply *r)
{
    bool cancel = false;
    if (json_get(body, "cancel") && json_get_bool(body, "cancel", &cancel) && cancel) {
        review_cancel(s->review);
        return 0;
    }
    long depth = 4, threshold = 300;
    if (json_get(body, "depth") && !json_get_int(body, "depth", 1, REVIEW_DEPTH_MAX, &depth))
        return refuse(r, 400, "\"depth\" must be from 1 to %d", REVIEW_DEPTH_MAX);
    if (json_get(body, "threshold") &&
        !json_get_int(body, "threshold", REVIEW_THRESHOLD_MIN, REVIEW_THRESHOLD_MAX, &threshold))
        return refuse(r, 400, "\"threshold\" must be from %d to %d centipawns",
                      REVIEW_THRESHOLD_MIN, REVIEW_THRESHOLD_MAX);
    if (s->game.nplies == 0)
        return refuse(r, 409, "the game has no moves to review");
    ReviewGame g = {.game_no = s->game.game_no, .rules = s->game.rules,
                    .from_start = s->game.from_start, .nmoves = s->game.nplies};
    str_copy(g.start_tfen, sizeof g.start_tfen, s->game.start_tfen);
    char(*moves)[MOVE_STR_MAX] = xcalloc((size_t)s->game.nplies, sizeof *moves);
    for (int i = 0; i < s->game.nplies; i++)
        str_copy(moves[i], sizeof moves[i], s->game.plies[i].rec.wire);
    g.moves = (const char(*)[MOVE_STR_MAX])moves;
    char err[200];
    int rc = review_start(s->review, &s->engine[0].cfg, &g, (int)depth, (int)threshold, err,
                          sizeof err);
    free(moves);
    return rc ? refuse(r, 400, "%s", err) : 0;
}

static int act_restart(Session *s, const JsonValue *body, Reply *r)
{
    long slot;
    if (!json_get_int(body, "slot", 0, 1, &slot))
        return refuse(r, 400, "\"slot\" must be 0 or 1");
    s->job[slot] = 0;
    engine_restart(&s->engine[slot]);
    if (s->game.paused && strcmp(s->game.pause_reason, "an engine stopped") == 0)
        s->game.paused = false;
    s->game.notice[0] = '\0';
    return 0;
}

static int dispatch(Session *s, const char *action, const JsonValue *body, Reply *r)
{
    if (strcmp(action, "move") == 0)
        return act_move(s, body, r);
    if (strcmp(action, "new") == 0)
        return act_new(s, body, r, false);
    if (strcmp(action, "setup") == 0)
        return act_new(s, body, r, true);
    if (strcmp(action, "undo") == 0)
        return act_undo(s, r);
    if (strcmp(action, "goto") == 0)
        return act_goto(s, body, r);
    if (strcmp(action, "resign") == 0)
        return act_resign(s, r);
    if (strcmp(action, "analyse") == 0)
        return act_analyse(s, body, r);
    if (strcmp(action, "restart") == 0)
        return act_restart(s, body, r);
    if (strcmp(action, "review") == 0)
        return act_review(s, body, r);
    if (strcmp(action, "resume") == 0) {
        s->game.paused = false;
        return 0;
    }
    if (strcmp(action, "stop") == 0) {
        s->game.paused = !s->game.over;
        s->game.analysing = false;
        str_copy(s->game.pause_reason, sizeof s->game.pause_reason, "stopped");
        return 0;
    }
    return refuse(r, 404, "unknown action '%.40s'", action);
}

/* The answer: the new state (published; rc 0, s->mu held and released here) or the refusal. */
static int answer_with(Session *s, int rc, const char *client, const Reply *r, char **answer)
{
    if (rc == 0) {
        if (client && *client)
            str_copy(s->owner, sizeof s->owner, client);
        session_kick(s);
        session_publish(s);
        *answer = view_state_json(&s->game, s->engine);
        pthread_mutex_unlock(&s->mu);
        return 200;
    }
    JsonBuf b;
    jb_init(&b);
    jb_obj(&b);
    jb_kstr(&b, "error", r->message);
    jb_kint(&b, "status", r->status);
    jb_end_obj(&b);
    *answer = jb_take(&b, NULL);
    return r->status;
}

int actions_apply(Session *s, const char *action, const JsonValue *body, const char *client,
                  char **answer)
{
    Reply r = {200, ""};
    if (!body || body->type != JSON_OBJECT)
        return answer_with(s, refuse(&r, 400, "the request body must be a JSON object"), client,
                           &r, answer);
    if (strcmp(action, "loadpgn") == 0) /* takes the lock itself, after reading the file */
        return answer_with(s, load_pgn(s, body, &r), client, &r, answer);
    pthread_mutex_lock(&s->mu);
    int rc = dispatch(s, action, body, &r);
    if (rc != 0)
        pthread_mutex_unlock(&s->mu);
    return answer_with(s, rc, client, &r, answer);
}
