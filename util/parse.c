#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

bool parse_long(const char *s, long min, long max, long *out)
{
    if (!s)
        return false;
    s = skip_blanks(s);
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *skip_blanks(end) || v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool parse_u64(const char *s, uint64_t *out)
{
    if (!s || !isdigit((unsigned char)*s))
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return false;
    *out = (uint64_t)v;
    return true;
}

bool parse_double(const char *s, double min, double max, double *out)
{
    if (!s)
        return false;
    s = skip_blanks(s);
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *skip_blanks(end) || !isfinite(v) || v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool parse_decimal(const char *s, double *out)
{
    if (!s)
        return false;
    s = skip_blanks(s);
    char *end;
    double v = strtod(s, &end);
    if (end == s || *skip_blanks(end) || isnan(v))
        return false;
    for (const char *p = s; p < end; p++)
        if (isalpha((unsigned char)*p) && *p != 'e' && *p != 'E')
            return false; /* "inf", "nan", hexadecimal */
    *out = v;
    return true;
}

bool parse_long_clamped(const char *s, long min, long max, long *out, bool *clamped)
{
    s = skip_blanks(s);
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *skip_blanks(end))
        return false;
    if (errno == ERANGE)
        v = v < 0 ? LONG_MIN : LONG_MAX;
    *clamped = v < min || v > max;
    *out = v < min ? min : v > max ? max : v;
    return true;
}
