/* The conversion benchmark's positions and report (bench/conversion.sh runs the games).
 *
 *   conversion select [--min-lead PAWNS] [--hold PLIES] [--count N] FILE...
 *   conversion report [--min-lead PAWNS] [--details] PGN...
 *
 * select: reads games from kaki-tune data files (tuning/README.md; the lines of a game come
 * before its `#game` trailer, a game without one is skipped) and kaki-match PGN files, and
 * prints, as a kaki-match --openings file, positions of real games in which one side leads by
 * at least --min-lead pawns (default 50) of docs/RULES.md §7 material, both sides still have a
 * royal, the lead has been held (same side, never below --min-lead) for --hold plies (default
 * 40) and the leading side is to move: the first such position of each game.  In a data file
 * the hold is counted in written positions (quiet positions, at least a ply apart, so the lead
 * has lasted at least that many plies).  Of the candidates, --count (default 60) are kept,
 * spread evenly over each file's games, half of them with sente ahead and half with gote
 * ahead when there are enough of each.
 *
 * report: reads kaki-match PGN files of games played from such positions and prints, from the
 * view of the side ahead in each game's start position (a game without a side --min-lead
 * pawns ahead is counted as skipped): games, won by the rules (a royal captured or no legal
 * move, not on time, not adjudicated, not by resignation) with the share, the median number
 * of the leader's moves to win, draws at the move limit, losses, and every other ending.
 * Then what the side ahead did with its moves in all games: captures (moves that removed
 * enemy pieces), passes, moves that undo its own previous move (back from the square it just
 * went to, capturing nothing), the median depth of its searches and the share of its moves
 * whose score equals that of its previous move.  --details adds one line per game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/makemove.h"
#include "board/pgn.h"
#include "board/tfen.h"

/* ------------------------------------------------------------------ material -------- */

/* docs/RULES.md §7 material, Black minus White. */
static int material_lead(const Position *pos)
{
    int d = 0;
    for (int sq = 0; sq < SQUARE_COUNT; sq++) {
        int pc = pos->board[sq];
        if (pc)
            d += (piece_colour(pc) == BLACK ? 1 : -1) * material_value(piece_kind(pc));
    }
    return d;
}

/* The side at least min_cp ahead with both sides keeping a royal, or -1. */
static int leading_side(const Position *pos, int min_cp)
{
    if (!pos->royals[BLACK] || !pos->royals[WHITE])
        return -1;
    int d = material_lead(pos);
    return d >= min_cp ? BLACK : d <= -min_cp ? WHITE : -1;
}

/* ------------------------------------------------------------------ select ---------- */

typedef struct Candidate {
    char tfen[TFEN_MAX];
    char source[160]; /* where it comes from, for the file's comment */
    int side, lead;   /* the side ahead and its lead in centipawns */
    int file;         /* index of the input file */
} Candidate;

typedef struct Picker {
    int min_cp, hold;
    const char *unit; /* of the hold: "plies" (PGN) or "positions" (data) */
    Candidate *c;
    int n, cap;
} Picker;

/* Follows one game position by position: the run of positions with the same side ahead. */
typedef struct Run {
    int side, start, index;
    bool done; /* the game's candidate is taken */
} Run;

static void run_reset(Run *r) { *r = (Run){.side = -1}; }

/* Position `pos` is the next of its game; adds the game's candidate if this is it. */
static void run_step(Picker *p, Run *r, const Position *pos, int file, const char *where)
{
    int i = r->index++;
    if (r->done)
        return;
    int side = leading_side(pos, p->min_cp);
    if (side != r->side) {
        r->side = side;
        r->start = i;
    }
    if (side < 0 || i - r->start < p->hold || pos->side != side)
        return;
    r->done = true;
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 64;
        p->c = realloc(p->c, (size_t)p->cap * sizeof *p->c);
        if (!p->c)
            abort();
    }
    Candidate *c = &p->c[p->n++];
    tfen_print(pos, c->tfen);
    int lead = material_lead(pos);
    snprintf(c->source, sizeof c->source, "%s: %s ahead for %d %s", where,
             side == BLACK ? "sente" : "gote", i - r->start, p->unit);
    c->side = side;
    c->lead = lead < 0 ? -lead : lead;
    c->file = file;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* A kaki-tune data file: positions up to each `#game` trailer. */
static int select_from_data(Picker *p, FILE *f, const char *path, int file)
{
    /* the lines of a game are kept until its trailer says it is complete */
    char **lines = NULL, *line = NULL;
    size_t n = 0, cap = 0, linecap = 0;
    ssize_t len;
    Position pos;
    position_clear(&pos, ruleset_default());
    while ((len = getline(&line, &linecap, f)) > 0) {
        if (strncmp(line, "#game ", 6) == 0) {
            int game = atoi(line + 6);
            Run r;
            run_reset(&r);
            for (size_t i = 0; i < n; i++) {
                char where[160], err[160];
                char *semi = strchr(lines[i], ';');
                if (semi)
                    *semi = '\0';
                if (tfen_parse(&pos, lines[i], err, sizeof err) != 0) {
                    fprintf(stderr, "%s: game %d: %s\n", path, game, err);
                    continue;
                }
                snprintf(where, sizeof where, "%s game %d position %zu", base_name(path), game, i);
                run_step(p, &r, &pos, file, where);
            }
            for (size_t i = 0; i < n; i++)
                free(lines[i]);
            n = 0;
        } else if (line[0] != '#' && line[0] != '\n') {
            if (n == cap) {
                cap = cap ? 2 * cap : 1024;
                lines = realloc(lines, cap * sizeof *lines);
                if (!lines)
                    abort();
            }
            lines[n++] = strdup(line);
        }
    }
    for (size_t i = 0; i < n; i++) /* a game without its trailer: not complete */
        free(lines[i]);
    free(lines);
    free(line);
    return 0;
}

static char *read_all(FILE *f, size_t *len)
{
    size_t cap = 1 << 16;
    char *buf = malloc(cap);
    *len = 0;
    size_t k;
    while (buf && (k = fread(buf + *len, 1, cap - *len, f)) > 0) {
        *len += k;
        if (*len == cap)
            buf = realloc(buf, cap *= 2);
    }
    if (!buf)
        abort();
    return buf;
}

/* Sets pos to the game's start position. */
static int pgn_start(Position *pos, const PgnGame *g)
{
    char err[160];
    if (!g->start_tfen[0]) {
        position_start(pos, ruleset_default());
        return 0;
    }
    return pgn_parse_position(pos, g->start_tfen, err, sizeof err);
}

static int select_from_pgn(Picker *p, FILE *f, const char *path, int file)
{
    size_t len, off = 0;
    char *text = read_all(f, &len), err[256];
    PgnGame g;
    int rc, number = 0;
    Position pos;
    position_clear(&pos, ruleset_default());
    while ((rc = pgn_read(text, len, &off, ruleset_default(), &g, err, sizeof err)) != 0) {
        number++;
        if (rc < 0) {
            fprintf(stderr, "%s: game %d: %s\n", path, number, err);
            continue;
        }
        if (pgn_start(&pos, &g) == 0) {
            Run r;
            run_reset(&r);
            Undo u;
            for (int i = 0; i <= g.nplies && !r.done; i++) {
                char where[160];
                snprintf(where, sizeof where, "%s game %d ply %d", base_name(path), number, i);
                run_step(p, &r, &pos, file, where);
                if (i < g.nplies)
                    make_move(&pos, g.plies[i].move, &u);
            }
        }
        pgn_game_free(&g);
    }
    free(text);
    return 0;
}

/* Keeps `want` of the n candidates of one side, evenly spread; returns how many it kept. */
static int keep_spread(const Candidate *c, int n, int side, int want, bool *keep)
{
    int idx[4096], m = 0;
    for (int i = 0; i < n && m < 4096; i++)
        if (c[i].side == side && !keep[i])
            idx[m++] = i;
    if (want > m)
        want = m;
    for (int k = 0; k < want; k++)
        keep[idx[(int)((long long)k * m / want)]] = true;
    return want;
}

static int cmd_select(int argc, char **argv)
{
    Picker p = {.min_cp = 5000, .hold = 40};
    int count = 60, nfiles = 0;
    char **files = calloc((size_t)argc, sizeof *files);
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--min-lead") == 0 && i + 1 < argc)
            p.min_cp = atoi(argv[++i]) * 100;
        else if (strcmp(argv[i], "--hold") == 0 && i + 1 < argc)
            p.hold = atoi(argv[++i]);
        else if (strcmp(argv[i], "--count") == 0 && i + 1 < argc)
            count = atoi(argv[++i]);
        else if (argv[i][0] == '-') {
            fprintf(stderr, "conversion select: unknown option %s\n", argv[i]);
            return 2;
        } else
            files[nfiles++] = argv[i];
    }
    for (int k = 0; k < nfiles; k++) {
        FILE *f = fopen(files[k], "r");
        if (!f) {
            perror(files[k]);
            return 1;
        }
        char first[17] = ""; /* a data file starts "# kaki-tune data" */
        bool data = fread(first, 1, 16, f) == 16 && strcmp(first, "# kaki-tune data") == 0;
        rewind(f);
        p.unit = data ? "positions" : "plies";
        if (data)
            select_from_data(&p, f, files[k], k);
        else
            select_from_pgn(&p, f, files[k], k);
        fclose(f);
    }
    bool *keep = calloc((size_t)p.n + 1, sizeof *keep);
    int half = keep_spread(p.c, p.n, BLACK, count / 2, keep);
    int rest = keep_spread(p.c, p.n, WHITE, count - half, keep);
    if (half + rest < count)
        keep_spread(p.c, p.n, BLACK, count - half - rest, keep);
    int kept = 0, sides[2] = {0};
    for (int i = 0; i < p.n; i++)
        if (keep[i]) {
            kept++;
            sides[p.c[i].side]++;
        }
    printf("# Conversion benchmark positions (bench/conversion.sh): %d of %d candidates, "
           "%d with sente ahead, %d with gote ahead.\n", kept, p.n, sides[BLACK], sides[WHITE]);
    printf("# Made by: conversion select --min-lead %d --hold %d --count %d", p.min_cp / 100,
           p.hold, count);
    for (int k = 0; k < nfiles; k++)
        printf(" %s", base_name(files[k]));
    printf("\n# Each position: the side to move leads by at least %d pawns of docs/RULES.md "
           "section 7 material, held for %d plies.\n", p.min_cp / 100, p.hold);
    for (int i = 0; i < p.n; i++)
        if (keep[i])
            printf("# %s, lead %d pawns\n%s\n", p.c[i].source, p.c[i].lead / 100, p.c[i].tfen);
    free(keep);
    free(p.c);
    free(files);
    return 0;
}

/* ------------------------------------------------------------------ report ---------- */

enum Ending { END_WON, END_LOST, END_MOVE_LIMIT, END_OTHER, END_COUNT };

typedef struct Totals {
    int games, skipped, ending[END_COUNT];
    int won_time, won_adjudicated, won_other, lost_rules, draws_other;
    int *win_moves, nwins;
    long moves, captures, passes, undos, promotions, scored, frozen;
    int *depths;
    long ndepths, depth_cap;
} Totals;

/* "+1.35/7 0.412s", "-M5/9 ..." or "book": the depth and score (centipawns; mates as +-100000
   minus the distance); false without a score. */
static bool parse_note(const char *note, int *score, int *depth)
{
    const char *slash = strchr(note, '/');
    if (!slash || (note[0] != '+' && note[0] != '-'))
        return false;
    *depth = atoi(slash + 1);
    if (note[1] == 'M')
        *score = (note[0] == '-' ? -1 : 1) * (100000 - atoi(note + 2));
    else
        *score = (int)(strtod(note, NULL) * 100 + (note[0] == '-' ? -0.5 : 0.5));
    return true;
}

static void add_depth(Totals *t, int d)
{
    if (t->ndepths == t->depth_cap) {
        t->depth_cap = t->depth_cap ? 2 * t->depth_cap : 1024;
        t->depths = realloc(t->depths, (size_t)t->depth_cap * sizeof *t->depths);
        if (!t->depths)
            abort();
    }
    t->depths[t->ndepths++] = d;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static double median(int *v, long n)
{
    if (n == 0)
        return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_int);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

static bool contains(const char *s, const char *needle) { return s && strstr(s, needle); }

/* One game: its ending from the leader's view and what the leader's moves did. */
static void report_game(Totals *t, const PgnGame *g, int min_cp, bool details, int number)
{
    Position pos;
    position_clear(&pos, ruleset_default());
    if (pgn_start(&pos, g) != 0) {
        t->skipped++;
        return;
    }
    int leader = leading_side(&pos, min_cp);
    if (leader < 0) {
        t->skipped++;
        return;
    }
    int lead = material_lead(&pos);
    t->games++;
    /* the leader's moves */
    int moves = 0, captures = 0, passes = 0, undos = 0, promos = 0, frozen = 0, scored = 0;
    int prev_score = 0;
    bool have_prev_score = false;
    Move prev = MOVE_NONE;
    Undo u;
    for (int i = 0; i < g->nplies; i++) {
        Move m = g->plies[i].move;
        bool mine = pos.side == leader;
        int before = pos.count[leader ^ 1];
        make_move(&pos, m, &u);
        if (!mine)
            continue;
        moves++;
        bool took = pos.count[leader ^ 1] < before;
        captures += took;
        passes += move_is_pass(m);
        promos += move_is_promo(m);
        if (prev && !took && !move_is_pass(m) && move_from(m) == move_to(prev) &&
            move_to(m) == move_from(prev))
            undos++;
        prev = m;
        int score, depth;
        if (parse_note(g->plies[i].note, &score, &depth)) {
            add_depth(t, depth);
            if (have_prev_score) {
                scored++;
                frozen += score == prev_score;
            }
            prev_score = score;
            have_prev_score = true;
        }
    }
    t->moves += moves;
    t->captures += captures;
    t->passes += passes;
    t->undos += undos;
    t->promotions += promos;
    t->scored += scored;
    t->frozen += frozen;
    /* the ending */
    const char *term = pgn_tag(g, "Termination");
    bool normal = term && strcmp(term, "normal") == 0 && !contains(g->ending, "resign") &&
                  !contains(g->ending, "draw agreed");
    const char *won = leader == BLACK ? "1-0" : "0-1", *lost = leader == BLACK ? "0-1" : "1-0";
    int e = END_OTHER;
    const char *what = "other";
    if (strcmp(g->result, won) == 0) {
        if (normal) {
            e = END_WON;
            what = "won";
            t->win_moves = realloc(t->win_moves, (size_t)(t->nwins + 1) * sizeof *t->win_moves);
            t->win_moves[t->nwins++] = moves;
        } else if (term && strcmp(term, "time forfeit") == 0) {
            t->won_time++;
            what = "won on time";
        } else if (term && strcmp(term, "adjudication") == 0) {
            t->won_adjudicated++;
            what = "won by adjudication";
        } else {
            t->won_other++;
            what = "won otherwise";
        }
    } else if (strcmp(g->result, lost) == 0) {
        e = END_LOST;
        what = "lost";
        t->lost_rules += normal;
    } else if (contains(g->ending, "move limit")) {
        e = END_MOVE_LIMIT;
        what = "move limit";
    } else {
        t->draws_other++;
        what = "drawn otherwise";
    }
    t->ending[e]++;
    if (details)
        printf("game %d: %s ahead by %d pawns, %s (%s), %d plies; its %d moves: %d captures, "
               "%d passes, %d undo their previous move, %d promotions, %d of %d scores as the "
               "previous one\n",
               number, leader == BLACK ? "sente" : "gote", (lead < 0 ? -lead : lead) / 100, what,
               g->ending[0] ? g->ending : "-", g->nplies, moves, captures, passes, undos, promos,
               frozen, scored);
}

static double pct(long a, long b) { return b ? 100.0 * (double)a / (double)b : 0; }

static int cmd_report(int argc, char **argv)
{
    int min_cp = 5000;
    bool details = false;
    Totals t = {0};
    int number = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--min-lead") == 0 && i + 1 < argc) {
            min_cp = atoi(argv[++i]) * 100;
            continue;
        }
        if (strcmp(argv[i], "--details") == 0) {
            details = true;
            continue;
        }
        if (argv[i][0] == '-') {
            fprintf(stderr, "conversion report: unknown option %s\n", argv[i]);
            return 2;
        }
        FILE *f = fopen(argv[i], "r");
        if (!f) {
            perror(argv[i]);
            return 1;
        }
        size_t len, off = 0;
        char *text = read_all(f, &len), err[256];
        fclose(f);
        PgnGame g;
        int rc;
        while ((rc = pgn_read(text, len, &off, ruleset_default(), &g, err, sizeof err)) != 0) {
            number++;
            if (rc < 0) {
                fprintf(stderr, "%s: game %d: %s\n", argv[i], number, err);
                t.skipped++;
                continue;
            }
            report_game(&t, &g, min_cp, details, number);
            pgn_game_free(&g);
        }
        free(text);
    }
    int won = t.ending[END_WON];
    printf("games: %d (skipped: %d)\n", t.games, t.skipped);
    printf("won by the rules: %d (%.1f %%)\n", won, pct(won, t.games));
    printf("median moves to win: %.1f\n", median(t.win_moves, t.nwins));
    printf("move limit: %d (%.1f %%)\n", t.ending[END_MOVE_LIMIT], pct(t.ending[END_MOVE_LIMIT], t.games));
    printf("lost: %d (by the rules %d)\n", t.ending[END_LOST], t.lost_rules);
    printf("other: %d (won on time %d, won by adjudication %d, won otherwise %d, drawn "
           "otherwise %d)\n", t.ending[END_OTHER], t.won_time, t.won_adjudicated, t.won_other,
           t.draws_other);
    printf("leader's moves: %ld; captures %ld (%.1f a game), passes %ld, undoing its previous "
           "move %ld (%.1f %%), promotions %ld\n", t.moves, t.captures,
           t.games ? (double)t.captures / t.games : 0, t.passes, t.undos, pct(t.undos, t.moves),
           t.promotions);
    printf("leader's searches: median depth %.1f; score as the previous move's %ld of %ld "
           "(%.1f %%)\n", median(t.depths, t.ndepths), t.frozen, t.scored, pct(t.frozen, t.scored));
    free(t.win_moves);
    free(t.depths);
    return 0;
}

int main(int argc, char **argv)
{
    geometry_init();
    if (argc >= 2 && strcmp(argv[1], "select") == 0)
        return cmd_select(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "report") == 0)
        return cmd_report(argc - 2, argv + 2);
    fprintf(stderr, "usage: conversion select [--min-lead PAWNS] [--hold PLIES] [--count N] FILE...\n"
                    "       conversion report [--min-lead PAWNS] [--details] PGN...\n");
    return 2;
}
