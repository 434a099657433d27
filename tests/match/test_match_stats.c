/* kaki-match statistics: Elo, error bars, SPRT. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "match/game.h"
#include "match/stats.h"

static bool near(double a, double b, double eps) { return fabs(a - b) <= eps; }

int main(void)
{
    CHECK(near(elo_from_score(0.5), 0.0, 1e-9), "elo(0.5)");
    CHECK(near(elo_from_score(0.75), 190.848, 0.01), "elo(0.75) = %f", elo_from_score(0.75));
    CHECK(near(score_from_elo(elo_from_score(0.3)), 0.3, 1e-12), "round trip");
    CHECK(isinf(elo_from_score(1.0)) && elo_from_score(1.0) > 0, "elo(1) = +inf");

    /* trinomial: 60 wins, 20 draws, 20 losses: s = 0.7, var = 0.65 - 0.49 = 0.16, se = 0.04 */
    Stats st = {.wins = 60, .draws = 20, .losses = 20};
    EloEstimate e = stats_elo(&st, false);
    CHECK(e.valid && e.units == 100, "valid");
    CHECK(near(e.elo, 147.19, 0.01), "elo %f", e.elo);
    CHECK(near(e.lo, elo_from_score(0.7 - 1.959963985 * 0.04), 1e-6), "lo %f", e.lo);
    CHECK(near(e.hi, elo_from_score(0.7 + 1.959963985 * 0.04), 1e-6), "hi %f", e.hi);
    CHECK(e.los > 0.99, "LOS %f", e.los);

    /* pentanomial: pair scores 0, 1/4, 1/2, 3/4, 1 */
    Stats p = {0};
    stats_add_pair(&p, 2.0);
    stats_add_pair(&p, 1.5);
    stats_add_pair(&p, 1.0);
    stats_add_pair(&p, 1.0);
    stats_add_pair(&p, 0.5);
    CHECK(p.penta[4] == 1 && p.penta[3] == 1 && p.penta[2] == 2 && p.penta[1] == 1, "pair bins");
    EloEstimate pe = stats_elo(&p, true);
    /* mean 0.6, values 1, .75, .5, .5, .25: var = (0.16+0.0225+0.01*2+0.1225)/5 = 0.065 */
    CHECK(pe.units == 5 && near(pe.score, 0.6, 1e-12), "pair mean %f", pe.score);
    CHECK(near(pe.lo, elo_from_score(0.6 - 1.959963985 * sqrt(0.065 / 5)), 1e-6), "pair lo");

    /* SPRT: bounds for alpha = beta = 0.05 are -+ln(19) */
    Sprt sp = {.enabled = true, .elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05};
    double lo, hi;
    sprt_bounds(&sp, &lo, &hi);
    CHECK(near(lo, -log(19.0), 1e-12) && near(hi, log(19.0), 1e-12), "bounds %f %f", lo, hi);
    sp.trinomial = true;
    double s0 = score_from_elo(0), s1 = score_from_elo(10);
    double llr = sprt_llr(&st, &sp);
    CHECK(near(llr, 100 * (s1 - s0) * (2 * 0.7 - s0 - s1) / (2 * 0.16), 1e-9), "llr %f", llr);
    CHECK(sprt_decision(&st, &sp) == 0, "100 games at +147: LLR %f, not yet", llr);
    Stats more = {.wins = 180, .draws = 60, .losses = 60};
    CHECK(sprt_decision(&more, &sp) == 1, "H1 for a clearly better engine");
    Stats bad = {.wins = 60, .draws = 60, .losses = 180};
    CHECK(sprt_decision(&bad, &sp) == -1, "H0 for a clearly worse engine");
    Stats even = {.wins = 5, .draws = 0, .losses = 5};
    CHECK(sprt_decision(&even, &sp) == 0, "no decision on little data");
    Stats none = {0};
    CHECK(sprt_llr(&none, &sp) == 0.0, "no data: LLR 0");
    Stats alldraw = {.draws = 100};
    CHECK(sprt_decision(&alldraw, &sp) == -1, "100 draws: H0 (elo 0 < 5)");
    Stats fewwins = {.wins = 4};
    CHECK(sprt_decision(&fewwins, &sp) == 0, "4 wins: no decision yet, LLR %f", sprt_llr(&fewwins, &sp));
    Stats allwin = {.wins = 200};
    CHECK(sprt_decision(&allwin, &sp) == 1, "200 wins, no losses: H1, LLR %f", sprt_llr(&allwin, &sp));
    sp.trinomial = false;
    llr = sprt_llr(&p, &sp);
    /* the empty bin (0 points) counts 0.5: c = 0.5 1 2 1 1 */
    double m = 3.0 / 5.5, v = 2.125 / 5.5 - m * m;
    CHECK(near(llr, 5 * (s1 - s0) * (2 * m - s0 - s1) / (2 * v), 1e-9), "penta llr %f", llr);

    char buf[200];
    stats_format_elo(&st, false, buf, sizeof buf);
    CHECK(strstr(buf, "+147.2 +- ") && strstr(buf, "trinomial, 100 games"), "format: %s", buf);
    Stats perfect = {.wins = 4};
    stats_format_elo(&perfect, false, buf, sizeof buf);
    CHECK(strstr(buf, "+inf"), "format inf: %s", buf);

    /* endings: a draw adjudicated after 2 x --maxmoves plies is the move limit; other
       adjudications (score, or a draw before the limit) are not */
    Endings en = {0};
    endings_add(&en, TERM_NORMAL, OUT_SENTE_WINS, 87, 150);
    endings_add(&en, TERM_NORMAL, OUT_GOTE_WINS, 20, 0);
    endings_add(&en, TERM_ADJUDICATION, OUT_DRAW, 300, 150);
    endings_add(&en, TERM_ADJUDICATION, OUT_DRAW, 120, 150);
    endings_add(&en, TERM_ADJUDICATION, OUT_GOTE_WINS, 300, 150);
    endings_add(&en, TERM_ADJUDICATION, OUT_DRAW, 300, 0);
    endings_add(&en, TERM_TIME_FORFEIT, OUT_GOTE_WINS, 40, 150);
    endings_add(&en, TERM_RULES_INFRACTION, OUT_SENTE_WINS, 41, 150);
    endings_add(&en, TERM_EMERGENCY, OUT_SENTE_WINS, 42, 150);
    endings_add(&en, TERM_ABANDONED, OUT_ABORTED, 3, 150);
    CHECK(en.rules == 2 && en.move_limit == 1 && en.adjudicated == 3 && en.time == 1 &&
          en.infraction == 1 && en.emergency == 1, "endings %d %d %d %d %d %d", en.rules,
          en.move_limit, en.adjudicated, en.time, en.infraction, en.emergency);
    endings_format(&en, buf, sizeof buf);
    CHECK(strcmp(buf, "by the rules 2, on time 1, move limit 1, adjudicated 3, infraction 1, "
                      "emergency 1") == 0, "endings format: %s", buf);
    return check_finish("test_match_stats");
}
