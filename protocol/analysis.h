/* What analysis mode adds to CECP (docs/PROTOCOL.md §1.3, §1.4, §1.6): the MultiPV option
 * (how many lines an analysis searches and prints) and the root moves left out by `exclude`
 * and brought back by `include` (feature exclude=1), forgotten at every new position. */
#ifndef KAKI_PROTOCOL_ANALYSIS_H
#define KAKI_PROTOCOL_ANALYSIS_H

#include <stdbool.h>

#include "command.h"
#include "search/limits.h"
#include "session.h"

enum { CECP_MULTIPV_MAX = 5 }; /* the MultiPV option's range is 1..5 */

/* Sends `feature exclude=1` and the MultiPV option's feature line. */
void cecp_analysis_features(Cecp *c);
/* Handles option NAME=VALUE if NAME is MultiPV (true), else false. */
bool cecp_analysis_option(Cecp *c, const char *name, const char *value, const char *shown);
/* exclude MOVE, include MOVE, exclude all, include all. */
void cecp_cmd_exclude(Cecp *c, Command *cmd);
/* An analysis's lines and excluded moves into l (the moves stay c's: searcher_start copies
   them). */
void cecp_analysis_limits(Cecp *c, SearchLimits *l);
/* A new position: every root move counts again. */
void cecp_clear_exclusions(Cecp *c);
/* Releases the excluded moves' storage (cecp_free). */
void cecp_analysis_free(Cecp *c);

#endif
