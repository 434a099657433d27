#include "openings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/exchange.h"
#include "board/tfen.h"
#include "util/strutil.h"

int openings_load(const char *path, const RuleSet *rs, char ***tfens, char *err, size_t errsz)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errsz, "cannot open openings file %s: %s", path, strerror(errno));
        return -1;
    }
    Position *pos = xmalloc(sizeof *pos);
    MoveVec list_all = {0}, *list = &list_all;
    char **v = NULL;
    int n = 0, cap = 0, lineno = 0;
    char line[4096];
    int rc = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        size_t l = strlen(line);
        if (l == sizeof line - 1 && line[l - 1] != '\n') {
            snprintf(err, errsz, "%s:%d: line too long", path, lineno);
            rc = -1;
            break;
        }
        while (l && (line[l - 1] == '\n' || line[l - 1] == '\r' || line[l - 1] == ' ' ||
                     line[l - 1] == '\t'))
            line[--l] = '\0';
        char *s = line;
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s || *s == '#')
            continue;
        position_clear(pos, rs);
        char e2[200];
        if (tfen_parse(pos, s, e2, sizeof e2) != 0) {
            snprintf(err, errsz, "%s:%d: bad TFEN: %s", path, lineno, e2);
            rc = -1;
            break;
        }
        if (position_game_over(pos)) {
            snprintf(err, errsz, "%s:%d: the game is already over (a side has no royal)", path,
                     lineno);
            rc = -1;
            break;
        }
        generate_legal(pos, list);
        if (list->count == 0) {
            snprintf(err, errsz, "%s:%d: the side to move has no legal move", path, lineno);
            rc = -1;
            break;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            v = xrealloc(v, (size_t)cap * sizeof *v);
        }
        char canon[TFEN_MAX];
        v[n++] = xstrdup(tfen_print(pos, canon));
    }
    fclose(f);
    free(pos);
    movevec_free(list);
    if (rc == 0 && n == 0) {
        snprintf(err, errsz, "%s: no positions in the file", path);
        rc = -1;
    }
    if (rc != 0) {
        for (int i = 0; i < n; i++)
            free(v[i]);
        free(v);
        return -1;
    }
    *tfens = v;
    return n;
}

uint64_t openings_checksum(char *const *tfens, int n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 0; i < n; i++)
        for (const char *p = tfens[i];; p++) {
            h = (h ^ (unsigned char)(*p ? *p : '\n')) * 0x100000001b3ULL;
            if (!*p)
                break;
        }
    return h;
}

int material_search(Position *pos) { return capture_search(pos, 6, 20000); }

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int opening_random(const RuleSet *rs, uint64_t seed, int number, int plies, int balance_cp,
                   Opening *out)
{
    uint64_t state = seed ^ (0xD1B54A32D192ED03ULL * (uint64_t)(number + 1));
    splitmix(&state);
    Position *pos = xmalloc(sizeof *pos);
    MoveVec list_all = {0}, *list = &list_all;
    int rc = -1;
    if (plies > OPENING_MAX_PLIES)
        plies = OPENING_MAX_PLIES;
    for (int attempt = 0; attempt < 10000 && rc != 0; attempt++) {
        position_start(pos, rs);
        int n = 0;
        bool ok = true;
        for (; n < plies; n++) {
            generate_legal(pos, list);
            if (list->count == 0) {
                ok = false;
                break;
            }
            Move m = list->moves[splitmix(&state) % (uint64_t)list->count];
            out->moves[n] = m;
            Undo u;
            make_move(pos, m, &u);
            if (position_game_over(pos)) {
                ok = false;
                break;
            }
        }
        if (!ok)
            continue;
        generate_legal(pos, list);
        if (list->count == 0 || in_check(pos))
            continue;
        int d = material_balance(pos);
        if (d > balance_cp || d < -balance_cp)
            continue;
        int s = material_search(pos);
        if (s > balance_cp || s < -balance_cp)
            continue;
        out->nmoves = plies;
        rc = 0;
    }
    out->number = number;
    out->tfen = NULL;
    snprintf(out->label, sizeof out->label, "random %d plies, seed %llu, #%d", plies,
             (unsigned long long)seed, number + 1);
    free(pos);
    movevec_free(list);
    return rc;
}

int *openings_order(int n, bool shuffle, uint64_t seed, int offset)
{
    int *order = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *order);
    for (int i = 0; i < n; i++)
        order[i] = i;
    uint64_t state = seed ^ 0x9E3779B97F4A7C15ULL;
    for (int i = 0; shuffle && i + 1 < n; i++) { /* Fisher-Yates */
        int j = i + (int)(splitmix(&state) % (uint64_t)(n - i));
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    int *rotated = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *rotated);
    for (int i = 0; i < n; i++)
        rotated[i] = order[(int)(((int64_t)offset + i) % n)];
    free(order);
    return rotated;
}
