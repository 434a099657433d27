/* The dispatcher (docs/PROTOCOL.md §1.4): whether an input line runs now or waits for the
 * engine's move, and which handler runs it.  A line is cut into its command word and arguments
 * and run by the handler the command table names; the handlers live with their concern
 * (commands.c, moves.c, timecontrol.c, options.c).
 *
 * While the engine thinks on its own move, commands that must act at once (`?`, `force`,
 * `new`, `result`, `quit`, `.`, `exit`, clocks, `post`, highlight queries...) are handled
 * immediately; everything else (`ping`, moves, `setboard`, ...) waits until the move is out,
 * as CECP requires ("a go before the ping means: move first", docs/PROTOCOL.md §1.4).  While
 * pondering or analysing, `ping` is answered at once and commands that change the position stop
 * that search first.  The table says which commands are urgent and which leave a ponder search
 * or an analysis running.
 */
#include "dispatch.h"

#include "analysis.h"
#include "command.h"
#include "commands.h"
#include "moves.h"
#include "options.h"
#include "output.h"
#include "session.h"
#include "thinking.h"
#include "timecontrol.h"

#include <ctype.h>
#include <string.h>

static bool looks_like_move(const char *s)
{
    if (strncmp(s, "@@@@", 4) == 0)
        return true;
    return s[0] >= 'a' && s[0] <= 'p' && s[1] >= '0' && s[1] <= '9';
}

enum {
    URGENT = 1,       /* handled at once even while the engine thinks on its own move */
    KEEPS_SEARCH = 2, /* leaves a ponder search or an analysis running */
};

static const struct {
    const char *name;
    CommandFn run;
    unsigned flags;
} commands[] = {
    {"usermove", cecp_cmd_usermove, 0},
    {"xboard", cecp_cmd_nothing, URGENT | KEEPS_SEARCH},
    {"protover", cecp_cmd_protover, 0},
    {"accepted", cecp_cmd_nothing, URGENT | KEEPS_SEARCH},
    {"rejected", cecp_cmd_rejected, URGENT | KEEPS_SEARCH},
    {"new", cecp_cmd_new, URGENT},
    {"variant", cecp_cmd_variant, 0},
    {"force", cecp_cmd_force, URGENT},
    {"go", cecp_cmd_go, 0},
    {"playother", cecp_cmd_playother, 0},
    {"white", cecp_cmd_nothing, KEEPS_SEARCH},
    {"black", cecp_cmd_nothing, KEEPS_SEARCH},
    {"?", cecp_cmd_move_now, URGENT | KEEPS_SEARCH},
    {"ping", cecp_cmd_ping, KEEPS_SEARCH},
    {"time", cecp_cmd_time, URGENT | KEEPS_SEARCH},
    {"otim", cecp_cmd_time, URGENT | KEEPS_SEARCH},
    {"level", cecp_cmd_level, KEEPS_SEARCH},
    {"st", cecp_cmd_st, KEEPS_SEARCH},
    {"sd", cecp_cmd_sd, KEEPS_SEARCH},
    {"nps", cecp_cmd_nps, KEEPS_SEARCH},
    {"post", cecp_cmd_post, URGENT | KEEPS_SEARCH},
    {"nopost", cecp_cmd_post, URGENT | KEEPS_SEARCH},
    {"hard", cecp_cmd_ponder, URGENT | KEEPS_SEARCH},
    {"easy", cecp_cmd_ponder, URGENT},
    {"analyze", cecp_cmd_analyze, 0},
    {"exclude", cecp_cmd_exclude, 0},
    {"include", cecp_cmd_exclude, 0},
    {"exit", cecp_cmd_exit, URGENT},
    {".", cecp_cmd_stat, URGENT | KEEPS_SEARCH},
    {"undo", cecp_cmd_undo, 0},
    {"remove", cecp_cmd_remove, 0},
    {"setboard", cecp_cmd_setboard, 0},
    {"result", cecp_cmd_result, URGENT},
    {"memory", cecp_cmd_memory, 0},
    {"cores", cecp_cmd_cores, 0},
    {"option", cecp_cmd_option, 0},
    {"hint", cecp_cmd_hint, URGENT | KEEPS_SEARCH},
    {"bk", cecp_cmd_bk, URGENT | KEEPS_SEARCH},
    {"lift", cecp_cmd_lift, URGENT | KEEPS_SEARCH},
    {"put", cecp_cmd_put, URGENT | KEEPS_SEARCH},
    {"hover", cecp_cmd_hover, URGENT | KEEPS_SEARCH},
    {"computer", cecp_cmd_nothing, URGENT | KEEPS_SEARCH},
    {"random", cecp_cmd_nothing, URGENT | KEEPS_SEARCH},
    {"name", cecp_cmd_nothing, URGENT | KEEPS_SEARCH},
    {"rating", cecp_cmd_nothing, URGENT | KEEPS_SEARCH},
    {"ics", cecp_cmd_nothing, URGENT | KEEPS_SEARCH},
    {"draw", cecp_cmd_nothing, URGENT | KEEPS_SEARCH},
    {"egtpath", cecp_cmd_nothing, URGENT | KEEPS_SEARCH},
    {"quit", cecp_cmd_quit, URGENT},
};

/* The table entry of a command word, or -1. */
static int find_command(const char *word)
{
    for (int i = 0; i < (int)(sizeof commands / sizeof commands[0]); i++)
        if (strcmp(word, commands[i].name) == 0)
            return i;
    return -1;
}

/* Commands handled at once even while the engine thinks on its own move. */
static bool urgent(const char *word)
{
    int i = find_command(word);
    return i >= 0 && (commands[i].flags & URGENT);
}

/* Cuts a line (modified in place) into word, arguments and echo; false for a blank line. */
static bool parse_command(char *line, Command *cmd)
{
    char *s = line;
    while (*s == ' ' || *s == '\t')
        s++;
    size_t len = strlen(s);
    while (len && isspace((unsigned char)s[len - 1]))
        s[--len] = '\0';
    if (!*s)
        return false;
    size_t k = 0;
    while (s[k] && s[k] != ' ' && s[k] != '\t' && k + 1 < sizeof cmd->word)
        k++;
    cmd->word_too_long = s[k] && s[k] != ' ' && s[k] != '\t';
    memcpy(cmd->word, s, k);
    cmd->word[k] = '\0';
    if (cmd->word_too_long)
        strcpy(cmd->word, "\x01");
    cmd->line = s;
    cmd->args = s + k;
    while (*cmd->args == ' ' || *cmd->args == '\t')
        cmd->args++;
    cecp_printable(s, cmd->shown, sizeof cmd->shown);
    return true;
}

/* Runs one input line; false after quit. */
static bool execute(Cecp *c, char *line)
{
    Command cmd;
    if (!parse_command(line, &cmd))
        return true;
    bool usermove = strcmp(cmd.word, "usermove") == 0;
    bool move = usermove || (!cmd.word_too_long && looks_like_move(cmd.word));
    if (move && !usermove)
        cmd.args = cmd.line;
    int i = find_command(move ? "usermove" : cmd.word);

    /* a ponder search or an analysis stops for commands that change what it searches (a move
       while pondering is a ponder hit or miss, decided by the usermove handler); an analysis
       restarts below */
    bool keep = (i >= 0 && (commands[i].flags & KEEPS_SEARCH)) || (move && c->mode == MODE_PONDER);
    if ((c->mode == MODE_PONDER || c->mode == MODE_ANALYZE) && !keep)
        cecp_abort_search(c);

    if (i >= 0)
        commands[i].run(c, &cmd);
    else
        cecp_emitf(c, "Error (unknown command): %s", cmd.shown);
    if (c->quit)
        return false;

    if (c->analyzing && c->mode == MODE_IDLE)
        cecp_start_analysis(c);
    return true;
}

/* Runs deferred input once the engine has moved. */
void cecp_run_deferred(Cecp *c)
{
    while (!c->quit && c->mode != MODE_THINK) {
        Event *ev = cecp_queue_pop(&c->deferred);
        if (!ev)
            break;
        execute(c, ev->line);
        cecp_done_with_input(c, ev);
    }
}

void cecp_done_with_input(Cecp *c, Event *ev)
{
    cecp_release_input(&c->events, ev->held);
    cecp_free_event(ev);
}

/* A finished search: the engine's move, then the input that waited for it. */
void cecp_dispatch_event(Cecp *c, Event *ev)
{
    if (ev->type != EV_DONE || ev->serial != c->serial || c->mode == MODE_IDLE)
        return;
    int mode = c->mode;
    c->mode = MODE_IDLE;
    if (mode == MODE_THINK)
        cecp_engine_moved(c, ev->best, ev->ponder);
    cecp_run_deferred(c);
}

bool cecp_dispatch_line(Cecp *c, const char *line, size_t len)
{
    return cecp_dispatch_input(c, cecp_line_event(line, len));
}

/* One input line: run now, or deferred until the engine has moved (it keeps its share of the
   pending input until then: the reader stops while too much waits). */
bool cecp_dispatch_input(Cecp *c, Event *ev)
{
    if (c->quit) {
        cecp_done_with_input(c, ev);
        return false;
    }
    size_t len = ev->len;
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
    if ((c->mode == MODE_THINK || c->deferred.head) && !urgent(cmd)) {
        cecp_queue_push(&c->deferred, ev);
    } else {
        go_on = execute(c, ev->line);
        cecp_done_with_input(c, ev);
    }
    /* an urgent command (force, new, result...) may have ended the search */
    if (go_on && c->mode != MODE_THINK && c->deferred.head)
        cecp_run_deferred(c);
    return go_on && !c->quit;
}
