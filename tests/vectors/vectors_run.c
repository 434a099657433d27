/* Running the whole vectors file, and the checks that the checking can fail: a wrong expected
 * list must be caught, a malformed file refused with the line that is wrong. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vectors_check.h"

/* Spoils the first list of moves in two ways (one move left out; one move replaced by a move
   no piece can make) and checks that both are caught. */
static void check_wrong_list_caught(const VecEngine *engine, const VecFile *file, VecReport *report)
{
    const VecRecord *base = NULL;
    for (int i = 0; !base && i < file->count; i++)
        if (file->records[i].kind == VEC_MOVES && file->records[i].nmoves >= 2)
            base = &file->records[i];
    if (!vec_check(report, base != NULL, "the vectors hold no list of moves to spoil"))
        return;
    VecRecord *bad = malloc(sizeof *bad);
    for (int way = 0; way < 2; way++) {
        VecReport scratch = {.quiet = true};
        *bad = *base;
        const char *what = "one move left out";
        if (way == 0) {
            bad->nmoves--;
            bad->count--;
        } else {
            char sq[4];
            vec_square_name(bad->square, sq);
            snprintf(bad->moves[0].key, VEC_WIRE_MAX, "%s%s", sq, sq);
            what = "one move replaced by a null move";
        }
        vec_run_record(engine, bad, &scratch);
        vec_check(report, scratch.failures > 0, "%s: a wrong list (%s) passes with %s", base->label,
                  what, engine->name);
    }
    free(bad);
}

#define POSITION_A "position A: 15k/16/16/16/16/16/16/16/7L!8/16/16/16/16/16/16/K15 b\n"

/* Each text is refused, naming its line and the fault; the first one is accepted. */
static const struct {
    const char *text;
    int line;
    const char *fault;
} samples[] = {
    {POSITION_A "moves A - h8 1: h8-h9\nend: 1\n", 0, NULL},
    {POSITION_A "mvoes A - h8 1: h8-h9\nend: 1\n", 2, "unknown kind"},
    {POSITION_A "moves B - h8 1: h8-h9\nend: 1\n", 2, "unknown position"},
    {POSITION_A "moves A - h8 2: h8-h9\nend: 1\n", 2, "the list has 1 moves"},
    {POSITION_A "moves A - h8 1 h8-h9\nend: 1\n", 2, "no ':'"},
    {POSITION_A "moves A - z9 1: h8-h9\nend: 1\n", 2, "not a square"},
    {POSITION_A "moves A - h8 1: h8~h9\nend: 1\n", 2, "after the start square"},
    {POSITION_A "moves A - h8 1: h8-h9+*\nend: 1\n", 2, "suicide"},
    {POSITION_A "moves A - h8 2: h8-h9,\n  h8-h9\nend: 1\n", 2, "the same move"},
    {POSITION_A "moves A - h8 2: h8-h9,\nend: 1\n", 2, "empty item"},
    {POSITION_A "moves A - h8 1: g8-h9\nend: 1\n", 2, "does not start on h8"},
    {POSITION_A "moves A lion_hawk h8 1: h8-h9\nend: 1\n", 2, "NAME=VALUE"},
    {POSITION_A "after A - h8-h9: h9=Q?\nend: 1\n", 2, "not a piece code"},
    {POSITION_A "legal A - h8-h9: maybe\nend: 1\n", 2, "yes or no"},
    {POSITION_A "total A - 3: L! 1, K 1\nend: 1\n", 2, "sum to 2"},
    {POSITION_A "perft A - 0: 1\nend: 1\n", 2, "depth"},
    {POSITION_A "wire A - h8 pass: h8h7;h7h8\nend: 1\n", 2, "wire syntax"},
    {POSITION_A "moves A - h8 1: h8-h9\n", 2, "no 'end: N'"},
    {POSITION_A "moves A - h8 1: h8-h9\n\nend: 2\n", 4, "says 2"},
    {POSITION_A "end: 0\nmoves A - h8 1: h8-h9\n", 3, "after the end"},
    {POSITION_A POSITION_A "end: 0\n", 2, "defined twice"},
    {"position A: 16/16 b\nend: 0\n", 1, "not a TFEN"},
    {"# a comment\n  h8-h9\nend: 0\n", 2, "continuation"},
};

static void check_malformed_refused(VecReport *report)
{
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
        char err[300] = "", where[32];
        VecFile *file = vec_parse(samples[i].text, "sample", err, sizeof err);
        snprintf(where, sizeof where, "sample:%d: ", samples[i].line);
        if (!samples[i].fault)
            vec_check(report, file != NULL, "a well-formed sample is refused: %s", err);
        else
            vec_check(report, !file && strncmp(err, where, strlen(where)) == 0 &&
                                  strstr(err, samples[i].fault),
                      "malformed sample %zu: refused with '%s', expected '%s...%s'", i, err, where,
                      samples[i].fault);
        vec_free(file);
    }
}

void vec_run_file(const VecEngine *engine, const VecFile *file, VecReport *report)
{
    for (int i = 0; i < file->count; i++)
        vec_run_record(engine, &file->records[i], report);
    check_wrong_list_caught(engine, file, report);
    check_malformed_refused(report);
}

VecFile *vec_open(int argc, char **argv, const char *default_path)
{
    const char *path = argc > 1 ? argv[1] : default_path;
    char err[300];
    VecFile *file = vec_load(path, err, sizeof err);
    if (!file)
        fprintf(stderr, "FAILED: the rules test vectors cannot be used: %s\n", err);
    return file;
}

int vec_finish(const char *name, const VecReport *report)
{
    printf("%s: %d checks, %d failed, %d skipped\n", name, report->checks, report->failures,
           report->skipped);
    return report->failures ? 1 : 0;
}
