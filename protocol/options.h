/* What Kaki tells XBoard about itself and what XBoard may set: features, the variant's lines,
 * options, hash and threads, and the rule-set cache behind the rule options. */
#ifndef KAKI_PROTOCOL_OPTIONS_H
#define KAKI_PROTOCOL_OPTIONS_H

#include "board/rules.h"
#include "command.h"
#include "session.h"

/* The variant's `setup` and `piece` lines (docs/PROTOCOL.md §2). */
void cecp_send_variant(Cecp *c);
/* The hash size in MiB and the number of search threads (within the session's limits). */
void cecp_set_hash(Cecp *c, long mb);
void cecp_set_threads(Cecp *c, long n);
/* The rule set for r, built once and kept in a small cache. */
const RuleSet *cecp_ruleset_for(Cecp *c, const Rules *r);

void cecp_cmd_protover(Cecp *c, Command *cmd);
void cecp_cmd_option(Cecp *c, Command *cmd);
void cecp_cmd_memory(Cecp *c, Command *cmd);
void cecp_cmd_cores(Cecp *c, Command *cmd);

#endif
