/* The evaluation's options (docs/NNUE.md): Evaluation, a combo of the evaluations (nnue,
 * learnt, gcsa), and EvalFile, the NNUE net to use (empty or "built-in": the built-in net).  A
 * file that cannot be used is refused with tellusererror and the net in use stays.  Options
 * arrive with no search running (commands.c stops it first). */
#include "evaloptions.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "eval/eval.h"
#include "eval/nnue.h"
#include "output.h"
#include "search/searcher.h"

void cecp_eval_features(Cecp *c)
{
    SearchConfig config = searcher_get_config(c->searcher);
    char buf[160];
    int n = snprintf(buf, sizeof buf, "feature option=\"Evaluation -combo");
    for (int m = EVAL_MODE_COUNT - 1; m >= 0; m--) /* nnue, learnt, gcsa */
        n += snprintf(buf + n, sizeof buf - (size_t)n, "%s %s%s", m == EVAL_MODE_COUNT - 1 ? "" : " ///",
                      m == config.eval_terms ? "*" : "", eval_mode_names[m]);
    snprintf(buf + n, sizeof buf - (size_t)n, "\"");
    cecp_emit(c, buf);
    const char *name = nnue_net_name();
    cecp_emitf(c, "feature option=\"EvalFile -file %s\"", strcmp(name, "built-in") == 0 ? "" : name);
}

static void set_eval_file(Cecp *c, const char *value, const char *shown)
{
    if (!*value || strcmp(value, "built-in") == 0) {
        nnue_use_builtin();
        cecp_emitf(c, "# EvalFile: the built-in net (%s)", nnue_net()->description);
        return;
    }
    char err[400];
    if (nnue_load_file(value, err, sizeof err) != 0) {
        cecp_emitf(c, "tellusererror Option refused (%s; keeping the net %s): %s", err, nnue_net_name(),
                   shown);
        return;
    }
    cecp_emitf(c, "# EvalFile: %s (%s)", value, nnue_net()->description);
}

bool cecp_eval_option(Cecp *c, const char *name, const char *value, const char *shown)
{
    if (strcasecmp(name, "EvalFile") == 0) {
        set_eval_file(c, value, shown);
        return true;
    }
    if (strcasecmp(name, "Evaluation") != 0)
        return false;
    int mode = eval_mode_by_name(value);
    if (mode < 0) {
        cecp_emitf(c, "tellusererror Option refused (Evaluation must be nnue, learnt or gcsa): %s", shown);
        return true;
    }
    SearchConfig config = searcher_get_config(c->searcher);
    config.eval_terms = mode;
    searcher_set_config(c->searcher, &config);
    return true;
}
