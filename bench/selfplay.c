/* In-process self-play between two configurations of Kaki, to measure what a search feature or
 * an evaluation term is worth.  Every opening (a few random plies from the start position,
 * balanced by material) is played twice with colours reversed; moves are limited by nodes (or
 * time), so results do not depend on the machine's speed when nodes are used.
 *
 *   selfplay --a CONFIG --b CONFIG [--games N] [--nodes N | --movetime MS | --depth N]
 *            [--max-plies P] [--opening-plies K] [--concurrency C] [--seed S]
 *
 * CONFIG is "default", "greedy" (1 ply, no quiescence: the weakest sensible player), or a
 * comma-separated list of changes: no-tt, no-nullmove, no-lmr, no-aspiration, no-killers,
 * no-history, no-qsearch, no-futility, no-rfp, no-lmp, checkext / no-checkext, qsfull=N (quiescence plies
 * with all captures; deeper plies only recapture), no-qspromo, and the evaluation: material
 * (docs/RULES.md §7 values only) or learnt (eval/weights.c).
 *
 * A game ends when a side loses its last royal or has no legal move (docs/RULES.md §5.13), when
 * both engines agree for 6 plies that one side is ahead by 30 pawns (adjudicated win), or at
 * the ply limit (draw). */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/tfen.h"
#include "eval/eval.h"
#include "search/searcher.h"

typedef struct Config {
    char name[128];
    SearchConfig search;
    int depth_cap; /* greedy: 1 */
} Config;

static int parse_config(const char *text, Config *c)
{
    snprintf(c->name, sizeof c->name, "%s", text);
    c->search = search_config_default();
    c->depth_cap = 0;
    if (strcmp(text, "default") == 0)
        return 0;
    if (strcmp(text, "greedy") == 0) {
        c->search = (SearchConfig){.eval_terms = EVAL_DEFAULT};
        c->depth_cap = 1;
        return 0;
    }
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        SearchConfig *s = &c->search;
        if (strcmp(tok, "no-tt") == 0) s->tt = false;
        else if (strcmp(tok, "no-nullmove") == 0) s->nullmove = false;
        else if (strcmp(tok, "no-lmr") == 0) s->lmr = false;
        else if (strcmp(tok, "no-aspiration") == 0) s->aspiration = false;
        else if (strcmp(tok, "no-killers") == 0) s->killers = false;
        else if (strcmp(tok, "no-history") == 0) s->history = false;
        else if (strcmp(tok, "no-qsearch") == 0) s->qsearch = false;
        else if (strcmp(tok, "no-futility") == 0) s->futility = false;
        else if (strcmp(tok, "no-rfp") == 0) s->rfp = false;
        else if (strcmp(tok, "no-lmp") == 0) s->lmp = false;
        else if (strcmp(tok, "no-checkext") == 0) s->check_ext = false;
        else if (strcmp(tok, "checkext") == 0) s->check_ext = true;
        else if (strncmp(tok, "qsfull=", 7) == 0) s->qs_full_plies = atoi(tok + 7);
        else if (strcmp(tok, "no-qspromo") == 0) s->qs_promotions = false;
        else if (strcmp(tok, "material") == 0) s->eval_terms = EVAL_MATERIAL;
        else if (strcmp(tok, "learnt") == 0) s->eval_terms = EVAL_LEARNT;
        else
            return -1;
    }
    return 0;
}

typedef struct Match {
    Config a, b;
    int games, max_plies, opening_plies, depth;
    uint64_t nodes;
    int movetime;
    uint64_t seed;
    pthread_mutex_t lock;
    int next_game;
    int wins, draws, losses; /* for A */
    int sente_wins, gote_wins; /* by colour: Black (sente, moves first) and White */
    int pair_points[100000]; /* A's points per opening pair, in half points */
    int pair_games[100000];
    int plies_total;
} Match;

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A balanced random opening: K random legal plies (no captures) from the start. */
static void make_opening(Position *pos, uint64_t seed, int plies)
{
    MoveVec list = {0};
    uint64_t s = seed;
    for (int attempt = 0;; attempt++) {
        position_start(pos, ruleset_default());
        int p;
        for (p = 0; p < plies; p++) {
            generate_legal(pos, &list);
            int n = 0;
            for (int i = 0; i < list.count; i++) {
                Move m = list.moves[i];
                if (!move_has_mid(m) && (move_is_pass(m) || !pos->board[move_to(m)]) && !move_is_promo(m))
                    list.moves[n++] = m; /* the quiet ones */
            }
            if (!n)
                break;
            Undo u;
            make_move(pos, list.moves[splitmix(&s) % (uint64_t)n], &u);
        }
        if (p == plies || attempt > 50)
            break;
    }
    movevec_free(&list);
    position_reset_history(pos);
}

/* Plays one game; returns A's result: 2 win, 1 draw, 0 loss. */
static int play_game(Match *mt, Searcher *ea, Searcher *eb, uint64_t opening_seed, bool a_black, int *plies_out)
{
    static __thread Position pos;
    MoveVec list = {0};
    make_opening(&pos, opening_seed, mt->opening_plies);
    searcher_new_game(ea);
    searcher_new_game(eb);
    int adjudicate[2] = {0, 0};
    int plies = 0, result = 1;
    for (;; plies++) {
        if (position_game_over(&pos)) {
            /* the side to move has lost its last royal (or both are gone: the mover won) */
            int winner = pos.royals[pos.side] ? pos.side : pos.side ^ 1;
            if (!pos.royals[0] && !pos.royals[1])
                winner = pos.side ^ 1;
            result = (winner == BLACK) == a_black ? 2 : 0;
            break;
        }
        generate_legal(&pos, &list);
        if (list.count == 0) { /* no legal move: the side to move loses */
            result = (pos.side == BLACK) == a_black ? 0 : 2;
            break;
        }
        if (plies >= mt->max_plies) {
            result = 1;
            break;
        }
        bool a_to_move = (pos.side == BLACK) == a_black;
        Searcher *e = a_to_move ? ea : eb;
        const Config *cfg = a_to_move ? &mt->a : &mt->b;
        SearchLimits l = limits_none();
        l.nodes = mt->nodes;
        l.movetime_ms = mt->movetime;
        l.depth = cfg->depth_cap ? cfg->depth_cap : mt->depth;
        if (cfg->depth_cap)
            l.nodes = 0, l.movetime_ms = 0;
        Move m = searcher_search(e, &pos, &l, NULL, NULL, NULL);
        if (!m)
            m = list.moves[0];
        Undo u;
        make_move(&pos, m, &u);
        /* material adjudication: 30 pawns ahead for 6 plies in a row */
        EvalState st;
        eval_state_init(&st, &pos);
        int black_view = st.material;
        adjudicate[0] = black_view > 3000 ? adjudicate[0] + 1 : 0;
        adjudicate[1] = black_view < -3000 ? adjudicate[1] + 1 : 0;
        if (adjudicate[0] >= 6 || adjudicate[1] >= 6) {
            int winner = adjudicate[0] >= 6 ? BLACK : WHITE;
            result = (winner == BLACK) == a_black ? 2 : 0;
            break;
        }
    }
    movevec_free(&list);
    *plies_out = plies;
    return result;
}

static void *worker(void *arg)
{
    Match *mt = arg;
    Searcher *ea = searcher_new(), *eb = searcher_new();
    searcher_set_hash_mb(ea, 16);
    searcher_set_hash_mb(eb, 16);
    searcher_set_config(ea, &mt->a.search);
    searcher_set_config(eb, &mt->b.search);
    for (;;) {
        pthread_mutex_lock(&mt->lock);
        int g = mt->next_game++;
        pthread_mutex_unlock(&mt->lock);
        if (g >= mt->games)
            break;
        uint64_t s = mt->seed + (uint64_t)(g / 2) * 7919;
        int plies;
        int r = play_game(mt, ea, eb, splitmix(&s), g % 2 == 0, &plies);
        pthread_mutex_lock(&mt->lock);
        bool a_black = g % 2 == 0;
        if (r != 1 && (r == 2) == a_black)
            mt->sente_wins++;
        else if (r != 1)
            mt->gote_wins++;
        if (r == 2)
            mt->wins++;
        else if (r == 1)
            mt->draws++;
        else
            mt->losses++;
        mt->pair_points[g / 2] += r;
        mt->pair_games[g / 2]++;
        mt->plies_total += plies;
        int done = mt->wins + mt->draws + mt->losses;
        if (isatty(2))
            fprintf(stderr, "\r%d/%d games: +%d =%d -%d", done, mt->games, mt->wins, mt->draws, mt->losses);
        pthread_mutex_unlock(&mt->lock);
    }
    searcher_free(ea);
    searcher_free(eb);
    return NULL;
}

static double elo_of(double score) { return -400.0 * log10(1.0 / score - 1.0); }

int main(int argc, char **argv)
{
    static Match mt;
    mt.games = 100;
    mt.max_plies = 400;
    mt.opening_plies = 8;
    mt.nodes = 20000;
    mt.seed = 1;
    int concurrency = 2;
    const char *a = "default", *b = "greedy";
    for (int i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) {
            fprintf(stderr, "missing value for %s\n", argv[i]);
            return 2;
        }
        if (strcmp(argv[i], "--a") == 0) a = v;
        else if (strcmp(argv[i], "--b") == 0) b = v;
        else if (strcmp(argv[i], "--games") == 0) mt.games = atoi(v);
        else if (strcmp(argv[i], "--nodes") == 0) mt.nodes = strtoull(v, NULL, 10), mt.movetime = 0;
        else if (strcmp(argv[i], "--movetime") == 0) mt.movetime = atoi(v), mt.nodes = 0;
        else if (strcmp(argv[i], "--depth") == 0) mt.depth = atoi(v), mt.nodes = 0;
        else if (strcmp(argv[i], "--max-plies") == 0) mt.max_plies = atoi(v);
        else if (strcmp(argv[i], "--opening-plies") == 0) mt.opening_plies = atoi(v);
        else if (strcmp(argv[i], "--concurrency") == 0) concurrency = atoi(v);
        else if (strcmp(argv[i], "--seed") == 0) mt.seed = strtoull(v, NULL, 10);
        else {
            fprintf(stderr, "unknown argument %s\n", argv[i]);
            return 2;
        }
        i++;
    }
    if (mt.games < 2 || mt.games > 199998 || concurrency < 1 || concurrency > 64) {
        fprintf(stderr, "bad --games or --concurrency\n");
        return 2;
    }
    if (parse_config(a, &mt.a) || parse_config(b, &mt.b)) {
        fprintf(stderr, "bad configuration\n");
        return 2;
    }
    pthread_mutex_init(&mt.lock, NULL);
    pthread_t t[64];
    for (int i = 0; i < concurrency; i++)
        pthread_create(&t[i], NULL, worker, &mt);
    for (int i = 0; i < concurrency; i++)
        pthread_join(t[i], NULL);
    if (isatty(2))
        fprintf(stderr, "\n");

    int n = mt.wins + mt.draws + mt.losses;
    double score = (mt.wins + 0.5 * mt.draws) / n;
    /* 95% interval from the per-pair (pentanomial) variance */
    int pairs = 0;
    double sum = 0, sum2 = 0;
    for (int p = 0; p < (mt.games + 1) / 2; p++) {
        if (mt.pair_games[p] != 2)
            continue;
        double pts = mt.pair_points[p] / 4.0; /* 0 .. 1 */
        pairs++;
        sum += pts;
        sum2 += pts * pts;
    }
    double mean = sum / pairs, var = sum2 / pairs - mean * mean;
    double se = sqrt(var / pairs);
    double lo = mean - 1.96 * se, hi = mean + 1.96 * se;
    double clamp_lo = lo < 0.001 ? 0.001 : lo > 0.999 ? 0.999 : lo;
    double clamp_hi = hi > 0.999 ? 0.999 : hi < 0.001 ? 0.001 : hi;
    double s_clamped = score < 0.001 ? 0.001 : score > 0.999 ? 0.999 : score;
    printf("%s vs %s: %d games, +%d =%d -%d, score %.1f%%, Elo %+.0f [%+.0f, %+.0f], "
           "average length %.0f plies\n",
           mt.a.name, mt.b.name, n, mt.wins, mt.draws, mt.losses, 100.0 * score, elo_of(s_clamped),
           elo_of(clamp_lo), elo_of(clamp_hi), (double)mt.plies_total / n);
    printf("by colour: sente (Black, first player) won %d, gote won %d, %d draws\n", mt.sente_wins,
           mt.gote_wins, mt.draws);
    return 0;
}
