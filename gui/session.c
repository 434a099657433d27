/* The session (session.h): game flow, engines, events. */
#include "session.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board/makemove.h"
#include "board/movegen.h"
#include "board/result.h"
#include "evalnote.h"
#include "session_internal.h"
#include "util/clock.h"
#include "util/strutil.h"
#include "view.h"

/* A page that went away stops its searches after this long (a reload comes back sooner). */
#define ABSENT_MS 3000
/* An engine that does not move within its time and this grace hangs. */
#define HANG_GRACE_MS 10000

static const char *side_name(int c) { return c == BLACK ? "sente" : "gote"; }

/* ------------------------------------------------------------------ the game ----------- */

void session_end(Session *s, const char *result, const char *fmt, ...)
{
    if (s->game.over)
        return;
    s->game.over = true;
    /* charges the time of the side to move, whose clock stops */
    gamestate_stop_clock(&s->game);
    str_copy(s->game.result, sizeof s->game.result, result);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->game.ending, sizeof s->game.ending, fmt, ap);
    va_end(ap);
    session_stop_engines(s);
}

static const char *win_for(int c) { return c == BLACK ? "1-0" : "0-1"; }

/* The end of the game by the rules after a move by `mover` (or -1 for a set-up position). */
static void check_rules_end(Session *s, int mover)
{
    GameResult r = game_result(s->game.pos, mover);
    if (r.reason == RESULT_ONGOING)
        return;
    char why[200];
    game_result_describe(&r, why, sizeof why);
    session_end(s, r.winner == NO_WINNER ? "*" : win_for(r.winner), "%s", why);
}

void session_play(Session *s, Move m, int64_t ms, const char *note)
{
    gamestate_grow(&s->game);
    GamePly *p = &s->game.plies[s->game.nplies];
    memset(p, 0, sizeof *p);
    int mover = s->game.pos->side;
    pgn_ply_make(s->game.pos, m, note, &p->rec);
    move_effects(s->game.pos, m, &p->fx);
    p->mover = mover;
    int64_t elapsed = ms > 0 ? ms : mono_ms() - s->game.turn_start;
    p->ms = elapsed;
    game_record_play(&s->game.record, m); /* (the cursor is at the end: the record is the game) */
    s->game.nplies++;
    s->game.cursor = s->game.nplies;
    s->game.has_eval[s->game.nplies] = false;
    bool in_time = gamestate_charge_clock(&s->game, mover, elapsed);
    s->game.clock_running = false;
    s->game.turn_start = mono_ms();
    if (!in_time) {
        session_end(s, win_for(mover ^ 1), "%s lost on time", side_name(mover));
        return;
    }
    check_rules_end(s, mover);
    gamestate_update_clock(&s->game);
}

void session_reset(Session *s, const Rules *rules, const char *start_tfen, const int player[2],
                   const ClockSpec *clock)
{
    session_stop_engines(s);
    if (memcmp(rules, &s->game.rules, sizeof *rules) != 0 || !s->game.rs) {
        /* positions keep a pointer to their rule set: the old one goes with them */
        ruleset_free(s->game.rs);
        s->game.rules = *rules;
        s->game.rs = ruleset_new(rules);
    }
    s->game.from_start = start_tfen == NULL;
    str_copy(s->game.start_tfen, sizeof s->game.start_tfen, start_tfen ? start_tfen : TFEN_START);
    s->game.nplies = 0;
    gamestate_grow(&s->game);
    s->game.has_eval[0] = false;
    gamestate_seek(&s->game, 0);
    tfen_print(s->game.pos, s->game.start_tfen);
    s->game.start_side = s->game.pos->side;
    s->game.game_no++;
    s->game.player[0] = player[0];
    s->game.player[1] = player[1];
    bool both = player[0] == PLAYER_ENGINE && player[1] == PLAYER_ENGINE;
    s->game.slot_of[BLACK] = 0;
    s->game.slot_of[WHITE] = both ? 1 : 0;
    s->game.clock = *clock;
    s->game.remaining[0] = s->game.remaining[1] =
        clock->kind == CLOCK_PER_MOVE ? clock->move_ms : clock->base_ms;
    s->game.clock_running = false;
    s->game.turn_start = mono_ms();
    s->game.over = false;
    str_copy(s->game.result, sizeof s->game.result, "*");
    s->game.ending[0] = '\0';
    s->game.paused = false;
    s->game.pause_reason[0] = '\0';
    s->game.notice[0] = '\0';
    s->game.think.valid = false;
    check_rules_end(s, -1);
    gamestate_update_clock(&s->game);
}

/* ------------------------------------------------------------------ engines ------------ */

/* Ends the search of one engine slot, if it has one. */
static void stop_slot(Session *s, int slot)
{
    if (s->job[slot]) {
        EngineJob job;
        engine_job_init(&job, JOB_STOP, ++s->job_seq);
        engine_submit(&s->engine[slot], &job);
    }
    s->job[slot] = 0;
    s->job_kind[slot] = JOB_STOP;
}

void session_stop_engines(Session *s)
{
    for (int slot = 0; slot < 2; slot++)
        stop_slot(s, slot);
}

/* "level 0 5:30 2" and friends for the clock. */
static void job_limits(const Session *s, int side, EngineJob *job)
{
    const ClockSpec *c = &s->game.clock;
    int64_t budget;
    if (c->kind == CLOCK_SUDDEN || c->kind == CLOCK_INCREMENT) {
        int64_t sec = c->base_ms / 1000;
        snprintf(job->limits, sizeof job->limits, "level 0 %lld:%02lld %g", (long long)(sec / 60),
                 (long long)(sec % 60), (double)c->inc_ms / 1000.0);
        int64_t mine = s->game.remaining[side] > 0 ? s->game.remaining[side] : 0;
        int64_t theirs = s->game.remaining[side ^ 1] > 0 ? s->game.remaining[side ^ 1] : 0;
        snprintf(job->clock, sizeof job->clock, "time %lld\notim %lld", (long long)(mine / 10),
                 (long long)(theirs / 10));
        budget = mine;
    } else if (c->kind == CLOCK_PER_MOVE) {
        snprintf(job->limits, sizeof job->limits, "st %g", (double)c->move_ms / 1000.0);
        budget = c->move_ms;
    } else { /* a depth, or no clock at all: a depth or 10 s a move */
        int depth = c->kind == CLOCK_DEPTH ? c->depth : 0;
        if (depth)
            snprintf(job->limits, sizeof job->limits, "sd %d\nst 600", depth);
        else
            snprintf(job->limits, sizeof job->limits, "st 10");
        budget = depth ? 600000 : 10000;
    }
    job->deadline_ms = mono_ms() + budget + HANG_GRACE_MS;
}

/* The side the engine in `slot` plays, or -1 (it only analyses). */
static int slot_side(const Session *s, int slot)
{
    for (int side = 0; side < 2; side++)
        if (s->game.player[side] == PLAYER_ENGINE && s->game.slot_of[side] == slot)
            return side;
    return -1;
}

/* The job for an engine: the game up to position `at`. */
static void make_job(Session *s, EngineJob *job, int slot, int kind, int at)
{
    engine_job_init(job, kind, ++s->job_seq);
    if (!s->game.from_start) { /* XBoard FEN: the TFEN board, side letter swapped */
        const char *sp = strrchr(s->game.start_tfen, ' ');
        int len = sp ? (int)(sp - s->game.start_tfen) : (int)strlen(s->game.start_tfen);
        snprintf(job->start_fen, sizeof job->start_fen, "%.*s %c 0 1", len, s->game.start_tfen,
                 sp && sp[1] == 'w' ? 'b' : 'w');
    }
    for (int i = 0; i < at; i++)
        engine_job_add_move(job, s->game.plies[i].rec.wire);
    rules_describe(&s->game.rules, job->rules, sizeof job->rules);
    /* the level and the evaluation go with the options (engine.c's send_rules); an engine
       that plays no side analyses at full strength */
    int side = slot_side(s, slot);
    size_t n = strlen(job->rules);
    snprintf(job->rules + n, sizeof job->rules - n, "%sLevel=%d Evaluation=%s", n ? " " : "",
             side < 0 ? BOARD_LEVEL_FULL : s->game.level[side],
             board_eval_name[side < 0 ? s->analysis_eval : s->game.evaluation[side]]);
    if (kind == JOB_THINK)
        job_limits(s, gamestate_side_to_play(&s->game), job);
    job->multipv = s->game.multipv;
}

static void submit(Session *s, int slot, int kind, int at)
{
    EngineJob job;
    make_job(s, &job, slot, kind, at);
    s->job[slot] = job.id;
    s->job_kind[slot] = kind;
    s->job_at[slot] = at;
    s->job_line[slot] = s->game.nplies;
    engine_submit(&s->engine[slot], &job);
}

void session_kick(Session *s)
{
    gamestate_update_clock(&s->game);
    int want[2] = {JOB_STOP, JOB_STOP}, at[2] = {s->game.cursor, s->game.cursor};
    int side = gamestate_side_to_play(&s->game);
    if (gamestate_playing(&s->game) && s->game.player[side] == PLAYER_ENGINE) {
        /* the engine plays at the game's end, whatever position the page shows */
        want[s->game.slot_of[side]] = JOB_THINK;
        at[s->game.slot_of[side]] = s->game.nplies;
    } else if (s->game.analysing && !gamestate_engine_game(&s->game) &&
               !position_game_over(s->game.pos)) {
        want[0] = JOB_ANALYSE;
    }
    for (int slot = 0; slot < 2; slot++) {
        bool same = s->job[slot] && s->job_kind[slot] == want[slot] && s->job_at[slot] == at[slot] &&
                    (want[slot] != JOB_THINK || s->job_line[slot] == s->game.nplies);
        if (same)
            continue;
        if (want[slot] == JOB_STOP) {
            stop_slot(s, slot);
            continue;
        }
        char name[128], error[400];
        if (engine_snapshot(&s->engine[slot], name, sizeof name, error, sizeof error, NULL) ==
            ENGINE_DEAD)
            continue; /* restarted by the page; the game waits */
        submit(s, slot, want[slot], at[slot]);
    }
}

static Session *locked(void *ctx)
{
    Session *s = ctx;
    pthread_mutex_lock(&s->mu);
    return s;
}

static bool cb_move(void *ctx, int slot, unsigned job, const char *text, char *canonical)
{
    Session *s = locked(ctx);
    bool ok = false;
    if (s->job[slot] == job && s->job_kind[slot] == JOB_THINK && gamestate_playing(&s->game) &&
        s->job_line[slot] == s->game.nplies) {
        int view = s->game.cursor; /* the page may be looking at an earlier position */
        if (view != s->game.nplies)
            gamestate_seek(&s->game, s->game.nplies);
        int side = s->game.pos->side;
        char err[200], note[64] = "";
        s->job[slot] = 0;
        Move m = move_from_wire(s->game.pos, text, 0, err, sizeof err);
        if (!m) {
            char name[128];
            engine_name(&s->engine[slot], name, sizeof name);
            session_end(s, win_for(side ^ 1), "%s (%s) played an illegal move '%.60s': %s",
                        side_name(side), name, text, err);
        } else {
            move_to_wire(s->game.pos, m, 0, canonical);
            const Thinking *t = &s->game.think;
            if (t->valid && t->slot == slot && t->at == s->game.nplies && t->nlines > 0)
                evalnote_format(t->line[0].score, t->line[0].depth, note, sizeof note);
            session_play(s, m, 0, note);
            ok = true;
        }
        if (view < s->game.nplies - 1)
            gamestate_seek(&s->game, view); /* it stays where it was */
        session_kick(s);
        session_publish(s);
    }
    pthread_mutex_unlock(&s->mu);
    return ok;
}

/* The PV of a thinking line, as far as its moves are legal from pos (which is kept). */
static void read_pv(const Position *pos, const char *pv, ThinkLine *l)
{
    Position *p = xmalloc(sizeof *p);
    *p = *pos;
    l->hodges[0] = l->wire[0] = '\0';
    l->npv = 0;
    l->best.from = -1;
    char buf[1024];
    str_copy(buf, sizeof buf, pv);
    size_t n = 0, nw = 0;
    for (char *save, *tok = strtok_r(buf, " \t", &save); tok && l->npv < THINK_PV_MAX;
         tok = strtok_r(NULL, " \t", &save)) {
        size_t len = strlen(tok);
        while (len && (tok[len - 1] == '?' || tok[len - 1] == '!'))
            tok[--len] = '\0'; /* fail-low / fail-high marks */
        Move m = len ? move_from_wire(p, tok, 0, NULL, 0) : MOVE_NONE;
        if (!m)
            break;
        char h[MOVE_STR_MAX], w[MOVE_STR_MAX];
        move_to_hodges(p, m, h);
        move_to_wire(p, m, 0, w);
        if (n + strlen(h) + 2 >= sizeof l->hodges || nw + strlen(w) + 2 >= sizeof l->wire)
            break;
        if (l->best.from < 0)
            move_effects(p, m, &l->best);
        n += (size_t)snprintf(l->hodges + n, sizeof l->hodges - n, "%s%s", n ? " " : "", h);
        nw += (size_t)snprintf(l->wire + nw, sizeof l->wire - nw, "%s%s", nw ? " " : "", w);
        l->pv[l->npv++] = m;
        Undo u;
        make_move(p, m, &u);
        if (position_game_over(p))
            break;
    }
    free(p);
}

static void cb_thinking(void *ctx, int slot, unsigned job, const XeThinking *x)
{
    Session *s = locked(ctx);
    if (s->job[slot] == job && s->job_at[slot] <= s->game.nplies) {
        int at = s->job_at[slot];
        Position *p = at == s->game.cursor ? NULL : gamestate_position_at(&s->game, at);
        const Position *pos = p ? p : s->game.pos;
        Thinking *t = &s->game.think;
        int max = s->job_kind[slot] == JOB_ANALYSE ? s->game.multipv : 1;
        if (!t->valid || t->slot != slot || t->job != job || t->at != at ||
            x->depth != t->block_depth || t->block_lines >= t->block_max || max < 1)
            t->block_lines = 0; /* a new iteration's lines */
        t->valid = true;
        t->slot = slot;
        t->job = job;
        t->at = at;
        t->nodes = x->nodes;
        t->time_cs = x->time_cs;
        t->block_depth = x->depth;
        t->block_max = max < 1 ? 1 : max > THINK_LINES_MAX ? THINK_LINES_MAX : max;
        int k = t->block_lines++;
        t->nlines = t->block_lines;
        ThinkLine *l = &t->line[k];
        l->depth = x->depth;
        l->score = pos->side == BLACK ? x->score : -x->score; /* sente's view */
        read_pv(pos, x->pv, l);
        free(p);
        if (k == 0) { /* the best line is the position's score */
            s->game.has_eval[at] = true;
            s->game.eval[at] = l->score;
        }
        JsonBuf b;
        jb_init(&b);
        view_thinking_json(&s->game, &b);
        char *json = jb_take(&b, NULL);
        events_publish(s->hub, "thinking", json);
        free(json);
    }
    pthread_mutex_unlock(&s->mu);
}

/* The clock of an engine runs from the moment it has set up its game ("new", the options,
   the moves: hash tables cleared, a rule set built, perhaps a process just started), not from
   the board's turn, so that a per-move clock measures what the engine's own "st" measures.  An
   engine that delays its pong gains at most the pong time-out (engine.c) this way. */
static void cb_ready(void *ctx, int slot, unsigned job)
{
    Session *s = locked(ctx);
    if (s->job[slot] == job && s->job_kind[slot] == JOB_THINK && gamestate_playing(&s->game) &&
        s->job_line[slot] == s->game.nplies && s->game.clock_running &&
        s->game.clock_side == slot_side(s, slot)) {
        s->game.turn_start = mono_ms();
        session_publish(s);
    }
    pthread_mutex_unlock(&s->mu);
}

static void cb_resign(void *ctx, int slot, unsigned job)
{
    Session *s = locked(ctx);
    if (s->job[slot] == job && s->job_kind[slot] == JOB_THINK && gamestate_playing(&s->game)) {
        int side = gamestate_side_to_play(&s->game);
        char name[128];
        engine_name(&s->engine[slot], name, sizeof name);
        session_end(s, win_for(side ^ 1), "%s (%s) resigns", side_name(side), name);
        session_publish(s);
    }
    pthread_mutex_unlock(&s->mu);
}

static void cb_state(void *ctx, int slot)
{
    Session *s = locked(ctx);
    char name[128], error[400];
    int state = engine_snapshot(&s->engine[slot], name, sizeof name, error, sizeof error, NULL);
    if (state == ENGINE_DEAD && s->job[slot]) {
        s->job[slot] = 0;
        snprintf(s->game.notice, sizeof s->game.notice,
                 "Engine %d (%s) stopped: %s. Restart it to go on; the game is kept.", slot + 1,
                 name, error);
        if (gamestate_engine_game(&s->game)) {
            s->game.paused = true;
            str_copy(s->game.pause_reason, sizeof s->game.pause_reason, "an engine stopped");
        }
        gamestate_update_clock(&s->game);
    }
    if (state == ENGINE_IDLE && !s->job[slot])
        session_kick(s); /* a restarted engine takes up its turn */
    session_publish(s);
    pthread_mutex_unlock(&s->mu);
}

static void engine_log(void *ctx, const char *who, const char *dir, const char *text)
{
    FILE *f = ctx;
    static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&mu);
    fprintf(f, "%lld %s %s %s\n", (long long)mono_ms(), who, dir, text);
    fflush(f);
    pthread_mutex_unlock(&mu);
}

/* The review's progress: the pages are sent its state (without the session's lock). */
static void review_notify(void *ctx)
{
    Session *s = ctx;
    char *json = review_json(s->review);
    events_publish(s->hub, "review", json);
    free(json);
}

char *session_review(Session *s) { return review_json(s->review); }

/* The first game's levels and evaluations: those of --option Level=N and --option
   Evaluation=NAME (given to every engine) if the board knows the value, so that what each game
   sends does not undo them; else full strength and the default evaluation. */
static void first_choices(Session *s)
{
    s->game.level[0] = s->game.level[1] = BOARD_LEVEL_FULL;
    s->analysis_eval = BOARD_EVAL_DEFAULT;
    for (int i = 0; i < s->cfg.noptions; i++) {
        const XeSetting *o = &s->cfg.options[i];
        char *end;
        long v = strtol(o->value, &end, 10);
        if (strcmp(o->name, "Level") == 0 && *o->value && !*end && v >= BOARD_LEVEL_MIN &&
            v <= BOARD_LEVEL_FULL)
            s->game.level[0] = s->game.level[1] = (int)v;
        int k = board_eval_by_name(o->value);
        if (strcmp(o->name, "Evaluation") == 0 && k >= 0)
            s->analysis_eval = k;
    }
    s->game.evaluation[0] = s->game.evaluation[1] = s->analysis_eval;
}

Session *session_new(const BoardConfig *cfg, EventHub *hub)
{
    Session *s = xcalloc(1, sizeof *s);
    pthread_mutex_init(&s->mu, NULL);
    s->hub = hub;
    s->cfg = *cfg;
    s->game.multipv = 1;
    s->review = review_new(review_notify, s);
    s->log = cfg->engine_log ? fopen(cfg->engine_log, "a") : NULL;
    static const EngineCallbacks cbs = {cb_move, cb_ready, cb_thinking, cb_resign, cb_state};
    for (int slot = 0; slot < 2; slot++) {
        const EngineCommand *c = s->cfg.engine[slot].argc ? &s->cfg.engine[slot] : &s->cfg.engine[0];
        XEngineConfig xc = {.cmd = c->argv[0], .args = c->argv + 1, .nargs = c->argc - 1,
                            .options = s->cfg.options, .noptions = s->cfg.noptions,
                            .log = s->log ? engine_log : NULL, .log_ctx = s->log};
        engine_init(&s->engine[slot], slot, &xc, &cbs, s);
        engine_launch(&s->engine[slot]);
    }
    int players[2] = {PLAYER_HUMAN, PLAYER_ENGINE};
    first_choices(s);
    ClockSpec clock = {.kind = CLOCK_INCREMENT, .base_ms = 600000, .inc_ms = 5000};
    /* game numbers differ from a previous run's (a page keeps what it did for a game) */
    s->game.game_no = (unsigned)(time(NULL) % 100000) * 1000;
    pthread_mutex_lock(&s->mu);
    session_reset(s, &cfg->rules, NULL, players, &clock);
    pthread_mutex_unlock(&s->mu);
    return s;
}

void session_free(Session *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->mu);
    s->game.over = true;
    session_stop_engines(s);
    pthread_mutex_unlock(&s->mu);
    review_free(s->review);
    for (int slot = 0; slot < 2; slot++) /* both at once: each ends its waits at once */
        engine_interrupt(&s->engine[slot]);
    for (int slot = 0; slot < 2; slot++) /* not under the lock: callbacks may wait for it */
        engine_shutdown(&s->engine[slot]);
    gamestate_free(&s->game);
    if (s->log)
        fclose(s->log);
    pthread_mutex_destroy(&s->mu);
    free(s);
}

/* ------------------------------------------------------------------ the page's view --- */

void session_publish(Session *s)
{
    s->game.version++;
    char *json = view_state_json(&s->game, s->engine);
    events_publish(s->hub, "state", json);
    free(json);
}

char *session_state(Session *s)
{
    pthread_mutex_lock(&s->mu);
    char *json = view_state_json(&s->game, s->engine);
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
    PgnGame rec;
    pthread_mutex_lock(&s->mu);
    view_record(&s->game, s->engine, &rec);
    pthread_mutex_unlock(&s->mu);
    char *text = view_pgn_text(&rec);
    pgn_game_free(&rec);
    return text;
}

char *session_pgn_games(Session *s)
{
    pthread_mutex_lock(&s->mu);
    char *json = view_pgn_games_json(&s->game);
    pthread_mutex_unlock(&s->mu);
    return json;
}

char *session_pieces(Session *s, const char *set)
{
    pthread_mutex_lock(&s->mu);
    char *json = view_pieces_json(&s->game, set);
    pthread_mutex_unlock(&s->mu);
    return json;
}

void session_tick(Session *s)
{
    pthread_mutex_lock(&s->mu);
    bool changed = false;
    int side = s->game.clock_side;
    if (gamestate_out_of_time(&s->game, mono_ms())) {
        session_end(s, win_for(side ^ 1), "%s lost on time", side_name(side));
        changed = true;
    }
    bool searching = s->job[0] || s->job[1];
    if (searching && s->owner[0] && events_absent_ms(s->hub, s->owner) >= ABSENT_MS) {
        s->game.analysing = false;
        if (!s->game.over) {
            s->game.paused = true;
            str_copy(s->game.pause_reason, sizeof s->game.pause_reason,
                     "the page that started the engines was closed");
        }
        session_kick(s);
        changed = true;
    }
    if (changed)
        session_publish(s);
    pthread_mutex_unlock(&s->mu);
}
