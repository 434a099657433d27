/* The search's features (config.h). */
#include "config.h"

#include "eval/eval.h"

SearchConfig search_config_default(void)
{
    return (SearchConfig){.tt = true, .nullmove = true, .lmr = true, .aspiration = true,
                          .killers = true, .history = true, .qsearch = true, .futility = true,
                          .rfp = true, .lmp = true, .check_ext = false, .qs_full_plies = 1, .qs_promotions = true,
                          .eval_terms = EVAL_DEFAULT};
}
