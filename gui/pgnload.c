/* A PGN file loaded into kaki-board (pgnload.h). */
#include "pgnload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strutil.h"

/* "Kaki - Fairy-Max, round 3, 1-0" from the tags read (some may be missing). */
static void make_label(const PgnGame *g, char *out, size_t outsz)
{
    const char *white = pgn_tag(g, "White"), *black = pgn_tag(g, "Black");
    const char *round = pgn_tag(g, "Round"), *result = pgn_tag(g, "Result");
    const char *event = pgn_tag(g, "Event");
    int n = snprintf(out, outsz, "%.50s - %.50s", white ? white : "?", black ? black : "?");
    if (round && *round && strcmp(round, "-") != 0 && strcmp(round, "?") != 0)
        n += snprintf(out + n, outsz - (size_t)n, ", round %.16s", round);
    else if (event && *event && strcmp(event, "?") != 0)
        n += snprintf(out + n, outsz - (size_t)n, ", %.30s", event);
    if (result && *result && n > 0 && (size_t)n < outsz)
        snprintf(out + n, outsz - (size_t)n, ", %.8s", result);
}

/* Appends "game N (label): why" to the list of skipped games (the first three named). */
static void note_skipped(PgnLoad *l, int *count, int number, const char *why)
{
    size_t n = strlen(l->skipped);
    if (++*count <= 3)
        snprintf(l->skipped + n, sizeof l->skipped - n, "%sgame %d (%s): %s", n ? "; " : "",
                 number, l->label[number - 1], why);
}

int pgnload_read(const char *text, size_t len, const Rules *rules, long want, PgnLoad *out)
{
    memset(out, 0, sizeof *out);
    pgn_game_init(&out->game);
    /* the list: every game's start and label */
    size_t off = 0, *start = NULL;
    int cap = 0, rc;
    char err[300];
    PgnGame g;
    for (;;) {
        size_t at = off;
        rc = pgn_read_tags(text, len, &off, &g, err, sizeof err);
        if (rc == 0)
            break;
        if (out->ngames == cap) {
            cap = cap ? 2 * cap : 16;
            start = xrealloc(start, (size_t)cap * sizeof *start);
            out->label = xrealloc(out->label, (size_t)cap * sizeof *out->label);
        }
        start[out->ngames] = at;
        make_label(&g, out->label[out->ngames], sizeof out->label[0]);
        out->ngames++;
        pgn_game_free(&g);
    }
    if (out->ngames == 0) {
        free(start);
        snprintf(out->error, sizeof out->error, "the text has no game");
        return -1;
    }
    if (want > out->ngames) {
        free(start);
        snprintf(out->error, sizeof out->error, "the file has no game %ld (it has %d)", want,
                 out->ngames);
        return -1;
    }
    /* the game: the one asked for, or the first that reads */
    Rules defaults;
    rules_default(&defaults);
    RuleSet *rs = ruleset_new(&defaults), *current = NULL;
    if (memcmp(rules, &defaults, sizeof defaults) != 0)
        current = ruleset_new(rules);
    int first = want > 0 ? (int)want : 1, last = want > 0 ? (int)want : out->ngames, bad = 0;
    for (int i = first; i <= last && !out->loaded; i++) {
        off = start[i - 1];
        rc = pgn_read(text, len, &off, rs, &out->game, err, sizeof err);
        if (rc != 1 && current && !pgn_tag(&out->game, "Rules")) {
            /* no Rules tag: the default rules, or else the rules of the game shown (a file
               written before kaki-match wrote the tag) */
            char err2[300];
            off = start[i - 1];
            if (pgn_read(text, len, &off, current, &out->game, err2, sizeof err2) == 1)
                rc = 1;
        }
        if (rc == 1) {
            out->loaded = i;
        } else if (want > 0) {
            snprintf(out->error, sizeof out->error, "game %d (%s) cannot be read: %s", i,
                     out->label[i - 1], err);
        } else {
            note_skipped(out, &bad, i, err);
        }
    }
    if (bad > 3) {
        size_t n = strlen(out->skipped);
        snprintf(out->skipped + n, sizeof out->skipped - n, "; and %d more", bad - 3);
    }
    ruleset_free(rs);
    ruleset_free(current);
    free(start);
    if (!out->loaded && want == 0)
        snprintf(out->error, sizeof out->error, "%s%s", out->ngames > 1 ? "no game can be read: " : "",
                 out->skipped);
    return out->loaded ? 0 : -1;
}

void pgnload_free(PgnLoad *l)
{
    free(l->label);
    l->label = NULL;
    pgn_game_free(&l->game);
}
