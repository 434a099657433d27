#include "results.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "outfile.h"
#include "util/parse.h"
#include "util/strutil.h"

void resultset_add(ResultSet *rs, const GameEntry *g)
{
    if (rs->ngames == rs->cap) {
        rs->cap = rs->cap ? 2 * rs->cap : 256;
        rs->games = xrealloc(rs->games, (size_t)rs->cap * sizeof *rs->games);
    }
    rs->games[rs->ngames++] = *g;
}

void resultset_free(ResultSet *rs)
{
    for (int i = 0; i < rs->nnames; i++)
        free(rs->names[i]);
    free(rs->games);
    memset(rs, 0, sizeof *rs);
}

int resultset_engine(ResultSet *rs, const char *name)
{
    for (int i = 0; i < rs->nnames; i++)
        if (strcmp(rs->names[i], name) == 0)
            return i;
    if (rs->nnames >= MAX_ENGINES)
        return -1;
    rs->names[rs->nnames] = xstrdup(name);
    return rs->nnames++;
}

void results_write_header(FILE *f, const MatchConfig *cfg, char *const names[], int nnames)
{
    fprintf(f, "kaki-match-results 1\n");
    for (int i = 0; i < nnames; i++) {
        char name[1024];
        str_copy(name, sizeof name, names[i]);
        fprintf(f, "engine %d %s\n", i + 1, outfile_clean_text(name));
    }
    fprintf(f, "seed %llu\n", (unsigned long long)cfg->seed);
    fprintf(f, "shard %d/%d\n", cfg->shard_k, cfg->shard_n);
    fprintf(f, "tc %s\n", cfg->tc.text);
    if (cfg->openings_file) {
        char path[1024];
        str_copy(path, sizeof path, cfg->openings_file);
        fprintf(f, "openings file %s\n", outfile_clean_text(path));
        fprintf(f, "openings-positions %d checksum=%016llx order=%s start=%d\n",
                cfg->openings_count, (unsigned long long)cfg->openings_checksum,
                cfg->openings_shuffle ? "shuffled" : "file", cfg->openings_offset);
    } else if (cfg->random_plies > 0)
        fprintf(f, "openings random %d balance=%g\n", cfg->random_plies,
                (double)lround(cfg->balance * 100.0) / 100.0);
    else
        fprintf(f, "openings start\n");
    if (cfg->sprt.enabled)
        fprintf(f, "sprt elo0=%g elo1=%g alpha=%g beta=%g model=%s\n", cfg->sprt.elo0,
                cfg->sprt.elo1, cfg->sprt.alpha, cfg->sprt.beta,
                cfg->sprt.trinomial ? "trinomial" : "pentanomial");
    /* what else decides the schedule and the games: --resume checks it */
    fprintf(f, "schedule games=%d %s\n", cfg->games, cfg->gauntlet ? "gauntlet" : "round-robin");
    fprintf(f, "adjudication maxmoves=%d resign=%d/%d draw=%d/%d/%d offers=%d\n",
            cfg->max_moves, cfg->resign_moves, cfg->resign_score, cfg->draw_moves,
            cfg->draw_score, cfg->draw_after, cfg->draw_offers ? 1 : 0);
    for (int k = 0; k < rule_option_count; k++)
        if (cfg->rules_changed[k])
            fprintf(f, "rule %s=%s\n", rule_options[k].name,
                    rule_options[k].values[rules_get(&cfg->rules, k)]);
    fflush(f);
}

void results_write_game(FILE *f, const GameEntry *g)
{
    fprintf(f, "game %d %d %d %d %d %s %s %d\n", g->number, g->pair, g->leg, g->sente + 1,
            g->gote + 1, outcome_string(g->outcome), termination_code[g->termination], g->plies);
    fflush(f);
}

static int parse_outcome(const char *s)
{
    if (strcmp(s, "1-0") == 0)
        return OUT_SENTE_WINS;
    if (strcmp(s, "0-1") == 0)
        return OUT_GOTE_WINS;
    if (strcmp(s, "1/2-1/2") == 0)
        return OUT_DRAW;
    return -1;
}

static int parse_termination(const char *s)
{
    for (int i = 0; i <= TERM_ABANDONED; i++)
        if (strcmp(s, termination_code[i]) == 0)
            return i;
    return -1;
}

/* "elo0=0 elo1=10 alpha=0.05 beta=0.05 model=pentanomial" */
static int parse_sprt_line(const char *s, Sprt *sp)
{
    Sprt t = {.enabled = true};
    int got = 0;
    char buf[256];
    str_copy(buf, sizeof buf, s);
    for (char *save, *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return -1;
        *eq = '\0';
        const char *v = eq + 1;
        double x;
        if (strcmp(tok, "model") == 0) {
            if (strcmp(v, "trinomial") == 0)
                t.trinomial = true;
            else if (strcmp(v, "pentanomial") != 0)
                return -1;
            continue;
        }
        if (!parse_double(v, -1e6, 1e6, &x))
            return -1;
        if (strcmp(tok, "elo0") == 0)
            t.elo0 = x, got |= 1;
        else if (strcmp(tok, "elo1") == 0)
            t.elo1 = x, got |= 2;
        else if (strcmp(tok, "alpha") == 0)
            t.alpha = x, got |= 4;
        else if (strcmp(tok, "beta") == 0)
            t.beta = x, got |= 8;
        else
            return -1;
    }
    if (got != 15)
        return -1;
    *sp = t;
    return 0;
}

static int cmp_game(const void *x, const void *y)
{
    const GameEntry *a = x, *b = y;
    if (a->seed != b->seed)
        return a->seed < b->seed ? -1 : 1;
    if (a->pair != b->pair)
        return a->pair < b->pair ? -1 : 1;
    if (a->leg != b->leg)
        return a->leg - b->leg;
    if (a->sente != b->sente)
        return a->sente - b->sente;
    return a->gote - b->gote;
}

int resultset_dedupe(ResultSet *rs)
{
    if (rs->ngames < 2)
        return 0;
    qsort(rs->games, (size_t)rs->ngames, sizeof *rs->games, cmp_game);
    int n = 1;
    for (int i = 1; i < rs->ngames; i++)
        if (cmp_game(&rs->games[i], &rs->games[n - 1]) != 0)
            rs->games[n++] = rs->games[i];
    int removed = rs->ngames - n;
    rs->ngames = n;
    return removed;
}

int results_line(FILE *f, char *line, size_t n)
{
    size_t len = 0;
    int c;
    bool any = false;
    while ((c = getc(f)) != EOF && c != '\n') {
        any = true;
        if (c == '\0')
            continue; /* crash debris */
        if (len + 1 >= n)
            return -2;
        line[len++] = (char)c;
    }
    while (len && line[len - 1] == '\r')
        len--;
    line[len] = '\0';
    if (c == '\n')
        return 1;
    return ferror(f) ? -1 : any ? 2 : 0;
}

int results_read(const char *path, ResultSet *rs, int *duplicates, char *err, size_t errsz)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errsz, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    char line[2048];
    int lineno = 0, map[MAX_ENGINES + 1];
    int nmap = 0;
    bool header = false;
    uint64_t seed = 0; /* the file's "seed" line: shards of one match share it */
    int rc = 0;
    int r;
    while ((r = results_line(f, line, sizeof line)) != 0) {
        lineno++;
        if (r < 0) {
            snprintf(err, errsz, "%s:%d: %s", path, lineno,
                     r == -1 ? strerror(errno) : "line too long");
            rc = -1;
            break;
        }
        if (r == 2) {
            fprintf(stderr, "warning: %s: its last line is incomplete (no newline: a record cut "
                    "short by a crash): ignored\n", path);
            break;
        }
        if (!line[0] || line[0] == '#')
            continue;
        if (!header) {
            if (strcmp(line, "kaki-match-results 1") != 0) {
                snprintf(err, errsz, "%s:%d: not a kaki-match result file (format 1)", path,
                         lineno);
                rc = -1;
                break;
            }
            header = true;
            continue;
        }
        if (strncmp(line, "engine ", 7) == 0) {
            int num, off = 0;
            if (sscanf(line + 7, "%d %n", &num, &off) != 1 || off == 0 || num != nmap + 1 ||
                num > MAX_ENGINES || !line[7 + off]) {
                snprintf(err, errsz, "%s:%d: bad engine line", path, lineno);
                rc = -1;
                break;
            }
            int idx = resultset_engine(rs, line + 7 + off);
            if (idx < 0) {
                snprintf(err, errsz, "%s:%d: too many engines", path, lineno);
                rc = -1;
                break;
            }
            map[++nmap] = idx;
        } else if (strncmp(line, "sprt ", 5) == 0) {
            Sprt sp;
            if (parse_sprt_line(line + 5, &sp) != 0) {
                snprintf(err, errsz, "%s:%d: bad sprt line", path, lineno);
                rc = -1;
                break;
            }
            if (!rs->sprt.enabled)
                rs->sprt = sp;
        } else if (strncmp(line, "seed ", 5) == 0) {
            if (!parse_u64(line + 5, &seed)) {
                snprintf(err, errsz, "%s:%d: bad seed line", path, lineno);
                rc = -1;
                break;
            }
        } else if (strncmp(line, "tc ", 3) == 0) {
            if (!rs->tc[0])
                str_copy(rs->tc, sizeof rs->tc, line + 3);
            else if (strcmp(rs->tc, line + 3) != 0)
                fprintf(stderr, "warning: %s: time control %s differs from %s\n", path, line + 3,
                        rs->tc);
        } else if (strncmp(line, "game ", 5) == 0) {
            GameEntry g;
            char res[16], term[32];
            int s, t;
            if (sscanf(line + 5, "%d %d %d %d %d %15s %31s %d", &g.number, &g.pair, &g.leg, &s,
                       &t, res, term, &g.plies) != 8 ||
                s < 1 || s > nmap || t < 1 || t > nmap || s == t || g.leg < 0 || g.leg > 1 ||
                g.pair < 0 || (g.outcome = parse_outcome(res)) < 0 ||
                (g.termination = parse_termination(term)) < 0) {
                snprintf(err, errsz, "%s:%d: bad game line", path, lineno);
                rc = -1;
                break;
            }
            g.seed = seed;
            g.sente = map[s];
            g.gote = map[t];
            resultset_add(rs, &g);
        } /* shard, openings and unknown keywords: informational */
    }
    fclose(f);
    if (rc == 0 && !header) {
        snprintf(err, errsz, "%s: empty file", path);
        rc = -1;
    }
    if (rc == 0)
        *duplicates += resultset_dedupe(rs);
    return rc;
}

/* Points of engine a in game g (which it played). */
static double points_of(const GameEntry *g, int a)
{
    if (g->outcome == OUT_DRAW)
        return 0.5;
    int winner = g->outcome == OUT_SENTE_WINS ? g->sente : g->gote;
    return winner == a ? 1.0 : 0.0;
}

typedef struct PairKey {
    uint64_t seed; /* a pair is two games of one match */
    int pair, leg;
    double points;
} PairKey;

static int cmp_pair(const void *x, const void *y)
{
    const PairKey *a = x, *b = y;
    if (a->seed != b->seed)
        return a->seed < b->seed ? -1 : 1;
    if (a->pair != b->pair)
        return a->pair < b->pair ? -1 : 1;
    return a->leg - b->leg;
}

Stats results_stats(const ResultSet *rs, int a, int b)
{
    Stats st = {0};
    PairKey *k = xmalloc((size_t)(rs->ngames ? rs->ngames : 1) * sizeof *k);
    int n = 0;
    for (int i = 0; i < rs->ngames; i++) {
        const GameEntry *g = &rs->games[i];
        if (!((g->sente == a && g->gote == b) || (g->sente == b && g->gote == a)))
            continue;
        if (g->outcome == OUT_ABORTED)
            continue;
        double p = points_of(g, a);
        stats_add_game(&st, p);
        k[n++] = (PairKey){g->seed, g->pair, g->leg, p};
    }
    qsort(k, (size_t)n, sizeof *k, cmp_pair);
    for (int i = 0; i + 1 < n; i++)
        if (k[i].seed == k[i + 1].seed && k[i].pair == k[i + 1].pair && k[i].leg == 0 &&
            k[i + 1].leg == 1) {
            stats_add_pair(&st, k[i].points + k[i + 1].points);
            i++;
        }
    free(k);
    return st;
}

void report_print(FILE *out, const ResultSet *rs)
{
    int n = rs->nnames;
    int term_count[TERM_ABANDONED + 1] = {0};
    for (int i = 0; i < rs->ngames; i++)
        term_count[rs->games[i].termination]++;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            Stats st = results_stats(rs, a, b);
            int games = st.wins + st.draws + st.losses;
            if (!games)
                continue;
            fprintf(out, "Score of %s vs %s: %d - %d - %d  [%.3f] %d games (W-L-D)\n",
                    rs->names[a], rs->names[b], st.wins, st.losses, st.draws,
                    (st.wins + 0.5 * st.draws) / games, games);
            char buf[200];
            stats_format_elo(&st, false, buf, sizeof buf);
            EloEstimate e = stats_elo(&st, false);
            fprintf(out, "  %s  LOS %.1f%%\n", buf, 100.0 * e.los);
            int pairs = 0;
            for (int k = 0; k < 5; k++)
                pairs += st.penta[k];
            if (pairs) {
                stats_format_elo(&st, true, buf, sizeof buf);
                fprintf(out, "  %s\n", buf);
                fprintf(out, "  Pentanomial [0, 1/2, 1, 3/2, 2 points per pair]: [%d, %d, %d, %d, %d]\n",
                        st.penta[0], st.penta[1], st.penta[2], st.penta[3], st.penta[4]);
            }
            if (rs->sprt.enabled && n == 2) {
                double lo, hi, llr = sprt_llr(&st, &rs->sprt);
                sprt_bounds(&rs->sprt, &lo, &hi);
                int d = sprt_decision(&st, &rs->sprt);
                fprintf(out,
                        "  SPRT (GSPRT, %s model, logistic Elo): elo0=%g elo1=%g alpha=%g "
                        "beta=%g  LLR %.3f [%.3f, %.3f]  %s\n",
                        rs->sprt.trinomial ? "trinomial" : "pentanomial", rs->sprt.elo0,
                        rs->sprt.elo1, rs->sprt.alpha, rs->sprt.beta, llr, lo, hi,
                        d > 0 ? "H1 accepted" : d < 0 ? "H0 accepted" : "no decision");
            }
        }
    if (n > 2) {
        fprintf(out, "Standings:\n");
        double pts[MAX_ENGINES] = {0};
        int played[MAX_ENGINES] = {0};
        for (int i = 0; i < rs->ngames; i++) {
            const GameEntry *g = &rs->games[i];
            pts[g->sente] += points_of(g, g->sente);
            pts[g->gote] += points_of(g, g->gote);
            played[g->sente]++;
            played[g->gote]++;
        }
        int order[MAX_ENGINES];
        for (int i = 0; i < n; i++)
            order[i] = i;
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && pts[order[j]] > pts[order[j - 1]]; j--) {
                int t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
            }
        for (int i = 0; i < n; i++) {
            int e = order[i];
            fprintf(out, "  %2d. %-30s %6.1f / %d\n", i + 1, rs->names[e], pts[e], played[e]);
        }
    }
    fprintf(out, "Terminations:");
    for (int t = 0; t <= TERM_ABANDONED; t++)
        if (term_count[t])
            fprintf(out, " %s %d", termination_name[t], term_count[t]);
    fprintf(out, "\n");
}
