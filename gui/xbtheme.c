/* The piece pictures as an XBoard 4.9.1 piece theme (xbtheme.h). */
#include "xbtheme.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pieces.h"
#include "board/xbvariant.h"
#include "platform/files.h"
#include "util/strbuf.h"

/* The image name of every piece slot, in slot order: pngPieceNames[] of XBoard 4.9.1's draw.c.
   XBoard reads DIR/White<Name>.svg and DIR/Black<Name>.svg.  Slots 18 (its Lance) and 29 (its
   Amazon) share the name "Lance": XBoard 4.9.1 has no way to give them different pictures. */
static const char *const xb_image_name[XB_SLOTS] = {
    "Pawn", "Knight", "Bishop", "Rook", "Queen", "Advisor", "Elephant", "Archbishop",
    "Marshall", "Gold", "Commoner", "Canon", "Nightrider", "CrownedBishop", "CrownedRook",
    "Crown", "Chancellor", "Hawk", "Lance", "Cobra", "Unicorn", "Lion", "Sword", "Zebra",
    "Camel", "Tower", "Wolf", "Hat", "Duck", "Lance", "Dragon", "Gnu", "Cub", "LShield",
    "Pegasus", "Wizard", "Copper", "Iron", "Viking", "Flag", "Axe", "Dolphin", "Leopard",
    "Claw", "Left", "Butterfly", "PromoBishop", "PromoRook", "HCrown", "RShield", "Prince",
    "Phoenix", "Kylin", "Drunk", "Right", "GoldPawn", "GoldKnight", "PromoHorse",
    "PromoDragon", "GoldLance", "GoldSilver", "HSword", "PromoSword", "PromoHSword",
    "Princess", "King",
};

/* Is this slot's image name used by another slot as well?  *first: this is the first slot
   with that name. */
static bool shared_name(int slot, bool *first)
{
    bool shared = false;
    *first = true;
    for (int s = 0; s < XB_SLOTS; s++)
        if (s != slot && strcmp(xb_image_name[s], xb_image_name[slot]) == 0) {
            shared = true;
            *first &= s > slot;
        }
    return shared;
}

static int write_file(const char *dir, const char *name, const char *text, char *err,
                      size_t errsz)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) == EOF || fclose(f) != 0) {
        snprintf(err, errsz, "cannot write %s: %s", path, strerror(errno));
        if (f)
            fclose(f);
        return -1;
    }
    return 0;
}

/* The pentagon alone, for a name two slots share: XBoard's inscriptions (-inscriptions, the
   file inscriptions.txt) tell those two pieces apart. */
static char *blank_piece(int colour)
{
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100' width='100' "
                  "height='100'><g%s><path d='M50 4 L83 19 L91 96 L9 96 L17 19 Z' "
                  "fill='#f3d9a0' stroke='#6b4a1e' stroke-width='2.5'/></g></svg>",
              colour ? " transform='rotate(180 50 50)'" : "");
    return sb_take(&b);
}

/* The -inscriptions value: two characters per slot (XBoard draws the second above the first),
   blanks except for the slots whose picture is shared. */
static char *inscriptions(int set)
{
    StrBuf b;
    sb_init(&b);
    sb_puts(&b, "2");
    for (int s = 0; s < XB_SLOTS; s++) {
        int kind = xb_slot_kind(s);
        bool first;
        if (!shared_name(s, &first)) {
            sb_puts(&b, "  ");
            continue;
        }
        const char *k = piece_inscription(kind, BLACK);
        const char *second = k + 1;
        while ((*second & 0xC0) == 0x80)
            second++;
        if (set == SET_KANJI && *second) { /* lower character first */
            sb_puts(&b, second);
            sb_append(&b, k, (size_t)(second - k));
        } else { /* letters: the abbreviation's first and last letter, upper above lower */
            const char *a = kind_abbrev[kind_base(kind)];
            size_t n = strlen(a);
            char two[3] = {n > 1 ? a[n - 1] : ' ', a[0], '\0'};
            sb_puts(&b, two);
        }
    }
    return sb_take(&b);
}

/* mkdir -p */
static int make_dirs(const char *dir, char *err, size_t errsz)
{
    char path[4096];
    snprintf(path, sizeof path, "%s", dir);
    for (char *p = path + 1;; p++) {
        char c = *p;
        if (c != '/' && c != '\0')
            continue;
        *p = '\0';
        if (platform_mkdir(path) != 0 && errno != EEXIST) {
            snprintf(err, errsz, "cannot create %s: %s", path, strerror(errno));
            return -1;
        }
        *p = c;
        if (!c)
            return 0;
    }
}

int xboard_pieces_write(const RuleSet *rs, int set, const char *dir, char *err, size_t errsz)
{
    if (make_dirs(dir, err, errsz))
        return -1;
    int files = 0;
    for (int s = 0; s < XB_SLOTS; s++) {
        int kind = xb_slot_kind(s);
        bool first, shared = shared_name(s, &first);
        if (shared && !first)
            continue;
        for (int colour = 0; colour < 2; colour++) {
            char name[64];
            snprintf(name, sizeof name, "%s%s.svg", colour == BLACK ? "White" : "Black",
                     xb_image_name[s]);
            char *svg = shared ? blank_piece(colour) : piece_svg(rs, set, kind, colour);
            int rc = write_file(dir, name, svg, err, errsz);
            free(svg);
            if (rc)
                return -1;
            files++;
        }
    }
    char *ins = inscriptions(set);
    int rc = write_file(dir, "inscriptions.txt", ins, err, errsz);
    free(ins);
    return rc ? -1 : files;
}
