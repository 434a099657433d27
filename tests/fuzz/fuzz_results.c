/* Fuzzer of kaki-match's result files (match/results.h, match/resume.h): mutated result files
 * are read as `merge` reads them (results_read, then the report) and as `--resume` does (the
 * seed, the header check, the games, and the cut of an incomplete last line).  Checked: no
 * crash or sanitizer report; every game read has valid engines, leg, result and termination;
 * the cut keeps a prefix of the file that ends with its last newline, and a file read without
 * error reads the same games after the cut (the incomplete last line counted as absent in
 * both).  Two kinds of input also have a known answer: a well-formed file with NUL bytes put
 * anywhere (crash debris) reads as the file without them, and a well-formed file cut short
 * anywhere reads as the file up to its last whole line.
 *
 *   fuzz_results [--iterations N] [--seed S] [--dir D] */
#include <stdio.h>
#include <string.h>

#include "match/config.h"
#include "match/game.h"
#include "match/results.h"
#include "match/resume.h"
#include "mutate.h"

static const char header[] =
    "kaki-match-results 1\n"
    "engine 1 Kaki\n"
    "engine 2 Kaki-d1\n"
    "seed 7\n"
    "shard 1/1\n"
    "tc 0:05+0.05\n"
    "openings random 8 balance=3\n"
    "sprt elo0=0 elo1=50 alpha=0.05 beta=0.05 model=pentanomial\n"
    "schedule games=8 round-robin\n"
    "adjudication maxmoves=250 resign=0/0 draw=0/0/0 offers=0\n";

static const char games[] =
    "game 1 0 0 1 2 1-0 normal 87\n"
    "game 2 0 1 2 1 0-1 normal 112\n"
    "# a comment\n"
    "game 3 1 0 1 2 1/2-1/2 adjudication 500\n"
    "game 4 1 1 2 1 1-0 time 61\n"
    "game 5 2 0 1 2 0-1 infraction 3\n"
    "game 6 2 1 2 1 1/2-1/2 emergency 0\n";

static const char three_engines[] =
    "kaki-match-results 1\n"
    "engine 1 A\n"
    "engine 2 B\n"
    "engine 3 C with a long name\n"
    "seed 1\n"
    "shard 2/3\n"
    "tc 40/5:00\n"
    "openings file book.tfen\n"
    "openings-positions 2 checksum=0123456789abcdef order=file start=0\n"
    "schedule games=2 gauntlet\n"
    "adjudication maxmoves=0 resign=3/600 draw=8/10/40 offers=1\n"
    "rule fd_range=file\n"
    "game 3 1 0 1 3 1-0 normal 40\n"
    "game 4 1 1 3 1 0-1 normal 41\n";

static bool valid_games(const ResultSet *rs)
{
    for (int i = 0; i < rs->ngames; i++) {
        const GameEntry *g = &rs->games[i];
        if (g->sente < 0 || g->sente >= rs->nnames || g->gote < 0 || g->gote >= rs->nnames ||
            g->sente == g->gote || g->leg < 0 || g->leg > 1 || g->pair < 0 ||
            g->outcome < OUT_SENTE_WINS || g->outcome > OUT_DRAW || g->termination < 0 ||
            g->termination > TERM_ABANDONED)
            return false;
    }
    return true;
}

static bool same_games(const ResultSet *a, const ResultSet *b)
{
    if (a->ngames != b->ngames || a->nnames != b->nnames)
        return false;
    for (int i = 0; i < a->ngames; i++)
        if (memcmp(&a->games[i], &b->games[i], sizeof a->games[i]) != 0)
            return false;
    for (int i = 0; i < a->nnames; i++)
        if (strcmp(a->names[i], b->names[i]) != 0)
            return false;
    return true;
}

/* merge's reading, and its report (to /dev/null); returns results_read's status. */
static int read_and_report(const char *path, ResultSet *rs, FILE *sink)
{
    char err[1200];
    int dups = 0;
    memset(rs, 0, sizeof *rs);
    int rc = results_read(path, rs, &dups, err, sizeof err);
    if (rc == 0)
        report_print(sink, rs);
    return rc;
}

/* A well-formed file spoilt in a way whose answer is known: NUL bytes put anywhere, or the
   file cut short.  Sets *ref to the file that must read the same. */
static void spoil(Fuzz *f, Buf *in, Buf *ref, const char *s)
{
    buf_set(in, s, strlen(s));
    if (fuzz_below(f, 2)) {
        buf_set(ref, s, strlen(s));
        for (size_t n = 1 + fuzz_below(f, 4); n > 0; n--) {
            char zeros[64] = {0};
            buf_insert(in, fuzz_below(f, in->len + 1), zeros, 1 + fuzz_below(f, sizeof zeros));
        }
    } else {
        in->len = fuzz_below(f, in->len + 1);
        size_t keep = in->len;
        while (keep > 0 && in->data[keep - 1] != '\n')
            keep--;
        buf_set(ref, s, keep);
    }
}

int main(int argc, char **argv)
{
    Fuzz f;
    fuzz_init(&f, argc, argv, 4000);
    char seed_text[sizeof header + sizeof games];
    snprintf(seed_text, sizeof seed_text, "%s%s", header, games);
    const char *seeds[] = {seed_text, three_engines, header};
    char path[4096], cut[4096], err[1200];
    snprintf(path, sizeof path, "%s/fuzz_results.tmp", f.dir);
    snprintf(cut, sizeof cut, "%s/fuzz_results.cut.tmp", f.dir);
    FILE *sink = fopen("/dev/null", "w");
    if (!sink || !freopen("/dev/null", "w", stderr))
        return 2;
    Buf in = {0}, after = {0}, ref = {0};
    for (long iter = 0; iter < f.iterations; iter++) {
        const char *s = seeds[fuzz_below(&f, sizeof seeds / sizeof *seeds)];
        bool known = fuzz_below(&f, 4) == 0;
        if (known)
            spoil(&f, &in, &ref, s);
        else
            fuzz_mutate(&f, &in, s, strlen(s));
        if (!fuzz_write_file(path, in.data, in.len) || !fuzz_write_file(cut, in.data, in.len)) {
            FUZZ_FAIL(&f, iter, "cannot write the files");
            break;
        }
        ResultSet rs, rs_cut;
        int rc = read_and_report(path, &rs, sink);
        if (rc == 0 && !valid_games(&rs))
            FUZZ_FAIL(&f, iter, "a game read with an invalid field");
        if (known && fuzz_write_file(cut, ref.data, ref.len)) {
            int rc_ref = read_and_report(cut, &rs_cut, sink);
            if (rc != rc_ref || (rc == 0 && !same_games(&rs, &rs_cut)))
                FUZZ_FAIL(&f, iter, "%d games (status %d) where the file without NUL bytes or "
                          "its incomplete end has %d (status %d)", rs.ngames, rc,
                          rs_cut.ngames, rc_ref);
            resultset_free(&rs_cut);
            fuzz_write_file(cut, in.data, in.len);
        }
        /* --resume's readers */
        MatchConfig cfg;
        memset(&cfg, 0, sizeof cfg);
        resume_seed(path, &cfg, err, sizeof err);
        resume_check_header(path, header, err, sizeof err);
        ResultSet prev;
        memset(&prev, 0, sizeof prev);
        resume_games(path, &prev, err, sizeof err);
        resultset_free(&prev);
        /* the cut before appending: up to the last newline, the same games */
        if (resume_cut_incomplete(cut, err, sizeof err) != 0 || !fuzz_read_file(cut, &after)) {
            FUZZ_FAIL(&f, iter, "the cut failed: %s", err);
        } else {
            size_t keep = in.len;
            while (keep > 0 && in.data[keep - 1] != '\n')
                keep--;
            if (after.len != keep || memcmp(after.data, in.data, keep) != 0)
                FUZZ_FAIL(&f, iter, "the cut kept %zu of %zu bytes, not %zu", after.len, in.len,
                          keep);
            int rc_cut = read_and_report(cut, &rs_cut, sink);
            if (rc == 0 && (rc_cut != 0 || !same_games(&rs, &rs_cut)))
                FUZZ_FAIL(&f, iter, "the cut changed the games read (%d -> %d games, status %d)",
                          rs.ngames, rs_cut.ngames, rc_cut);
            resultset_free(&rs_cut);
        }
        resultset_free(&rs);
    }
    remove(path);
    remove(cut);
    fclose(sink);
    buf_free(&in);
    buf_free(&after);
    buf_free(&ref);
    return fuzz_finish(&f, "fuzz_results");
}
