#include "pgn.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game.h"
#include "makemove.h"
#include "movegen.h"
#include "util/strutil.h"

static void copy(char *dst, size_t n, const char *src)
{
    size_t l = strlen(src);
    if (l >= n)
        l = n - 1;
    memcpy(dst, src, l);
    dst[l] = '\0';
}

void pgn_game_init(PgnGame *g)
{
    memset(g, 0, sizeof *g);
    copy(g->result, sizeof g->result, "*");
}

void pgn_game_free(PgnGame *g)
{
    free(g->plies);
    g->plies = NULL;
    g->nplies = g->cap = 0;
}

static bool is_position_tag(const char *name)
{
    return strcmp(name, "FEN") == 0 || strcmp(name, "SetUp") == 0;
}

void pgn_set_tag(PgnGame *g, const char *name, const char *value)
{
    if (is_position_tag(name))
        return;
    for (int i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i].name, name) == 0) {
            copy(g->tags[i].value, sizeof g->tags[i].value, value);
            return;
        }
    if (g->ntags == PGN_MAX_TAGS)
        return;
    PgnTag *t = &g->tags[g->ntags++];
    copy(t->name, sizeof t->name, name);
    copy(t->value, sizeof t->value, value);
}

const char *pgn_tag(const PgnGame *g, const char *name)
{
    for (int i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i].name, name) == 0)
            return g->tags[i].value;
    return NULL;
}

void pgn_add_ply(PgnGame *g, const PgnPly *p)
{
    if (g->nplies == g->cap) {
        int cap = g->cap ? 2 * g->cap : 128;
        PgnPly *n = realloc(g->plies, (size_t)cap * sizeof *n);
        if (!n)
            abort();
        g->plies = n;
        g->cap = cap;
    }
    g->plies[g->nplies++] = *p;
}

void pgn_ply_make(Position *pos, Move m, const char *note, PgnPly *out)
{
    memset(out, 0, sizeof *out);
    out->move = m;
    move_to_hodges(pos, m, out->hodges);
    move_to_wire(pos, m, 0, out->wire);
    copy(out->note, sizeof out->note, note ? note : "");
    size_t n = strlen(out->note); /* cut short, a note may end in blanks a reader would drop */
    while (n && out->note[n - 1] == ' ')
        out->note[--n] = '\0';
}

/* ------------------------------------------------------------------ writer ------------- */

static void write_tag(FILE *f, const char *name, const char *value)
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

/* A comment's text with a brace that would end it replaced (an opening one is text inside a
   comment: kept, so that a note read back is the note written). */
static void put_comment(Wrap *w, const char *a, const char *b)
{
    char buf[PGN_NOTE_MAX + MOVE_STR_MAX + 400];
    snprintf(buf, sizeof buf, "{%s%s%s}", a, *a && *b ? " " : "", b);
    size_t n = strlen(buf);
    for (size_t i = 1; i + 1 < n; i++)
        if (buf[i] == '}')
            buf[i] = ')';
    if (n > 0 && buf[n - 1] != '}')
        buf[n - 1] = '}'; /* truncated */
    put_token(w, buf);
}

void pgn_write(FILE *f, const PgnGame *g)
{
    bool setup = g->start_tfen[0] != '\0', placed = false;
    for (int i = 0; i < g->ntags; i++) {
        write_tag(f, g->tags[i].name, g->tags[i].value);
        if (setup && strcmp(g->tags[i].name, "Variant") == 0) {
            write_tag(f, "SetUp", "1");
            write_tag(f, "FEN", g->start_tfen);
            placed = true;
        }
    }
    if (setup && !placed) {
        write_tag(f, "SetUp", "1");
        write_tag(f, "FEN", g->start_tfen);
    }
    fputc('\n', f);

    Wrap w = {f, 0};
    /* the side to move at the start: the TFEN's side letter */
    const char *sp = strrchr(g->start_tfen, ' ');
    int side = setup && sp && sp[1] == 'w' ? 1 : 0;
    int moveno = 1;
    char buf[32];
    for (int i = 0; i < g->nplies; i++) {
        const PgnPly *r = &g->plies[i];
        if (side == 0 || i == 0) {
            snprintf(buf, sizeof buf, side == 0 ? "%d." : "%d...", moveno);
            put_token(&w, buf);
        }
        put_token(&w, r->hodges);
        put_comment(&w, r->wire, r->note);
        if (side == 1)
            moveno++;
        side ^= 1;
    }
    if (g->ending[0])
        put_comment(&w, g->ending, "");
    put_token(&w, g->result[0] ? g->result : "*");
    fputs("\n\n", f);
    fflush(f);
}

/* ------------------------------------------------------------------ reader ------------- */

typedef struct Reader {
    const char *s;
    size_t len, i;
    char *err;
    size_t errsz;
    int line;
    size_t token;   /* where the last word, comment or variation of the moves began */
} Reader;

static int fail(Reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(Reader *r, const char *fmt, ...)
{
    char where[32];
    snprintf(where, sizeof where, "line %d: ", r->line);
    va_list ap;
    va_start(ap, fmt);
    str_vformat_after(r->err, r->errsz, where, fmt, ap);
    va_end(ap);
    return -1;
}

static int peek(const Reader *r) { return r->i < r->len ? (unsigned char)r->s[r->i] : -1; }

static int next(Reader *r)
{
    if (r->i >= r->len)
        return -1;
    int c = (unsigned char)r->s[r->i++];
    if (c == '\n')
        r->line++;
    return c;
}

static bool at_line_start(const Reader *r) { return r->i == 0 || r->s[r->i - 1] == '\n'; }

static void skip_to_eol(Reader *r)
{
    while (peek(r) >= 0 && peek(r) != '\n')
        next(r);
}

/* Blanks, `;` comments and `%` escape lines. */
static void skip_space(Reader *r)
{
    for (;;) {
        int c = peek(r);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v')
            next(r);
        else if (c == ';' || (c == '%' && at_line_start(r)))
            skip_to_eol(r);
        else
            return;
    }
}

/* `[Name "value"]`; the reader is at '['. */
static int read_tag(Reader *r, char *name, size_t namesz, char *value, size_t valuesz)
{
    next(r);
    skip_space(r);
    size_t n = 0;
    while (peek(r) >= 0 && (isalnum(peek(r)) || peek(r) == '_')) {
        int c = next(r);
        if (n + 1 < namesz)
            name[n++] = (char)c;
    }
    name[n] = '\0';
    skip_space(r);
    if (!n || peek(r) != '"')
        return fail(r, "malformed tag (expected [Name \"value\"])");
    next(r);
    n = 0;
    for (;;) {
        int c = next(r);
        if (c < 0 || c == '\n')
            return fail(r, "unterminated tag value of [%s]", name);
        if (c == '"')
            break;
        if (c == '\\' && (peek(r) == '"' || peek(r) == '\\'))
            c = next(r);
        if (n + 1 < valuesz)
            value[n++] = (char)c;
    }
    value[n] = '\0';
    skip_space(r);
    if (next(r) != ']')
        return fail(r, "tag [%s] is not closed by ']'", name);
    return 0;
}

/* `{...}` (the reader is at '{'), into out (truncated). */
static int read_comment(Reader *r, char *out, size_t outsz)
{
    int start = r->line;
    next(r);
    size_t n = 0;
    for (;;) {
        int c = next(r);
        if (c < 0) {
            r->line = start;
            return fail(r, "unterminated comment");
        }
        if (c == '}')
            break;
        if (c == '\n' || c == '\r' || c == '\t' || c == '\0') /* a NUL would cut the text */
            c = ' ';
        if (n + 1 < outsz)
            out[n++] = (char)c;
    }
    while (n && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
    size_t lead = strspn(out, " ");
    memmove(out, out + lead, n - lead + 1);
    return 0;
}

/* `(...)`, nested, with the comments inside (the reader is at '('). */
static int skip_variation(Reader *r)
{
    int depth = 0, start = r->line;
    char dummy[2];
    for (;;) {
        int c = peek(r);
        if (c < 0) {
            r->line = start;
            return fail(r, "unterminated variation '('");
        }
        if (c == '{') {
            if (read_comment(r, dummy, sizeof dummy))
                return -1;
            continue;
        }
        next(r);
        if (c == ';')
            skip_to_eol(r);
        else if (c == '(')
            depth++;
        else if (c == ')' && --depth == 0)
            return 0;
    }
}

static bool is_delimiter(int c)
{
    return c < 0 || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '{' || c == '}' ||
           c == '(' || c == ')' || c == ';' || c == '[' || c == ']';
}

static bool is_result(const char *t)
{
    return !strcmp(t, "1-0") || !strcmp(t, "0-1") || !strcmp(t, "1/2-1/2") || !strcmp(t, "*");
}

int pgn_parse_position(Position *pos, const char *fen, char *err, size_t errsz)
{
    char tfen_err[160];
    if (tfen_parse(pos, fen, tfen_err, sizeof tfen_err) == 0)
        return 0;
    /* XBoard FEN: the board, then w (sente) or b (gote), then more fields */
    uint8_t board[SQUARE_COUNT];
    const char *s = tfen_parse_board(fen, board, NULL, 0);
    if (s) {
        while (*s == ' ')
            s++;
        if ((*s == 'w' || *s == 'b') && s[1] == ' ') {
            position_set(pos, board, *s == 'w' ? BLACK : WHITE);
            return 0;
        }
    }
    if (err)
        snprintf(err, errsz, "%s", tfen_err);
    return -1;
}

/* The game being read. */
typedef struct ReadState {
    Reader *r;
    Position *pos;          /* the start position while the tags are read, then rec.pos */
    GameRecord rec;         /* the moves read so far, with the whole history (repetitions) */
    PgnGame *g;
    char last_comment[320]; /* the last comment not attached to a move */
    char *fen;              /* the tags the reader looks at (NULL: none) */
    char variant[64];
    bool has_variant;
    char *rules;
} ReadState;

/* The rules of a [Rules] tag: the defaults with its NAME=VALUE words applied; words that
   name no option are ignored (a later version's options), a known option with an unknown
   value is an error. */
static int tag_rules(Reader *r, const char *value, Rules *out)
{
    rules_default(out);
    char word[96];
    for (const char *p = value; *p;) {
        while (*p == ' ')
            p++;
        size_t n = strcspn(p, " ");
        if (!n)
            break;
        copy(word, sizeof word, "");
        if (n < sizeof word) {
            memcpy(word, p, n);
            word[n] = '\0';
        }
        p += n;
        char *eq = strchr(word, '=');
        if (!eq)
            continue;
        bool known = false;
        for (int k = 0; k < rule_option_count; k++)
            known |= strlen(rule_options[k].name) == (size_t)(eq - word) &&
                     strncmp(rule_options[k].name, word, (size_t)(eq - word)) == 0;
        char err[160];
        if (known && rules_set_assignment(out, word, err, sizeof err) != 0)
            return fail(r, "[Rules]: %s", err);
    }
    return 0;
}

/* The rule set the moves are read with: the [Rules] tag's when it has one that differs from
   rs's (built into *own, which the caller frees), else rs. */
static const RuleSet *game_rules(ReadState *st, const RuleSet *rs, RuleSet **own)
{
    *own = NULL;
    st->g->rules = rs->rules;
    if (!st->rules)
        return rs;
    Rules tagged;
    if (tag_rules(st->r, st->rules, &tagged) != 0)
        return NULL;
    st->g->rules = tagged;
    if (memcmp(&tagged, &rs->rules, sizeof tagged) == 0)
        return rs;
    *own = ruleset_new(&tagged);
    return *own;
}

static int apply_tags(ReadState *st)
{
    if (st->has_variant && strcasecmp(st->variant, "tenjiku") != 0)
        return fail(st->r, "[Variant \"%s\"]: not a tenjiku game", st->variant);
    if (!st->fen)
        return 0;
    char err[200];
    if (pgn_parse_position(st->pos, st->fen, err, sizeof err) != 0)
        return fail(st->r, "[FEN]: %s", err);
    tfen_print(st->pos, st->g->start_tfen);
    return 0;
}

/* The first word of a move's comment, if it is the wire move: the move, else MOVE_NONE. */
static Move comment_wire_move(Position *pos, const char *comment, const char **rest)
{
    char word[MOVE_STR_MAX];
    size_t n = strcspn(comment, " ");
    *rest = comment;
    if (n == 0 || n >= sizeof word)
        return MOVE_NONE;
    memcpy(word, comment, n);
    word[n] = '\0';
    Move m = move_from_wire(pos, word, 0, NULL, 0);
    if (m != MOVE_NONE) {
        *rest = comment + n;
        while (**rest == ' ')
            (*rest)++;
    }
    return m;
}

/* Finds the Hodges move tok, with trailing annotation marks ("!", "?") as a last resort. */
static Move hodges_move(Position *pos, const char *tok, char *err, size_t errsz)
{
    Move m = move_from_hodges(pos, tok, err, errsz);
    char plain[MOVE_STR_MAX * 2];
    copy(plain, sizeof plain, tok);
    size_t n = strlen(plain);
    while (!m && n > 1 && (plain[n - 1] == '!' || plain[n - 1] == '?')) {
        plain[--n] = '\0';
        m = move_from_hodges(pos, plain, NULL, 0);
    }
    return m;
}

/* One move token and the comment right after it. */
static int read_move(ReadState *st, const char *tok)
{
    Reader *r = st->r;
    char comment[PGN_NOTE_MAX + MOVE_STR_MAX + 64] = "";
    skip_space(r);
    if (peek(r) == '{' && read_comment(r, comment, sizeof comment))
        return -1;
    if (st->g->nplies >= PGN_MAX_PLIES)
        return fail(r, "more than %d moves", PGN_MAX_PLIES);
    int moveno = st->g->nplies + 1;
    char err[200];
    Move m = hodges_move(st->pos, tok, err, sizeof err);
    const char *note = "";
    Move w = comment[0] ? comment_wire_move(st->pos, comment, &note) : MOVE_NONE;
    if (comment[0] && !w) { /* not this format's move comment: a comment of its own */
        copy(st->last_comment, sizeof st->last_comment, comment);
        note = "";
    }
    if (m && w && m != w)
        return fail(r, "ply %d '%s': its comment names another move ('%.*s')", moveno, tok,
                    (int)strcspn(comment, " "), comment);
    if (!m)
        m = w; /* notation this reader does not know: the wire move says what was played */
    if (!m)
        return fail(r, "ply %d: %s", moveno, err);
    PgnPly ply;
    pgn_ply_make(st->pos, m, note, &ply);
    game_record_play(&st->rec, m);
    pgn_add_ply(st->g, &ply);
    return 0;
}

/* "12." "12..." in front of a move (or alone); returns the rest. */
static const char *skip_move_number(const char *t)
{
    const char *p = t;
    while (isdigit((unsigned char)*p))
        p++;
    if (p == t || *p != '.')
        return t;
    while (*p == '.')
        p++;
    return p;
}

/* The movetext up to the result, the next game's tags or the end. */
static int read_movetext(ReadState *st)
{
    Reader *r = st->r;
    char tok[MOVE_STR_MAX * 2];
    for (;;) {
        skip_space(r);
        int c = peek(r);
        if (c < 0 || (c == '[' && at_line_start(r)))
            return 0;
        r->token = r->i;
        if (c == '{') {
            if (read_comment(r, st->last_comment, sizeof st->last_comment))
                return -1;
            continue;
        }
        if (c == '(') {
            if (skip_variation(r))
                return -1;
            continue;
        }
        if (c == ')' || c == '}' || c == '[' || c == ']')
            return fail(r, "unexpected '%c' in the moves", c);
        size_t n = 0;
        while (!is_delimiter(peek(r))) {
            int ch = next(r);
            if (n + 1 >= sizeof tok)
                return fail(r, "overlong word in the moves");
            tok[n++] = (char)ch;
        }
        tok[n] = '\0';
        if (is_result(tok)) {
            copy(st->g->result, sizeof st->g->result, tok);
            return 0;
        }
        if (tok[0] == '$')
            continue; /* NAG */
        const char *mv = skip_move_number(tok);
        if (!*mv)
            continue;
        st->last_comment[0] = '\0'; /* only a comment after the last move ends the game */
        if (read_move(st, mv))
            return -1;
    }
}

/* The moves of a game skipped unread: up to its result, the next game's tags or the end. */
static int skip_movetext(Reader *r)
{
    char dummy[2];
    for (;;) {
        skip_space(r);
        int c = peek(r);
        if (c < 0 || (c == '[' && at_line_start(r)))
            return 0;
        r->token = r->i;
        if (c == '{') {
            if (read_comment(r, dummy, sizeof dummy))
                return -1;
            continue;
        }
        if (c == '(') {
            if (skip_variation(r))
                return -1;
            continue;
        }
        if (c == ')' || c == '}' || c == '[' || c == ']')
            return fail(r, "unexpected '%c' in the moves", c);
        char tok[8];
        size_t n = 0;
        while (!is_delimiter(peek(r))) {
            int ch = next(r);
            if (n + 1 < sizeof tok)
                tok[n++] = (char)ch;
        }
        tok[n] = '\0';
        if (is_result(tok))
            return 0;
    }
}

/* The tags; FEN, SetUp, Variant and Rules are looked at, the others kept. */
static int read_tags(ReadState *st)
{
    Reader *r = st->r;
    char name[PGN_TAG_NAME_MAX], value[TFEN_MAX + 64];
    int rc = 0;
    while (rc == 0 && peek(r) == '[') {
        rc = read_tag(r, name, sizeof name, value, sizeof value);
        if (rc)
            break;
        char **keep = strcmp(name, "FEN") == 0 ? &st->fen : strcmp(name, "Rules") == 0 ? &st->rules
                                                                                      : NULL;
        if (keep) {
            free(*keep);
            *keep = malloc(strlen(value) + 1);
            if (!*keep)
                abort();
            strcpy(*keep, value);
        } else if (strcmp(name, "Variant") == 0) {
            copy(st->variant, sizeof st->variant, value);
            st->has_variant = true;
        }
        pgn_set_tag(st->g, name, value);
        skip_space(r);
    }
    return rc;
}

/* After an error: the start of the next game.  In the tags (from the game's start) the rest
   of the tag lines is skipped first; then every line up to one that starts with '['. */
static size_t next_game(Reader *r, size_t from, bool in_tags)
{
    r->i = from;
    if (!in_tags) {
        skip_to_eol(r);
        next(r);
    }
    while (in_tags && peek(r) == '[') {
        skip_to_eol(r);
        next(r);
    }
    while (peek(r) >= 0 && peek(r) != '[') {
        skip_to_eol(r);
        next(r);
    }
    return r->i;
}

/* Reads (or, moves = false, skips) the next game; the tags always. */
static int read_game(const char *text, size_t len, size_t *offset, const RuleSet *rs,
                     PgnGame *g, bool moves, char *err, size_t errsz)
{
    pgn_game_init(g);
    if (err && errsz)
        err[0] = '\0';
    Reader r = {text, len, *offset < len ? *offset : len, err, errsz, 1, 0};
    for (size_t i = 0; i < r.i; i++)
        r.line += text[i] == '\n';
    skip_space(&r);
    if (peek(&r) < 0) {
        *offset = len;
        return 0;
    }
    size_t start = r.i;
    ReadState st = {.r = &r, .g = g};
    int rc = read_tags(&st);
    bool in_tags = true;
    if (rc == 0 && !moves) {
        in_tags = false;
        rc = skip_movetext(&r);
    } else if (rc == 0) {
        RuleSet *own = NULL;
        const RuleSet *use = game_rules(&st, rs, &own);
        Position *pos = malloc(sizeof *pos);
        if (!pos)
            abort();
        rc = use ? 0 : -1;
        if (rc == 0) {
            position_start(pos, use);
            st.pos = pos;
            rc = apply_tags(&st);
        }
        if (rc == 0) {
            in_tags = false;
            game_record_init(&st.rec, pos);
            st.pos = st.rec.pos;
            rc = read_movetext(&st);
            game_record_free(&st.rec);
        }
        free(pos);
        ruleset_free(own);
    }
    free(st.fen);
    free(st.rules);
    if (rc) {
        pgn_game_free(g);
        *offset = next_game(&r, in_tags ? start : r.token, in_tags);
        return -1;
    }
    copy(g->ending, sizeof g->ending, st.last_comment);
    *offset = r.i;
    return 1;
}

int pgn_read(const char *text, size_t len, size_t *offset, const RuleSet *rs, PgnGame *g,
             char *err, size_t errsz)
{
    return read_game(text, len, offset, rs, g, true, err, errsz);
}

int pgn_read_tags(const char *text, size_t len, size_t *offset, PgnGame *g, char *err,
                  size_t errsz)
{
    return read_game(text, len, offset, NULL, g, false, err, errsz);
}
