/* Piece kinds, their names and codes, promotion chains, and how each kind moves (as data).
 *
 * A *kind* is what a piece is for notation and evaluation: one of the 36 starting types
 * (1..36, docs/RULES.md §2.2 order) or the promoted form of one of them (kind + 36).  A *move type*
 * is how a piece moves: a promoted gold has kind +G but moves as a rook.  A piece code packs
 * kind and colour: pc = kind * 2 + colour; 0 is an empty square.
 */
#ifndef KAKI_PIECES_H
#define KAKI_PIECES_H

#include <stdbool.h>
#include <stdint.h>

#include "bitboard.h"
#include "geometry.h"
#include "rules.h"

enum Kind {
    KIND_NONE,
    KING, GREAT_GENERAL, VICE_GENERAL, ROOK_GENERAL, BISHOP_GENERAL, FREE_EAGLE, QUEEN,
    SOARING_EAGLE, HORNED_FALCON, WATER_BUFFALO, CHARIOT_SOLDIER, FIRE_DEMON, LION_HAWK, LION,
    DRAGON_KING, DRAGON_HORSE, ROOK, BISHOP, KIRIN, PHOENIX, DRUNK_ELEPHANT, BLIND_TIGER,
    FEROCIOUS_LEOPARD, GOLD, SILVER, COPPER, IRON, KNIGHT, VERTICAL_MOVER, SIDE_MOVER,
    REVERSE_CHARIOT, LANCE, VERTICAL_SOLDIER, SIDE_SOLDIER, DOG, PAWN,
    BASE_KIND_COUNT = PAWN, /* 36 */
    KIND_COUNT = 2 * BASE_KIND_COUNT + 1
};

static inline int promoted_kind(int base) { return base + BASE_KIND_COUNT; }
static inline bool kind_is_promoted(int kind) { return kind > BASE_KIND_COUNT; }
static inline int kind_base(int kind) { return kind > BASE_KIND_COUNT ? kind - BASE_KIND_COUNT : kind; }

#define PIECE_CODE_COUNT (2 * KIND_COUNT)
static inline int make_piece(int kind, int colour) { return kind * 2 + colour; }
static inline int piece_kind(int pc) { return pc >> 1; }
static inline int piece_colour(int pc) { return pc & 1; }

/* Move types: the 36 starting types move as themselves; promotion adds seven new ones. */
enum MoveType {
    MT_NONE,
    /* 1..36 = the kinds above */
    MT_FLYING_STAG = BASE_KIND_COUNT + 1, MT_FLYING_OX, MT_FREE_BOAR, MT_WHALE, MT_WHITE_HORSE,
    MT_MULTI_GENERAL, MT_HEAVENLY_TETRARCH,
    MT_COUNT
};

/* Movement codes per direction group (docs/RULES.md §2.5 columns), combinable with |. */
enum {
    MV_STEP = 1,     /* 1 square */
    MV_TWO = 2,      /* limited range 2 */
    MV_RANGE = 4,    /* unlimited range */
    MV_JUMP2 = 8,    /* jump to the 2nd square only */
    MV_SKIP3 = 16,   /* tetrarch sideways: skip the 1st square, land on the 2nd or 3rd */
    MV_SKIPR = 32,   /* tetrarch: skip the 1st square, range from the 2nd */
};
/* Direction groups: straight forward, forward diagonals, sideways, backward diagonals, back. */
enum { GRP_F, GRP_FD, GRP_SD, GRP_BD, GRP_BK, GRP_COUNT };
enum { LION_NONE, LION_FULL, LION_LINE, LION_DIAG };

/* How one move type moves; one table row per type, written like docs/RULES.md §2.5. */
typedef struct MoveSpec {
    const char *name;
    uint8_t group[GRP_COUNT]; /* MV_* per direction group */
    uint8_t knight;           /* the two forward knight jumps */
    uint8_t lion;             /* LION_*: full lion power, line lion power, diagonal lion power */
    uint8_t lion_groups;      /* bit per GRP_* carrying line lion power */
    uint8_t area;             /* area move of up to n king steps (0 = none) */
    uint8_t igui_all;         /* capture any adjacent enemy without moving (tetrarch) */
    uint8_t rank;             /* range-jump ranking, docs/RULES.md §6 (4 = royal type) */
    uint8_t range_jumps;      /* range-jumping general: capturing moves jump lower ranks */
    uint8_t burns;            /* fire demon */
} MoveSpec;

/* One ranging line of a piece, with the squares it skips and its maximal reach. */
typedef struct Slide {
    uint8_t dir;   /* absolute direction for the piece's colour */
    uint8_t first; /* distance of the first reachable square: 1, or 2 when the 1st is skipped */
    uint8_t max;   /* maximal distance */
    uint8_t jumps; /* range-jump captures along this line */
} Slide;

/* Everything the generator needs about one piece code, derived from a MoveSpec. */
/* The position's piece sets (position.h), numbered in the order it lays them out: every set a
   piece belongs to is a number in its PieceInfo.sets, so that putting or removing it is one
   loop over that list. */
enum {
    SET_OCC = 0,                                   /* + colour */
    SET_DEMONS = SET_OCC + 2,                      /* + colour */
    SET_ROYALS = SET_DEMONS + 2,                   /* + colour */
    SET_SOLO = SET_ROYALS + 2,                     /* + colour */
    SET_PIECES = SET_SOLO + 2,                     /* + piece code */
    SET_SLIDERS = SET_PIECES + PIECE_CODE_COUNT,   /* + colour * 8 + direction */
    SET_LEAPERS = SET_SLIDERS + 2 * 8,             /* + colour * LEAP_CHANNELS + channel */
    SET_RANGED2 = SET_LEAPERS + 2 * LEAP_CHANNELS, /* + colour * 8 + direction */
    PIECE_SET_COUNT = SET_RANGED2 + 2 * 8
};
/* The most sets one piece is in: occupancy, fire demons, royals, solo, its code, and one per
   slide direction, leap channel and range-2 direction. */
#define MAX_PIECE_SETS (5 + 8 + LEAP_CHANNELS + 8)

typedef struct PieceInfo {
    uint8_t kind, colour, move_type;
    uint8_t royal;      /* king or prince */
    uint8_t demon;      /* moves as a fire demon (burns) */
    uint8_t promotes_to;/* piece code after promotion, 0 if it cannot promote */
    uint8_t rank;       /* docs/RULES.md §6 rank of its move type */
    uint8_t second_chance; /* knight or iron general (docs/RULES.md §4.2 option) */
    uint8_t lion, area, igui_all, range_jumps;
    int16_t material;   /* material_value of its kind (royals: 0) */
    int16_t victim;     /* what taking it is worth (exchange.h victim_value) */
    int16_t promo_gain; /* material its promotion adds (0 if it cannot promote) */
    uint8_t lion_dirs;  /* absolute directions with line lion power */
    uint8_t nslides;
    Slide slides[8];
    uint8_t slide_first[8], slide_max[8]; /* the same by absolute direction (max 0 = none) */
    /* Captures along these directions (plain unlimited slides) are found for all such pieces
       at once by a whole-board fill in the quiescence generator; the piece itself is visited
       only if noisy_rest (it has leaps, other slides, lion power, ...). */
    uint8_t fill_dirs;
    /* Its leaps, as channels (geometry.h), when none lands on one of its slide lines: their
       captures are then found for all such pieces at once, channel by channel, from the
       position's leaper sets (position.h); 0 = found piece by piece. */
    uint32_t leap_channels;
    /* Directions of its plain range-2 slides (water buffalo, chariot and vertical/side
       soldiers): their captures, too, are found for all such pieces at once. */
    uint8_t r2_dirs;
    uint8_t noisy_rest;
    int16_t leap;       /* index of its leap pattern (step/jump/knight/lion squares), -1 none */
    int16_t pass;       /* index of its pass-through pattern, -1 if it cannot pass */
    uint8_t nsets;      /* the position's sets it is in (SET_*), from the flags above */
    uint16_t sets[MAX_PIECE_SETS];
} PieceInfo;

#define MAX_PATTERNS 64

/* The rules and everything derived from them.  Built once per Rules value, immutable after,
   shared by all threads. */
typedef struct RuleSet {
    Rules rules;
    MoveSpec spec[MT_COUNT];
    PieceInfo piece[PIECE_CODE_COUNT];
    int npatterns;
    Bitboard pattern[MAX_PATTERNS][SQUARE_COUNT]; /* leap/pass targets per pattern and square */
    Bitboard dead[PIECE_CODE_COUNT];   /* squares from which the piece has no move at all */
} RuleSet;

/* Allocates and builds a rule set (never fails short of memory exhaustion). */
RuleSet *ruleset_new(const Rules *rules);
void ruleset_free(RuleSet *rs);
/* The rule set with all defaults, built on first use. */
const RuleSet *ruleset_default(void);

/* Names. */
extern const char *const kind_abbrev[BASE_KIND_COUNT + 1];    /* notation: "K", "GGn", ... */
extern const char *const kind_tfen[BASE_KIND_COUNT + 1];      /* TFEN/XBoard code: "K", "Q!" */
extern const char *const kind_english[KIND_COUNT];            /* "king", "prince", ... */
/* Move type of every kind; 0 for the promoted form of a type that never promotes. */
extern const uint8_t kind_move_type[KIND_COUNT];
static inline bool kind_can_promote(int kind)
{
    return !kind_is_promoted(kind) && kind_move_type[promoted_kind(kind)] != MT_NONE;
}

/* What taking a royal is worth in exchanges and move ordering: more than any material, less
   than a mate score. */
#define ROYAL_VALUE 20000

/* docs/RULES.md §7 value of every kind, centipawns (pawn = 100), royals included (4 pawns). */
extern const int16_t piece_value[KIND_COUNT];
/* King or prince (a kind that moves as the king): losing the last one loses the game. */
static inline bool kind_is_royal(int kind) { return kind_move_type[kind] == KING; }
/* Value as material: royals are not material (royalty is valued by the game result and by the
   evaluation's royal terms). */
static inline int material_value(int kind) { return kind_is_royal(kind) ? 0 : piece_value[kind]; }

/* Kind for a notation abbreviation (aliases of docs/RULES.md §2.1 accepted), or 0. */
int kind_from_abbrev(const char *s, int len);
/* Kind for a TFEN letter+suffix in upper case ("Q!", "D'"), or 0. */
int kind_from_tfen(char letter, char suffix);

#endif
