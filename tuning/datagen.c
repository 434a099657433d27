#include "datagen.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board/exchange.h"
#include "board/legal.h"
#include "board/makemove.h"
#include "board/moveclass.h"
#include "board/movegen.h"
#include "board/result.h"
#include "board/tfen.h"
#include "datafile.h"
#include "eval/eval.h"
#include "search/searcher.h"
#include "util/clock.h"
#include "util/strutil.h"

GenConfig gen_config_default(void)
{
    GenConfig c = {.games = 1000, .nodes = 3000, .threads = 2, .seed = 1,
                   .opening_plies = 8, .max_plies = 500, .adjudicate_cp = 4000,
                   .adjudicate_plies = 8, .hash_mb = 16, .quiet_budget = 2000,
                   .eval_mode = EVAL_DEFAULT, .params = search_params_default()};
    c.params.nnue_grain = 0; /* the net's exact scores, not the engine's grains */
    return c;
}

enum { END_RULES, END_ADJUDICATED, END_MAX_PLIES, END_NO_OPENING, END_KINDS };
static const char *const end_names[END_KINDS] = {"rules", "adjudicated", "maxplies", "noopening"};

typedef struct Gen {
    const GenConfig *cfg;
    int fd;              /* the data file (datafile.h) */
    bool failed;         /* a write failed: no more games */
    pthread_mutex_t lock;
    bool *done;          /* games already in the file */
    int next;            /* next game to look at */
    /* statistics of this run */
    int games, positions, sente_wins, gote_wins, draws, plies, ends[END_KINDS];
    int64_t start_us, last_report_us;
} Gen;

/* One game's output: position lines, then the "#game" trailer. */
typedef struct Block {
    char *text;
    size_t len, cap;
    int positions;
} Block;

static void block_add(Block *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->text = xrealloc(b->text, b->cap);
    }
    memcpy(b->text + b->len, s, n + 1);
    b->len += n;
}

static int take_game(Gen *g)
{
    pthread_mutex_lock(&g->lock);
    while (g->next < g->cfg->games && g->done[g->next])
        g->next++;
    int game = g->next < g->cfg->games && !g->failed ? g->next++ : -1;
    pthread_mutex_unlock(&g->lock);
    return game;
}

static void keep_score(void *ctx, const Position *root, const SearchReport *r)
{
    (void)root;
    *(int *)ctx = r->score;
}

/* Quiet (tuning/README.md): not in check, no capture or burn that wins material, and the
   search's choice is neither a capture nor a burn. */
static bool is_quiet(Position *pos, Move best, int budget)
{
    if (move_is_noisy(pos, best) || in_check(pos))
        return false;
    return capture_search(pos, 6, budget) <= 0;
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Balanced within 3 pawns for both sides: the side to move cannot win more by captures and
   burns, and neither could the other side if it were its turn. */
static bool balanced(Position *pos)
{
    if (material_balance(pos) > 300 || material_balance(pos) < -300 || in_check(pos) ||
        capture_search(pos, 6, 20000) > 300)
        return false;
    make_null_move(pos);
    bool ok = !in_check(pos) && capture_search(pos, 6, 20000) <= 300;
    unmake_null_move(pos);
    return ok;
}

/* The opening of game `game` (tuning/README.md): `plies` random quiet moves (no capture, no
   promotion) from the start position, drawn from (seed, game, attempt) until balanced(). */
static bool balanced_opening(Position *pos, uint64_t seed, int game, int plies)
{
    MoveVec list = {0};
    bool found = false;
    for (int attempt = 0; attempt < 1000 && !found; attempt++) {
        uint64_t s = seed ^ (0xD1B54A32D192ED03ULL * (uint64_t)(game + 1)) ^ ((uint64_t)attempt << 40);
        position_start(pos, ruleset_default());
        int p = 0;
        for (; p < plies; p++) {
            generate_legal(pos, &list);
            int n = 0;
            for (int i = 0; i < list.count; i++) {
                Move m = list.moves[i];
                if (!move_has_mid(m) && !move_is_promo(m) && (move_is_pass(m) || !pos->board[move_to(m)]))
                    list.moves[n++] = m;
            }
            if (!n)
                break;
            Undo u;
            make_move(pos, list.moves[splitmix(&s) % (uint64_t)n], &u);
            if (position_game_over(pos))
                break;
        }
        found = p == plies && !position_game_over(pos) && balanced(pos);
    }
    movevec_free(&list);
    return found;
}

/* Plays game `game`; appends its quiet positions to b.  Returns the result for Black (2 win,
   1 draw, 0 loss) and sets *end and *plies. */
static int play(const GenConfig *cfg, Searcher *e, Position *pos, int game, Block *b, int *end,
                int *plies)
{
    *plies = 0;
    if (!balanced_opening(pos, cfg->seed, game, cfg->opening_plies)) {
        *end = END_NO_OPENING;
        return -1;
    }
    searcher_new_game(e);
    int mover = cfg->opening_plies ? pos->side ^ 1 : -1, run[2] = {0, 0};
    char tfen[TFEN_MAX], line[TFEN_MAX + 64];
    b->positions = 0;
    for (;;) {
        GameResult r = game_result(pos, mover);
        if (r.reason != RESULT_ONGOING) {
            *end = END_RULES;
            return r.winner == BLACK ? 2 : r.winner == WHITE ? 0 : 1;
        }
        if (*plies >= cfg->max_plies) {
            *end = END_MAX_PLIES;
            return 1;
        }
        SearchLimits l = limits_none();
        l.nodes = cfg->nodes;
        int score = 0;
        Move best = searcher_search(e, pos, &l, keep_score, &score, NULL);
        int black = pos->side == BLACK ? score : -score;
        if (is_quiet(pos, best, cfg->quiet_budget)) {
            snprintf(line, sizeof line, "%s;R;%d;%d\n", tfen_print(pos, tfen), eval_clamp(black), game);
            block_add(b, line);
            b->positions++;
        }
        run[BLACK] = black >= cfg->adjudicate_cp ? run[BLACK] + 1 : 0;
        run[WHITE] = black <= -cfg->adjudicate_cp ? run[WHITE] + 1 : 0;
        Undo u;
        make_move(pos, best, &u);
        mover = pos->side ^ 1;
        ++*plies;
        if (run[BLACK] >= cfg->adjudicate_plies || run[WHITE] >= cfg->adjudicate_plies) {
            *end = END_ADJUDICATED;
            return run[BLACK] ? 2 : 0;
        }
    }
}

/* Puts the result into every position line of the block ("R" placeholder). */
static void fill_results(Block *b, int result)
{
    static const char *const text[3] = {"0", "0.5", "1"};
    Block out = {0};
    char *s = b->text, *end = b->text + b->len;
    while (s < end) {
        char *nl = memchr(s, '\n', (size_t)(end - s));
        *nl = '\0';
        char *r = strstr(s, ";R;");
        *r = '\0';
        block_add(&out, s);
        block_add(&out, ";");
        block_add(&out, text[result]);
        block_add(&out, r + 2);
        block_add(&out, "\n");
        s = nl + 1;
    }
    free(b->text);
    *b = (Block){out.text, out.len, out.cap, b->positions};
}

static void report(Gen *g, bool final)
{
    int64_t now = mono_us();
    if (!final && now - g->last_report_us < 60 * 1000000LL)
        return;
    g->last_report_us = now;
    double hours = (double)(now - g->start_us) / 3.6e9;
    fprintf(stderr, "%s%d games, %d positions (%.0f positions/h, %.0f games/h), %.0f plies/game; "
            "sente %d gote %d draws %d; ends: rules %d adjudicated %d maxplies %d\n",
            final ? "done: " : "", g->games, g->positions, g->positions / hours, g->games / hours,
            g->games ? (double)g->plies / g->games : 0.0, g->sente_wins, g->gote_wins, g->draws,
            g->ends[END_RULES], g->ends[END_ADJUDICATED], g->ends[END_MAX_PLIES]);
}

static void *worker(void *arg)
{
    Gen *g = arg;
    Searcher *e = searcher_new();
    searcher_set_threads(e, 1);
    searcher_set_hash_mb(e, g->cfg->hash_mb);
    SearchConfig sc = search_config_default();
    sc.eval_terms = g->cfg->eval_mode;
    searcher_set_config(e, &sc);
    searcher_set_params(e, &g->cfg->params);
    Position *pos = xmalloc(sizeof *pos);
    int game;
    while ((game = take_game(g)) >= 0) {
        Block b = {0};
        block_add(&b, "");
        int end, plies, result = play(g->cfg, e, pos, game, &b, &end, &plies);
        if (result >= 0)
            fill_results(&b, result);
        char trailer[128];
        snprintf(trailer, sizeof trailer, "#game %d %s %d %d %s\n", game,
                 result == 2 ? "1-0" : result == 0 ? "0-1" : result == 1 ? "1/2-1/2" : "*", plies,
                 b.positions, end_names[end]);
        block_add(&b, trailer);
        pthread_mutex_lock(&g->lock);
        bool ok = !g->failed && datafile_append(g->fd, b.text, b.len) == 0;
        if (!ok && !g->failed)
            fprintf(stderr, "error: cannot write %s: %s (game %d not written; the games "
                    "before it are complete)\n", g->cfg->out, strerror(errno), game);
        g->failed |= !ok;
        if (ok) {
            g->games++;
            g->positions += b.positions;
            g->plies += plies;
            g->ends[end]++;
            g->sente_wins += result == 2;
            g->gote_wins += result == 0;
            g->draws += result == 1;
            report(g, false);
        }
        pthread_mutex_unlock(&g->lock);
        free(b.text);
        if (!ok)
            break;
    }
    free(pos);
    searcher_free(e);
    return NULL;
}

int datagen_run(const GenConfig *cfg)
{
    static Gen g;
    g = (Gen){.cfg = cfg};
    g.done = calloc((size_t)cfg->games, sizeof *g.done);
    if (!g.done)
        return 1;
    g.fd = datafile_open_gen(cfg->out, g.done, cfg->games);
    if (g.fd < 0) {
        free(g.done);
        return 1;
    }
    pthread_mutex_init(&g.lock, NULL);
    g.start_us = g.last_report_us = mono_us();
    pthread_t t[64];
    int n = 0;
    for (int i = 0; i < cfg->threads && i < 64; i++)
        if (pthread_create(&t[n], NULL, worker, &g) == 0)
            n++;
    for (int i = 0; i < n; i++)
        pthread_join(t[i], NULL);
    report(&g, true);
    int rc = 0;
    if (close(g.fd) != 0) {
        fprintf(stderr, "error: cannot write %s: %s\n", cfg->out, strerror(errno));
        rc = 1;
    }
    if (g.failed || n == 0)
        rc = 1;
    free(g.done);
    return rc;
}
