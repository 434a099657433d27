/* Dispatch of commands (docs/PROTOCOL.md §1.4): the command word of a line, which commands are
 * urgent while the engine thinks and which leave a ponder search or an analysis running, and
 * the commands without a better home: moves (with XBoard's castling kludge undone,
 * docs/PROTOCOL.md §3.3), the play modes, and the highlight queries (docs/PROTOCOL.md §3.6).
 */
#include "session.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/movegen.h"
#include "board/notation.h"
#include "util/parse.h"

static bool looks_like_move(const char *s)
{
    if (strncmp(s, "@@@@", 4) == 0)
        return true;
    return s[0] >= 'a' && s[0] <= 'p' && s[1] >= '0' && s[1] <= '9';
}

/* XBoard 4.9.1 forwards a two-leg move through its castling kludge when, on its own board, the
   intermediate square is empty or holds a piece of the mover's XBoard colour class (empty
   squares count as gote's): `s v,v t` goes out as `s t,v d`, d being t's rank and t's file
   plus one if s lies right of v, minus one otherwise.  Every gote pass through an empty square
   (`g9f8,f8g9` arrives as `g9g9,f8h9`) and every gote two-step move over an empty square is
   affected.  A genuine multi-leg move always starts its second leg where the first ended, so
   `a b,c d` with b != c and d where the kludge puts it can only be this; writes `a c,c b`
   (the kludge drops a promotion suffix; the move is then read without one).  Recorded in
   docs/PROTOCOL.md §3.3. */
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

static bool is_cmd(const char *cmd, const char *name) { return strcmp(cmd, name) == 0; }

/* Commands handled at once even while the engine thinks on its own move. */
bool cecp_urgent(const char *cmd)
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

bool cecp_execute(Cecp *c, char *line)
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
