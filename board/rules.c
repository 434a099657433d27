#include "rules.h"

#include <stdio.h>
#include <string.h>

#define OPT(name, field, ...) {name, {__VA_ARGS__, NULL}, offsetof(Rules, field)}

/* Names and values exactly as docs/RULES.md §9 spells them; the first value is the default. */
const RuleOption rule_options[] = {
    OPT("lion_hawk", lion_hawk, "full", "tsa"),
    OPT("free_eagle", free_eagle, "diag_lion", "west"),
    OPT("fd_suicide", fd_suicide, "tsa", "all_burn"),
    OPT("fd_range", fd_range, "rank", "file"),
    OPT("tetrarch", tetrarch, "vertical", "western"),
    OPT("jumper_capture", jumper_capture, "cvp", "nojump", "tsa"),
    OPT("jump_noncapture", jump_noncapture, "off", "on"),
    OPT("second_chance", second_chance, "off", "on"),
    OPT("promo_path", promo_any_square, "endpoints", "any_square"),
    OPT("promo_burn", promo_burn, "off", "on"),
    OPT("rep_check_exception", rep_check_exception, "on", "off"),
};
const int rule_option_count = (int)(sizeof rule_options / sizeof rule_options[0]);

static int *field(Rules *r, int i) { return (int *)((char *)r + rule_options[i].offset); }

void rules_default(Rules *r)
{
    for (int i = 0; i < rule_option_count; i++)
        *field(r, i) = 0;
}

int rules_get(const Rules *r, int i)
{
    return *field((Rules *)r, i);
}

int rules_set(Rules *r, const char *name, const char *value, char *err, size_t errsz)
{
    for (int i = 0; i < rule_option_count; i++) {
        if (strcmp(rule_options[i].name, name) != 0)
            continue;
        for (int v = 0; rule_options[i].values[v]; v++)
            if (strcmp(rule_options[i].values[v], value) == 0) {
                *field(r, i) = v;
                return 0;
            }
        if (err) {
            int n = snprintf(err, errsz, "unknown value '%s' for option %s (allowed:", value, name);
            for (int v = 0; rule_options[i].values[v] && n >= 0 && (size_t)n < errsz; v++)
                n += snprintf(err + n, errsz - (size_t)n, " %s", rule_options[i].values[v]);
            if (n >= 0 && (size_t)n < errsz)
                snprintf(err + n, errsz - (size_t)n, ")");
        }
        return -1;
    }
    if (err)
        snprintf(err, errsz, "unknown rules option '%s'", name);
    return -1;
}

int rules_set_assignment(Rules *r, const char *assignment, char *err, size_t errsz)
{
    const char *eq = strchr(assignment, '=');
    char name[64];
    if (!eq || eq == assignment || (size_t)(eq - assignment) >= sizeof name) {
        if (err)
            snprintf(err, errsz, "expected NAME=VALUE, got '%s'", assignment);
        return -1;
    }
    memcpy(name, assignment, (size_t)(eq - assignment));
    name[eq - assignment] = '\0';
    return rules_set(r, name, eq + 1, err, errsz);
}

char *rules_describe(const Rules *r, char *buf, size_t bufsz)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < rule_option_count && n < bufsz; i++) {
        int k = snprintf(buf + n, bufsz - n, "%s%s=%s", i ? " " : "", rule_options[i].name,
                         rule_options[i].values[rules_get(r, i)]);
        if (k < 0)
            break;
        n += (size_t)k;
    }
    return buf;
}
