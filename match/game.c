#include "game.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/game.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/result.h"
#include "log.h"
#include "util/clock.h"
#include "util/strutil.h"

const char *const termination_name[] = {"normal",       "time forfeit", "rules infraction",
                                        "adjudication", "emergency",    "abandoned"};
const char *const termination_code[] = {"normal",       "time",      "infraction",
                                        "adjudication", "emergency", "abandoned"};

const char *outcome_string(int outcome)
{
    switch (outcome) {
    case OUT_SENTE_WINS: return "1-0";
    case OUT_GOTE_WINS: return "0-1";
    case OUT_DRAW: return "1/2-1/2";
    default: return "*";
    }
}

static const char *side_name(int c) { return c == BLACK ? "sente" : "gote"; }

int rules_winner(Position *pos, int mover, char *why, size_t whysz)
{
    GameResult r = game_result(pos, mover);
    game_result_describe(&r, why, whysz);
    return r.winner;
}

/* ------------------------------------------------------------------------------------ */

typedef struct Play {
    Game *g;
    GameRecord rec;            /* the referee's game: every position, for the repetition rule */
    Position *pos;             /* rec.pos */
    int64_t clock[2];          /* remaining time, ms */
    int timed_moves[2];        /* moves made on the clock */
    char partial[2][512];      /* first legs of a move sent as "move a,"  "move b" */
    bool offer[2];             /* an open draw offer */
    bool has_score[2];
    int score[2], depth[2];
    bool over;
    bool kill[2];              /* engine to be killed and restarted */
} Play;

static void end_game(Play *P, int outcome, int term, int loser, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void end_game(Play *P, int outcome, int term, int loser, const char *fmt, ...)
{
    if (P->over)
        return;
    Game *g = P->g;
    P->over = true;
    g->outcome = outcome;
    g->termination = term;
    g->loser = loser;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->reason, sizeof g->reason, fmt, ap);
    va_end(ap);
    /* braces would end the PGN comment and the result command */
    for (char *p = g->reason; *p; p++)
        if (*p == '{' || *p == '}')
            *p = *p == '{' ? '(' : ')';
}

static void lose(Play *P, int c, int term, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void lose(Play *P, int c, int term, const char *fmt, ...)
{
    char buf[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    end_game(P, c == BLACK ? OUT_GOTE_WINS : OUT_SENTE_WINS, term, c, "%s (%s) %s",
             side_name(c), P->g->eng[c]->name, buf);
}

/* A failed engine (crash, hang, broken pipe) loses and is restarted before its next game. */
/* Has the match been stopped (Ctrl-C, SIGTERM, or the runner's abort)? */
static bool stopping(const Play *P) { return (P->g->abort && *P->g->abort) || g_interrupted; }

static void engine_failed(Play *P, int c, const char *what)
{
    XEngine *e = P->g->eng[c];
    P->kill[c] = true;
    if (stopping(P)) /* the wait ended because the match stops: nobody's fault */
        end_game(P, OUT_ABORTED, TERM_ABANDONED, -1, "match stopped");
    else
        lose(P, c, TERM_EMERGENCY, "%s: %s", what, e->error);
}

static void push_ply(Game *g, const PlyRecord *r)
{
    if (g->nplies == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 256;
        g->plies = xrealloc(g->plies, (size_t)g->cap * sizeof *g->plies);
    }
    g->plies[g->nplies++] = *r;
}

static int send_clock(Play *P, int c)
{
    const MatchConfig *cfg = P->g->cfg;
    XEngine *e = P->g->eng[c];
    if (cfg->tc.type == TC_FIXED || cfg->tc.type == TC_LIMITS || !e->f_time)
        return 0;
    int64_t mine = P->clock[c] > 0 ? P->clock[c] : 0, theirs = P->clock[!c] > 0 ? P->clock[!c] : 0;
    if (xe_send(e, "time %lld", (long long)(mine / 10)) ||
        xe_send(e, "otim %lld", (long long)(theirs / 10)))
        return -1;
    return 0;
}

static int send_move(XEngine *e, const char *wire)
{
    return e->f_usermove ? xe_send(e, "usermove %s", wire) : xe_send(e, "%s", wire);
}

static void format_minutes(int64_t ms, char *out, size_t outsz)
{
    int64_t s = (ms + 999) / 1000; /* a fractional base (fastchess's tc=) rounds up */
    if (s % 60 == 0)
        snprintf(out, outsz, "%lld", (long long)(s / 60));
    else
        snprintf(out, outsz, "%lld:%02lld", (long long)(s / 60), (long long)(s % 60));
}

/* new / variant / time control / position for one engine.  Returns 0, -1 engine failure
   (e->error), -2 engine unable to play this game (e->error, no restart needed). */
static int setup_engine(Play *P, int c, char (*bookwire)[MOVE_STR_MAX], int nbook)
{
    Game *g = P->g;
    const MatchConfig *cfg = g->cfg;
    XEngine *e = g->eng[c];
    const EngineSpec *s = g->spec[c];
    if (e->running && !e->f_reuse && e->games_in_process > 0)
        xe_quit(e); /* reuse=0: a new process for every game */
    if (!e->running && xe_start(e) != 0)
        return -1;
    if (g->opening->tfen && !e->f_setboard) {
        snprintf(e->error, sizeof e->error,
                 "engine lacks feature setboard=1, needed for positions from --openings");
        return -2;
    }
    e->games_in_process++;
    if (s->memory_mb > 0 && e->f_memory && xe_send(e, "memory %d", s->memory_mb))
        return -1;
    if (s->cores > 0 && e->f_smp && xe_send(e, "cores %d", s->cores))
        return -1;
    if (xe_send(e, "new") || xe_send(e, "variant tenjiku"))
        return -1;
    char base[32];
    const TimeControl *tc = &cfg->tc;
    int rc = 0;
    if (tc->type == TC_LIMITS) {
        /* no clock: nps=N with "st 1" is N nodes a move; otherwise a day (depth=N decides) */
        rc = xe_send(e, "st %d", s->nps > 0 ? 1 : 86400);
    } else if (tc->type == TC_FIXED) {
        if (tc->st_ms % 1000 == 0)
            rc = xe_send(e, "st %lld", (long long)(tc->st_ms / 1000));
        else
            rc = xe_send(e, "st %g", (double)tc->st_ms / 1000.0);
    } else {
        format_minutes(tc->base_ms, base, sizeof base);
        rc = xe_send(e, "level %d %s %g", tc->type == TC_CLASSICAL ? tc->moves : 0, base,
                     (double)tc->inc_ms / 1000.0);
    }
    if (rc)
        return -1;
    if (s->depth > 0 && xe_send(e, "sd %d", s->depth))
        return -1;
    if (s->nps > 0 && xe_send(e, "nps %ld", s->nps))
        return -1;
    if (xe_send(e, "post") || xe_send(e, "easy"))
        return -1;
    if (e->f_name && xe_send(e, "name %s", g->eng[!c]->name))
        return -1;
    if (xe_send(e, "computer") || xe_send(e, "force"))
        return -1;
    e->in_force = true;
    if (g->opening->tfen) {
        /* XBoard FEN = TFEN board with the side letter swapped (docs/PROTOCOL.md §2.4) */
        const char *t = g->opening->tfen;
        const char *sp = strrchr(t, ' ');
        int len = sp ? (int)(sp - t) : (int)strlen(t);
        char side = sp && sp[1] == 'w' ? 'b' : 'w';
        if (xe_send(e, "setboard %.*s %c - 0 1", len, t, side))
            return -1;
    }
    for (int i = 0; i < nbook; i++)
        if (send_move(e, bookwire[i * 2 + s->rank_offset]))
            return -1;
    if (xe_sync(e))
        return -1;
    return 0;
}

static bool starts_with_word(const char *line, const char *word)
{
    size_t n = strlen(word);
    return strncmp(line, word, n) == 0 && (line[n] == '\0' || line[n] == ' ' || line[n] == '\t');
}

static bool contains_ci(const char *s, const char *needle)
{
    size_t n = strlen(needle);
    for (; *s; s++) {
        size_t i = 0;
        while (i < n && s[i] && tolower((unsigned char)s[i]) == needle[i])
            i++;
        if (i == n)
            return true;
    }
    return false;
}

/* A result claim "1-0 {...}" by engine c, checked against the rules. */
static void handle_claim(Play *P, int c, const char *line)
{
    Game *g = P->g;
    int claimed = starts_with_word(line, "1-0") ? OUT_SENTE_WINS
                  : starts_with_word(line, "0-1") ? OUT_GOTE_WINS
                                                  : OUT_DRAW;
    const char *comment = strchr(line, '{');
    bool resigns = comment && contains_ci(comment, "resign");
    if (resigns && claimed == (c == BLACK ? OUT_GOTE_WINS : OUT_SENTE_WINS)) {
        lose(P, c, TERM_NORMAL, "resigns");
        return;
    }
    if (claimed == OUT_DRAW) {
        if (g->cfg->draw_offers && P->offer[!c]) {
            end_game(P, OUT_DRAW, TERM_NORMAL, -1, "draw agreed");
            return;
        }
        lose(P, c, TERM_RULES_INFRACTION, "made a false claim: %s (no draw by the rules)", line);
        return;
    }
    int mover = g->nplies ? !P->pos->side : P->pos->side;
    char why[160];
    int w = rules_winner(P->pos, mover, why, sizeof why);
    int rule_outcome = w < 0 ? -1 : (w == BLACK ? OUT_SENTE_WINS : OUT_GOTE_WINS);
    if (rule_outcome == claimed)
        end_game(P, claimed, TERM_NORMAL, -1, "%s (claimed by %s)", why, side_name(c));
    else
        lose(P, c, TERM_RULES_INFRACTION, "made a false claim: %s", line);
}

/* One line from engine s while engine c is on move.  Returns 1 when `move` holds c's complete
   move, 0 otherwise (P->over may have been set). */
static int handle_line(Play *P, int s, int c, const char *line, char *move, size_t movesz)
{
    Game *g = P->g;
    XEngine *e = g->eng[s];
    if (starts_with_word(line, "move")) {
        const char *m = line + 4;
        while (*m == ' ' || *m == '\t')
            m++;
        if (s != c) {
            lose(P, s, TERM_RULES_INFRACTION, "moved out of turn: '%s'", line);
            return 0;
        }
        size_t n = strlen(m);
        if (n && m[n - 1] == ',') { /* a leg of a multi-leg move; more follow */
            size_t have = strlen(P->partial[s]);
            if (have + n < sizeof P->partial[s])
                memcpy(P->partial[s] + have, m, n + 1);
            return 0;
        }
        snprintf(move, movesz, "%s%s", P->partial[s], m);
        P->partial[s][0] = '\0';
        return 1;
    }
    XeThinking t;
    if (xe_parse_thinking(line, &t)) {
        if (s == c) {
            P->has_score[s] = true;
            P->score[s] = t.score;
            P->depth[s] = t.depth;
        }
        return 0;
    }
    if (starts_with_word(line, "resign")) {
        lose(P, s, TERM_NORMAL, "resigns");
        return 0;
    }
    if (starts_with_word(line, "1-0") || starts_with_word(line, "0-1") ||
        starts_with_word(line, "1/2-1/2")) {
        handle_claim(P, s, line);
        return 0;
    }
    if (strcmp(line, "offer draw") == 0) {
        if (!g->cfg->draw_offers)
            return 0;
        if (P->offer[!s]) {
            end_game(P, OUT_DRAW, TERM_NORMAL, -1, "draw agreed");
            return 0;
        }
        P->offer[s] = true;
        XEngine *o = g->eng[!s];
        if (o->f_draw && xe_send(o, "draw"))
            engine_failed(P, !s, "engine stopped reading its input");
        return 0;
    }
    if (strncmp(line, "Illegal move", 12) == 0) {
        lose(P, s, TERM_RULES_INFRACTION, "rejected a legal move: '%s'", line);
        return 0;
    }
    if (starts_with_word(line, "feature")) {
        if (xe_parse_features(e, line))
            engine_failed(P, s, "engine stopped reading its input");
        return 0;
    }
    return 0; /* pong, debug output, errors, telluser, garbage: ignored */
}

/* Waits for the move of c; 1 with the move text, 0 if the game ended meanwhile. */
static int wait_move(Play *P, int c, int64_t t0, int64_t limit, char *move, size_t movesz)
{
    Game *g = P->g;
    const MatchConfig *cfg = g->cfg;
    int64_t hang_at = t0 + limit + cfg->grace_ms;
    char line[XE_LINE_MAX];
    for (;;) {
        /* the other engine first: what it wrote before the mover's move (a move out of turn)
           must not be read after it, as its answer to that move */
        for (int k = 0; k < 2; k++) {
            int s = k == 0 ? !c : c;
            XEngine *e = g->eng[s];
            for (int n = 0; n < 1000; n++) {
                int r = xe_read(e, line, sizeof line, 0);
                if (r == 0)
                    break;
                if (r < 0) {
                    engine_failed(P, s, "engine crashed or exited");
                    return 0;
                }
                if (handle_line(P, s, c, line, move, movesz))
                    return 1;
                if (P->over)
                    return 0;
            }
        }
        if (stopping(P)) {
            end_game(P, OUT_ABORTED, TERM_ABANDONED, -1, "match stopped");
            return 0;
        }
        int64_t now = mono_ms();
        if (now >= hang_at) {
            P->kill[c] = true;
            lose(P, c, TERM_TIME_FORFEIT,
                 "did not move within %.3f s (clock %.3f s + grace %.3f s); engine killed",
                 (double)(now - t0) / 1000.0, (double)limit / 1000.0,
                 (double)cfg->grace_ms / 1000.0);
            return 0;
        }
        Proc *const procs[2] = {&g->eng[0]->proc, &g->eng[1]->proc};
        int64_t wait = hang_at - now;
        if (wait > 100)
            wait = 100;
        proc_wait_output(procs, 2, (int)wait);
    }
}

static void fill_opening_plies(Play *P, char (**bookwire)[MOVE_STR_MAX])
{
    Game *g = P->g;
    const Opening *op = g->opening;
    *bookwire = xcalloc((size_t)(op->nmoves ? op->nmoves : 1) * 2, MOVE_STR_MAX);
    for (int i = 0; i < op->nmoves; i++) {
        Move m = op->moves[i];
        PlyRecord r;
        memset(&r, 0, sizeof r);
        r.move = m;
        r.book = true;
        r.mover = P->pos->side;
        move_to_wire(P->pos, m, 0, r.wire);
        move_to_wire(P->pos, m, 0, (*bookwire)[i * 2]);
        move_to_wire(P->pos, m, 1, (*bookwire)[i * 2 + 1]);
        move_to_hodges(P->pos, m, r.hodges);
        game_record_play(&P->rec, m);
        push_ply(g, &r);
    }
}

static bool eval_adjudication(Play *P)
{
    Game *g = P->g;
    const MatchConfig *cfg = g->cfg;
    int n = g->nplies;
    if (cfg->resign_moves > 0 && n >= 2 * cfg->resign_moves) {
        /* the last resign_moves moves of both engines agree that one side is lost */
        for (int loser = 0; loser < 2; loser++) {
            bool ok = true;
            for (int i = n - 2 * cfg->resign_moves; i < n && ok; i++) {
                const PlyRecord *r = &g->plies[i];
                if (r->book || !r->has_score)
                    ok = false;
                else if (r->mover == loser)
                    ok = r->score <= -cfg->resign_score;
                else
                    ok = r->score >= cfg->resign_score;
            }
            if (ok) {
                end_game(P, loser == BLACK ? OUT_GOTE_WINS : OUT_SENTE_WINS, TERM_ADJUDICATION,
                         -1, "adjudication: both engines score %s below -%d cp for %d moves",
                         side_name(loser), cfg->resign_score, cfg->resign_moves);
                return true;
            }
        }
    }
    if (cfg->draw_moves > 0 && n >= 2 * cfg->draw_moves && (n + 1) / 2 >= cfg->draw_after) {
        bool ok = true;
        for (int i = n - 2 * cfg->draw_moves; i < n && ok; i++) {
            const PlyRecord *r = &g->plies[i];
            ok = !r->book && r->has_score && r->score <= cfg->draw_score &&
                 r->score >= -cfg->draw_score;
        }
        if (ok) {
            end_game(P, OUT_DRAW, TERM_ADJUDICATION, -1,
                     "adjudication: both scores within %d cp for %d moves", cfg->draw_score,
                     cfg->draw_moves);
            return true;
        }
    }
    if (cfg->max_moves > 0 && n >= 2 * cfg->max_moves) {
        end_game(P, OUT_DRAW, TERM_ADJUDICATION, -1, "adjudication: move limit (%d moves)",
                 cfg->max_moves);
        return true;
    }
    return false;
}

/* The opening, both engines set up, the clocks set and the side to move told to go; false if
   the game is already over (a finished position, an engine that failed). */
static bool start_game(Play *P)
{
    Game *g = P->g;
    const MatchConfig *cfg = g->cfg;
    Position *pos = P->pos;
    char (*bookwire)[MOVE_STR_MAX] = NULL;
    fill_opening_plies(P, &bookwire);

    /* a finished position cannot be played (openings are checked when loaded) */
    char why[200];
    int w = rules_winner(pos, !pos->side, why, sizeof why);
    if (w >= 0) {
        end_game(P, w == BLACK ? OUT_SENTE_WINS : OUT_GOTE_WINS, TERM_NORMAL, -1, "%s", why);
        free(bookwire);
        return false;
    }
    for (int c = 0; c < 2 && !P->over; c++) {
        int rc = setup_engine(P, c, bookwire, g->opening->nmoves);
        if (rc == -1)
            engine_failed(P, c, "engine failed at the start of the game");
        else if (rc == -2)
            lose(P, c, TERM_EMERGENCY, "cannot play this game: %s", g->eng[c]->error);
    }
    free(bookwire);
    if (P->over)
        return false;

    bool per_move = cfg->tc.type == TC_FIXED || cfg->tc.type == TC_LIMITS;
    P->clock[0] = P->clock[1] = per_move ? cfg->tc.st_ms : cfg->tc.base_ms;
    int c = pos->side;
    XEngine *e = g->eng[c];
    if (send_clock(P, c) || xe_send(e, "go")) {
        engine_failed(P, c, "engine stopped reading its input");
        return false;
    }
    e->in_force = false;
    return true;
}

/* The mover's clock after a move that took `elapsed` ms; false if it lost on time (TC_LIMITS
   has no clock: only the hang limit of wait_move). */
static bool charge_clock(Play *P, int c, int64_t elapsed)
{
    const MatchConfig *cfg = P->g->cfg;
    if (cfg->tc.type == TC_FIXED) {
        if (elapsed > cfg->tc.st_ms + cfg->margin_ms) {
            lose(P, c, TERM_TIME_FORFEIT, "loses on time (%.3f s for the move, %.3f s allowed)",
                 (double)elapsed / 1000.0, (double)cfg->tc.st_ms / 1000.0);
            return false;
        }
    } else if (cfg->tc.type != TC_LIMITS) {
        P->clock[c] -= elapsed;
        if (P->clock[c] < -cfg->margin_ms) {
            lose(P, c, TERM_TIME_FORFEIT, "loses on time (%.3f s for the move, %.3f s left)",
                 (double)elapsed / 1000.0, (double)(P->clock[c] + elapsed) / 1000.0);
            return false;
        }
        P->timed_moves[c]++;
        P->clock[c] += cfg->tc.inc_ms;
        if (cfg->tc.type == TC_CLASSICAL && P->timed_moves[c] % cfg->tc.moves == 0)
            P->clock[c] += cfg->tc.base_ms;
    }
    return true;
}

/* The referee: the mover's move parsed against the position and played, with its record;
   `theirs` gets it in the opponent's rank numbering.  False if it was illegal. */
static bool referee_move(Play *P, int c, const char *move, int64_t elapsed,
                         char theirs[MOVE_STR_MAX])
{
    Game *g = P->g;
    Position *pos = P->pos;
    char err[200];
    Move m = move_from_wire(pos, move, g->spec[c]->rank_offset, err, sizeof err);
    if (m == MOVE_NONE) {
        lose(P, c, TERM_RULES_INFRACTION, "played an illegal move '%s': %s", move, err);
        return false;
    }
    PlyRecord r;
    memset(&r, 0, sizeof r);
    r.move = m;
    r.mover = c;
    r.ms = elapsed;
    r.has_score = P->has_score[c];
    r.score = P->score[c];
    r.depth = P->depth[c];
    move_to_wire(pos, m, 0, r.wire);
    move_to_wire(pos, m, g->spec[!c]->rank_offset, theirs);
    move_to_hodges(pos, m, r.hodges);
    game_record_play(&P->rec, m);
    push_ply(g, &r);
    P->offer[!c] = false; /* moving declines the opponent's offer */
    return true;
}

/* What the mover printed right after its move (a second move is out of turn). */
static void read_after_move(Play *P, int c, char *move, size_t movesz)
{
    char line[XE_LINE_MAX];
    for (int n = 0; n < 100 && !P->over; n++) {
        int rr = xe_read(P->g->eng[c], line, sizeof line, 0);
        if (rr <= 0) /* nothing more, or it died after moving: the move stands */
            break;
        handle_line(P, c, !c, line, move, movesz);
    }
}

/* The move passed on to the opponent, whose turn it is; false if it cannot be told. */
static bool pass_move(Play *P, int c, const char *theirs)
{
    XEngine *o = P->g->eng[!c];
    int rc;
    if (o->in_force) {
        rc = send_move(o, theirs) || send_clock(P, !c) || xe_send(o, "go");
        o->in_force = false;
    } else
        rc = send_clock(P, !c) || send_move(o, theirs);
    if (rc)
        engine_failed(P, !c, "engine stopped reading its input");
    return !rc;
}

static void play(Play *P)
{
    const MatchConfig *cfg = P->g->cfg;
    Position *pos = P->pos;
    if (!start_game(P))
        return;
    bool per_move = cfg->tc.type == TC_FIXED || cfg->tc.type == TC_LIMITS;
    char move[600], theirs[MOVE_STR_MAX], why[200];
    for (;;) {
        int c = pos->side;
        int64_t t0 = mono_ms();
        int64_t limit = per_move ? cfg->tc.st_ms : P->clock[c];
        P->has_score[c] = false;
        if (!wait_move(P, c, t0, limit, move, sizeof move))
            break;
        int64_t elapsed = mono_ms() - t0;
        if (!charge_clock(P, c, elapsed) || !referee_move(P, c, move, elapsed, theirs))
            break;
        read_after_move(P, c, move, sizeof move);
        if (P->over)
            break;
        int w = rules_winner(pos, c, why, sizeof why);
        if (w >= 0) {
            end_game(P, w == BLACK ? OUT_SENTE_WINS : OUT_GOTE_WINS, TERM_NORMAL, -1, "%s", why);
            break;
        }
        if (eval_adjudication(P) || !pass_move(P, c, theirs))
            break;
    }
}

void game_play(Game *g)
{
    Play P;
    memset(&P, 0, sizeof P);
    P.g = g;
    g->nplies = 0;
    g->loser = -1;
    g->outcome = OUT_ABORTED;
    g->termination = TERM_ABANDONED;
    g->reason[0] = '\0';
    g->started = time(NULL);
    int64_t t0 = mono_ms();
    Position *start = xmalloc(sizeof *start);
    position_clear(start, g->rs);
    if (g->opening->tfen) {
        char err[200];
        if (tfen_parse(start, g->opening->tfen, err, sizeof err) != 0) {
            end_game(&P, OUT_ABORTED, TERM_ABANDONED, -1, "bad opening position: %s", err);
            free(start);
            return;
        }
    } else
        position_start(start, g->rs);
    game_record_init(&P.rec, start);
    free(start);
    P.pos = P.rec.pos;
    g->from_start = g->opening->tfen == NULL;
    tfen_print(P.pos, g->start_tfen);

    play(&P);

    char result[400];
    snprintf(result, sizeof result, "result %s {%s}", outcome_string(g->outcome), g->reason);
    for (int c = 0; c < 2; c++) {
        XEngine *e = g->eng[c];
        if (P.kill[c]) {
            xe_kill(e);
            e->failures++;
        } else if (e->running && xe_send(e, "%s", result) != 0) {
            xe_kill(e);
            e->failures++;
        }
    }
    g->duration_ms = mono_ms() - t0;
    game_record_free(&P.rec);
}

void game_free(Game *g)
{
    free(g->plies);
    g->plies = NULL;
    g->nplies = g->cap = 0;
}
