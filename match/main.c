/* kaki-match: a headless tournament runner (referee) for tenjiku shogi engines speaking
 * CECP v2.  See cli.c (--help) and match/README.md. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "cli.h"
#include "fastchess.h"
#include "results.h"
#include "tourney.h"
#include "log.h"
#include "outfile.h"
#include "platform/stop.h"
#include "util/strutil.h"

/* Ctrl-C and SIGTERM (platform/stop.h): the match stops after the games being played. */
static void *signal_main(void *arg)
{
    (void)arg;
    char what[64];
    if (platform_stop_wait(what, sizeof what))
        g_interrupted = 1;
    return NULL;
}

static int merge_main(int argc, char **argv)
{
    ResultSet rs;
    memset(&rs, 0, sizeof rs);
    Sprt sp = {0};
    int nfiles = 0, dups = 0;
    char err[400];
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            cli_usage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "--sprt") == 0) {
            int n = 0;
            while (i + 1 + n < argc && strchr(argv[i + 1 + n], '=') &&
                   strncmp(argv[i + 1 + n], "--", 2) != 0)
                n++;
            if (parse_sprt(argv + i + 1, n, &sp, err, sizeof err)) {
                fprintf(stderr, "kaki-match merge: %s\n", err);
                return 2;
            }
            i += n;
            continue;
        }
        if (strncmp(argv[i], "--", 2) == 0) {
            fprintf(stderr, "kaki-match merge: unknown argument '%s' (see --help)\n", argv[i]);
            return 2;
        }
        if (results_read(argv[i], &rs, &dups, err, sizeof err) != 0) {
            fprintf(stderr, "kaki-match merge: %s\n", err);
            resultset_free(&rs);
            return 1;
        }
        nfiles++;
    }
    if (!nfiles) {
        fprintf(stderr, "kaki-match merge: give one or more result files\n");
        return 2;
    }
    if (sp.enabled)
        rs.sprt = sp;
    if (rs.sprt.enabled && rs.nnames != 2) {
        fprintf(stderr, "kaki-match merge: --sprt needs exactly two engines (files have %d)\n",
                rs.nnames);
        rs.sprt.enabled = false;
    }
    printf("Merged %d file%s: %d games", nfiles, nfiles == 1 ? "" : "s", rs.ngames);
    if (dups)
        printf(" (%d duplicate games skipped: overlapping shards?)", dups);
    printf(", tc %s\n", rs.tc[0] ? rs.tc : "?");
    report_print(stdout, &rs);
    resultset_free(&rs);
    return outfile_check_stream(stdout, "the report to stdout") ? 1 : 0;
}

int main(int argc, char **argv)
{
    /* a closed stdout, and a file past its size limit, are write errors (EPIPE, EFBIG) like a
       full disk, not a kill */
    platform_write_errors_not_signals();
    bool fastchess = fastchess_wanted(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "merge") == 0 && !fastchess)
        return merge_main(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "book") == 0 && !fastchess)
        return book_main(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        fastchess_print_version(stdout);
        return 0;
    }
    MatchConfig *cfg = xcalloc(1, sizeof *cfg);
    char err[600];
    int rc = fastchess ? fastchess_parse(argc, argv, cfg, err, sizeof err)
                       : cli_parse(argc, argv, cfg, err, sizeof err);
    if (rc != 0) {
        if (rc < 0)
            fprintf(stderr, "kaki-match: %s\n", err);
        config_free(cfg);
        free(cfg);
        return rc > 0 ? 0 : 2;
    }
    platform_stop_hold(); /* before the first thread */
    pthread_t sig_thread;
    bool watching = pthread_create(&sig_thread, NULL, signal_main, NULL) == 0;
    rc = tourney_run(cfg);
    if (watching) {
        platform_stop_cancel();
        pthread_join(sig_thread, NULL);
    }
    config_free(cfg);
    free(cfg);
    return rc;
}
