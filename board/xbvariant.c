#include "xbvariant.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "tfen.h"

/* docs/PROTOCOL.md §2.3: chu pieces stay in the slots XBoard's built-in chu uses; the Lion slot
   (21) holds the multi general so that XBoard's chu lion-trading code never touches a lion. */
const char *const xb_slot_id[XB_SLOTS] = {
    "P",  "N",  "B",  "R",   "Q",   "S",   "E",   "X",  "O",   "G",   "D'",  "S'",  "V'", "H",
    "D",  "C!", "W!", "^D",  "L",   "I",   "^H",  "^D'", "V",  "F!",  "E!",  "B!",  "R!", "V!",
    "Q!", "D!", "H!", "^T",  "Q'",  "^N",  "^L",  "^V'", "C",  "^I",  "^S'", "^C!", "A",  "^A",
    "F",  "T",  "^W!", "^F!", "^F", "^G",  "^M",  "^E!", "^E", "^X",  "L!",  "^O",  "^L!", "^P",
    "^Q", "^B", "^R", "^B!", "^R!", "M",   "^S",  "^C",  "^V", "K",
};

int xb_slot_kind(int slot)
{
    const char *id = xb_slot_id[slot];
    bool promoted = id[0] == '^';
    if (promoted)
        id++;
    int kind = kind_from_tfen(id[0], id[1]);
    return promoted && kind ? promoted_kind(kind) : kind;
}

char *xb_piece_table(char *out, size_t outsz)
{
    size_t n = 0;
    out[0] = '\0';
    for (int half = 0; half < 2; half++)
        for (int s = 0; s < XB_SLOTS; s++)
            for (const char *p = xb_slot_id[s]; *p && n + 1 < outsz; p++)
                out[n++] = half ? (char)tolower((unsigned char)*p) : *p, out[n] = '\0';
    return out;
}

char *xb_fen(const Position *pos, char *out, size_t outsz)
{
    char board[TFEN_MAX];
    tfen_print_board(pos, board);
    snprintf(out, outsz, "%s %c 0 1", board, pos->side == BLACK ? 'w' : 'b');
    return out;
}

char *xb_setup_line(const Position *start, char *out, size_t outsz)
{
    char table[2 * XB_SLOTS * 3 + 1], fen[TFEN_MAX + 16];
    xb_piece_table(table, sizeof table);
    xb_fen(start, fen, sizeof fen);
    snprintf(out, outsz, "setup (%s) 16x16+0_chu %s", table, fen);
    return out;
}

/* ---- Betza ---------------------------------------------------------------------------- */

typedef struct Buf {
    char *p;
    size_t n, size;
} Buf;

static void put(Buf *b, const char *s)
{
    int k = snprintf(b->p + b->n, b->n < b->size ? b->size - b->n : 0, "%s", s);
    if (k > 0)
        b->n += (size_t)k;
    if (b->n >= b->size)
        b->n = b->size - 1;
}

/* Direction prefix for the orthogonal groups F, Sd, Bk (bits 0, 1, 2) that share a move. */
static const char *orth_prefix(int dirs)
{
    static const char *const names[8] = {"", "f", "s", "fs", "b", "v", "sb", ""};
    return names[dirs & 7];
}

/* Direction prefix for the diagonal groups FD, BD (bits 0, 1). */
static const char *diag_prefix(int dirs)
{
    static const char *const names[4] = {"", "f", "b", ""};
    return names[dirs & 3];
}

char *xb_betza(const MoveSpec *ms, char *out, size_t outsz)
{
    Buf b = {out, 0, outsz};
    out[0] = '\0';
    /* slides, steps and jumps per movement code, grouped by direction */
    static const struct {
        uint8_t code;
        const char *mod, *orth, *diag, *all;
    } kinds[] = {
        {MV_RANGE, "", "R", "B", "Q"},   {MV_STEP, "", "W", "F", "K"},
        {MV_TWO, "", "R2", "B2", "Q2"},  {MV_JUMP2, "", "D", "A", "AD"},
        {MV_SKIPR, "j", "R", "B", "Q"},  {MV_SKIP3, "j", "R3", "B3", "Q3"},
    };
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        int orth = 0, diag = 0;
        if (ms->group[GRP_F] & kinds[k].code)
            orth |= 1;
        if (ms->group[GRP_SD] & kinds[k].code)
            orth |= 2;
        if (ms->group[GRP_BK] & kinds[k].code)
            orth |= 4;
        if (ms->group[GRP_FD] & kinds[k].code)
            diag |= 1;
        if (ms->group[GRP_BD] & kinds[k].code)
            diag |= 2;
        if (orth == 7 && diag == 3) {
            put(&b, kinds[k].mod);
            put(&b, kinds[k].all);
            continue;
        }
        if (orth) {
            put(&b, kinds[k].mod);
            put(&b, orth_prefix(orth));
            put(&b, kinds[k].orth);
        }
        if (diag) {
            put(&b, kinds[k].mod);
            put(&b, diag_prefix(diag));
            put(&b, kinds[k].diag);
        }
    }
    if (ms->knight)
        put(&b, "ffN");
    switch (ms->lion) {
    case LION_FULL: /* step/jump anywhere within 2, capture and step again (double capture,
                       hit-and-run, igui), step to an empty square and back (pass) */
        put(&b, "KNADcaKmabK");
        break;
    case LION_DIAG: /* lion power on the diagonals only (free eagle) */
        put(&b, "ADcaFmabF");
        break;
    case LION_LINE: /* along the power lines: step, jump to the 2nd square, capture and go on
                       or come back, pass */
        for (int g = 0; g < GRP_COUNT; g++) {
            if (!(ms->lion_groups & (1 << g)))
                continue;
            bool diagonal = g == GRP_FD || g == GRP_BD;
            const char *d = g == GRP_F || g == GRP_FD   ? "f"
                            : g == GRP_BK || g == GRP_BD ? "b"
                                                         : "s";
            const char *x = diagonal ? "F" : "W", *j = diagonal ? "A" : "D";
            char tmp[64];
            snprintf(tmp, sizeof tmp, "%s%s%s%s%scav%s%smab%s", d, x, d, j, d, x, d, x);
            put(&b, tmp);
        }
        break;
    default:
        break;
    }
    if (ms->area == 2)
        put(&b, "KaK");
    else if (ms->area >= 3)
        put(&b, "KaKaaK");
    if (ms->igui_all)
        put(&b, "cabK");
    /* Not expressible in 4.9.1 (docs/PROTOCOL.md §2.7): range jumps, burns. */
    return out;
}

char *xb_piece_line(const RuleSet *rs, int slot, char *out, size_t outsz)
{
    int kind = xb_slot_kind(slot);
    const char *id = xb_slot_id[slot];
    bool promoted = id[0] == '^';
    char betza[128];
    xb_betza(&rs->spec[kind_move_type[kind]], betza, sizeof betza);
    snprintf(out, outsz, "piece %s%s& %s", promoted ? "+" : "", promoted ? id + 1 : id, betza);
    return out;
}
