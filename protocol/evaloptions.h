/* The evaluation's options (docs/NNUE.md): Evaluation (nnue, learnt, gcsa) and EvalFile. */
#ifndef KAKI_PROTOCOL_EVALOPTIONS_H
#define KAKI_PROTOCOL_EVALOPTIONS_H

#include <stdbool.h>

#include "session.h"

/* Sends the two options' feature lines. */
void cecp_eval_features(Cecp *c);
/* Handles option NAME=VALUE if NAME is one of them (true), else false. */
bool cecp_eval_option(Cecp *c, const char *name, const char *value, const char *shown);

#endif
