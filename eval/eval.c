#include "eval.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "board/pieces.h"


/* Weights (centipawns).  Each was measured by self-play (bench/selfplay) before it stayed. */
#define SPARE_ROYAL 500          /* every royal beyond the first */
#define PRINCE_PROMOTION 600     /* what a drunk elephant's promotion is worth (a spare royal) */
#define ROYAL_NEAR_ATTACKER 25   /* enemy piece within two squares of a lone royal */
#define ROYAL_NEAR_LION 60       /* ... if it has lion power or an area move */
#define ROYAL_DEMON_CLOSE 250    /* enemy fire demon within reach of burning a lone royal */
#define ROYAL_GUARD 8            /* own piece next to a lone royal */
#define TEMPO 20
#define MOBILITY_WEIGHT 2        /* per square a ranging piece can slide to */
/* fraction (per mille) of their value that fire demons / range jumpers lose on an empty
   board; linear in the number of pieces that have gone */
#define DEMON_EMPTYING 400
#define JUMPER_EMPTYING 300

/* promotion potential: per mille of the promotion gain, by ranks still to go to the zone */
static const int promo_share[6] = {150, 120, 80, 50, 30, 0};

static int16_t psq_material[PIECE_CODE_COUNT][SQUARE_COUNT]; /* Black's view (signed) */
static int16_t fading_value[PIECE_CODE_COUNT]; /* value that fades as the board empties */
static int16_t psq_promotion[PIECE_CODE_COUNT][SQUARE_COUNT];
static int16_t psq_centre[PIECE_CODE_COUNT][SQUARE_COUNT];

static int promotion_gain(int kind)
{
    if (!kind_can_promote(kind))
        return 0;
    int gain = material_value(promoted_kind(kind)) - material_value(kind);
    if (kind_is_royal(promoted_kind(kind))) /* a drunk elephant becomes a spare royal */
        gain = PRINCE_PROMOTION;
    return gain > 0 ? gain : 0;
}

static bool is_ranging(int kind)
{
    const MoveSpec *ms = &ruleset_default()->spec[kind_move_type[kind]];
    for (int g = 0; g < GRP_COUNT; g++)
        if (ms->group[g] & (MV_RANGE | MV_SKIPR))
            return true;
    return false;
}

static void build_tables(void)
{
    geometry_init();
    for (int kind = 1; kind < KIND_COUNT; kind++) {
        if (!kind_move_type[kind])
            continue;
        int gain = promotion_gain(kind);
        bool stepper = !is_ranging(kind) && !kind_is_royal(kind);
        const MoveSpec *ms = &ruleset_default()->spec[kind_move_type[kind]];
        int fading = ms->burns ? material_value(kind) * DEMON_EMPTYING / 1000
                   : ms->range_jumps ? material_value(kind) * JUMPER_EMPTYING / 1000 : 0;
        for (int c = 0; c < 2; c++) {
            int pc = make_piece(kind, c), sign = c == BLACK ? 1 : -1;
            fading_value[pc] = (int16_t)fading;
            for (int sq = 0; sq < SQUARE_COUNT; sq++) {
                int x = sq_file(sq), y = sq_rank(sq);
                int forward = c == BLACK ? y : 15 - y; /* 0 = own back rank */
                int to_zone = forward >= 11 ? 0 : 11 - forward;
                psq_material[pc][sq] = (int16_t)(sign * material_value(kind));
                int share = to_zone < 6 ? promo_share[to_zone] : 0;
                psq_promotion[pc][sq] = (int16_t)(sign * gain * share / 1000);
                int centre = 7 - (x < 8 ? 7 - x : x - 8); /* 0 at the edge .. 7 in the middle */
                psq_centre[pc][sq] = (int16_t)(stepper ? sign * (2 * centre + forward / 2) : 0);
            }
        }
    }
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
void eval_init(void) { pthread_once(&once, build_tables); }

void eval_state_init(EvalState *st, const Position *pos)
{
    eval_init();
    *st = (EvalState){0};
    for (int sq = 0; sq < SQUARE_COUNT; sq++) {
        int pc = pos->board[sq];
        if (!pc)
            continue;
        st->material += psq_material[pc][sq];
        st->promotion += psq_promotion[pc][sq];
        st->centre += psq_centre[pc][sq];
        st->fading[piece_colour(pc)] += fading_value[pc];
    }
}

void eval_state_update(EvalState *st, const EvalState *parent, const Position *pos, const Undo *u)
{
    *st = *parent;
    for (int i = 0; i < u->nchanges; i++) {
        int sq = u->sq[i];
        bool seen = false;
        for (int j = 0; j < i; j++)
            seen |= u->sq[j] == sq;
        if (seen)
            continue; /* the first record holds the original occupant */
        int now = pos->board[sq], old = u->old[i];
        st->material += psq_material[now][sq] - psq_material[old][sq];
        st->promotion += psq_promotion[now][sq] - psq_promotion[old][sq];
        st->centre += psq_centre[now][sq] - psq_centre[old][sq];
        if (now)
            st->fading[piece_colour(now)] += fading_value[now];
        if (old)
            st->fading[piece_colour(old)] -= fading_value[old];
    }
}

/* ---- non-incremental terms, each from Black's point of view ---- */

static int chebyshev(int a, int b)
{
    int dx = abs(sq_file(a) - sq_file(b)), dy = abs(sq_rank(a) - sq_rank(b));
    return dx > dy ? dx : dy;
}

/* Safety of `colour`'s royals: a spare royal is worth a lot; a lone one suffers from enemy
   pieces close to it, above all lions and fire demons that can reach it in one move. */
static int royal_term(const Position *pos, int colour)
{
    int n = pos->royals[colour];
    if (n >= 2)
        return SPARE_ROYAL * (n - 1);
    if (n == 0)
        return 0;
    const RuleSet *rs = pos->rs;
    int royal = bb_lsb(pos->royalset[colour]);
    int score = 0;
    Bitboard near = bb_king_expand(geo.king_nbrs[royal]); /* within two squares */
    Bitboard attackers = bb_and(near, pos->occ[colour ^ 1]);
    while (bb_any(attackers)) {
        const PieceInfo *pi = &rs->piece[pos->board[bb_pop(&attackers)]];
        score -= (pi->lion || pi->area) ? ROYAL_NEAR_LION : ROYAL_NEAR_ATTACKER;
    }
    score += ROYAL_GUARD * bb_count(bb_and(geo.king_nbrs[royal], pos->occ[colour]));
    Bitboard demons = pos->demons[colour ^ 1];
    while (bb_any(demons)) {
        int d = chebyshev(bb_pop(&demons), royal);
        if (d <= 4) /* three area steps land next to the royal */
            score -= ROYAL_DEMON_CLOSE * (5 - d) / 2;
    }
    return score;
}

/* Fire demons and range jumpers lose value as the board empties (docs/RULES.md §7 notes): linearly
   in the number of pieces gone, up to the fading share of their value. */
static int emptying_term(const Position *pos, const EvalState *st)
{
    int gone = 156 - pos->count[0] - pos->count[1];
    if (gone <= 0)
        return 0;
    return -(st->fading[BLACK] - st->fading[WHITE]) * gone / 156;
}

static int mobility_term(const Position *pos)
{
    int score = 0;
    for (int c = 0; c < 2; c++) {
        int squares = 0;
        Bitboard own = pos->occ[c];
        while (bb_any(own)) {
            int sq = bb_pop(&own);
            const PieceInfo *pi = &pos->rs->piece[pos->board[sq]];
            for (int i = 0; i < pi->nslides; i++) {
                const Slide *s = &pi->slides[i];
                if (s->max < 3)
                    continue;
                const RayInfo *ri = &geo.ray[sq][s->dir];
                unsigned w = pos->lines[ri->line];
                int free;
                if (ri->up) {
                    unsigned m = w >> ri->bit >> 1;
                    free = m ? __builtin_ctz(m) : ri->edge;
                } else {
                    unsigned m = w & ((1u << ri->bit) - 1);
                    free = m ? ri->bit - (31 - __builtin_clz(m)) - 1 : ri->edge;
                }
                squares += free;
            }
        }
        score += (c == BLACK ? 1 : -1) * squares * MOBILITY_WEIGHT;
    }
    return score;
}

static int black_view(const Position *pos, const EvalState *st, int terms)
{
    int score = st->material;
    if (terms & EVAL_PROMOTION)
        score += st->promotion;
    if (terms & EVAL_CENTRE)
        score += st->centre;
    if (terms & EVAL_ROYAL)
        score += royal_term(pos, BLACK) - royal_term(pos, WHITE);
    if (terms & EVAL_EMPTYING)
        score += emptying_term(pos, st);
    if (terms & EVAL_MOBILITY)
        score += mobility_term(pos);
    if (terms & EVAL_TEMPO)
        score += pos->side == BLACK ? TEMPO : -TEMPO;
    return score;
}

int eval_mobility(const Position *pos)
{
    int score = mobility_term(pos);
    return pos->side == BLACK ? score : -score;
}

int evaluate(const Position *pos, const EvalState *st, int terms)
{
    int score = eval_clamp(black_view(pos, st, terms));
    return pos->side == BLACK ? score : -score;
}

void eval_explain(const Position *pos, EvalTerms *t)
{
    eval_init();
    memset(t, 0, sizeof *t);
    for (int sq = 0; sq < SQUARE_COUNT; sq++) {
        int pc = pos->board[sq];
        if (pc)
            t->material[piece_colour(pc)] += material_value(piece_kind(pc));
    }
    EvalState st;
    eval_state_init(&st, pos);
    t->promotion = st.promotion;
    t->centre = st.centre;
    t->royal = royal_term(pos, BLACK) - royal_term(pos, WHITE);
    t->emptying = emptying_term(pos, &st);
    t->mobility = mobility_term(pos);
    t->tempo = pos->side == BLACK ? TEMPO : -TEMPO;
    t->total_black = black_view(pos, &st, EVAL_DEFAULT);
    t->total_stm = evaluate(pos, &st, EVAL_DEFAULT);
}
