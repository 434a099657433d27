/* kaki-match: the tournament: schedule (pairs of games per opening, round robin or gauntlet,
 * sharding), worker threads each with their own engine processes, live progress, SPRT stop,
 * PGN and result files, final report. */
#ifndef KAKI_MATCH_TOURNEY_H
#define KAKI_MATCH_TOURNEY_H

#include "config.h"

/* One scheduled game. */
typedef struct Scheduled {
    int number;     /* 1-based game number in the unsharded match */
    int pair;       /* pair id: the two legs share an opening, colours reversed */
    int leg;        /* 0 or 1 */
    int opening;    /* opening number */
    int sente, gote;
} Scheduled;

/* The games of shard K/N in playing order; returns how many (array in *out, malloc'ed). */
int schedule_build(const MatchConfig *cfg, Scheduled **out);

/* Runs the match; returns the exit status (0 ok, 1 failure, 130 interrupted). */
int tourney_run(MatchConfig *cfg);

#endif
