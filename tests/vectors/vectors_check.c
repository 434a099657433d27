/* The checks of the rules test vectors, made once for any generator (vectors_check.h). */
#include "vectors_check.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEGAL_MAX 4096 /* legal moves of one position */
#define MESSAGE_MAX 4096

typedef char Key[VEC_WIRE_MAX];

static bool check_v(VecReport *report, bool ok, bool count, const char *fmt, va_list ap)
{
    report->checks += ok ? count : 1;
    if (ok)
        return true;
    report->failures++;
    if (!report->quiet) {
        fprintf(stderr, "FAILED: ");
        vfprintf(stderr, fmt, ap);
        fprintf(stderr, "\n");
    }
    return false;
}

bool vec_check(VecReport *report, bool ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    check_v(report, ok, true, fmt, ap);
    va_end(ap);
    return ok;
}

/* A step the checks rely on (a position is accepted, the data fit it): a failure when it goes
   wrong, but not a check of its own when it goes right. */
static bool require(VecReport *report, bool ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    check_v(report, ok, false, fmt, ap);
    va_end(ap);
    return ok;
}

/* A game of one record under way, with its legal moves and its board as text. */
typedef struct Session {
    const VecEngine *engine;
    const VecRecord *rec;
    VecReport *report;
    VecGame *game;
    Key *wires;
    int n;
    char tfen[VEC_TFEN_MAX];
    char cells[VEC_SQUARES][VEC_CODE_MAX];
    int side;
} Session;

static bool refresh(Session *s)
{
    s->n = s->engine->legal(s->game, s->wires, LEGAL_MAX);
    s->engine->tfen(s->game, s->tfen);
    return require(s->report, vec_board_decode(s->tfen, s->cells, &s->side) == 0,
                   "%s: %s writes a TFEN that cannot be read: %s", s->rec->label, s->engine->name,
                   s->tfen);
}

static bool session_start(Session *s, const VecEngine *engine, const VecRecord *rec,
                          VecReport *report, const char *tfen, const VecOptions *options)
{
    char err[256] = "";
    *s = (Session){engine, rec, report, NULL, malloc(LEGAL_MAX * sizeof(Key)), 0, "", {{0}}, 0};
    s->game = engine->start(tfen, options, err, sizeof err);
    if (!require(report, s->game != NULL, "%s: %s refuses the position or options: %s",
                 rec->label, engine->name, err))
        return false;
    return refresh(s);
}

static void session_stop(Session *s)
{
    if (s->game)
        s->engine->stop(s->game);
    free(s->wires);
    s->game = NULL;
    s->wires = NULL;
}

static int find_key(Session *s, const char *key)
{
    Key k;
    for (int i = 0; i < s->n; i++) {
        vec_wire_key(s->wires[i], s->cells, k);
        if (strcmp(k, key) == 0)
            return i;
    }
    return -1;
}

/* Does the notation fit the position: the start holds a piece of the side to move, x and x!
   name enemy pieces, - an empty square (or the start, which the mover has left)? */
static bool notation_fits(Session *s, const VecMove *m)
{
    const char *why = NULL;
    int bad = m->squares[0];
    if (vec_code_colour(s->cells[bad]) != s->side)
        why = "holds no piece of the side to move";
    for (int i = 0; !why && i < m->nlegs; i++) {
        bad = m->squares[i + 1];
        int colour = vec_code_colour(s->cells[bad]);
        if (m->legs[i] == '-' && colour != -1 && bad != m->squares[0])
            why = "is not empty, but the move is written with '-'";
        if (m->legs[i] != '-' && colour != 1 - s->side)
            why = "holds no enemy piece, but the move is written with 'x'";
    }
    char sq[4];
    vec_square_name(bad, sq);
    return require(s->report, !why, "%s: %s does not fit the position: %s %s", s->rec->label,
                   m->note, sq, why ? why : "");
}

/* Finds the move in the legal list (by key) and plays it. */
static bool play_note(Session *s, const VecMove *m)
{
    if (!notation_fits(s, m))
        return false;
    int i = find_key(s, m->key);
    const char *name = s->engine->name, *label = s->rec->label;
    if (!vec_check(s->report, i >= 0, "%s: %s (%s) is not legal for %s", label, m->note, m->key,
                   name))
        return false;
    if (s->engine->parse && !vec_check(s->report, s->engine->parse(s->game, s->wires[i]) == i,
                                       "%s: %s does not read back its own %s", label, name,
                                       s->wires[i]))
        return false;
    const char *wrong = s->engine->play(s->game, i);
    if (!vec_check(s->report, !wrong, "%s: after %s: %s", label, m->note, wrong ? wrong : ""))
        return false;
    return refresh(s);
}

static int compare_keys(const void *a, const void *b) { return strcmp(a, b); }

/* Appends to msg the keys of a (sorted) that b (sorted) lacks. */
static void list_missing(char *msg, const char *title, Key *a, int na, Key *b, int nb)
{
    size_t len = strlen(msg);
    len += (size_t)snprintf(msg + len, MESSAGE_MAX - len, "\n  %s:", title);
    for (int i = 0; i < na && len < MESSAGE_MAX; i++)
        if (!bsearch(a[i], b, (size_t)nb, sizeof(Key), compare_keys))
            len += (size_t)snprintf(msg + len, MESSAGE_MAX - len, " %s", a[i]);
}

/* The exact set of legal moves of the piece on rec->square. */
static void check_piece_moves(Session *s)
{
    const VecRecord *rec = s->rec;
    Key want[VEC_LIST_MAX], *got = malloc(LEGAL_MAX * sizeof(Key));
    int ng = 0, dups = 0;
    for (int i = 0; i < rec->nmoves; i++) {
        notation_fits(s, &rec->moves[i]);
        memcpy(want[i], rec->moves[i].key, sizeof(Key));
    }
    for (int i = 0; i < s->n; i++)
        if (vec_wire_start(s->wires[i]) == rec->square)
            vec_wire_key(s->wires[i], s->cells, got[ng++]);
    qsort(want, (size_t)rec->nmoves, sizeof(Key), compare_keys);
    qsort(got, (size_t)ng, sizeof(Key), compare_keys);
    for (int i = 1; i < ng; i++)
        dups += strcmp(got[i], got[i - 1]) == 0;
    vec_check(s->report, !dups, "%s: %s generates %d moves twice", rec->label, s->engine->name,
              dups);
    bool same = ng == rec->nmoves;
    for (int i = 0; same && i < ng; i++)
        same = strcmp(got[i], want[i]) == 0;
    char *msg = malloc(MESSAGE_MAX);
    msg[0] = '\0';
    if (!same) {
        list_missing(msg, "expected, not generated", want, rec->nmoves, got, ng);
        list_missing(msg, "generated, not expected", got, ng, want, rec->nmoves);
    }
    vec_check(s->report, same, "%s: %s: %d moves, %d expected%s", rec->label, s->engine->name, ng,
              rec->nmoves, msg);
    free(msg);
    free(got);
}

static void run_moves(const VecEngine *e, const VecRecord *rec, VecReport *report)
{
    Session s;
    if (session_start(&s, e, rec, report, rec->tfen, &rec->options))
        check_piece_moves(&s);
    session_stop(&s);
    /* a suicide: the mover is gone from where it started and from where it went */
    for (int i = 0; i < rec->nmoves; i++) {
        const VecMove *m = &rec->moves[i];
        if (!m->suicide)
            continue;
        if (session_start(&s, e, rec, report, rec->tfen, &rec->options) && play_note(&s, m))
            vec_check(report, !s.cells[m->squares[0]][0] && !s.cells[m->squares[m->nlegs]][0],
                      "%s: the mover of %s is not burned: %s", rec->label, m->note, s.tfen);
        session_stop(&s);
    }
}

static void run_total(const VecEngine *e, const VecRecord *rec, VecReport *report)
{
    Session s;
    if (session_start(&s, e, rec, report, rec->tfen, &rec->options)) {
        vec_check(report, s.n == rec->count, "%s: %s: %d legal moves, %d expected", rec->label,
                  e->name, s.n, rec->count);
        for (int k = 0; k < rec->nexpect; k++) {
            int n = 0;
            for (int i = 0; i < s.n; i++) {
                int from = vec_wire_start(s.wires[i]);
                n += from >= 0 && strcmp(s.cells[from], rec->expect[k].code) == 0;
            }
            vec_check(report, n == rec->expect[k].count, "%s: %s: %d moves of %s, %d expected",
                      rec->label, e->name, n, rec->expect[k].code, rec->expect[k].count);
        }
    }
    session_stop(&s);
}

static void run_after(const VecEngine *e, const VecRecord *rec, VecReport *report)
{
    Session s;
    bool ok = session_start(&s, e, rec, report, rec->tfen, &rec->options);
    for (int i = 0; ok && i < rec->nmoves; i++)
        ok = play_note(&s, &rec->moves[i]);
    for (int k = 0; ok && k < rec->nexpect; k++) {
        const VecExpect *x = &rec->expect[k];
        char sq[4];
        vec_square_name(x->square, sq);
        vec_check(report, strcmp(s.cells[x->square], x->code) == 0,
                  "%s: %s: %s holds '%s', expected '%s'", rec->label, e->name, sq,
                  s.cells[x->square][0] ? s.cells[x->square] : ".", x->code[0] ? x->code : ".");
    }
    session_stop(&s);
}

/* The wire spellings of a move: its key, or for a pass "s v,v s" through each empty neighbour
   v (docs/PROTOCOL.md §3.3: a receiver accepts every valid v). */
static int spellings(const Session *s, const VecMove *m, Key *out)
{
    if (m->nlegs) {
        memcpy(out[0], m->key, sizeof(Key));
        return 1;
    }
    int from = m->squares[0], n = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int df = -1; df <= 1; df++) {
            int file = from % 16 + df, rank = from / 16 + dr, v = rank * 16 + file;
            if ((df || dr) && file >= 0 && file < 16 && rank >= 0 && rank < 16 && !s->cells[v][0]) {
                char a[4], b[4];
                vec_square_name(from, a);
                vec_square_name(v, b);
                snprintf(out[n++], sizeof(Key), "%s%s,%s%s", a, b, b, a);
            }
        }
    return n;
}

/* A move that must not be legal: absent from the list and refused in every spelling. */
static void check_illegal(Session *s, const VecMove *m)
{
    const VecRecord *rec = s->rec;
    notation_fits(s, m);
    vec_check(s->report, find_key(s, m->key) < 0, "%s: %s: %s is legal", rec->label,
              s->engine->name, m->note);
    Key wires[8];
    int n = s->engine->parse ? spellings(s, m, wires) : 0;
    for (int i = 0; i < n; i++)
        vec_check(s->report, s->engine->parse(s->game, wires[i]) < 0, "%s: %s accepts %s",
                  rec->label, s->engine->name, wires[i]);
}

static void run_legal(const VecEngine *e, const VecRecord *rec, VecReport *report)
{
    if (rec->nmoves > 1 && !e->keeps_history) {
        report->skipped++;
        printf("skipped: %s (%s keeps no game history)\n", rec->label, e->name);
        return;
    }
    Session s;
    bool ok = session_start(&s, e, rec, report, rec->tfen, &rec->options);
    for (int i = 0; ok && i < rec->nmoves - 1; i++)
        ok = play_note(&s, &rec->moves[i]);
    if (ok && rec->legal)
        play_note(&s, &rec->moves[rec->nmoves - 1]);
    else if (ok)
        check_illegal(&s, &rec->moves[rec->nmoves - 1]);
    session_stop(&s);
}

static void run_wire(const VecEngine *e, const VecRecord *rec, VecReport *report)
{
    Session s;
    const VecMove *m = &rec->moves[0];
    if (session_start(&s, e, rec, report, rec->tfen, &rec->options) && notation_fits(&s, m)) {
        int i = find_key(&s, m->key);
        if (vec_check(report, i >= 0, "%s: %s: %s is not legal", rec->label, e->name, m->note)) {
            vec_check(report, strcmp(s.wires[i], rec->wires[0]) == 0, "%s: %s writes %s as %s",
                      rec->label, e->name, m->note, s.wires[i]);
            for (int w = 0; e->parse && w < rec->nwires; w++)
                vec_check(report, e->parse(s.game, rec->wires[w]) == i,
                          "%s: %s does not read %s as %s", rec->label, e->name, rec->wires[w],
                          m->note);
        }
    }
    session_stop(&s);
}

static uint64_t perft_of(const VecEngine *e, const VecRecord *rec, VecReport *report,
                         const char *tfen, const VecOptions *options, int depth, bool *ok)
{
    Session s;
    uint64_t n = 0;
    char err[256] = "";
    *ok = session_start(&s, e, rec, report, tfen, options);
    if (*ok) {
        n = e->perft(s.game, depth, err, sizeof err);
        *ok = vec_check(report, !err[0], "%s: %s: %s", rec->label, e->name, err);
    }
    session_stop(&s);
    return n;
}

/* perft with the history cut after the first move: the sum of perft(depth - 1) over the
   positions after each legal move, each taken as the start of a new game. */
static uint64_t perft_newgame(const VecEngine *e, const VecRecord *rec, VecReport *report, bool *ok)
{
    Session root, child;
    uint64_t sum = 0;
    *ok = session_start(&root, e, rec, report, rec->tfen, &rec->options);
    for (int i = 0; *ok && i < root.n; i++) {
        Key key;
        vec_wire_key(root.wires[i], root.cells, key);
        *ok = session_start(&child, e, rec, report, rec->tfen, &rec->options);
        int j = *ok ? find_key(&child, key) : -1;
        const char *wrong = j >= 0 ? e->play(child.game, j) : "the move is not generated again";
        *ok = *ok && require(report, !wrong, "%s: after %s: %s", rec->label, key, wrong) &&
              refresh(&child);
        if (*ok)
            sum += perft_of(e, rec, report, child.tfen, &rec->options, rec->depth - 1, ok);
        session_stop(&child);
    }
    session_stop(&root);
    return sum;
}

static void run_perft(const VecEngine *e, const VecRecord *rec, VecReport *report)
{
    bool ok, ok2 = true;
    long long got = 0;
    if (rec->kind == VEC_PERFT)
        got = (long long)perft_of(e, rec, report, rec->tfen, &rec->options, rec->depth, &ok);
    else if (rec->kind == VEC_PERFT_NEWGAME)
        got = (long long)perft_newgame(e, rec, report, &ok);
    else
        got = (long long)perft_of(e, rec, report, rec->tfen, &rec->options, rec->depth, &ok) -
              (long long)perft_of(e, rec, report, rec->tfen, &rec->other_options, rec->depth, &ok2);
    if (ok && ok2)
        vec_check(report, got == rec->number, "%s: %s: %lld, expected %lld", rec->label, e->name,
                  got, rec->number);
}

void vec_run_record(const VecEngine *engine, const VecRecord *rec, VecReport *report)
{
    switch (rec->kind) {
    case VEC_MOVES: run_moves(engine, rec, report); break;
    case VEC_TOTAL: run_total(engine, rec, report); break;
    case VEC_AFTER: run_after(engine, rec, report); break;
    case VEC_LEGAL: run_legal(engine, rec, report); break;
    case VEC_WIRE: run_wire(engine, rec, report); break;
    default: run_perft(engine, rec, report); break;
    }
}
