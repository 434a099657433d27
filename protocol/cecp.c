/* CECP v2 for XBoard 4.9.1 and WinBoard, tenjiku only (PROTOCOL.md).
 *
 * Threads: the caller's thread (cecp_main: the main thread, fed by a stdin reader thread)
 * runs every command and owns all game state.  A search runs in the background (search.h);
 * a small waiter thread blocks in searcher_wait() and posts the result as an event, which the
 * owning thread handles like an input line.  Search reports arrive on a search thread and only
 * print (under the output lock) and record the last score and PV (under the info lock).
 *
 * While the engine thinks on its own move, commands that must act at once (`?`, `force`,
 * `new`, `result`, `quit`, `.`, `exit`, clocks, `post`, highlight queries...) are handled
 * immediately; everything else (`ping`, moves, `setboard`, ...) waits until the move is out,
 * as CECP requires ("a go before the ping means: move first").  While pondering or analysing,
 * `ping` is answered at once and commands that change the position stop that search first.
 */
#include "cecp.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/result.h"
#include "board/tfen.h"
#include "highlight.h"
#include "search/search.h"
#include "util/clock.h"
#include "util/parse.h"
#include "xbvariant.h"

/* The version is CMakeLists.txt's project(VERSION), passed as a compile definition. */
#ifndef KAKI_VERSION
#error "KAKI_VERSION must be defined by the build (CMakeLists.txt)"
#endif

#define LINE_LIMIT 65536   /* longer input lines are refused */
#define RULESET_CACHE 4

enum Mode { MODE_IDLE, MODE_THINK, MODE_PONDER, MODE_ANALYZE };
enum EventType { EV_LINE, EV_DONE, EV_EOF };
enum { NOBODY = -1 };

typedef struct Event {
    struct Event *next;
    int type;
    bool too_long;
    char *line;
    size_t len;
    unsigned serial;
    Move best, ponder;
} Event;

typedef struct Queue {
    Event *head, *tail;
} Queue;

struct Cecp {
    /* output */
    CecpWriteFn write;
    void *write_ctx;
    pthread_mutex_t out_lock;

    /* events from the reader and the waiter */
    pthread_mutex_t q_lock;
    pthread_cond_t q_cond;
    Queue events;
    Queue deferred; /* input waiting for the engine's move (owner thread only) */

    /* search */
    Searcher *searcher;
    int mode;
    unsigned serial;
    Move ponder_move;
    Position *scratch; /* root of a ponder search */
    pthread_t waiter;
    pthread_mutex_t w_lock;
    pthread_cond_t w_cond;
    bool w_go, w_busy, w_quit;
    unsigned w_serial;

    /* what the search reported last (search thread writes) */
    pthread_mutex_t info_lock;
    bool have_report;
    int last_score;
    Move last_pv[2];

    /* rules */
    Rules rules;
    const RuleSet *rs;
    struct {
        Rules rules;
        RuleSet *rs;
        unsigned used;
    } rs_cache[RULESET_CACHE];
    unsigned rs_clock;

    /* the game: start position + moves; pos is the replay of both */
    Position *start, *pos;
    Move *moves;
    int nmoves, cap;
    bool position_ok; /* false after a refused setboard, until new/setboard */
    bool game_over;   /* result claimed or received: do not think */

    /* play */
    int engine_side;  /* BLACK (sente), WHITE (gote) or NOBODY (force mode) */
    bool analyzing;
    bool ponder_on;
    atomic_int post;
    atomic_int rank_offset;
    int resign_threshold, resign_count;
    Move hint;
    uint64_t hint_key;

    /* clocks */
    int mps, base_ms, inc_ms, st_ms, sd;
    uint64_t nps;
    long time_cs, otim_cs;
    bool have_time;

    /* resources */
    int hash_mb, threads, max_hash_mb, max_threads;

    /* highlight state: the lifted piece, and the square of a first leg */
    int lift_from, lift_kill, put_cyan;
    Marks lift_marks;

    bool quit;
};

/* ------------------------------------------------------------------ output ------------- */

static void cecp_write_stdout(void *ctx, const char *line)
{
    (void)ctx;
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

static void cecp_emit(Cecp *c, const char *line)
{
    pthread_mutex_lock(&c->out_lock);
    c->write(c->write_ctx, line);
    pthread_mutex_unlock(&c->out_lock);
}

static void cecp_emitf(Cecp *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void cecp_emitf(Cecp *c, const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    cecp_emit(c, buf);
}

/* Input echoed in messages: printable ASCII only, shortened. */
static const char *cecp_printable(const char *s, char *out, size_t outsz)
{
    size_t n = 0, limit = outsz - 4;
    for (; *s && n < limit; s++)
        out[n++] = (*s >= 32 && *s < 127) ? *s : '?';
    if (*s)
        out[n++] = '.', out[n++] = '.', out[n++] = '.';
    out[n] = '\0';
    return out;
}

/* ------------------------------------------------------------------ events ------------- */

static void queue_push(Queue *q, Event *ev)
{
    ev->next = NULL;
    if (q->tail)
        q->tail->next = ev;
    else
        q->head = ev;
    q->tail = ev;
}

static Event *cecp_queue_pop(Queue *q)
{
    Event *ev = q->head;
    if (ev) {
        q->head = ev->next;
        if (!q->head)
            q->tail = NULL;
    }
    return ev;
}

static void cecp_post_event(Cecp *c, Event *ev)
{
    pthread_mutex_lock(&c->q_lock);
    queue_push(&c->events, ev);
    pthread_cond_signal(&c->q_cond);
    pthread_mutex_unlock(&c->q_lock);
}

/* Waits up to timeout_ms (< 0: forever) for an event. */
static Event *next_event(Cecp *c, int timeout_ms)
{
    pthread_mutex_lock(&c->q_lock);
    if (timeout_ms < 0) {
        while (!c->events.head)
            pthread_cond_wait(&c->q_cond, &c->q_lock);
    } else if (!c->events.head && timeout_ms > 0) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_sec += timeout_ms / 1000;
        ts.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
        if (ts.tv_nsec >= 1000000000L)
            ts.tv_sec++, ts.tv_nsec -= 1000000000L;
        while (!c->events.head)
            if (pthread_cond_timedwait(&c->q_cond, &c->q_lock, &ts) == ETIMEDOUT)
                break;
    }
    Event *ev = cecp_queue_pop(&c->events);
    pthread_mutex_unlock(&c->q_lock);
    return ev;
}

static Event *line_event(const char *line, size_t len)
{
    Event *ev = calloc(1, sizeof *ev);
    if (!ev || !(ev->line = malloc(len + 1)))
        abort();
    memcpy(ev->line, line, len);
    ev->line[len] = '\0';
    ev->len = len;
    ev->type = EV_LINE;
    return ev;
}

static void cecp_free_event(Event *ev)
{
    if (ev) {
        free(ev->line);
        free(ev);
    }
}

/* ------------------------------------------------------------------ search control ----- */

static void *cecp_waiter_main(void *arg)
{
    Cecp *c = arg;
    for (;;) {
        pthread_mutex_lock(&c->w_lock);
        while (!c->w_go && !c->w_quit)
            pthread_cond_wait(&c->w_cond, &c->w_lock);
        if (c->w_quit) {
            pthread_mutex_unlock(&c->w_lock);
            return NULL;
        }
        c->w_go = false;
        unsigned serial = c->w_serial;
        pthread_mutex_unlock(&c->w_lock);

        Move ponder = MOVE_NONE;
        Move best = searcher_wait(c->searcher, &ponder);
        Event *ev = calloc(1, sizeof *ev);
        if (!ev)
            abort();
        ev->type = EV_DONE;
        ev->serial = serial;
        ev->best = best;
        ev->ponder = ponder;
        cecp_post_event(c, ev);

        pthread_mutex_lock(&c->w_lock);
        c->w_busy = false;
        pthread_cond_broadcast(&c->w_cond);
        pthread_mutex_unlock(&c->w_lock);
    }
}

static void wait_waiter(Cecp *c)
{
    pthread_mutex_lock(&c->w_lock);
    while (c->w_busy)
        pthread_cond_wait(&c->w_cond, &c->w_lock);
    pthread_mutex_unlock(&c->w_lock);
}

static void report_cb(void *ctx, const Position *root, const SearchReport *r);

static void start_search(Cecp *c, int mode, const Position *root, const SearchLimits *limits)
{
    wait_waiter(c);
    pthread_mutex_lock(&c->info_lock);
    c->have_report = false;
    c->last_pv[0] = c->last_pv[1] = MOVE_NONE;
    pthread_mutex_unlock(&c->info_lock);
    c->mode = mode;
    c->serial++;
    searcher_start(c->searcher, root, limits, report_cb, c);
    pthread_mutex_lock(&c->w_lock);
    c->w_busy = true;
    c->w_go = true;
    c->w_serial = c->serial;
    pthread_cond_broadcast(&c->w_cond);
    pthread_mutex_unlock(&c->w_lock);
}

/* Stops the running search and forgets its result. */
static void cecp_abort_search(Cecp *c)
{
    if (c->mode == MODE_IDLE)
        return;
    c->mode = MODE_IDLE;
    searcher_stop(c->searcher);
    wait_waiter(c);
}

/* ------------------------------------------------------------------ thinking output ---- */

static long xboard_score(int score)
{
    int mate = score_mate_moves(score);
    if (mate > 0)
        return 100000L + mate;
    if (mate < 0)
        return -100000L + mate;
    return score;
}

static void report_cb(void *ctx, const Position *root, const SearchReport *r)
{
    Cecp *c = ctx;
    pthread_mutex_lock(&c->info_lock);
    c->have_report = true;
    c->last_score = r->score;
    c->last_pv[0] = r->pv_length > 0 ? r->pv[0] : MOVE_NONE;
    c->last_pv[1] = r->pv_length > 1 ? r->pv[1] : MOVE_NONE;
    pthread_mutex_unlock(&c->info_lock);
    if (!atomic_load(&c->post))
        return;

    int ro = atomic_load(&c->rank_offset);
    char pv[1600];
    size_t n = 0;
    pv[0] = '\0';
    Position *p = malloc(sizeof *p);
    MoveList *list = malloc(sizeof *list);
    if (p && list) {
        *p = *root;
        for (int i = 0; i < r->pv_length && i < MAX_PLY && n + MOVE_STR_MAX + 2 < sizeof pv; i++) {
            Move m = r->pv[i];
            generate_moves(p, list);
            bool ok = false;
            for (int k = 0; k < list->count && !ok; k++)
                ok = list->moves[k] == m;
            if (!ok)
                break;
            char w[MOVE_STR_MAX];
            move_to_wire(p, m, ro, w);
            n += (size_t)snprintf(pv + n, sizeof pv - n, "%s%s", n ? " " : "", w);
            Undo u;
            make_move(p, m, &u);
        }
    }
    free(p);
    free(list);
    if (n && (r->upperbound || r->lowerbound) && n + 1 < sizeof pv)
        pv[n++] = r->upperbound ? '?' : '!', pv[n] = '\0';
    cecp_emitf(c, "%d %ld %lld %llu %d %llu 0\t%s", r->depth, xboard_score(r->score),
               (long long)(r->time_ms / 10), (unsigned long long)r->nodes, r->seldepth,
               (unsigned long long)r->nps, pv);
}

/* ------------------------------------------------------------------ rules and game ----- */

static const RuleSet *cecp_ruleset_for(Cecp *c, const Rules *r)
{
    int victim = 0;
    for (int i = 0; i < RULESET_CACHE; i++) {
        if (c->rs_cache[i].rs && memcmp(&c->rs_cache[i].rules, r, sizeof *r) == 0) {
            c->rs_cache[i].used = ++c->rs_clock;
            return c->rs_cache[i].rs;
        }
        if (!c->rs_cache[i].rs || c->rs_cache[i].used < c->rs_cache[victim].used)
            victim = i;
    }
    /* the least recently used set is never the current one (that was used last) and no
       search is running when the rules change */
    for (int i = 0; i < RULESET_CACHE && c->rs_cache[victim].rs == c->rs; i++)
        victim = (victim + 1) % RULESET_CACHE;
    ruleset_free(c->rs_cache[victim].rs);
    c->rs_cache[victim].rs = ruleset_new(r);
    c->rs_cache[victim].rules = *r;
    c->rs_cache[victim].used = ++c->rs_clock;
    return c->rs_cache[victim].rs;
}

/* dst = the board and side of src under the rule set rs, with a fresh history. */
static void cecp_copy_board(Position *dst, const Position *src, const RuleSet *rs)
{
    position_clear(dst, rs);
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        if (src->board[sq])
            put_piece(dst, sq, src->board[sq]);
    if (src->side == WHITE) {
        dst->side = WHITE;
        dst->key ^= zobrist_side;
    }
    position_reset_history(dst);
}

static void replay(Cecp *c)
{
    *c->pos = *c->start;
    for (int i = 0; i < c->nmoves; i++) {
        Undo u;
        make_move(c->pos, c->moves[i], &u);
    }
}

static void cecp_clear_lift(Cecp *c)
{
    c->lift_from = c->lift_kill = c->put_cyan = -1;
}

/* A new game from `start` (NULL = the tenjiku start position). */
static void cecp_game_reset(Cecp *c, const Position *start)
{
    if (start)
        cecp_copy_board(c->start, start, c->rs);
    else
        position_start(c->start, c->rs);
    c->nmoves = 0;
    *c->pos = *c->start;
    c->position_ok = true;
    c->game_over = false;
    c->hint = MOVE_NONE;
    c->resign_count = 0;
    cecp_clear_lift(c);
}

static void cecp_record_move(Cecp *c, Move m)
{
    if (c->nmoves == c->cap) {
        int cap = c->cap ? 2 * c->cap : 256;
        Move *mv = realloc(c->moves, (size_t)cap * sizeof *mv);
        if (!mv)
            abort();
        c->moves = mv;
        c->cap = cap;
    }
    c->moves[c->nmoves++] = m;
    Undo u;
    make_move(c->pos, m, &u);
    c->hint = MOVE_NONE;
    cecp_clear_lift(c);
}

/* Claims the result if the game has ended; returns true if it has. */
static bool cecp_claim_if_over(Cecp *c)
{
    GameResult r = game_result(c->pos, c->nmoves == 0 ? -1 : c->pos->side ^ 1);
    if (r.reason == RESULT_ONGOING)
        return false;
    char reason[128];
    game_result_describe(&r, reason, sizeof reason);
    cecp_emitf(c, "%s {%s}", r.winner == NO_WINNER ? "1/2-1/2" : r.winner == BLACK ? "1-0" : "0-1",
               reason);
    c->game_over = true;
    return true;
}

/* ------------------------------------------------------------------ time control ------- */

static int moves_made_by(const Cecp *c, int side)
{
    return side == c->start->side ? (c->nmoves + 1) / 2 : c->nmoves / 2;
}

static SearchLimits cecp_own_limits(const Cecp *c)
{
    SearchLimits l = limits_none();
    l.depth = c->sd;
    l.nps = c->nps;
    if (c->st_ms > 0) {
        int margin = c->st_ms / 10 < 100 ? c->st_ms / 10 : 100;
        l.movetime_ms = c->st_ms - margin > 1 ? c->st_ms - margin : 1;
        return l;
    }
    long t = c->have_time ? c->time_cs * 10 : c->base_ms;
    l.time_ms = t < 0 ? 0 : t > INT_MAX / 2 ? INT_MAX / 2 : (int)t;
    l.inc_ms = c->inc_ms;
    if (c->mps > 0) {
        int side = c->engine_side == NOBODY ? c->pos->side : c->engine_side;
        l.moves_to_go = c->mps - moves_made_by(c, side) % c->mps;
    }
    return l;
}

/* ------------------------------------------------------------------ the engine plays --- */

static void cecp_start_thinking(Cecp *c)
{
    if (!c->position_ok) {
        cecp_emit(c, "Error (no valid position): go");
        return;
    }
    if (cecp_claim_if_over(c))
        return;
    c->game_over = false;
    SearchLimits l = cecp_own_limits(c);
    start_search(c, MODE_THINK, c->pos, &l);
}

static void cecp_start_analysis(Cecp *c)
{
    if (!c->analyzing || !c->position_ok || position_game_over(c->pos))
        return;
    SearchLimits l = limits_none();
    l.infinite = true;
    start_search(c, MODE_ANALYZE, c->pos, &l);
}

static void start_ponder(Cecp *c, Move guess)
{
    *c->scratch = *c->pos;
    Undo u;
    make_move(c->scratch, guess, &u);
    if (position_game_over(c->scratch))
        return;
    SearchLimits l = limits_none();
    l.infinite = true;
    c->ponder_move = guess;
    char w[MOVE_STR_MAX];
    cecp_emitf(c, "# pondering on %s",
               move_to_wire(c->pos, guess, atomic_load(&c->rank_offset), w));
    start_search(c, MODE_PONDER, c->scratch, &l);
}

/* PROTOCOL.md §3.2: never a non-promoting move that leaves a pawn, lance, iron general or
   knight without moves, when the promoting version exists. */
static Move promote_dead(const Position *pos, Move m, const MoveList *legal)
{
    if (move_leaves_dead_piece(pos, m) && move_list_has(legal, m | MOVE_PROMO))
        return m | MOVE_PROMO;
    return m;
}

static void cecp_engine_moved(Cecp *c, Move best, Move ponder)
{
    MoveList *legal = malloc(sizeof *legal);
    if (!legal)
        abort();
    generate_legal(c->pos, legal);
    if (legal->count == 0) {
        free(legal);
        if (!cecp_claim_if_over(c))
            cecp_emit(c, "# no move found");
        return;
    }
    if (!best || !move_list_has(legal, best)) {
        if (best)
            cecp_emitf(c, "# search returned an illegal move (%08x); playing a legal one", best);
        best = legal->moves[0];
    }
    best = promote_dead(c->pos, best, legal);
    free(legal);

    pthread_mutex_lock(&c->info_lock);
    bool have = c->have_report;
    int score = c->last_score;
    Move pv0 = c->last_pv[0], pv1 = c->last_pv[1];
    pthread_mutex_unlock(&c->info_lock);
    if (c->resign_threshold > 0 && have &&
        (score <= -c->resign_threshold || score_mate_moves(score) < 0))
        c->resign_count++;
    else
        c->resign_count = 0;
    if (c->resign_count >= 2) {
        cecp_emit(c, "resign");
        c->game_over = true;
        return;
    }

    char w[MOVE_STR_MAX];
    move_to_wire(c->pos, best, atomic_load(&c->rank_offset), w);
    cecp_emitf(c, "move %s", w);
    cecp_record_move(c, best);
    if (cecp_claim_if_over(c))
        return;

    if (!ponder && (pv0 & ~MOVE_PROMO) == (best & ~MOVE_PROMO))
        ponder = pv1;
    if (ponder) {
        MoveList *l2 = malloc(sizeof *l2);
        if (!l2)
            abort();
        generate_legal(c->pos, l2);
        if (!move_list_has(l2, ponder))
            ponder = MOVE_NONE;
        free(l2);
    }
    if (ponder) {
        c->hint = ponder;
        c->hint_key = c->pos->key;
        if (c->ponder_on)
            start_ponder(c, ponder);
    }
}

/* ------------------------------------------------------------------ features/options --- */

static int find_rule_option(const char *name)
{
    for (int i = 0; i < rule_option_count; i++)
        if (strcmp(rule_options[i].name, name) == 0)
            return i;
    return -1;
}

static void cecp_send_features(Cecp *c)
{
    cecp_emit(c, "feature done=0");
    cecp_emit(c, "feature myname=\"Kaki " KAKI_VERSION "\" variants=\"tenjiku\" setboard=1 "
                 "usermove=1 ping=1 playother=1 colors=0 sigint=0 sigterm=0 debug=1 memory=1 "
                 "smp=1 highlight=1 analyze=1 nps=1 reuse=1 pause=0");
    for (int i = 0; i < rule_option_count; i++) {
        char buf[256];
        int n = snprintf(buf, sizeof buf, "feature option=\"%s -combo", rule_options[i].name);
        int cur = rules_get(&c->rules, i);
        for (int v = 0; rule_options[i].values[v]; v++)
            n += snprintf(buf + n, sizeof buf - (size_t)n, "%s %s%s", v ? " ///" : "",
                          v == cur ? "*" : "", rule_options[i].values[v]);
        snprintf(buf + n, sizeof buf - (size_t)n, "\"");
        cecp_emit(c, buf);
    }
    cecp_emitf(c, "feature option=\"Rank offset -spin %d 0 1\"", atomic_load(&c->rank_offset));
    cecp_emitf(c, "feature option=\"Resign threshold -spin %d 0 100000\"", c->resign_threshold);
    cecp_emitf(c, "feature option=\"Hash -spin %d 1 %d\"", c->hash_mb, c->max_hash_mb);
    cecp_emitf(c, "feature option=\"Threads -spin %d 1 %d\"", c->threads, c->max_threads);
    cecp_emit(c, "feature done=1");
}

static void cecp_set_hash(Cecp *c, long mb)
{
    if (mb != c->hash_mb)
        c->hash_mb = searcher_set_hash_mb(c->searcher, (int)mb);
}

static void cecp_set_threads(Cecp *c, long n)
{
    if (n != c->threads)
        c->threads = searcher_set_threads(c->searcher, (int)n);
}

/* New rules: rebuild the start position and replay the game; refused if a move of the game is
   not legal under the new rules. */
static bool apply_rules(Cecp *c, const Rules *r, char *err, size_t errsz)
{
    const RuleSet *rs = cecp_ruleset_for(c, r);
    Position *ns = malloc(sizeof *ns), *np = malloc(sizeof *np);
    MoveList *legal = malloc(sizeof *legal);
    if (!ns || !np || !legal)
        abort();
    cecp_copy_board(ns, c->start, rs);
    *np = *ns;
    bool ok = true;
    for (int i = 0; i < c->nmoves && ok; i++) {
        generate_legal(np, legal);
        if (!move_list_has(legal, c->moves[i])) {
            char w[MOVE_STR_MAX];
            move_to_wire(np, c->moves[i], atomic_load(&c->rank_offset), w);
            snprintf(err, errsz, "move %d (%s) of the game would be illegal", i + 1, w);
            ok = false;
            break;
        }
        Undo u;
        make_move(np, c->moves[i], &u);
    }
    if (ok) {
        *c->start = *ns;
        *c->pos = *np;
        c->rules = *r;
        c->rs = rs;
        c->hint = MOVE_NONE;
        cecp_clear_lift(c);
    }
    free(ns);
    free(np);
    free(legal);
    return ok;
}

static void cecp_cmd_option(Cecp *c, char *args, const char *line)
{
    char shown[160];
    cecp_printable(line, shown, sizeof shown);
    char *eq = strchr(args, '=');
    if (!eq) {
        cecp_emitf(c, "Error (bad option value): %s", shown);
        return;
    }
    *eq = '\0';
    char *name = args, *value = eq + 1;
    size_t nl = strlen(name);
    while (nl && (name[nl - 1] == ' ' || name[nl - 1] == '\t'))
        name[--nl] = '\0';
    while (*value == ' ' || *value == '\t')
        value++;
    size_t vl = strlen(value);
    while (vl && (value[vl - 1] == ' ' || value[vl - 1] == '\t'))
        value[--vl] = '\0';

    int ri = find_rule_option(name);
    if (ri >= 0) {
        Rules r = c->rules;
        char err[160];
        if (rules_set(&r, name, value, err, sizeof err) != 0) {
            cecp_emitf(c, "Error (bad option value): %s", shown);
            return;
        }
        if (memcmp(&r, &c->rules, sizeof r) == 0)
            return;
        if (!apply_rules(c, &r, err, sizeof err))
            cecp_emitf(c, "Error (option refused: %s): %s", err, shown);
        else
            cecp_emitf(c, "# rules: %s=%s", name, value);
        return;
    }
    struct {
        const char *name;
        long lo, hi;
    } spins[] = {
        {"Rank offset", 0, 1},
        {"Resign threshold", 0, 100000},
        {"Hash", 1, c->max_hash_mb},
        {"Threads", 1, c->max_threads},
    };
    for (int i = 0; i < 4; i++) {
        if (strcasecmp(name, spins[i].name) != 0)
            continue;
        long v;
        bool clamped;
        if (!parse_long_clamped(value, spins[i].lo, spins[i].hi, &v, &clamped)) {
            cecp_emitf(c, "Error (bad option value): %s", shown);
            return;
        }
        if (clamped)
            cecp_emitf(c, "# %s out of range %ld-%ld, set to %ld", spins[i].name,
                       spins[i].lo, spins[i].hi, v);
        switch (i) {
        case 0: atomic_store(&c->rank_offset, (int)v); break;
        case 1: c->resign_threshold = (int)v; break;
        case 2: cecp_set_hash(c, v); break;
        case 3: cecp_set_threads(c, v); break;
        }
        return;
    }
    cecp_emitf(c, "Error (unknown option): %s", shown);
}

/* ------------------------------------------------------------------ commands ----------- */

static void cecp_send_variant(Cecp *c)
{
    char buf[2048];
    cecp_emit(c, xb_setup_line(c->start, buf, sizeof buf));
    for (int s = 0; s < XB_SLOTS; s++)
        cecp_emit(c, xb_piece_line(c->rs, s, buf, sizeof buf));
}

static bool looks_like_move(const char *s)
{
    if (strncmp(s, "@@@@", 4) == 0)
        return true;
    return s[0] >= 'a' && s[0] <= 'p' && s[1] >= '0' && s[1] <= '9';
}

/* setboard: an XBoard FEN ("<board> w|b <more fields>", w = sente to move) or a TFEN
   ("<board> b|w" with nothing after it, b = sente to move, RULES.md §3.2). */
static void cecp_cmd_setboard(Cecp *c, const char *fen)
{
    char err[200];
    uint8_t board[SQUARE_COUNT];
    const char *p = tfen_parse_board(fen, board, err, sizeof err);
    int side = -1;
    if (p) {
        while (*p == ' ' || *p == '\t')
            p++;
        char s = *p;
        const char *rest = p + (s ? 1 : 0);
        if (s && *rest && *rest != ' ' && *rest != '\t')
            s = '?';
        while (*rest == ' ' || *rest == '\t')
            rest++;
        bool tfen = *rest == '\0';
        if (s == 'w')
            side = tfen ? WHITE : BLACK;
        else if (s == 'b')
            side = tfen ? BLACK : WHITE;
        else
            snprintf(err, sizeof err, "side to move must be w or b");
    }
    if (side < 0) {
        char shown[120];
        cecp_emitf(c, "tellusererror Illegal position: %s (%s)", err,
                   cecp_printable(fen, shown, 60));
        c->position_ok = false;
        return;
    }
    Position *tmp = malloc(sizeof *tmp);
    if (!tmp)
        abort();
    position_clear(tmp, c->rs);
    position_set(tmp, board, side);
    cecp_game_reset(c, tmp);
    free(tmp);
}

/* XBoard 4.9.1 forwards a two-leg move through its castling kludge when, on its own board, the
   intermediate square is empty or holds a piece of the mover's XBoard colour class (empty
   squares count as gote's): `s v,v t` goes out as `s t,v d`, d being t's rank and t's file
   plus one if s lies right of v, minus one otherwise.  Every gote pass through an empty square
   (`g9f8,f8g9` arrives as `g9g9,f8h9`) and every gote two-step move over an empty square is
   affected.  A genuine multi-leg move always starts its second leg where the first ended, so
   `a b,c d` with b != c and d where the kludge puts it can only be this; writes `a c,c b`
   (the kludge drops a promotion suffix; the move is then read without one). */
static bool undo_xboard_kludge(const char *text, char *out, size_t outsz)
{
    char file[4];
    long rank[4];
    const char *p = text;
    while (*p == ' ' || *p == '\t')
        p++;
    for (int i = 0; i < 4; i++) {
        if (*p < '`' || *p > 'q' || !isdigit((unsigned char)p[1]))
            return false; /* the kludge's d may fall one file off the board: '`' or 'q' */
        file[i] = *p++;
        char *end;
        rank[i] = strtol(p, &end, 10);
        if (end - p > 2)
            return false;
        p = end;
        if (i == 1 && *p++ != ',')
            return false;
    }
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    if (*p || (file[1] == file[2] && rank[1] == rank[2]))
        return false;
    if (file[3] != file[1] + (file[0] > file[2] ? 1 : -1) || rank[3] != rank[1])
        return false;
    snprintf(out, outsz, "%c%ld%c%ld,%c%ld%c%ld", file[0], rank[0], file[2], rank[2], file[2], rank[2],
             file[1], rank[1]);
    return true;
}

static void cmd_usermove(Cecp *c, const char *text)
{
    char shown[120];
    cecp_printable(text, shown, sizeof shown);
    if (!c->position_ok) {
        cecp_emitf(c, "Illegal move (no valid position): %s", shown);
        return;
    }
    char err[160];
    int ro = atomic_load(&c->rank_offset);
    Move m = move_from_wire(c->pos, text, ro, err, sizeof err);
    char unkludged[40];
    if (!m && undo_xboard_kludge(text, unkludged, sizeof unkludged)) {
        char err2[160];
        m = move_from_wire(c->pos, unkludged, ro, err2, sizeof err2);
    }

    if (c->mode == MODE_PONDER) {
        if (m && m == c->ponder_move) { /* ponder hit: the running search becomes ours */
            cecp_record_move(c, m);
            c->mode = MODE_THINK;
            SearchLimits l = cecp_own_limits(c);
            searcher_ponderhit(c->searcher, &l);
            return;
        }
        cecp_abort_search(c);
    }
    if (!m) {
        cecp_emitf(c, "Illegal move (%s): %s", err, shown);
        return;
    }
    bool analysing = c->analyzing;
    cecp_abort_search(c);
    cecp_record_move(c, m);
    if (analysing) {
        cecp_start_analysis(c);
        return;
    }
    if (c->engine_side == NOBODY)
        return;
    if (cecp_claim_if_over(c))
        return;
    if (c->engine_side == c->pos->side && !c->game_over)
        cecp_start_thinking(c);
}

static void cecp_cmd_undo(Cecp *c, int plies, const char *cmd)
{
    if (c->nmoves < plies) {
        cecp_emitf(c, "Error (no move to undo): %s", cmd);
        return;
    }
    c->nmoves -= plies;
    replay(c);
    c->game_over = false;
    c->hint = MOVE_NONE;
    cecp_clear_lift(c);
}

static void cecp_cmd_level(Cecp *c, const char *args, const char *shown)
{
    char mps[32], base[32], inc[32];
    if (sscanf(args, "%31s %31s %31s", mps, base, inc) != 3) {
        cecp_emitf(c, "Error (bad arguments): %s", shown);
        return;
    }
    long m;
    bool cl;
    double minutes = 0, seconds = 0, increment;
    char *colon = strchr(base, ':');
    if (colon)
        *colon = '\0';
    if (!parse_long_clamped(mps, 0, 100000, &m, &cl) || !parse_double(base, -1e300, 1e300, &minutes) ||
        (colon && !parse_double(colon + 1, -1e300, 1e300, &seconds)) || !parse_double(inc, -1e300, 1e300, &increment) ||
        minutes < 0 || seconds < 0 || increment < 0 || minutes > 1e6 || seconds > 1e8 ||
        increment > 1e6) {
        cecp_emitf(c, "Error (bad arguments): %s", shown);
        return;
    }
    c->mps = (int)m;
    double ms = (minutes * 60 + seconds) * 1000;
    c->base_ms = ms > INT_MAX / 2 ? INT_MAX / 2 : (int)ms;
    c->inc_ms = (int)(increment * 1000);
    c->st_ms = 0;
}

static bool is_cmd(const char *cmd, const char *name) { return strcmp(cmd, name) == 0; }

/* Commands handled at once even while the engine thinks on its own move. */
static bool cecp_urgent(const char *cmd)
{
    static const char *const names[] = {
        "?", "quit", "force", "new", "result", ".", "exit", "post", "nopost", "easy", "hard",
        "time", "otim", "accepted", "rejected", "computer", "random", "name", "rating", "ics",
        "lift", "put", "hover", "hint", "bk", "xboard", "draw", "egtpath",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (is_cmd(cmd, names[i]))
            return true;
    return false;
}

/* Commands that leave a ponder search or an analysis running. */
static bool keeps_search(const char *cmd)
{
    static const char *const names[] = {
        "?", "ping", "time", "otim", "post", "nopost", "hard", "level", "st", "sd", "nps",
        "accepted", "rejected", "computer", "random", "name", "rating", "ics", "lift", "put",
        "hover", "hint", "bk", "xboard", ".", "draw", "egtpath", "white", "black",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (is_cmd(cmd, names[i]))
            return true;
    return false;
}

static void cmd_highlight(Cecp *c, const char *cmd, const char *arg)
{
    const char *p = arg;
    int sq = square_parse(&p, atomic_load(&c->rank_offset));
    if (sq < 0 || (*p && *p != ',')) {
        char shown[80];
        cecp_emitf(c, "Error (bad square): %s %s", cmd, cecp_printable(arg, shown, sizeof shown));
        return;
    }
    char out[HIGHLIGHT_MAX];
    if (is_cmd(cmd, "lift")) {
        if (c->put_cyan == sq && c->lift_from >= 0 && c->lift_kill < 0) {
            c->lift_kill = sq; /* second leg of a multi-leg move */
        } else {
            c->lift_from = sq;
            c->lift_kill = -1;
        }
        c->put_cyan = -1;
        if (c->position_ok)
            highlight_marks(c->pos, c->lift_from, c->lift_kill, &c->lift_marks);
        else
            memset(&c->lift_marks, 0, sizeof c->lift_marks);
        cecp_emit(c, highlight_format(&c->lift_marks, out));
    } else if (is_cmd(cmd, "put")) {
        c->put_cyan = (c->lift_from >= 0 && c->lift_kill < 0 && c->lift_marks.sq[sq] == 'C')
                          ? sq : -1;
    } else { /* hover: show what the move would remove */
        if (c->lift_from < 0 || !c->position_ok)
            return;
        Marks mk = c->lift_marks;
        highlight_victims(c->pos, c->lift_from, c->lift_kill, sq, &mk);
        cecp_emit(c, highlight_format(&mk, out));
    }
}

static void cmd_protover(Cecp *c) { cecp_send_features(c); }

static bool cecp_execute(Cecp *c, char *line)
{
    char *s = line;
    while (*s == ' ' || *s == '\t')
        s++;
    size_t len = strlen(s);
    while (len && isspace((unsigned char)s[len - 1]))
        s[--len] = '\0';
    if (!*s)
        return true;
    char cmd[24];
    size_t k = 0;
    while (s[k] && s[k] != ' ' && s[k] != '\t' && k + 1 < sizeof cmd)
        k++;
    bool cmd_too_long = s[k] && s[k] != ' ' && s[k] != '\t';
    memcpy(cmd, s, k);
    cmd[k] = '\0';
    if (cmd_too_long)
        strcpy(cmd, "\x01");
    char *args = s + k;
    while (*args == ' ' || *args == '\t')
        args++;
    char shown[200];
    cecp_printable(s, shown, sizeof shown);

    bool move = is_cmd(cmd, "usermove") || (!cmd_too_long && looks_like_move(cmd));
    if (move && !is_cmd(cmd, "usermove"))
        args = s;

    /* a ponder search or an analysis stops for commands that change what it searches (a move
       while pondering is a ponder hit or miss, decided by cmd_usermove); an analysis restarts
       below */
    bool keep = keeps_search(cmd) || (move && c->mode == MODE_PONDER);
    if ((c->mode == MODE_PONDER || c->mode == MODE_ANALYZE) && !keep)
        cecp_abort_search(c);

    if (move) {
        cmd_usermove(c, args);
    } else if (is_cmd(cmd, "xboard") || is_cmd(cmd, "accepted") || is_cmd(cmd, "random") ||
               is_cmd(cmd, "computer") || is_cmd(cmd, "name") || is_cmd(cmd, "rating") ||
               is_cmd(cmd, "ics") || is_cmd(cmd, "draw") || is_cmd(cmd, "egtpath") ||
               is_cmd(cmd, "white") || is_cmd(cmd, "black")) {
        /* nothing to do */
    } else if (is_cmd(cmd, "rejected")) {
        cecp_emitf(c, "# feature rejected: %s", cecp_printable(args, shown, sizeof shown));
    } else if (is_cmd(cmd, "protover")) {
        cmd_protover(c);
    } else if (is_cmd(cmd, "new")) {
        cecp_abort_search(c);
        cecp_game_reset(c, NULL);
        c->engine_side = c->analyzing ? NOBODY : WHITE; /* engine plays gote (XBoard black) */
        c->sd = 0;
        searcher_new_game(c->searcher);
    } else if (is_cmd(cmd, "variant")) {
        if (strcmp(args, "tenjiku") != 0) {
            cecp_emitf(c, "Error (unsupported variant): %s", shown);
        } else {
            cecp_abort_search(c);
            cecp_game_reset(c, NULL);
            cecp_send_variant(c);
        }
    } else if (is_cmd(cmd, "force")) {
        cecp_abort_search(c);
        c->engine_side = NOBODY;
    } else if (is_cmd(cmd, "go")) {
        cecp_abort_search(c);
        c->analyzing = false;
        c->engine_side = c->pos->side;
        cecp_start_thinking(c);
    } else if (is_cmd(cmd, "playother")) {
        cecp_abort_search(c);
        c->engine_side = c->pos->side ^ 1;
    } else if (is_cmd(cmd, "?")) {
        if (c->mode == MODE_THINK)
            searcher_stop(c->searcher);
    } else if (is_cmd(cmd, "ping")) {
        cecp_emitf(c, "pong %s", cecp_printable(args, shown, 64));
    } else if (is_cmd(cmd, "time") || is_cmd(cmd, "otim")) {
        long v;
        bool cl;
        if (!parse_long_clamped(args, -100000000L, 100000000L, &v, &cl)) {
            cecp_emitf(c, "Error (bad arguments): %s", shown);
        } else if (cmd[0] == 't') {
            c->time_cs = v;
            c->have_time = true;
        } else {
            c->otim_cs = v;
        }
    } else if (is_cmd(cmd, "level")) {
        cecp_cmd_level(c, args, shown);
    } else if (is_cmd(cmd, "st")) {
        double sec;
        if (!parse_double(args, -1e300, 1e300, &sec) || sec < 0 || sec > 1e6)
            cecp_emitf(c, "Error (bad arguments): %s", shown);
        else
            c->st_ms = sec * 1000 < 1 && sec > 0 ? 1 : (int)(sec * 1000);
    } else if (is_cmd(cmd, "sd")) {
        long v;
        bool cl;
        if (!parse_long_clamped(args, 0, MAX_PLY - 1, &v, &cl))
            cecp_emitf(c, "Error (bad arguments): %s", shown);
        else
            c->sd = (int)v;
    } else if (is_cmd(cmd, "nps")) {
        long v;
        bool cl;
        if (!parse_long_clamped(args, 0, LONG_MAX, &v, &cl))
            cecp_emitf(c, "Error (bad arguments): %s", shown);
        else
            c->nps = (uint64_t)v;
    } else if (is_cmd(cmd, "post") || is_cmd(cmd, "nopost")) {
        atomic_store(&c->post, cmd[0] == 'p');
    } else if (is_cmd(cmd, "hard")) {
        c->ponder_on = true;
    } else if (is_cmd(cmd, "easy")) {
        c->ponder_on = false;
    } else if (is_cmd(cmd, "analyze")) {
        cecp_abort_search(c);
        c->analyzing = true;
        c->engine_side = NOBODY;
    } else if (is_cmd(cmd, "exit")) {
        if (c->analyzing) {
            cecp_abort_search(c);
            c->analyzing = false;
        }
    } else if (is_cmd(cmd, ".")) {
        if (c->mode == MODE_ANALYZE) {
            uint64_t nodes;
            int depth;
            int64_t ms;
            searcher_progress(c->searcher, &nodes, &depth, &ms);
            MoveList *l = malloc(sizeof *l);
            if (!l)
                abort();
            generate_legal(c->pos, l);
            cecp_emitf(c, "stat01: %lld %llu %d 0 %d", (long long)(ms / 10),
                       (unsigned long long)nodes, depth, l->count);
            free(l);
        }
    } else if (is_cmd(cmd, "undo")) {
        cecp_cmd_undo(c, 1, shown);
    } else if (is_cmd(cmd, "remove")) {
        cecp_cmd_undo(c, 2, shown);
    } else if (is_cmd(cmd, "setboard")) {
        cecp_abort_search(c);
        cecp_cmd_setboard(c, args);
    } else if (is_cmd(cmd, "result")) {
        cecp_abort_search(c);
        c->game_over = true;
    } else if (is_cmd(cmd, "memory") || is_cmd(cmd, "cores")) {
        long v;
        bool cl;
        long hi = cmd[0] == 'm' ? c->max_hash_mb : c->max_threads;
        if (!parse_long_clamped(args, 1, hi, &v, &cl)) {
            cecp_emitf(c, "Error (bad arguments): %s", shown);
        } else {
            if (cl)
                cecp_emitf(c, "# %s clamped to %ld", cmd, v);
            if (cmd[0] == 'm')
                cecp_set_hash(c, v);
            else
                cecp_set_threads(c, v);
        }
    } else if (is_cmd(cmd, "option")) {
        cecp_cmd_option(c, args, s);
    } else if (is_cmd(cmd, "hint")) {
        if (c->hint && c->hint_key == c->pos->key && c->position_ok) {
            char w[MOVE_STR_MAX];
            move_to_wire(c->pos, c->hint, atomic_load(&c->rank_offset), w);
            cecp_emitf(c, "Hint: %s", w);
        }
    } else if (is_cmd(cmd, "bk")) {
        cecp_emit(c, " Kaki has no opening book.");
        cecp_emit(c, "");
    } else if (is_cmd(cmd, "lift") || is_cmd(cmd, "put") || is_cmd(cmd, "hover")) {
        cmd_highlight(c, cmd, args);
    } else if (is_cmd(cmd, "quit")) {
        cecp_abort_search(c);
        c->quit = true;
        return false;
    } else {
        cecp_emitf(c, "Error (unknown command): %s", shown);
    }

    if (c->analyzing && c->mode == MODE_IDLE)
        cecp_start_analysis(c);
    return true;
}

/* Runs deferred input once the engine has moved. */
static void run_deferred(Cecp *c)
{
    while (!c->quit && c->mode != MODE_THINK) {
        Event *ev = cecp_queue_pop(&c->deferred);
        if (!ev)
            break;
        cecp_execute(c, ev->line);
        cecp_free_event(ev);
    }
}

static void on_event(Cecp *c, Event *ev)
{
    if (ev->type != EV_DONE || ev->serial != c->serial || c->mode == MODE_IDLE)
        return;
    int mode = c->mode;
    c->mode = MODE_IDLE;
    if (mode == MODE_THINK)
        cecp_engine_moved(c, ev->best, ev->ponder);
    run_deferred(c);
}

/* Processes search results that are already in. */
static void drain(Cecp *c)
{
    Event *ev;
    while (!c->quit && (ev = next_event(c, 0))) {
        on_event(c, ev);
        cecp_free_event(ev);
    }
}

static bool dispatch(Cecp *c, const char *line, size_t len)
{
    if (c->quit)
        return false;
    Event *ev = line_event(line, len);
    for (size_t i = 0; i < len; i++)
        if (ev->line[i] == '\0')
            ev->line[i] = '?';
    /* the first word decides whether the line must wait for the engine's move */
    const char *s = ev->line;
    while (*s == ' ' || *s == '\t')
        s++;
    char cmd[24];
    size_t k = 0;
    while (s[k] && !isspace((unsigned char)s[k]) && k + 1 < sizeof cmd)
        cmd[k] = s[k], k++;
    cmd[k] = '\0';
    bool go_on = true;
    if ((c->mode == MODE_THINK || c->deferred.head) && !cecp_urgent(cmd)) {
        queue_push(&c->deferred, ev);
    } else {
        go_on = cecp_execute(c, ev->line);
        cecp_free_event(ev);
    }
    /* an urgent command (force, new, result...) may have ended the search */
    if (go_on && c->mode != MODE_THINK && c->deferred.head)
        run_deferred(c);
    return go_on && !c->quit;
}

/* ------------------------------------------------------------------ public API --------- */

static long physical_mb(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || size <= 0)
        return 4096;
    return (long)((double)pages * (double)size / (1024.0 * 1024.0));
}

Cecp *cecp_new(CecpWriteFn write, void *ctx)
{
    Cecp *c = calloc(1, sizeof *c);
    if (!c)
        abort();
    c->write = write ? write : cecp_write_stdout;
    c->write_ctx = ctx;
    pthread_mutex_init(&c->out_lock, NULL);
    pthread_mutex_init(&c->q_lock, NULL);
    pthread_cond_init(&c->q_cond, NULL);
    pthread_mutex_init(&c->w_lock, NULL);
    pthread_cond_init(&c->w_cond, NULL);
    pthread_mutex_init(&c->info_lock, NULL);

    rules_default(&c->rules);
    c->rs = cecp_ruleset_for(c, &c->rules);
    c->start = malloc(sizeof *c->start);
    c->pos = malloc(sizeof *c->pos);
    c->scratch = malloc(sizeof *c->scratch);
    if (!c->start || !c->pos || !c->scratch)
        abort();
    cecp_game_reset(c, NULL);

    c->searcher = searcher_new();
    long half = physical_mb() / 2;
    c->max_hash_mb = half < 1 ? 1 : half > 65536 ? 65536 : (int)half;
    c->max_threads = MAX_THREADS;
    c->hash_mb = searcher_set_hash_mb(c->searcher, 64 < c->max_hash_mb ? 64 : c->max_hash_mb);
    c->threads = searcher_set_threads(c->searcher, 1);

    c->mode = MODE_IDLE;
    c->engine_side = WHITE;
    c->ponder_on = false;
    atomic_store(&c->post, 0);
    atomic_store(&c->rank_offset, 0);
    c->mps = 40; /* XBoard's default: 40 moves in 5 minutes */
    c->base_ms = 5 * 60 * 1000;
    cecp_clear_lift(c);
    if (pthread_create(&c->waiter, NULL, cecp_waiter_main, c) != 0)
        abort();
    return c;
}

void cecp_set_resource_limits(Cecp *c, int max_hash_mb, int max_threads)
{
    c->max_hash_mb = max_hash_mb < 1 ? 1 : max_hash_mb;
    c->max_threads = max_threads < 1 ? 1 : max_threads > MAX_THREADS ? MAX_THREADS : max_threads;
    if (c->hash_mb > c->max_hash_mb)
        cecp_set_hash(c, c->max_hash_mb);
    if (c->threads > c->max_threads)
        cecp_set_threads(c, c->max_threads);
}

void cecp_free(Cecp *c)
{
    if (!c)
        return;
    cecp_abort_search(c);
    pthread_mutex_lock(&c->w_lock);
    c->w_quit = true;
    pthread_cond_broadcast(&c->w_cond);
    pthread_mutex_unlock(&c->w_lock);
    pthread_join(c->waiter, NULL);
    searcher_free(c->searcher);
    Event *ev;
    while ((ev = cecp_queue_pop(&c->events)))
        cecp_free_event(ev);
    while ((ev = cecp_queue_pop(&c->deferred)))
        cecp_free_event(ev);
    for (int i = 0; i < RULESET_CACHE; i++)
        ruleset_free(c->rs_cache[i].rs);
    free(c->start);
    free(c->pos);
    free(c->scratch);
    free(c->moves);
    pthread_mutex_destroy(&c->out_lock);
    pthread_mutex_destroy(&c->q_lock);
    pthread_cond_destroy(&c->q_cond);
    pthread_mutex_destroy(&c->w_lock);
    pthread_cond_destroy(&c->w_cond);
    pthread_mutex_destroy(&c->info_lock);
    free(c);
}

bool cecp_handle_line(Cecp *c, const char *line, size_t len)
{
    bool go_on = dispatch(c, line, len);
    drain(c);
    return go_on && !c->quit;
}


bool cecp_wait_idle(Cecp *c, int timeout_ms)
{
    int64_t deadline = mono_ms() + timeout_ms;
    while (!c->quit && (c->mode == MODE_THINK || c->deferred.head)) {
        int64_t left = deadline - mono_ms();
        if (left <= 0)
            return false;
        Event *ev = next_event(c, (int)(left > 100 ? 100 : left));
        if (ev) {
            on_event(c, ev);
            cecp_free_event(ev);
        }
        if (c->mode != MODE_THINK && c->deferred.head)
            run_deferred(c);
    }
    return true;
}

const char *cecp_check(Cecp *c)
{
    const char *err = position_validate(c->start);
    if (err)
        return err;
    if ((err = position_validate(c->pos)))
        return err;
    if (c->pos->rs != c->rs || c->start->rs != c->rs)
        return "position uses a stale rule set";
    Position *p = malloc(sizeof *p);
    if (!p)
        abort();
    *p = *c->start;
    for (int i = 0; i < c->nmoves; i++) {
        Undo u;
        make_move(p, c->moves[i], &u);
    }
    const char *res = NULL;
    if (memcmp(p->board, c->pos->board, sizeof p->board) != 0 || p->side != c->pos->side ||
        p->key != c->pos->key)
        res = "position differs from the replay of the game record";
    else if (!position_same_history(p, c->pos))
        res = "repetition history differs from the replay of the game record";
    free(p);
    return res;
}

const Position *cecp_position(const Cecp *c) { return c->pos; }
int cecp_game_length(const Cecp *c) { return c->nmoves; }
bool cecp_thinking(const Cecp *c) { return c->mode == MODE_THINK; }

/* ------------------------------------------------------------------ stdin front end ---- */

static void *reader_main(void *arg)
{
    Cecp *c = arg;
    char *buf = malloc(LINE_LIMIT + 1);
    char chunk[4096];
    size_t n = 0;
    bool overflow = false;
    if (!buf)
        abort();
    for (;;) {
        ssize_t r = read(0, chunk, sizeof chunk);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        for (ssize_t i = 0; i < r; i++) {
            char ch = chunk[i];
            if (ch == '\n') {
                if (n && buf[n - 1] == '\r')
                    n--;
                Event *ev = line_event(buf, n);
                ev->too_long = overflow;
                cecp_post_event(c, ev);
                n = 0;
                overflow = false;
            } else if (n < LINE_LIMIT) {
                buf[n++] = ch;
            } else {
                overflow = true;
            }
        }
    }
    if (n) {
        Event *ev = line_event(buf, n);
        ev->too_long = overflow;
        cecp_post_event(c, ev);
    }
    free(buf);
    Event *ev = calloc(1, sizeof *ev);
    if (!ev)
        abort();
    ev->type = EV_EOF;
    cecp_post_event(c, ev);
    return NULL;
}

static Cecp *main_state; /* reachable until exit: the reader thread may still use it */

int cecp_main(void)
{
    signal(SIGINT, SIG_IGN); /* XBoard may interrupt engines that did not say sigint=0 */
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    Cecp *c = main_state = cecp_new(NULL, NULL);
    pthread_t reader;
    if (pthread_create(&reader, NULL, reader_main, c) != 0)
        return 1;
    pthread_detach(reader);
    for (;;) {
        Event *ev = next_event(c, -1);
        bool go_on = true;
        if (ev->type == EV_EOF) {
            go_on = false;
        } else if (ev->type == EV_LINE) {
            if (ev->too_long) {
                char shown[64];
                cecp_emitf(c, "Error (line too long, over %d bytes): %s", LINE_LIMIT,
                           cecp_printable(ev->line, shown, 40));
            } else {
                go_on = dispatch(c, ev->line, ev->len);
            }
        } else {
            on_event(c, ev);
        }
        cecp_free_event(ev);
        if (!go_on || c->quit)
            break;
    }
    cecp_abort_search(c);
    fflush(stdout);
    return 0;
}
