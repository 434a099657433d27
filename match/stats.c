#include "stats.h"

#include <math.h>
#include <stdio.h>

#include "game.h"

double elo_from_score(double s)
{
    if (s <= 0.0)
        return -INFINITY;
    if (s >= 1.0)
        return INFINITY;
    return -400.0 * log10(1.0 / s - 1.0);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

void stats_add_game(Stats *st, double points)
{
    if (points > 0.75)
        st->wins++;
    else if (points > 0.25)
        st->draws++;
    else
        st->losses++;
}

void stats_add_pair(Stats *st, double points)
{
    int k = (int)lround(points * 2.0);
    if (k < 0)
        k = 0;
    if (k > 4)
        k = 4;
    st->penta[k]++;
}

void endings_add(Endings *e, int termination, int outcome, int plies, int max_moves)
{
    switch (termination) {
    case TERM_NORMAL: e->rules++; break;
    case TERM_TIME_FORFEIT: e->time++; break;
    case TERM_RULES_INFRACTION: e->infraction++; break;
    case TERM_EMERGENCY: e->emergency++; break;
    case TERM_ADJUDICATION:
        if (outcome == OUT_DRAW && max_moves > 0 && plies >= 2 * max_moves)
            e->move_limit++;
        else
            e->adjudicated++;
        break;
    default: break; /* abandoned games are not counted */
    }
}

void endings_format(const Endings *e, char *out, size_t outsz)
{
    snprintf(out, outsz,
             "by the rules %d, on time %d, move limit %d, adjudicated %d, infraction %d, "
             "emergency %d",
             e->rules, e->time, e->move_limit, e->adjudicated, e->infraction, e->emergency);
}

/* Mean and variance per unit. */
static int moments(const Stats *st, bool penta, double *mean, double *var)
{
    double n, sum = 0, sum2 = 0;
    if (penta) {
        n = 0;
        for (int k = 0; k < 5; k++) {
            double x = k / 4.0;
            n += st->penta[k];
            sum += st->penta[k] * x;
            sum2 += st->penta[k] * x * x;
        }
    } else {
        n = st->wins + st->draws + st->losses;
        sum = st->wins + 0.5 * st->draws;
        sum2 = st->wins + 0.25 * st->draws;
    }
    if (n <= 0)
        return 0;
    *mean = sum / n;
    *var = sum2 / n - *mean * *mean;
    if (*var < 0)
        *var = 0;
    return (int)n;
}

EloEstimate stats_elo(const Stats *st, bool pentanomial)
{
    EloEstimate e = {0};
    double mean = 0, var = 0;
    int n = moments(st, pentanomial, &mean, &var);
    e.units = n;
    if (n == 0)
        return e;
    e.score = mean;
    e.elo = elo_from_score(mean);
    double se = sqrt(var / n);
    e.lo = elo_from_score(mean - 1.959963985 * se);
    e.hi = elo_from_score(mean + 1.959963985 * se);
    e.valid = var > 0;
    int decisive = st->wins + st->losses;
    e.los = decisive ? 0.5 * (1.0 + erf((st->wins - st->losses) / sqrt(2.0 * decisive))) : 0.5;
    return e;
}

double sprt_llr(const Stats *st, const Sprt *sp)
{
    /* empty bins count 0.5 (a small prior), so that a one-sided result such as 40-0-0 still
       has a variance and can end the test, without deciding on a handful of games */
    double c[5], x[5];
    int bins, n = 0;
    if (sp->trinomial) {
        bins = 3;
        c[0] = st->losses, c[1] = st->draws, c[2] = st->wins;
        x[0] = 0, x[1] = 0.5, x[2] = 1;
    } else {
        bins = 5;
        for (int k = 0; k < 5; k++)
            c[k] = st->penta[k], x[k] = k / 4.0;
    }
    for (int k = 0; k < bins; k++)
        n += (int)c[k];
    if (n < 2)
        return 0.0;
    double total = 0, sum = 0, sum2 = 0;
    for (int k = 0; k < bins; k++) {
        if (c[k] == 0)
            c[k] = 0.5;
        total += c[k];
        sum += c[k] * x[k];
        sum2 += c[k] * x[k] * x[k];
    }
    double mean = sum / total, var = sum2 / total - mean * mean;
    if (var <= 0)
        return 0.0;
    double s0 = score_from_elo(sp->elo0), s1 = score_from_elo(sp->elo1);
    return n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
}

void sprt_bounds(const Sprt *sp, double *lower, double *upper)
{
    *lower = log(sp->beta / (1.0 - sp->alpha));
    *upper = log((1.0 - sp->beta) / sp->alpha);
}

int sprt_decision(const Stats *st, const Sprt *sp)
{
    double lo, hi, llr = sprt_llr(st, sp);
    sprt_bounds(sp, &lo, &hi);
    return llr >= hi ? 1 : llr <= lo ? -1 : 0;
}

static void fmt_elo(double x, char *out, size_t n)
{
    if (isinf(x))
        snprintf(out, n, "%sinf", x > 0 ? "+" : "-");
    else
        snprintf(out, n, "%+.1f", fabs(x) < 0.05 ? 0.0 : x); /* no "-0.0" */
}

void stats_format_elo(const Stats *st, bool pentanomial, char *out, size_t outsz)
{
    EloEstimate e = stats_elo(st, pentanomial);
    const char *model = pentanomial ? "pentanomial" : "trinomial";
    const char *unit = pentanomial ? "pairs" : "games";
    if (e.units == 0) {
        snprintf(out, outsz, "Elo: n/a (no complete %s)", unit);
        return;
    }
    char elo[32];
    fmt_elo(e.elo, elo, sizeof elo);
    if (!e.valid || isinf(e.elo) || isinf(e.lo) || isinf(e.hi)) {
        char lo[32], hi[32];
        fmt_elo(e.lo, lo, sizeof lo);
        fmt_elo(e.hi, hi, sizeof hi);
        snprintf(out, outsz, "Elo: %s [%s, %s] (95%%, %s, %d %s)", elo, lo, hi, model, e.units,
                 unit);
        return;
    }
    snprintf(out, outsz, "Elo: %s +- %.1f (95%%, %s, %d %s)", elo, (e.hi - e.lo) / 2.0, model,
             e.units, unit);
}
