/* Perft benchmark: leaves per second on the start position and six middlegame positions, with
 * bulk counting of the last ply and with every leaf made and unmade.  Each measurement is run
 * REPEATS times and the median is reported (the machines are shared and noisy).
 *
 * Usage: perft_bench [REPEATS]   (default 3) */
#include <stdio.h>
#include <stdlib.h>

#include "bench/bench_util.h"
#include "board/perft.h"
#include "board/tfen.h"

static const struct {
    const char *name;
    int depth;
    const char *tfen;
} positions[] = {
    {"start", 4, TFEN_START},
    /* random games (fixed seed, 35% capture preference) after 24..140 plies */
    {"mid-24", 3, "lnf1cs1gkgscifnl/a1c!c!itxql!ot1c!c!1a/mv'bhd1d!q'h!d!w!dhbv's'/1vrf!w!1r!v!1r!1e!+B!rvm/pppppp1pppppp1pp/4d'1p4d'4/16/6e!9/16/16/2P1D'4E!1D'4/1P1PPPPPPPPPP1PP/MVRF!E!H!R!1V!R!3R+b!M/b!V'BHDW!D!1Q'D!W!F!HBV'S'/A1C!C!OT1L!QXTDC!C!1A/LNFICSGKEGSCIq!NL b"},
    {"mid-40", 3, "ln1ic1gekgsc1fnl/a1c!fstxq1otic!c!2/s'1bhQ'w!1q!h!d!w!dhbv'a/m1r1e!b!1v!2l!1e!rvm/1V!1R1ppp1ppppppp/8R!2d'f!3/4d'11/16/16/16/4D'6D'P3/PP1PPPPP2PP1PPP/MV1F!E!H!D!2W!1E!F!RVM/S'V'BHDW!D!4DHBV'S'/A1C!C!2OL!QXT1C!C!1A/LNFICSGKEGSCIFNL b"},
    {"mid-56", 3, "lnfi1sgekgscifnl/a1c!c!ctxql!of!tc!c!1a/s'v'bhd1d!q'h!d!w!1hbv's'/m1r1e!4r!1e!1rvm/p1f!ppp1p2pppp+R!1/1p2d'6d'4/16/16/16/6w!9/4D'4E!PD'P3/1PP1PP1PPP1P1PPP/V1RF!E!1V!4H!F!RVM/1v!1HDW!D!1D!1W!1HBV'A/2C!C!1TOL!QXTDC!C!2/L2ICSGKQ'GSCIFNL b"},
    {"mid-72", 3, "lnf1csgekgsc1fnl/a1c!4d!l!3c!1v'a/s'v'h1d3q1w!thb1s'/m4w!3r!1e!dr1m/pp2pp2pd!ppp1pp/3bd'3v!2d'1W!2/8f!7/6b!9/2r13/16/1F!2D'1PP4D'2P/P2h!PP2PPPPP1P1/M3H3Q2E!F!RVM/S'1B1D1D!2D!W!DHBV'S'/AV'C!C!1TOL!H!X3C!1A/LNFICSGKEGSCIFNL b"},
    {"mid-90", 3, "l1f5kgscifnl/ac!2D!3l!o3c!c!a/s'1+C!8dhbv's'/1m2w!7f!2m/p2p1d'1p3p1pp1/1e!14/16/3h!12/d!q'14/1v7D!6/3PD'P2P2D'4/M+w!2P1PP5+b!P+b/1V2E!3L!R!1E!3S'/1V'1HD2H!Q'5V'1/A2BOTG1QXW!D2C!A/Lv!FICS1KE2CIFNL b"},
    {"mid-140", 3, "ln1ic1gekgscic!nl/a1fc!dt3t4v'a/v'1bc!e!1V!1r!h!w!+R!1b1s'/2mrx3l!od2+Q1m/pppppp1qp2e!4/15V'/1R8p5/W!15/2Q'13/10D!5/9PP5/7P3P4/11E!c!2M/5O7B1S'/5S1L!KXT2C!+vA/1N1IC1G2Ev!1IFNL b"},
};
#define NPOS ((int)(sizeof positions / sizeof positions[0]))

/* Median leaves/s over `repeats` runs; *leaves gets the count. */
static double measure(Position *pos, int depth, bool full, int repeats, uint64_t *leaves)
{
    double rate[32];
    for (int i = 0; i < repeats; i++) {
        double t0 = mono_seconds();
        *leaves = perft(pos, depth, full);
        double t = mono_seconds() - t0;
        rate[i] = (double)*leaves / (t > 1e-9 ? t : 1e-9);
    }
    qsort(rate, (size_t)repeats, sizeof rate[0], cmp_double);
    return rate[repeats / 2];
}

int main(int argc, char **argv)
{
    int repeats = argc > 1 ? atoi(argv[1]) : 3;
    if (repeats < 1 || repeats > 32)
        repeats = 3;
    static Position pos;
    const RuleSet *rs = ruleset_default();
    printf("%-8s %5s %6s %12s %14s %14s %6s\n", "position", "depth", "moves", "leaves",
           "bulk leaves/s", "full nodes/s", "ratio");
    double bulk_rates[NPOS], full_rates[NPOS];
    for (int i = 0; i < NPOS; i++) {
        char err[128];
        position_clear(&pos, rs);
        if (tfen_parse(&pos, positions[i].tfen, err, sizeof err) != 0) {
            fprintf(stderr, "bad TFEN %s: %s\n", positions[i].name, err);
            return 1;
        }
        uint64_t leaves, moves = perft(&pos, 1, false);
        bulk_rates[i] = measure(&pos, positions[i].depth, false, repeats, &leaves);
        full_rates[i] = measure(&pos, positions[i].depth, true, repeats, &leaves);
        printf("%-8s %5d %6llu %12llu %14.0f %14.0f %6.2f\n", positions[i].name, positions[i].depth,
               (unsigned long long)moves, (unsigned long long)leaves, bulk_rates[i], full_rates[i],
               bulk_rates[i] / full_rates[i]);
        fflush(stdout);
    }
    qsort(bulk_rates, NPOS, sizeof(double), cmp_double);
    qsort(full_rates, NPOS, sizeof(double), cmp_double);
    printf("median over positions: bulk %.1f M leaves/s, full make/unmake %.1f M nodes/s "
           "(median of %d runs each)\n",
           bulk_rates[NPOS / 2] / 1e6, full_rates[NPOS / 2] / 1e6, repeats);
    return 0;
}
