/* Engine scores in move notes (evalnote.h). */
#include "evalnote.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/geometry.h"
#include "util/strutil.h"

#define MATE 100000
/* Bounds of a score as it is read (numbers other programs write: `+M2147483647`, `+1e300`): a
   mate within NOTE_MATE_MAX moves, pawns within +-NOTE_PAWNS_MAX, a depth of 0-NOTE_DEPTH_MAX.
   The graph shows more as its edge. */
#define NOTE_MATE_MAX 9999
#define NOTE_PAWNS_MAX 999.99
#define NOTE_DEPTH_MAX 9999

/* A mate in n moves (either sign) as a score's size, bounded. */
static int mate_size(long n)
{
    long m = n < 0 ? (n < -NOTE_MATE_MAX ? NOTE_MATE_MAX : -n) : (n > NOTE_MATE_MAX ? NOTE_MATE_MAX : n);
    return MATE + (int)m;
}

/* Pawns in centipawns, bounded; false for NaN. */
static bool pawns_cp(double v, int *cp)
{
    if (v != v)
        return false;
    v = v > NOTE_PAWNS_MAX ? NOTE_PAWNS_MAX : v < -NOTE_PAWNS_MAX ? -NOTE_PAWNS_MAX : v;
    *cp = (int)(v * 100 + (v < 0 ? -0.5 : 0.5));
    return true;
}

/* A depth after a score, bounded. */
static int read_depth(const char *s, char **end)
{
    long d = strtol(s, end, 10);
    return d < 0 ? 0 : d > NOTE_DEPTH_MAX ? NOTE_DEPTH_MAX : (int)d;
}

void evalnote_format(int sente_cp, int depth, char *out, size_t outsz)
{
    if (sente_cp >= MATE)
        snprintf(out, outsz, "[%%eval #%d,%d]", sente_cp - MATE, depth);
    else if (sente_cp <= -MATE)
        snprintf(out, outsz, "[%%eval #-%d,%d]", -sente_cp - MATE, depth);
    else
        snprintf(out, outsz, "[%%eval %.2f,%d]", sente_cp / 100.0, depth);
}

/* "[%eval V,D]" at the start of s: the score and the text after it. */
static bool read_eval(const char *s, int *cp, int *depth, const char **rest)
{
    if (strncmp(s, "[%eval ", 7) != 0)
        return false;
    const char *p = s + 7;
    char *end;
    if (*p == '#') {
        long n = strtol(p + 1, &end, 10);
        if (end == p + 1)
            return false;
        *cp = n < 0 || p[1] == '-' ? -mate_size(n) : mate_size(n);
    } else {
        double v = strtod(p, &end);
        if (end == p || !pawns_cp(v, cp))
            return false;
    }
    *depth = 0;
    if (*end == ',')
        *depth = read_depth(end + 1, &end);
    if (*end != ']')
        return false;
    *rest = end + 1;
    return true;
}

/* "+0.35/12" or "-M3/7" at the start of s (the mover's view). */
static bool read_engine_view(const char *s, int *cp, int *depth, const char **rest)
{
    if ((s[0] != '+' && s[0] != '-') || !s[1])
        return false;
    int sign = s[0] == '-' ? -1 : 1;
    char *end;
    if (s[1] == 'M') {
        long n = strtol(s + 2, &end, 10);
        if (end == s + 2)
            return false;
        *cp = sign * mate_size(n);
    } else {
        double v = strtod(s + 1, &end);
        if (end == s + 1 || !pawns_cp(v, cp))
            return false;
        *cp *= sign;
    }
    if (*end != '/')
        return false;
    *depth = read_depth(end + 1, &end);
    *rest = end;
    return true;
}

bool evalnote_read(const char *note, int mover, int *sente_cp, char *normal, size_t normalsz)
{
    int cp, depth;
    const char *rest;
    if (read_eval(note, &cp, &depth, &rest)) {
        *sente_cp = cp;
        str_copy(normal, normalsz, note);
        return true;
    }
    if (!read_engine_view(note, &cp, &depth, &rest)) {
        str_copy(normal, normalsz, note);
        return false;
    }
    *sente_cp = mover == BLACK ? cp : -cp;
    char head[64];
    evalnote_format(*sente_cp, depth, head, sizeof head);
    snprintf(normal, normalsz, "%s%s", head, rest);
    return true;
}
