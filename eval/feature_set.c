#include "feature_set.h"

#include <stdio.h>

const char *const term_names[TERM_COUNT] = {
    "material", "piece-square", "promotion", "mobility", "royal safety", "fire demons", "tempo",
};

const char *const group_names[GROUP_COUNT] = {
    "pawn", "stepper", "leaper", "minor ranger", "ranger", "queen", "eagle", "buffalo",
    "chariot", "lion", "jumper", "demon", "royal",
};
const char *const group_constants[GROUP_COUNT] = {
    "GROUP_PAWN", "GROUP_STEPPER", "GROUP_LEAPER", "GROUP_MINOR", "GROUP_RANGER",
    "GROUP_QUEEN", "GROUP_EAGLE", "GROUP_BUFFALO", "GROUP_CHARIOT", "GROUP_LION",
    "GROUP_JUMPER", "GROUP_DEMON", "GROUP_ROYAL",
};

/* Group of every move type (board/pieces.h). */
static const uint8_t move_type_group[MT_COUNT] = {
    [MT_NONE] = GROUP_COUNT,
    [KING] = GROUP_ROYAL,
    [GREAT_GENERAL] = GROUP_JUMPER, [VICE_GENERAL] = GROUP_JUMPER,
    [ROOK_GENERAL] = GROUP_JUMPER, [BISHOP_GENERAL] = GROUP_JUMPER,
    [FREE_EAGLE] = GROUP_QUEEN, [QUEEN] = GROUP_QUEEN,
    [SOARING_EAGLE] = GROUP_EAGLE, [HORNED_FALCON] = GROUP_EAGLE,
    [WATER_BUFFALO] = GROUP_BUFFALO,
    [CHARIOT_SOLDIER] = GROUP_CHARIOT, [MT_HEAVENLY_TETRARCH] = GROUP_CHARIOT,
    [FIRE_DEMON] = GROUP_DEMON,
    [LION_HAWK] = GROUP_LION, [LION] = GROUP_LION,
    [DRAGON_KING] = GROUP_RANGER, [DRAGON_HORSE] = GROUP_RANGER, [ROOK] = GROUP_RANGER,
    [BISHOP] = GROUP_RANGER, [MT_FLYING_STAG] = GROUP_RANGER, [MT_FLYING_OX] = GROUP_RANGER,
    [MT_FREE_BOAR] = GROUP_RANGER, [MT_WHALE] = GROUP_RANGER, [MT_WHITE_HORSE] = GROUP_RANGER,
    [MT_MULTI_GENERAL] = GROUP_RANGER,
    [KIRIN] = GROUP_LEAPER, [PHOENIX] = GROUP_LEAPER, [KNIGHT] = GROUP_LEAPER,
    [DRUNK_ELEPHANT] = GROUP_STEPPER, [BLIND_TIGER] = GROUP_STEPPER,
    [FEROCIOUS_LEOPARD] = GROUP_STEPPER, [GOLD] = GROUP_STEPPER, [SILVER] = GROUP_STEPPER,
    [COPPER] = GROUP_STEPPER, [IRON] = GROUP_STEPPER, [DOG] = GROUP_STEPPER,
    [VERTICAL_MOVER] = GROUP_MINOR, [SIDE_MOVER] = GROUP_MINOR, [REVERSE_CHARIOT] = GROUP_MINOR,
    [LANCE] = GROUP_MINOR, [VERTICAL_SOLDIER] = GROUP_MINOR, [SIDE_SOLDIER] = GROUP_MINOR,
    [PAWN] = GROUP_PAWN,
};

int kind_group(int kind) { return kind > 0 && kind < KIND_COUNT ? move_type_group[kind_move_type[kind]] : GROUP_COUNT; }

int feature_term(int f)
{
    if (f < F_RANK_BASE)
        return TERM_MATERIAL;
    if (f < F_PROMO_BASE)
        return TERM_PSQ;
    if (f < F_MOBILITY_BASE)
        return TERM_PROMOTION;
    if (f <= F_JUMP_TARGETS)
        return TERM_MOBILITY;
    if (f < F_DEMON_NEAR)
        return TERM_ROYAL;
    if (f < F_TEMPO)
        return TERM_DEMON;
    return TERM_TEMPO;
}

static const char *const single_names[] = {
    [F_JUMP_TARGETS - F_JUMP_TARGETS] = "jump targets",
    [F_ROYAL_SPARE - F_JUMP_TARGETS] = "spare royal",
    [F_ROYAL_NEAR - F_JUMP_TARGETS] = "enemies near the royal",
    [F_ROYAL_NEAR_LION - F_JUMP_TARGETS] = "enemy lions near the royal",
    [F_ROYAL_GUARD - F_JUMP_TARGETS] = "guards next to the royal",
    [F_ROYAL_OPEN_LINE - F_JUMP_TARGETS] = "open lines from the royal",
    [F_ROYAL_JUMPER_XRAY - F_JUMP_TARGETS] = "range jumpers aiming at the royal",
    [F_DEMON_NEAR - F_JUMP_TARGETS] = "demon burn targets (2 squares)",
    [F_DEMON_FAR - F_JUMP_TARGETS] = "demon burn targets (3-4 squares)",
    [F_DEMON_ATTACKED - F_JUMP_TARGETS] = "attacked demons",
    [F_TEMPO - F_JUMP_TARGETS] = "tempo",
};
static const char *const single_constants[] = {
    [F_JUMP_TARGETS - F_JUMP_TARGETS] = "F_JUMP_TARGETS",
    [F_ROYAL_SPARE - F_JUMP_TARGETS] = "F_ROYAL_SPARE",
    [F_ROYAL_NEAR - F_JUMP_TARGETS] = "F_ROYAL_NEAR",
    [F_ROYAL_NEAR_LION - F_JUMP_TARGETS] = "F_ROYAL_NEAR_LION",
    [F_ROYAL_GUARD - F_JUMP_TARGETS] = "F_ROYAL_GUARD",
    [F_ROYAL_OPEN_LINE - F_JUMP_TARGETS] = "F_ROYAL_OPEN_LINE",
    [F_ROYAL_JUMPER_XRAY - F_JUMP_TARGETS] = "F_ROYAL_JUMPER_XRAY",
    [F_DEMON_NEAR - F_JUMP_TARGETS] = "F_DEMON_NEAR",
    [F_DEMON_FAR - F_JUMP_TARGETS] = "F_DEMON_FAR",
    [F_DEMON_ATTACKED - F_JUMP_TARGETS] = "F_DEMON_ATTACKED",
    [F_TEMPO - F_JUMP_TARGETS] = "F_TEMPO",
};

void feature_name(int f, char *out, size_t n)
{
    static const char *const bands[ROYAL_DEMON_BANDS] = {"<= 2", "3", "4", "5-6"};
    if (f < F_RANK_BASE)
        snprintf(out, n, "material %s", kind_english[f]);
    else if (f < F_FILE_BASE)
        snprintf(out, n, "rank %s %d", group_names[(f - F_RANK_BASE) / 16], (f - F_RANK_BASE) % 16);
    else if (f < F_PROMO_BASE)
        snprintf(out, n, "file %s %d", group_names[(f - F_FILE_BASE) / 8], (f - F_FILE_BASE) % 8);
    else if (f < F_BUFFALO_BASE)
        snprintf(out, n, "promotion gain %d ranks from the zone", f - F_PROMO_BASE);
    else if (f < F_MOBILITY_BASE)
        snprintf(out, n, "water buffalo %d ranks from the zone", f - F_BUFFALO_BASE);
    else if (f < F_JUMP_TARGETS)
        snprintf(out, n, "mobility %s", group_names[f - F_MOBILITY_BASE]);
    else if (f >= F_ROYAL_DEMON_BASE && f < F_DEMON_NEAR)
        snprintf(out, n, "enemy demon %s squares from the royal", bands[f - F_ROYAL_DEMON_BASE]);
    else
        snprintf(out, n, "%s", single_names[f - F_JUMP_TARGETS]);
}

void feature_expression(int f, char *out, size_t n)
{
    if (f < F_RANK_BASE)
        snprintf(out, n, "F_MATERIAL(%d)", f);
    else if (f < F_FILE_BASE)
        snprintf(out, n, "F_RANK(%s, %d)", group_constants[(f - F_RANK_BASE) / 16], (f - F_RANK_BASE) % 16);
    else if (f < F_PROMO_BASE)
        snprintf(out, n, "F_FILE(%s, %d)", group_constants[(f - F_FILE_BASE) / 8], (f - F_FILE_BASE) % 8);
    else if (f < F_BUFFALO_BASE)
        snprintf(out, n, "F_PROMO(%d)", f - F_PROMO_BASE);
    else if (f < F_MOBILITY_BASE)
        snprintf(out, n, "F_BUFFALO(%d)", f - F_BUFFALO_BASE);
    else if (f < F_JUMP_TARGETS)
        snprintf(out, n, "F_MOBILITY(%s)", group_constants[f - F_MOBILITY_BASE]);
    else if (f >= F_ROYAL_DEMON_BASE && f < F_DEMON_NEAR)
        snprintf(out, n, "F_ROYAL_DEMON(%d)", f - F_ROYAL_DEMON_BASE);
    else
        snprintf(out, n, "%s", single_constants[f - F_JUMP_TARGETS]);
}

int feature_sign(int f)
{
    if (f >= F_RANK_BASE && f < F_PROMO_BASE)
        return 0;
    switch (f) {
    case F_ROYAL_NEAR:
    case F_ROYAL_NEAR_LION:
    case F_ROYAL_OPEN_LINE:
    case F_ROYAL_JUMPER_XRAY:
    case F_DEMON_ATTACKED:
        return -1;
    default:
        return f >= F_ROYAL_DEMON_BASE && f < F_DEMON_NEAR ? -1 : 1;
    }
}

int feature_prior(int f) { return f < F_RANK_BASE ? material_value(f) : 0; }

int promotion_gain_pawns(int kind)
{
    if (!kind_can_promote(kind) || kind == WATER_BUFFALO)
        return 0;
    if (kind == DRUNK_ELEPHANT)
        return 6; /* a spare royal: see F_ROYAL_SPARE */
    int gain = material_value(promoted_kind(kind)) - material_value(kind);
    return gain > 0 ? gain / 100 : 0;
}

int piece_square_features(int pc, int sq, int f[4], int n[4])
{
    int kind = piece_kind(pc), colour = piece_colour(pc), k = 0;
    int group = kind_group(kind);
    if (group == GROUP_COUNT)
        return 0;
    int rank = colour == BLACK ? sq_rank(sq) : 15 - sq_rank(sq);
    int file = sq_file(sq) < 8 ? sq_file(sq) : 15 - sq_file(sq);
    if (!kind_is_royal(kind))
        f[k] = F_MATERIAL(kind), n[k++] = 1;
    f[k] = F_RANK(group, rank), n[k++] = 1;
    f[k] = F_FILE(group, file), n[k++] = 1;
    int to_zone = rank >= 11 ? 0 : 11 - rank;
    if (to_zone < PROMO_DISTANCES) {
        if (kind == WATER_BUFFALO)
            f[k] = F_BUFFALO(to_zone), n[k++] = 1;
        else if (promotion_gain_pawns(kind))
            f[k] = F_PROMO(to_zone), n[k++] = promotion_gain_pawns(kind);
    }
    return k;
}
