/* Piece pictures (gui/pieces.h): every kind, both colours, every set, under every value of
 * every rules option is a well-formed SVG document (checked by a small XML parser here);
 * a rules option that changes how a piece moves changes its mnemonic picture and its diagram
 * (and leaves the others alone); pictures of different kinds differ in every set; the XBoard
 * theme has the file names XBoard 4.9.1 reads. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "gui/diagram.h"
#include "gui/pieces.h"
#include "gui/xbtheme.h"

/* Well-formed XML: balanced tags, quoted attributes, known entities, one root. */
static bool well_formed(const char *s, char *why, size_t whysz)
{
    char stack[64][32];
    int depth = 0, roots = 0;
    const char *p = s;
    while (*p) {
        if (*p != '<') {
            if (*p == '&' && strncmp(p, "&amp;", 5) && strncmp(p, "&lt;", 4) &&
                strncmp(p, "&gt;", 4) && strncmp(p, "&quot;", 6) && strncmp(p, "&apos;", 6))
                return snprintf(why, whysz, "bad entity at %.20s", p), false;
            if (depth == 0 && *p != ' ' && *p != '\n')
                return snprintf(why, whysz, "text outside the root"), false;
            p++;
            continue;
        }
        bool closing = p[1] == '/';
        const char *name = p + 1 + closing;
        size_t n = strcspn(name, " />\t\n");
        if (n == 0 || n >= 32)
            return snprintf(why, whysz, "bad tag name at %.20s", p), false;
        const char *q = name + n;
        /* attributes: name='value' or name="value" */
        while (*q && *q != '>' && !(q[0] == '/' && q[1] == '>')) {
            if (*q == ' ' || *q == '\t' || *q == '\n') {
                q++;
                continue;
            }
            size_t an = strcspn(q, "= >");
            if (an == 0 || q[an] != '=' || (q[an + 1] != '\'' && q[an + 1] != '"'))
                return snprintf(why, whysz, "bad attribute at %.30s", q), false;
            char quote = q[an + 1];
            const char *end = strchr(q + an + 2, quote);
            if (!end || memchr(q + an + 2, '<', (size_t)(end - q - an - 2)))
                return snprintf(why, whysz, "unterminated attribute at %.30s", q), false;
            q = end + 1;
        }
        if (!*q)
            return snprintf(why, whysz, "unterminated tag"), false;
        bool empty = *q == '/';
        if (closing) {
            if (depth == 0 || strncmp(stack[depth - 1], name, n) || stack[depth - 1][n])
                return snprintf(why, whysz, "mismatched </%.*s>", (int)n, name), false;
            depth--;
        } else if (!empty) {
            if (depth == 0)
                roots++;
            if (depth == 64)
                return snprintf(why, whysz, "too deep"), false;
            memcpy(stack[depth], name, n);
            stack[depth++][n] = '\0';
        } else if (depth == 0)
            roots++;
        p = q + (empty ? 2 : 1);
    }
    if (depth || roots != 1)
        return snprintf(why, whysz, "%d open tags, %d roots", depth, roots), false;
    return true;
}

static char *svg_of(const RuleSet *rs, int set, int kind, int colour)
{
    return piece_svg(rs, set, kind, colour);
}

/* Every picture of every kind in every set under rs is well-formed; pictures of different
   kinds (and colours) differ. */
static int check_all(const RuleSet *rs, const char *label)
{
    int count = 0;
    for (int set = 0; set < SET_COUNT; set++)
        for (int kind = 1; kind < KIND_COUNT; kind++) {
            if (kind_move_type[kind] == MT_NONE)
                continue;
            for (int c = 0; c < 2; c++) {
                char *svg = svg_of(rs, set, kind, c), why[200] = "";
                CHECK(well_formed(svg, why, sizeof why) && strstr(svg, "viewBox='0 0 100 100'"),
                      "%s: set %d kind %d colour %d: %s", label, set, kind, c, why);
                CHECK(c == 0 || strstr(svg, "rotate(180"), "gote's pieces are rotated");
                count++;
                free(svg);
            }
            char *d = piece_diagram_svg(rs, kind), *t = piece_moves_text(rs, kind), why[200] = "";
            CHECK(well_formed(d, why, sizeof why), "%s: diagram of kind %d: %s", label, kind, why);
            CHECK(strlen(t) > 5 && t[strlen(t) - 1] == '.', "moves text of kind %d: %s", kind, t);
            free(d);
            free(t);
        }
    return count;
}

/* Distinct pictures in a set: every kind looks different from every other kind. */
static void distinct(const RuleSet *rs)
{
    for (int set = 0; set < SET_COUNT; set++) {
        char *svgs[KIND_COUNT] = {0};
        for (int kind = 1; kind < KIND_COUNT; kind++)
            if (kind_move_type[kind] != MT_NONE)
                svgs[kind] = svg_of(rs, set, kind, BLACK);
        int same = 0;
        for (int a = 1; a < KIND_COUNT; a++)
            for (int b = a + 1; b < KIND_COUNT; b++)
                if (svgs[a] && svgs[b] && !strcmp(svgs[a], svgs[b])) {
                    same++;
                    fprintf(stderr, "set %d: kinds %d and %d look the same\n", set, a, b);
                }
        CHECK(same == 0, "set %s: every kind has its own picture", piece_set_name[set]);
        for (int kind = 0; kind < KIND_COUNT; kind++)
            free(svgs[kind]);
    }
}

/* The option's alternative value changes the mnemonic picture and diagram of exactly the
   kinds whose movement it changes. */
static void option_changes(int option, const int *kinds, int nkinds)
{
    Rules def, alt;
    rules_default(&def);
    alt = def;
    *(int *)((char *)&alt + rule_options[option].offset) = 1;
    RuleSet *a = ruleset_new(&def), *b = ruleset_new(&alt);
    for (int kind = 1; kind < KIND_COUNT; kind++) {
        if (kind_move_type[kind] == MT_NONE)
            continue;
        bool affected = false;
        for (int i = 0; i < nkinds; i++)
            affected |= kinds[i] == kind;
        char *x = svg_of(a, SET_MNEMONIC, kind, BLACK), *y = svg_of(b, SET_MNEMONIC, kind, BLACK);
        char *dx = piece_diagram_svg(a, kind), *dy = piece_diagram_svg(b, kind);
        CHECK((strcmp(x, y) != 0) == affected, "%s: mnemonic of kind %d %s",
              rule_options[option].name, kind, affected ? "changes" : "stays");
        CHECK((strcmp(dx, dy) != 0) == affected, "%s: diagram of kind %d", rule_options[option].name,
              kind);
        char *kx = svg_of(a, SET_KANJI, kind, BLACK), *ky = svg_of(b, SET_KANJI, kind, BLACK);
        CHECK(!strcmp(kx, ky), "kanji pictures do not depend on the rules");
        free(x), free(y), free(dx), free(dy), free(kx), free(ky);
    }
    ruleset_free(a);
    ruleset_free(b);
}

static void xboard_theme(void)
{
    char dir[] = "/tmp/kaki-xbtheme-XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "temporary directory");
    char err[300];
    int n = xboard_pieces_write(ruleset_default(), SET_KANJI, dir, err, sizeof err);
    CHECK(n == 130, "130 pictures written (%d): %s", n, err);
    static const char *const names[] = {"WhiteKing.svg", "BlackKing.svg", "WhitePawn.svg",
                                        "BlackLance.svg", "WhiteDuck.svg", "BlackPrincess.svg",
                                        "WhiteKylin.svg", "WhiteCrown.svg", "BlackDrunk.svg"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        CHECK(access(path, R_OK) == 0, "%s written", names[i]);
    }
    char path[512], line[1024] = "";
    snprintf(path, sizeof path, "%s/inscriptions.txt", dir);
    FILE *f = fopen(path, "r");
    CHECK(f && fgets(line, sizeof line, f), "inscriptions written");
    if (f)
        fclose(f);
    CHECK(line[0] == '2' && strstr(line, "車香") && strstr(line, "鬼火"),
          "the lance and the fire demon, which share XBoard's Lance image, are inscribed: %s", line);
    /* remove the directory */
    DIR *d = opendir(dir);
    struct dirent *e;
    int files = 0;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        files++;
        unlink(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
    CHECK(files == 131, "131 files in the theme (%d)", files);
    CHECK(xboard_pieces_write(ruleset_default(), SET_KANJI, "/proc/nonexistent/dir", err, sizeof err) == -1,
          "an unwritable directory is an error: %s", err);
}

int main(void)
{
    /* every rules option in every value */
    int total = check_all(ruleset_default(), "defaults");
    for (int i = 0; i < rule_option_count; i++)
        for (int v = 1; rule_options[i].values[v]; v++) {
            Rules r;
            rules_default(&r);
            *(int *)((char *)&r + rule_options[i].offset) = v;
            RuleSet *rs = ruleset_new(&r);
            total += check_all(rs, rule_options[i].name);
            ruleset_free(rs);
        }
    distinct(ruleset_default());
    static const int lion_hawk[] = {LION_HAWK, BASE_KIND_COUNT + LION};
    static const int free_eagle[] = {FREE_EAGLE, BASE_KIND_COUNT + QUEEN};
    static const int fd_range[] = {FIRE_DEMON, BASE_KIND_COUNT + WATER_BUFFALO};
    static const int tetrarch[] = {BASE_KIND_COUNT + CHARIOT_SOLDIER};
    option_changes(0, lion_hawk, 2);
    option_changes(1, free_eagle, 2);
    option_changes(3, fd_range, 2);
    option_changes(4, tetrarch, 1);
    option_changes(2, NULL, 0); /* fd_suicide changes no movement */
    xboard_theme();
    printf("%d pictures checked\n", total);
    return check_finish("test_gui_pieces");
}
