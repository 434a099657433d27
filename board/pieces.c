#include "pieces.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Notation abbreviations (docs/RULES.md §2.1), canonical set, indexed by base kind. */
const char *const kind_abbrev[BASE_KIND_COUNT + 1] = {
    "", "K", "GGn", "VGn", "RGn", "BGn", "FEg", "FK", "SE", "HF", "WBf", "ChS", "FiD", "LHk", "Ln",
    "DK", "DH", "R", "B", "Ky", "Ph", "DE", "BT", "FL", "G", "S", "C", "I", "N", "VM", "SM", "RC",
    "L", "VSo", "SSo", "Dg", "P",
};

/* TFEN / XBoard piece IDs (docs/RULES.md §3.2), upper case, indexed by base kind. */
const char *const kind_tfen[BASE_KIND_COUNT + 1] = {
    "", "K", "Q!", "V!", "R!", "B!", "Q'", "Q", "E!", "F!", "W!", "C!", "D!", "H!", "L!",
    "D", "H", "R", "B", "O", "X", "E", "T", "F", "G", "S", "C", "I", "N", "V", "M", "A",
    "L", "V'", "S'", "D'", "P",
};

const char *const kind_english[KIND_COUNT] = {
    "", "king", "great general", "vice general", "rook general", "bishop general", "free eagle",
    "queen", "soaring eagle", "horned falcon", "water buffalo", "chariot soldier", "fire demon",
    "lion hawk", "lion", "dragon king", "dragon horse", "rook", "bishop", "kirin", "phoenix",
    "drunk elephant", "blind tiger", "ferocious leopard", "gold general", "silver general",
    "copper general", "iron general", "knight", "vertical mover", "side mover",
    "reverse chariot", "lance", "vertical soldier", "side soldier", "dog", "pawn",
    /* promoted forms, same order */
    "", "", "", "great general (+RGn)", "vice general (+BGn)", "", "free eagle (+FK)",
    "rook general (+SE)", "bishop general (+HF)", "fire demon (+WBf)", "heavenly tetrarch",
    "", "", "lion hawk (+Ln)", "soaring eagle (+DK)", "horned falcon (+DH)",
    "dragon king (+R)", "dragon horse (+B)", "lion (+Ky)", "queen (+Ph)", "prince",
    "flying stag", "bishop (+FL)", "rook (+G)", "vertical mover (+S)", "side mover (+C)",
    "vertical soldier (+I)", "side soldier (+N)", "flying ox", "free boar", "whale",
    "white horse", "chariot soldier (+VSo)", "water buffalo (+SSo)", "multi general", "tokin",
};

/* docs/RULES.md §7 (German Chu Shogi Association), pawn = 100, promoted kinds valued as what they
   became; the king and the prince 4 pawns, as the table has them. */
const int16_t piece_value[KIND_COUNT] = {
    [KING] = 400, [GREAT_GENERAL] = 4500, [VICE_GENERAL] = 3900, [ROOK_GENERAL] = 2300,
    [BISHOP_GENERAL] = 2100, [FREE_EAGLE] = 2200, [QUEEN] = 2200, [SOARING_EAGLE] = 1800,
    [HORNED_FALCON] = 1900, [WATER_BUFFALO] = 1700, [CHARIOT_SOLDIER] = 1800,
    [FIRE_DEMON] = 8300, [LION_HAWK] = 2500, [LION] = 1800, [DRAGON_KING] = 1400,
    [DRAGON_HORSE] = 1200, [ROOK] = 1200, [BISHOP] = 1000, [KIRIN] = 300, [PHOENIX] = 300,
    [DRUNK_ELEPHANT] = 300, [BLIND_TIGER] = 300, [FEROCIOUS_LEOPARD] = 300, [GOLD] = 300,
    [SILVER] = 200, [COPPER] = 200, [IRON] = 200, [KNIGHT] = 100, [VERTICAL_MOVER] = 700,
    [SIDE_MOVER] = 700, [REVERSE_CHARIOT] = 600, [LANCE] = 600, [VERTICAL_SOLDIER] = 800,
    [SIDE_SOLDIER] = 700, [DOG] = 100, [PAWN] = 100,
    /* promoted forms: the value of what they became (§7 "Promoted value") */
    [BASE_KIND_COUNT + ROOK_GENERAL] = 4500, [BASE_KIND_COUNT + BISHOP_GENERAL] = 3900,
    [BASE_KIND_COUNT + QUEEN] = 2200, [BASE_KIND_COUNT + SOARING_EAGLE] = 2300,
    [BASE_KIND_COUNT + HORNED_FALCON] = 2100, [BASE_KIND_COUNT + WATER_BUFFALO] = 8300,
    [BASE_KIND_COUNT + CHARIOT_SOLDIER] = 1200, [BASE_KIND_COUNT + LION] = 2500,
    [BASE_KIND_COUNT + DRAGON_KING] = 1800, [BASE_KIND_COUNT + DRAGON_HORSE] = 1900,
    [BASE_KIND_COUNT + ROOK] = 1400, [BASE_KIND_COUNT + BISHOP] = 1200,
    [BASE_KIND_COUNT + KIRIN] = 1800, [BASE_KIND_COUNT + PHOENIX] = 2200,
    [BASE_KIND_COUNT + DRUNK_ELEPHANT] = 400 /* prince */,
    [BASE_KIND_COUNT + BLIND_TIGER] = 900, [BASE_KIND_COUNT + FEROCIOUS_LEOPARD] = 1000,
    [BASE_KIND_COUNT + GOLD] = 1200, [BASE_KIND_COUNT + SILVER] = 700,
    [BASE_KIND_COUNT + COPPER] = 700, [BASE_KIND_COUNT + IRON] = 800,
    [BASE_KIND_COUNT + KNIGHT] = 700, [BASE_KIND_COUNT + VERTICAL_MOVER] = 1600,
    [BASE_KIND_COUNT + SIDE_MOVER] = 1600, [BASE_KIND_COUNT + REVERSE_CHARIOT] = 1000,
    [BASE_KIND_COUNT + LANCE] = 1400, [BASE_KIND_COUNT + VERTICAL_SOLDIER] = 1800,
    [BASE_KIND_COUNT + SIDE_SOLDIER] = 1700, [BASE_KIND_COUNT + DOG] = 600,
    [BASE_KIND_COUNT + PAWN] = 300,
};

/* How every kind moves.  Starting types move as themselves; the promoted form of a type moves
   as the type it becomes (docs/RULES.md §2.2 "Promotes to", §2.3). */
const uint8_t kind_move_type[KIND_COUNT] = {
    0, KING, GREAT_GENERAL, VICE_GENERAL, ROOK_GENERAL, BISHOP_GENERAL, FREE_EAGLE, QUEEN,
    SOARING_EAGLE, HORNED_FALCON, WATER_BUFFALO, CHARIOT_SOLDIER, FIRE_DEMON, LION_HAWK, LION,
    DRAGON_KING, DRAGON_HORSE, ROOK, BISHOP, KIRIN, PHOENIX, DRUNK_ELEPHANT, BLIND_TIGER,
    FEROCIOUS_LEOPARD, GOLD, SILVER, COPPER, IRON, KNIGHT, VERTICAL_MOVER, SIDE_MOVER,
    REVERSE_CHARIOT, LANCE, VERTICAL_SOLDIER, SIDE_SOLDIER, DOG, PAWN,
    /* promoted: K, GGn, VGn never promote */
    0, 0, 0,
    GREAT_GENERAL,        /* +RGn */
    VICE_GENERAL,         /* +BGn */
    0,                    /* FEg */
    FREE_EAGLE,           /* +FK */
    ROOK_GENERAL,         /* +SE */
    BISHOP_GENERAL,       /* +HF */
    FIRE_DEMON,           /* +WBf */
    MT_HEAVENLY_TETRARCH, /* +ChS */
    0, 0,                 /* FiD, LHk */
    LION_HAWK,            /* +Ln */
    SOARING_EAGLE,        /* +DK */
    HORNED_FALCON,        /* +DH */
    DRAGON_KING,          /* +R */
    DRAGON_HORSE,         /* +B */
    LION,                 /* +Ky */
    QUEEN,                /* +Ph */
    KING,                 /* +DE = prince, moves as a king */
    MT_FLYING_STAG,       /* +BT */
    BISHOP,               /* +FL */
    ROOK,                 /* +G */
    VERTICAL_MOVER,       /* +S */
    SIDE_MOVER,           /* +C */
    VERTICAL_SOLDIER,     /* +I */
    SIDE_SOLDIER,         /* +N */
    MT_FLYING_OX,         /* +VM */
    MT_FREE_BOAR,         /* +SM */
    MT_WHALE,             /* +RC */
    MT_WHITE_HORSE,       /* +L */
    CHARIOT_SOLDIER,      /* +VSo */
    WATER_BUFFALO,        /* +SSo */
    MT_MULTI_GENERAL,     /* +Dg */
    GOLD,                 /* +P = tokin */
};

/* The movement table: docs/RULES.md §2.5, one row per move type, columns F, FD, Sd, BD, Bk. */
#define S MV_STEP
#define T MV_TWO
#define R MV_RANGE
#define J MV_JUMP2
#define ROW(...) .group = {__VA_ARGS__}
static const MoveSpec base_spec[MT_COUNT] = {
    /*                                   F      FD     Sd     BD     Bk                      */
    [KING]              = {"king",              ROW(S, S, S, S, S), .rank = 4},
    [GREAT_GENERAL]     = {"great general",     ROW(R, R, R, R, R), .rank = 3, .range_jumps = 1},
    [VICE_GENERAL]      = {"vice general",      ROW(0, R, 0, R, 0), .rank = 2, .range_jumps = 1, .area = 3},
    [ROOK_GENERAL]      = {"rook general",      ROW(R, 0, R, 0, R), .rank = 1, .range_jumps = 1},
    [BISHOP_GENERAL]    = {"bishop general",    ROW(0, R, 0, R, 0), .rank = 1, .range_jumps = 1},
    [FREE_EAGLE]        = {"free eagle",        ROW(R, R, R, R, R), .lion = LION_DIAG},
    [QUEEN]             = {"queen",             ROW(R, R, R, R, R)},
    [SOARING_EAGLE]     = {"soaring eagle",     ROW(R, 0, R, R, R), .lion = LION_LINE, .lion_groups = 1 << GRP_FD},
    [HORNED_FALCON]     = {"horned falcon",     ROW(0, R, R, R, R), .lion = LION_LINE, .lion_groups = 1 << GRP_F},
    [WATER_BUFFALO]     = {"water buffalo",     ROW(T, R, R, R, T)},
    [CHARIOT_SOLDIER]   = {"chariot soldier",   ROW(R, R, T, R, R)},
    [FIRE_DEMON]        = {"fire demon",        ROW(0, R, R, R, 0), .area = 3, .burns = 1},
    [LION_HAWK]         = {"lion hawk",         ROW(0, R, 0, R, 0), .lion = LION_FULL},
    [LION]              = {"lion",              ROW(0, 0, 0, 0, 0), .lion = LION_FULL},
    [DRAGON_KING]       = {"dragon king",       ROW(R, S, R, S, R)},
    [DRAGON_HORSE]      = {"dragon horse",      ROW(S, R, S, R, S)},
    [ROOK]              = {"rook",              ROW(R, 0, R, 0, R)},
    [BISHOP]            = {"bishop",            ROW(0, R, 0, R, 0)},
    [KIRIN]             = {"kirin",             ROW(J, S, J, S, J)},
    [PHOENIX]           = {"phoenix",           ROW(S, J, S, J, S)},
    [DRUNK_ELEPHANT]    = {"drunk elephant",    ROW(S, S, S, S, 0)},
    [BLIND_TIGER]       = {"blind tiger",       ROW(0, S, S, S, S)},
    [FEROCIOUS_LEOPARD] = {"ferocious leopard", ROW(S, S, 0, S, S)},
    [GOLD]              = {"gold general",      ROW(S, S, S, 0, S)},
    [SILVER]            = {"silver general",    ROW(S, S, 0, S, 0)},
    [COPPER]            = {"copper general",    ROW(S, S, 0, 0, S)},
    [IRON]              = {"iron general",      ROW(S, S, 0, 0, 0)},
    [KNIGHT]            = {"knight",            ROW(0, 0, 0, 0, 0), .knight = 1},
    [VERTICAL_MOVER]    = {"vertical mover",    ROW(R, 0, S, 0, R)},
    [SIDE_MOVER]        = {"side mover",        ROW(S, 0, R, 0, S)},
    [REVERSE_CHARIOT]   = {"reverse chariot",   ROW(R, 0, 0, 0, R)},
    [LANCE]             = {"lance",             ROW(R, 0, 0, 0, 0)},
    [VERTICAL_SOLDIER]  = {"vertical soldier",  ROW(R, 0, T, 0, S)},
    [SIDE_SOLDIER]      = {"side soldier",      ROW(T, 0, R, 0, S)},
    [DOG]               = {"dog",               ROW(S, 0, 0, S, 0)},
    [PAWN]              = {"pawn",              ROW(S, 0, 0, 0, 0)},
    [MT_FLYING_STAG]    = {"flying stag",       ROW(R, S, S, S, R)},
    [MT_FLYING_OX]      = {"flying ox",         ROW(R, R, 0, R, R)},
    [MT_FREE_BOAR]      = {"free boar",         ROW(0, R, R, R, 0)},
    [MT_WHALE]          = {"whale",             ROW(R, 0, 0, R, R)},
    [MT_WHITE_HORSE]    = {"white horse",       ROW(R, R, 0, 0, R)},
    [MT_MULTI_GENERAL]  = {"multi general",     ROW(R, 0, 0, R, 0)},
    [MT_HEAVENLY_TETRARCH] = {"heavenly tetrarch",
                              ROW(MV_SKIPR, MV_SKIPR, MV_SKIP3, MV_SKIPR, MV_SKIPR), .igui_all = 1},
};

/* Rows replaced by the alternative value of a rules option (docs/RULES.md §9). */
typedef struct SpecVariant {
    size_t option; /* offsetof(Rules, field) */
    int value;
    int move_type;
    MoveSpec spec;
} SpecVariant;

static const SpecVariant spec_variants[] = {
    {offsetof(Rules, lion_hawk), LIONHAWK_TSA, LION_HAWK,
     {"lion hawk", ROW(0, R, 0, R, 0), .area = 2}},
    {offsetof(Rules, free_eagle), FREEEAGLE_WEST, FREE_EAGLE,
     {"free eagle", ROW(R | J, R, R | J, R, R | J)}},
    {offsetof(Rules, fd_range), FDRANGE_FILE, FIRE_DEMON,
     {"fire demon", ROW(R, R, 0, R, R), .area = 3, .burns = 1}},
    {offsetof(Rules, tetrarch), TETRARCH_WESTERN, MT_HEAVENLY_TETRARCH,
     {"heavenly tetrarch", ROW(0, MV_SKIPR, MV_SKIP3, MV_SKIPR, 0), .igui_all = 1}},
};
#undef S
#undef T
#undef R
#undef J
#undef ROW

/* Black's directions in each group. */
static const uint8_t group_dirs[GRP_COUNT] = {
    1 << DIR_N, (1 << DIR_NE) | (1 << DIR_NW), (1 << DIR_E) | (1 << DIR_W),
    (1 << DIR_SE) | (1 << DIR_SW), 1 << DIR_S,
};

static uint8_t dirs_of_groups(uint8_t groups)
{
    uint8_t m = 0;
    for (int g = 0; g < GRP_COUNT; g++)
        if (groups & (1 << g))
            m |= group_dirs[g];
    return m;
}

/* ---- patterns: sets of (dx, dy) offsets turned into per-square target sets ---- */

typedef struct Offsets {
    int n;
    int8_t dx[32], dy[32];
} Offsets;

static void offsets_add(Offsets *o, int dx, int dy)
{
    for (int i = 0; i < o->n; i++)
        if (o->dx[i] == dx && o->dy[i] == dy)
            return;
    o->dx[o->n] = (int8_t)dx;
    o->dy[o->n] = (int8_t)dy;
    o->n++;
}

/* Returns the pattern index for these offsets (seen from `colour`), adding it if new. */
static int intern_pattern(RuleSet *rs, const Offsets *o, int colour)
{
    if (o->n == 0)
        return -1;
    Bitboard sets[SQUARE_COUNT];
    int sign = colour == BLACK ? 1 : -1;
    for (int sq = 0; sq < SQUARE_COUNT; sq++) {
        sets[sq] = BB_EMPTY;
        for (int i = 0; i < o->n; i++) {
            int t = sq_offset(sq, sign * o->dx[i], sign * o->dy[i]);
            if (t >= 0)
                bb_set(&sets[sq], t);
        }
    }
    for (int p = 0; p < rs->npatterns; p++)
        if (memcmp(rs->pattern[p], sets, sizeof sets) == 0)
            return p;
    if (rs->npatterns >= MAX_PATTERNS)
        abort(); /* a programming error: raise MAX_PATTERNS */
    memcpy(rs->pattern[rs->npatterns], sets, sizeof sets);
    return rs->npatterns++;
}

/* Squares a piece reaches in one leap: steps, jumps to the 2nd square, knight jumps and the
   lion-power squares (those are simple destinations; the multi-leg lion moves are generated
   separately). */
static Offsets leap_offsets(const MoveSpec *ms)
{
    Offsets o = {0};
    for (int g = 0; g < GRP_COUNT; g++)
        for (int d = 0; d < 8; d++) {
            if (!(group_dirs[g] & (1 << d)))
                continue;
            if (ms->group[g] & MV_STEP)
                offsets_add(&o, dir_dx[d], dir_dy[d]);
            if (ms->group[g] & MV_JUMP2)
                offsets_add(&o, 2 * dir_dx[d], 2 * dir_dy[d]);
        }
    if (ms->knight) {
        offsets_add(&o, 1, 2);
        offsets_add(&o, -1, 2);
    }
    if (ms->lion == LION_FULL)
        for (int dx = -2; dx <= 2; dx++)
            for (int dy = -2; dy <= 2; dy++)
                if (dx || dy)
                    offsets_add(&o, dx, dy);
    if (ms->lion == LION_LINE)
        for (int d = 0; d < 8; d++)
            if (dirs_of_groups(ms->lion_groups) & (1 << d)) {
                offsets_add(&o, dir_dx[d], dir_dy[d]);
                offsets_add(&o, 2 * dir_dx[d], 2 * dir_dy[d]);
            }
    if (ms->lion == LION_DIAG) /* one or two diagonal steps: (±1,±1), (±2,±2), (±2,0), (0,±2) */
        for (int a = 0; a < 4; a++)
            for (int b = 0; b < 4; b++) {
                int dx1 = a & 1 ? 1 : -1, dy1 = a & 2 ? 1 : -1;
                int dx2 = b & 1 ? 1 : -1, dy2 = b & 2 ? 1 : -1;
                offsets_add(&o, dx1, dy1);
                if (dx1 + dx2 || dy1 + dy2)
                    offsets_add(&o, dx1 + dx2, dy1 + dy2);
            }
    return o;
}

/* Squares a pass may go through (docs/RULES.md §5.10). */
static Offsets pass_offsets(const MoveSpec *ms)
{
    Offsets o = {0};
    uint8_t dirs = 0;
    if (ms->lion == LION_FULL || ms->area)
        dirs = 0xFF;
    else if (ms->lion == LION_LINE)
        dirs = dirs_of_groups(ms->lion_groups);
    else if (ms->lion == LION_DIAG)
        dirs = dirs_of_groups((1 << GRP_FD) | (1 << GRP_BD));
    for (int d = 0; d < 8; d++)
        if (dirs & (1 << d))
            offsets_add(&o, dir_dx[d], dir_dy[d]);
    return o;
}

static void build_slides(PieceInfo *pi, const MoveSpec *ms, int colour)
{
    pi->nslides = 0;
    for (int g = 0; g < GRP_COUNT; g++)
        for (int d = 0; d < 8; d++) {
            if (!(group_dirs[g] & (1 << d)))
                continue;
            uint8_t code = ms->group[g];
            Slide s = {.dir = (uint8_t)dir_for(colour, d), .first = 1, .max = 0, .jumps = 0};
            if (code & MV_RANGE) {
                s.max = 15;
                s.jumps = ms->range_jumps;
            } else if (code & MV_TWO) {
                s.max = 2;
            } else if (code & MV_SKIPR) {
                s.first = 2, s.max = 15;
            } else if (code & MV_SKIP3) {
                s.first = 2, s.max = 3;
            } else {
                continue;
            }
            pi->slides[pi->nslides++] = s;
            pi->slide_first[s.dir] = s.first;
            pi->slide_max[s.dir] = s.max;
        }
}

/* The leap channels of a piece (geometry.h): its leap pattern seen from the middle of the board,
   or 0 if some leap lands on one of its slide lines somewhere (a capture would then be found
   twice) or reaches beyond the 5x5 box. */
static uint32_t leap_channels(const RuleSet *rs, const PieceInfo *pi)
{
    if (pi->leap < 0)
        return 0;
    for (int sq = 0; sq < SQUARE_COUNT; sq++)
        for (int i = 0; i < pi->nslides; i++)
            if (bb_intersects(rs->pattern[pi->leap][sq], geo.ray_bb[sq][pi->slides[i].dir]))
                return 0;
    int centre = sq_make(7, 7);
    Bitboard rest = rs->pattern[pi->leap][centre];
    uint32_t channels = 0;
    for (int k = 0; k < LEAP_CHANNELS; k++) {
        int t = sq_offset(centre, leap_dx[k], leap_dy[k]);
        if (bb_test(&rest, t)) {
            channels |= 1u << k;
            bb_clear(&rest, t);
        }
    }
    return bb_any(rest) ? 0 : channels;
}

/* The position's sets the piece is in, from its flags (position_validate checks them against
   the flags directly). */
static void list_sets(PieceInfo *pi, int pc)
{
    int c = pi->colour, n = 0;
    pi->sets[n++] = (uint16_t)(SET_OCC + c);
    if (pi->demon)
        pi->sets[n++] = (uint16_t)(SET_DEMONS + c);
    if (pi->royal)
        pi->sets[n++] = (uint16_t)(SET_ROYALS + c);
    if (pi->noisy_rest)
        pi->sets[n++] = (uint16_t)(SET_SOLO + c);
    pi->sets[n++] = (uint16_t)(SET_PIECES + pc);
    for (int d = 0; d < 8; d++)
        if (pi->fill_dirs & (1u << d))
            pi->sets[n++] = (uint16_t)(SET_SLIDERS + c * 8 + d);
    for (int k = 0; k < LEAP_CHANNELS; k++)
        if (pi->leap_channels & (1u << k))
            pi->sets[n++] = (uint16_t)(SET_LEAPERS + c * LEAP_CHANNELS + k);
    for (int d = 0; d < 8; d++)
        if (pi->r2_dirs & (1u << d))
            pi->sets[n++] = (uint16_t)(SET_RANGED2 + c * 8 + d);
    pi->nsets = (uint8_t)n;
}

static void build_piece(RuleSet *rs, int kind, int colour)
{
    int pc = make_piece(kind, colour);
    PieceInfo *pi = &rs->piece[pc];
    int mt = kind_move_type[kind];
    if (mt == MT_NONE)
        return;
    const MoveSpec *ms = &rs->spec[mt];
    pi->kind = (uint8_t)kind;
    pi->colour = (uint8_t)colour;
    pi->move_type = (uint8_t)mt;
    pi->royal = kind == KING || kind == promoted_kind(DRUNK_ELEPHANT);
    pi->demon = ms->burns;
    pi->promotes_to = kind_can_promote(kind) ? (uint8_t)make_piece(promoted_kind(kind), colour) : 0;
    pi->rank = ms->rank;
    pi->material = (int16_t)material_value(kind);
    pi->victim = (int16_t)(kind_is_royal(kind) ? ROYAL_VALUE : material_value(kind));
    pi->promo_gain = (int16_t)(kind_can_promote(kind)
                                   ? material_value(promoted_kind(kind)) - material_value(kind)
                                   : 0);
    pi->second_chance = rs->rules.second_chance && (kind == KNIGHT || kind == IRON);
    pi->lion = ms->lion;
    pi->area = ms->area;
    pi->igui_all = ms->igui_all;
    pi->range_jumps = ms->range_jumps;
    pi->lion_dirs = 0;
    for (int d = 0; d < 8; d++)
        if (dirs_of_groups(ms->lion_groups) & (1 << d))
            pi->lion_dirs |= (uint8_t)(1 << dir_for(colour, d));
    build_slides(pi, ms, colour);
    Offsets lo = leap_offsets(ms), po = pass_offsets(ms);
    pi->leap = (int16_t)intern_pattern(rs, &lo, colour);
    pi->pass = (int16_t)intern_pattern(rs, &po, colour);

    /* Plain unlimited slides go to the whole-board fill, unless some leap of the piece can
       land on one of its slide lines (the same capture would then be found twice). */
    uint8_t fill = 0;
    for (int i = 0; i < pi->nslides; i++)
        if (pi->slides[i].first == 1 && pi->slides[i].max >= 15 && !pi->slides[i].jumps)
            fill |= (uint8_t)(1 << pi->slides[i].dir);
    if (pi->demon || pi->area || pi->range_jumps)
        fill = 0; /* their captures come with burns, area moves or jumps: done per piece */
    for (int sq = 0; sq < SQUARE_COUNT && fill && pi->leap >= 0; sq++)
        for (int d = 0; d < 8; d++)
            if ((fill & (1 << d)) && bb_intersects(rs->pattern[pi->leap][sq], geo.ray_bb[sq][d]))
                fill = 0;
    pi->fill_dirs = fill;
    pi->leap_channels = leap_channels(rs, pi);
    pi->noisy_rest = (pi->leap >= 0 && !pi->leap_channels) || pi->lion || pi->igui_all ||
                     pi->area || pi->demon || pi->range_jumps;
    pi->r2_dirs = 0;
    for (int i = 0; i < pi->nslides; i++) {
        const Slide *sl = &pi->slides[i];
        if (sl->first == 1 && sl->max == 2 && !sl->jumps && !pi->noisy_rest)
            pi->r2_dirs |= (uint8_t)(1 << sl->dir);
        else if (!(fill & (1 << sl->dir)))
            pi->noisy_rest = 1;
    }
    if (pi->noisy_rest)
        pi->r2_dirs = 0; /* all its captures are found piece by piece */
    list_sets(pi, pc);

    /* Dead squares: neither a leap nor the first square of a slide is on the board. */
    for (int sq = 0; sq < SQUARE_COUNT; sq++) {
        bool can_move = pi->leap >= 0 && bb_any(rs->pattern[pi->leap][sq]);
        for (int i = 0; i < pi->nslides; i++)
            if (geo.ray[sq][pi->slides[i].dir].edge >= pi->slides[i].first)
                can_move = true;
        if (pi->area || pi->lion || pi->igui_all)
            can_move = true; /* never dead in practice; not used for these pieces */
        if (!can_move)
            bb_set(&rs->dead[pc], sq);
    }
}

RuleSet *ruleset_new(const Rules *rules)
{
    geometry_init();
    RuleSet *rs = calloc(1, sizeof *rs);
    if (!rs)
        abort();
    rs->rules = *rules;
    memcpy(rs->spec, base_spec, sizeof base_spec);
    for (size_t i = 0; i < sizeof spec_variants / sizeof spec_variants[0]; i++) {
        const SpecVariant *v = &spec_variants[i];
        if (*(const int *)((const char *)rules + v->option) == v->value)
            rs->spec[v->move_type] = v->spec;
    }
    for (int kind = 1; kind < KIND_COUNT; kind++)
        for (int colour = 0; colour < 2; colour++)
            build_piece(rs, kind, colour);
    return rs;
}

void ruleset_free(RuleSet *rs) { free(rs); }

static RuleSet *default_rs;
static pthread_once_t default_once = PTHREAD_ONCE_INIT;
static void build_default(void)
{
    Rules r;
    rules_default(&r);
    default_rs = ruleset_new(&r);
}
const RuleSet *ruleset_default(void)
{
    pthread_once(&default_once, build_default);
    return default_rs;
}

int kind_from_abbrev(const char *s, int len)
{
    static const struct { const char *alias; int kind; } aliases[] = {
        {"Q", QUEEN}, {"Kr", KIRIN}, {"FD", FIRE_DEMON}, {"LH", LION_HAWK}, {"FE", FREE_EAGLE},
        {"GG", GREAT_GENERAL}, {"VG", VICE_GENERAL}, {"RG", ROOK_GENERAL}, {"BG", BISHOP_GENERAL},
        {"CS", CHARIOT_SOLDIER}, {"WB", WATER_BUFFALO}, {"VS", VERTICAL_SOLDIER},
        {"SS", SIDE_SOLDIER},
    };
    for (int k = 1; k <= BASE_KIND_COUNT; k++)
        if ((int)strlen(kind_abbrev[k]) == len && strncmp(kind_abbrev[k], s, (size_t)len) == 0)
            return k;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if ((int)strlen(aliases[i].alias) == len && strncmp(aliases[i].alias, s, (size_t)len) == 0)
            return aliases[i].kind;
    return 0;
}

int kind_from_tfen(char letter, char suffix)
{
    for (int k = 1; k <= BASE_KIND_COUNT; k++)
        if (kind_tfen[k][0] == letter && kind_tfen[k][1] == suffix)
            return k;
    return 0;
}
