/* Number arguments of CECP commands and options (docs/PROTOCOL.md §1.4, "Numbers out of
 * range"): a value that is not a number is refused by the caller with an `Error` line; a number
 * outside the command's range is clamped, and every command says so in the same words, through
 * the one function below:
 *     # NAME VALUE out of range LO..HI, using USED
 * (a debug line: XBoard reads an `Error` line as a rejected move).  cecp_arg_long() is the
 * shape of most commands: the one argument a number, or the `Error (bad arguments)` line.
 */
#include "numbers.h"

#include "output.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/parse.h"

static void report_out_of_range(Cecp *c, const char *name, const char *given, const char *lo,
                                const char *hi, const char *used)
{
    char shown[64];
    cecp_emitf(c, "# %s %s out of range %s..%s, using %s", name,
               cecp_printable(given, shown, sizeof shown), lo, hi, used);
}

bool cecp_number(Cecp *c, const char *name, const char *text, long lo, long hi, long *v)
{
    bool clamped;
    if (!parse_long_clamped(text, lo, hi, v, &clamped))
        return false;
    if (clamped) {
        char l[24], h[24], u[24];
        snprintf(l, sizeof l, "%ld", lo);
        snprintf(h, sizeof h, "%ld", hi);
        snprintf(u, sizeof u, "%ld", *v);
        report_out_of_range(c, name, text, l, h, u);
    }
    return true;
}

double cecp_clamp_decimal(Cecp *c, const char *name, const char *text, double v, double lo,
                          double hi)
{
    if (v >= lo && v <= hi)
        return v;
    double used = v < lo ? lo : hi;
    char l[32], h[32], u[32];
    snprintf(l, sizeof l, "%.10g", lo);
    snprintf(h, sizeof h, "%.10g", hi);
    snprintf(u, sizeof u, "%.10g", used);
    report_out_of_range(c, name, text, l, h, u);
    return used;
}

bool cecp_decimal(Cecp *c, const char *name, const char *text, double lo, double hi, double *v)
{
    double x;
    if (!parse_decimal(text, &x))
        return false;
    *v = cecp_clamp_decimal(c, name, text, x, lo, hi);
    return true;
}

bool cecp_arg_long(Cecp *c, const Command *cmd, long lo, long hi, long *v)
{
    if (cecp_number(c, cmd->word, cmd->args, lo, hi, v))
        return true;
    cecp_emitf(c, "Error (bad arguments): %s", cmd->shown);
    return false;
}
