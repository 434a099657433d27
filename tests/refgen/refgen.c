/*
 * refgen.c - deliberately simple, independent REFERENCE move generator for Tenjiku shogi.
 *
 * Written from the rules text only: docs/RULES.md (the normative copy of the original
 * specification) and docs/PROTOCOL.md §3 (wire syntax), never from board/.
 * Clarity over speed: a plain 16x16 array, straightforward loops, one generator per movement
 * primitive, full-board comparison for repetition.  No mutable static state (thread-safe).
 *
 * Coordinates: x = file 0..15 (a..p), y = rank 0..15 (1..16); Black (sente) sits at y = 0 and
 * moves towards +y.  Square index (for "lowest index" pass squares) = y*16 + x.
 *
 * Spec readings that had to be chosen (most literal reading taken):
 *  - AMBIGUITY jumper_capture=tsa: "a range-jumping general may never capture a piece of equal
 *    or higher rank by any move" is applied to EVERY capture of GGn/VGn/RGn/BGn (and promoted
 *    pieces moving as them): plain first-piece captures (T8 confirms: no d4xg4) and also the
 *    vice general's area-move captures.
 *  - AMBIGUITY promo_path=any_square: the counted squares are start, final and every capture
 *    square.  E2 = captures and any counted square in the zone; E1 (start outside, final
 *    inside) is unchanged, since a non-capturing move has no capture squares.
 *  - AMBIGUITY second_chance=on: applies to an unpromoted knight / iron general making a
 *    non-capturing move to a square where it has no further move: last rank (both), and the
 *    second-to-last rank for the knight (§4.2 [DECIDED]).
 *  - In-check test for the §5.11 exception: all opponent moves (ignoring repetition) are tried,
 *    including promoting versions (matters with promo_burn=on) and suicide moves (their
 *    captures happen before the burn); in check iff one of them removes the single royal.
 *  - Area moves: reachable set computed by breadth-first search where only the (vacated) start
 *    square and empty squares may be passed through; enemy squares are final squares only.
 *  - jump_noncapture=on: the general may stop on any empty square of the line it can reach
 *    under the jumping rules (i.e. before the first piece of equal/higher rank).
 *  - TFEN input: leading/trailing blanks are accepted; a digit run with a leading zero or of
 *    more than two digits is an error; nothing but blanks may follow the side letter.
 */
#include "refgen.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------ */
/* Piece types                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/* The 36 starting types (RULES.md §2.2, in that order), then the promotion-only types (§2.3).
   A board cell stores the ORIGINAL type plus flags; the moving type is derived. */
enum {
    T_NONE = 0,
    T_K, T_GGn, T_VGn, T_RGn, T_BGn, T_FEg, T_FK, T_SE, T_HF, T_WBf, T_ChS, T_FiD, T_LHk, T_Ln,
    T_DK, T_DH, T_R, T_B, T_Ky, T_Ph, T_DE, T_BT, T_FL, T_G, T_S, T_C, T_I, T_N, T_VM, T_SM,
    T_RC, T_L, T_VSo, T_SSo, T_Dg, T_P,                       /* 1..36 */
    T_CP, T_TK, T_FS, T_FO, T_FBo, T_W, T_WH, T_MGn, T_HT,    /* 37..45: promotion only */
    T_COUNT
};

#define PROMO_FLAG 0x40
#define WHITE_FLAG 0x80
#define ORIG(p)    ((p) & 0x3f)
#define COLOR(p)   (((p) & WHITE_FLAG) ? 1 : 0)
#define ISPROMO(p) (((p) & PROMO_FLAG) != 0)

/* Moving type after promotion, indexed by original type (RULES.md §4.1); 0 = never promotes. */
static const int PROMOTES_TO[37] = {
    [T_K] = 0,        [T_GGn] = 0,      [T_VGn] = 0,     [T_RGn] = T_GGn, [T_BGn] = T_VGn,
    [T_FEg] = 0,      [T_FK] = T_FEg,   [T_SE] = T_RGn,  [T_HF] = T_BGn,  [T_WBf] = T_FiD,
    [T_ChS] = T_HT,   [T_FiD] = 0,      [T_LHk] = 0,     [T_Ln] = T_LHk,  [T_DK] = T_SE,
    [T_DH] = T_HF,    [T_R] = T_DK,     [T_B] = T_DH,    [T_Ky] = T_Ln,   [T_Ph] = T_FK,
    [T_DE] = T_CP,    [T_BT] = T_FS,    [T_FL] = T_B,    [T_G] = T_R,     [T_S] = T_VM,
    [T_C] = T_SM,     [T_I] = T_VSo,    [T_N] = T_SSo,   [T_VM] = T_FO,   [T_SM] = T_FBo,
    [T_RC] = T_W,     [T_L] = T_WH,     [T_VSo] = T_ChS, [T_SSo] = T_WBf, [T_Dg] = T_MGn,
    [T_P] = T_TK,
};

/* TFEN letter codes (RULES.md §3.2), upper-case form. */
static const struct { const char *code; int type; } TFEN_CODES[] = {
    {"K", T_K},     {"E", T_DE},    {"Q!", T_GGn},  {"V!", T_VGn},  {"R!", T_RGn},
    {"C!", T_ChS},  {"E!", T_SE},   {"H!", T_LHk},  {"W!", T_WBf},  {"N", T_N},
    {"Q", T_FK},    {"A", T_RC},    {"B", T_B},     {"C", T_C},     {"D", T_DK},
    {"F", T_FL},    {"G", T_G},     {"H", T_DH},    {"I", T_I},     {"L", T_L},
    {"O", T_Ky},    {"P", T_P},     {"R", T_R},     {"S", T_S},     {"T", T_BT},
    {"V", T_VM},    {"D'", T_Dg},   {"Q'", T_FEg},  {"S'", T_SSo},  {"V'", T_VSo},
    {"B!", T_BGn},  {"D!", T_FiD},  {"F!", T_HF},   {"L!", T_Ln},   {"M", T_SM},
    {"X", T_Ph},
};
#define N_TFEN_CODES ((int)(sizeof TFEN_CODES / sizeof TFEN_CODES[0]))

static int moving_type(int p)
{
    if (!p) return T_NONE;
    return ISPROMO(p) ? PROMOTES_TO[ORIG(p)] : ORIG(p);
}

/* Royal = king or prince (promoted drunk elephant), §5.12. */
static int is_royal(int p)
{
    int t = moving_type(p);
    return t == T_K || t == T_CP;
}

/* Ranking of §6, by current moving type. */
static int jump_rank(int p)
{
    switch (moving_type(p)) {
    case T_K: case T_CP: return 4;
    case T_GGn: return 3;
    case T_VGn: return 2;
    case T_RGn: case T_BGn: return 1;
    default: return 0;
    }
}

static int is_fire_demon(int p) { return p && moving_type(p) == T_FiD; }

/* ------------------------------------------------------------------------------------------ */
/* Rules                                                                                       */
/* ------------------------------------------------------------------------------------------ */

static const struct {
    const char *name;
    size_t offset;
    const char *values[4];
} RULE_TABLE[] = {
    {"lion_hawk", offsetof(RefRules, lion_hawk), {"full", "tsa", NULL}},
    {"free_eagle", offsetof(RefRules, free_eagle), {"diag_lion", "west", NULL}},
    {"fd_suicide", offsetof(RefRules, fd_suicide), {"tsa", "all_burn", NULL}},
    {"fd_range", offsetof(RefRules, fd_range), {"rank", "file", NULL}},
    {"tetrarch", offsetof(RefRules, tetrarch), {"vertical", "western", NULL}},
    {"jumper_capture", offsetof(RefRules, jumper_capture), {"cvp", "nojump", "tsa", NULL}},
    {"jump_noncapture", offsetof(RefRules, jump_noncapture), {"off", "on", NULL}},
    {"second_chance", offsetof(RefRules, second_chance), {"off", "on", NULL}},
    {"promo_path", offsetof(RefRules, promo_path), {"endpoints", "any_square", NULL}},
    {"promo_burn", offsetof(RefRules, promo_burn), {"off", "on", NULL}},
    {"rep_check_exception", offsetof(RefRules, rep_check_exception), {"on", "off", NULL}},
};

void ref_rules_default(RefRules *r)
{
    memset(r, 0, sizeof *r);
}

int ref_rules_set(RefRules *r, const char *name, const char *value)
{
    if (!r || !name || !value) return -1;
    for (size_t i = 0; i < sizeof RULE_TABLE / sizeof RULE_TABLE[0]; i++) {
        if (strcmp(RULE_TABLE[i].name, name) != 0) continue;
        for (int v = 0; RULE_TABLE[i].values[v]; v++) {
            if (strcmp(RULE_TABLE[i].values[v], value) == 0) {
                *(int *)((char *)r + RULE_TABLE[i].offset) = v;
                return 0;
            }
        }
        return -1;
    }
    return -1;
}

/* Named accessors so the generator code reads like the spec. */
#define LION_HAWK_TSA(r)     ((r)->lion_hawk == 1)
#define FREE_EAGLE_WEST(r)   ((r)->free_eagle == 1)
#define FD_ALL_BURN(r)       ((r)->fd_suicide == 1)
#define FD_RANGE_FILE(r)     ((r)->fd_range == 1)
#define TETRARCH_WESTERN(r)  ((r)->tetrarch == 1)
#define JC_CVP 0
#define JC_NOJUMP 1
#define JC_TSA 2
#define JUMP_NONCAPTURE(r)   ((r)->jump_noncapture == 1)
#define SECOND_CHANCE(r)     ((r)->second_chance == 1)
#define PROMO_ANY_SQUARE(r)  ((r)->promo_path == 1)
#define PROMO_BURN(r)        ((r)->promo_burn == 1)
#define REP_CHECK_EXC(r)     ((r)->rep_check_exception == 0)

/* ------------------------------------------------------------------------------------------ */
/* Position                                                                                    */
/* ------------------------------------------------------------------------------------------ */

typedef struct Pos {
    int board[16][16]; /* board[x][y]; 0 = empty, else ORIG | PROMO_FLAG? | WHITE_FLAG? */
    int side;          /* 0 = Black (sente) to move, 1 = White */
} Pos;

static int on_board(int x, int y) { return x >= 0 && x < 16 && y >= 0 && y < 16; }

static int same_position(const Pos *a, const Pos *b)
{
    if (a->side != b->side) return 0;
    for (int x = 0; x < 16; x++)
        for (int y = 0; y < 16; y++)
            if (a->board[x][y] != b->board[x][y]) return 0;
    return 1;
}

static int count_royals(const Pos *p, int side)
{
    int n = 0;
    for (int x = 0; x < 16; x++)
        for (int y = 0; y < 16; y++) {
            int q = p->board[x][y];
            if (q && COLOR(q) == side && is_royal(q)) n++;
        }
    return n;
}

static void set_err(char *err, int errsz, const char *msg)
{
    if (err && errsz > 0) snprintf(err, (size_t)errsz, "%s", msg);
}

/* TFEN parser (RULES.md §3.2). Returns 0 or -1 (message in err). */
static int parse_tfen(const char *s, Pos *p, char *err, int errsz)
{
    char msg[128];
    memset(p, 0, sizeof *p);
    if (!s) { set_err(err, errsz, "null TFEN"); return -1; }
    while (*s == ' ' || *s == '\t') s++;
    int y = 15, x = 0;
    for (;;) {
        char c = *s;
        if (c >= '0' && c <= '9') {
            /* the maximal digit run is ONE number, 1..16, no leading zero ("44" is an error) */
            int n = 0, digits = 0, lead_zero = (*s == '0');
            while (*s >= '0' && *s <= '9') { if (digits < 3) n = n * 10 + (*s - '0'); s++; digits++; }
            if (lead_zero || digits > 2 || n < 1 || n > 16 || x + n > 16) {
                snprintf(msg, sizeof msg, "bad empty-square count %d on rank %d", n, y + 1);
                set_err(err, errsz, msg);
                return -1;
            }
            x += n;
            continue;
        }
        if (c == '/') {
            if (x != 16) {
                snprintf(msg, sizeof msg, "rank %d has %d squares, not 16", y + 1, x);
                set_err(err, errsz, msg);
                return -1;
            }
            if (y == 0) { set_err(err, errsz, "more than 16 ranks"); return -1; }
            y--; x = 0; s++;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\0') break;
        int promo = 0;
        if (c == '+') { promo = 1; s++; c = *s; }
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
            snprintf(msg, sizeof msg, "unexpected character '%c' on rank %d", c ? c : '?', y + 1);
            set_err(err, errsz, msg);
            return -1;
        }
        int white = (c >= 'a' && c <= 'z');
        char code[3] = { (char)(white ? c - 'a' + 'A' : c), 0, 0 };
        s++;
        if (*s == '\'' || *s == '!') { code[1] = *s; s++; }
        int type = 0;
        for (int i = 0; i < N_TFEN_CODES; i++)
            if (strcmp(TFEN_CODES[i].code, code) == 0) type = TFEN_CODES[i].type;
        if (!type) {
            snprintf(msg, sizeof msg, "unknown piece code '%s' on rank %d", code, y + 1);
            set_err(err, errsz, msg);
            return -1;
        }
        if (promo && !PROMOTES_TO[type]) {
            snprintf(msg, sizeof msg, "piece code '%s' cannot be promoted", code);
            set_err(err, errsz, msg);
            return -1;
        }
        if (x >= 16) {
            snprintf(msg, sizeof msg, "rank %d has more than 16 squares", y + 1);
            set_err(err, errsz, msg);
            return -1;
        }
        p->board[x][y] = type | (promo ? PROMO_FLAG : 0) | (white ? WHITE_FLAG : 0);
        x++;
    }
    if (y != 0 || x != 16) {
        set_err(err, errsz, "board must have 16 ranks of 16 squares");
        return -1;
    }
    while (*s == ' ' || *s == '\t') s++;
    if (*s == 'b') p->side = 0;
    else if (*s == 'w') p->side = 1;
    else { set_err(err, errsz, "side to move must be 'b' or 'w'"); return -1; }
    s++;
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') s++;
    if (*s) { set_err(err, errsz, "trailing characters after side to move"); return -1; }
    return 0;
}

/* Canonical TFEN printer. buf must hold at least 600 bytes. */
static void print_tfen(const Pos *p, char *buf, size_t bufsz)
{
    size_t n = 0;
#define PUT(ch) do { if (n + 1 < bufsz) buf[n++] = (ch); } while (0)
    for (int y = 15; y >= 0; y--) {
        int empty = 0;
        for (int x = 0; x < 16; x++) {
            int q = p->board[x][y];
            if (!q) { empty++; continue; }
            if (empty) {
                if (empty >= 10) PUT((char)('0' + empty / 10));
                PUT((char)('0' + empty % 10));
                empty = 0;
            }
            if (ISPROMO(q)) PUT('+');
            const char *code = NULL;
            for (int i = 0; i < N_TFEN_CODES; i++)
                if (TFEN_CODES[i].type == ORIG(q)) code = TFEN_CODES[i].code;
            PUT(COLOR(q) ? (char)(code[0] - 'A' + 'a') : code[0]);
            if (code[1]) PUT(code[1]);
        }
        if (empty) {
            if (empty >= 10) PUT((char)('0' + empty / 10));
            PUT((char)('0' + empty % 10));
        }
        if (y > 0) PUT('/');
    }
    PUT(' ');
    PUT(p->side ? 'w' : 'b');
#undef PUT
    buf[n] = '\0';
}

/* ------------------------------------------------------------------------------------------ */
/* Move effects (RULES.md §5.1)                                                                */
/* ------------------------------------------------------------------------------------------ */

typedef struct Eff {
    int fx, fy;       /* start square */
    int tx, ty;       /* final square (== start for igui and pass) */
    int ncap;         /* number of captured squares (0..2), in order */
    int cx[2], cy[2];
    int is_pass;
    int vx, vy;       /* pass only: lowest-index square the pass may go through (wire only) */
} Eff;

#define MAX_EFF_PER_PIECE 1024

typedef struct EffList {
    Eff e[MAX_EFF_PER_PIECE];
    int n;
} EffList;

static int same_effect(const Eff *a, const Eff *b)
{
    if (a->fx != b->fx || a->fy != b->fy || a->tx != b->tx || a->ty != b->ty) return 0;
    if (a->ncap != b->ncap) return 0;
    for (int i = 0; i < a->ncap; i++)
        if (a->cx[i] != b->cx[i] || a->cy[i] != b->cy[i]) return 0;
    /* a pass (s,s,[]) has the same effect whatever square it goes through */
    return 1;
}

static void add_effect(EffList *L, const Eff *e)
{
    for (int i = 0; i < L->n; i++)
        if (same_effect(&L->e[i], e)) return; /* generate each effect exactly once */
    if (L->n >= MAX_EFF_PER_PIECE) { fprintf(stderr, "refgen: effect list overflow\n"); abort(); }
    L->e[L->n++] = *e;
}

/* Generation context for one piece. */
typedef struct Gen {
    const RefRules *r;
    const Pos *p;
    int x, y;     /* the piece's square */
    int side;     /* its owner */
    int fwd;      /* +1 for Black, -1 for White (180° rotation) */
    EffList *L;
} Gen;

static int cell(const Gen *g, int x, int y) { return g->p->board[x][y]; }
static int is_empty(const Gen *g, int x, int y) { return cell(g, x, y) == 0; }
static int is_friend(const Gen *g, int x, int y) { int q = cell(g, x, y); return q && COLOR(q) == g->side; }
static int is_enemy(const Gen *g, int x, int y) { int q = cell(g, x, y); return q && COLOR(q) != g->side; }

/* Is the mover a range-jumping general (by current moving type)? */
static int mover_is_jumping_general(const Gen *g)
{
    int t = moving_type(cell(g, g->x, g->y));
    return t == T_GGn || t == T_VGn || t == T_RGn || t == T_BGn;
}

/* jumper_capture=tsa: "a range-jumping general may never capture a piece of equal or higher
   rank by any move".  AMBIGUITY: "by any move" is read literally, so it also restricts the
   vice general's area-move captures and its ordinary (non-jumping) captures. */
static int capture_allowed(const Gen *g, int tx, int ty)
{
    if (g->r->jumper_capture == JC_TSA && mover_is_jumping_general(g))
        if (jump_rank(cell(g, tx, ty)) >= jump_rank(cell(g, g->x, g->y))) return 0;
    return 1;
}

/* Add a move to (tx,ty) capturing there iff an enemy stands there.  Caller guarantees the
   square is on the board and not friendly. */
static void add_simple(Gen *g, int tx, int ty)
{
    Eff e;
    memset(&e, 0, sizeof e);
    e.fx = g->x; e.fy = g->y; e.tx = tx; e.ty = ty;
    if (is_enemy(g, tx, ty)) {
        if (!capture_allowed(g, tx, ty)) return;
        e.ncap = 1; e.cx[0] = tx; e.cy[0] = ty;
    }
    add_effect(g->L, &e);
}

/* Capture the enemy on (ax,ay) and end on (tx,ty) (start square = igui; enemy = 2nd capture). */
static void add_two_leg(Gen *g, int ax, int ay, int tx, int ty)
{
    Eff e;
    memset(&e, 0, sizeof e);
    e.fx = g->x; e.fy = g->y; e.tx = tx; e.ty = ty;
    e.ncap = 1; e.cx[0] = ax; e.cy[0] = ay;
    if (!(tx == g->x && ty == g->y) && is_enemy(g, tx, ty)) {
        e.ncap = 2; e.cx[1] = tx; e.cy[1] = ty;
    }
    add_effect(g->L, &e);
}

/* Pass: candidates are absolute offsets from the piece; the pass exists iff one of those
   squares is empty; the wire uses the empty one with the lowest index y*16+x. */
static void add_pass(Gen *g, const int (*offs)[2], int noffs)
{
    int best = -1;
    for (int i = 0; i < noffs; i++) {
        int vx = g->x + offs[i][0], vy = g->y + offs[i][1];
        if (!on_board(vx, vy) || !is_empty(g, vx, vy)) continue;
        int idx = vy * 16 + vx;
        if (best < 0 || idx < best) best = idx;
    }
    if (best < 0) return;
    Eff e;
    memset(&e, 0, sizeof e);
    e.fx = e.tx = g->x; e.fy = e.ty = g->y;
    e.is_pass = 1; e.vx = best % 16; e.vy = best / 16;
    add_effect(g->L, &e);
}

/* Direction sets, relative to the owner (dy > 0 = forward). */
static const int KING8[8][2] = { {0,1},{1,1},{1,0},{1,-1},{0,-1},{-1,-1},{-1,0},{-1,1} };
static const int DIAG4[4][2] = { {1,1},{-1,1},{1,-1},{-1,-1} };
static const int ORTH4[4][2] = { {0,1},{0,-1},{1,0},{-1,0} };

/* --- primitives (dx,dy relative to owner; converted by 180° rotation for White) ---------- */

/* Step / jump: to the square at the offset (empty or enemy), ignoring anything in between. */
static void leap(Gen *g, int dx, int dy)
{
    int tx = g->x + dx * g->fwd, ty = g->y + dy * g->fwd;
    if (!on_board(tx, ty) || is_friend(g, tx, ty)) return;
    add_simple(g, tx, ty);
}

/* Range up to max squares (max = 15 for unlimited) through empty squares; may capture the
   first piece if it is an enemy. */
static void slide(Gen *g, int dx, int dy, int max)
{
    for (int n = 1; n <= max; n++) {
        int tx = g->x + n * dx * g->fwd, ty = g->y + n * dy * g->fwd;
        if (!on_board(tx, ty) || is_friend(g, tx, ty)) return;
        add_simple(g, tx, ty);
        if (!is_empty(g, tx, ty)) return;
    }
}

/* Range-jumping general along one line (RULES.md §6). */
static void range_jump(Gen *g, int dx, int dy)
{
    int myrank = jump_rank(cell(g, g->x, g->y));
    int jumped = 0;
    for (int n = 1; n < 16; n++) {
        int tx = g->x + n * dx * g->fwd, ty = g->y + n * dy * g->fwd;
        if (!on_board(tx, ty)) return;
        int q = cell(g, tx, ty);
        if (!q) {
            /* rule 1: non-capturing moves are ordinary ranging moves (jump_noncapture=on also
               allows them beyond jumped pieces) */
            if (jumped == 0 || JUMP_NONCAPTURE(g->r)) add_simple(g, tx, ty);
            continue;
        }
        int qrank = jump_rank(q);
        if (COLOR(q) != g->side) {
            int ok = 1;
            switch (g->r->jumper_capture) {
            case JC_CVP:    /* any rank; king/prince only without jumping */
                if (is_royal(q) && jumped > 0) ok = 0;
                break;
            case JC_NOJUMP: /* equal/higher rank (incl. royals) only without jumping */
                if (qrank >= myrank && jumped > 0) ok = 0;
                break;
            case JC_TSA:    /* never equal or higher rank */
                if (qrank >= myrank) ok = 0;
                break;
            }
            if (ok) add_simple(g, tx, ty);
        }
        if (qrank < myrank) { jumped++; continue; } /* rule 2: jump strictly lower rank */
        return;                                     /* rule 3: equal/higher rank ends line */
    }
}

/* Area move of up to n king steps (RULES.md §5.6) plus pass. */
static void area_move(Gen *g, int nsteps)
{
    int dist[16][16];
    int qx[256], qy[256], head = 0, tail = 0;
    for (int x = 0; x < 16; x++)
        for (int y = 0; y < 16; y++) dist[x][y] = -1;
    dist[g->x][g->y] = 0;
    qx[tail] = g->x; qy[tail] = g->y; tail++;
    while (head < tail) {
        int cx = qx[head], cy = qy[head]; head++;
        if (dist[cx][cy] >= nsteps) continue;
        /* only the start square (vacated) and empty squares can be passed through */
        if (!(cx == g->x && cy == g->y) && !is_empty(g, cx, cy)) continue;
        for (int d = 0; d < 8; d++) {
            int tx = cx + KING8[d][0], ty = cy + KING8[d][1];
            if (!on_board(tx, ty) || dist[tx][ty] >= 0 || is_friend(g, tx, ty)) continue;
            dist[tx][ty] = dist[cx][cy] + 1;
            qx[tail] = tx; qy[tail] = ty; tail++;
        }
    }
    for (int x = 0; x < 16; x++)
        for (int y = 0; y < 16; y++)
            if (dist[x][y] >= 1) add_simple(g, x, y);
    add_pass(g, KING8, 8);
}

/* Full lion power (RULES.md §5.2). */
static void lion_power(Gen *g)
{
    for (int d = 0; d < 8; d++) {
        int ax = g->x + KING8[d][0], ay = g->y + KING8[d][1];
        if (!on_board(ax, ay) || is_friend(g, ax, ay)) continue;
        add_simple(g, ax, ay);                           /* 1. step */
        if (!is_enemy(g, ax, ay)) continue;
        add_two_leg(g, ax, ay, g->x, g->y);              /* 4. igui */
        for (int e = 0; e < 8; e++) {                    /* 3. double move */
            int tx = ax + KING8[e][0], ty = ay + KING8[e][1];
            if (!on_board(tx, ty) || (tx == g->x && ty == g->y) || is_friend(g, tx, ty)) continue;
            add_two_leg(g, ax, ay, tx, ty);
        }
    }
    for (int dx = -2; dx <= 2; dx++)                     /* 2. jump to B-squares */
        for (int dy = -2; dy <= 2; dy++)
            if (abs(dx) == 2 || abs(dy) == 2) leap(g, dx, dy);
    add_pass(g, KING8, 8);                               /* 5. pass */
}

/* Line lion power along one line (RULES.md §5.3); returns nothing, pass handled by caller. */
static void line_lion(Gen *g, int dx, int dy)
{
    int ax = g->x + dx * g->fwd, ay = g->y + dy * g->fwd;
    int bx = g->x + 2 * dx * g->fwd, by = g->y + 2 * dy * g->fwd;
    if (!on_board(ax, ay)) return;
    int b_ok = on_board(bx, by) && !is_friend(g, bx, by);
    if (!is_friend(g, ax, ay)) add_simple(g, ax, ay);     /* step to a */
    if (is_enemy(g, ax, ay)) {
        add_two_leg(g, ax, ay, g->x, g->y);               /* igui on a */
        if (b_ok) add_two_leg(g, ax, ay, bx, by);         /* capture a, go on to b */
    }
    if (b_ok) add_simple(g, bx, by);                      /* jump to b */
}

/* Free eagle diagonal lion power (RULES.md §5.4, default free_eagle=diag_lion). */
static void eagle_diag_lion(Gen *g)
{
    static const int JUMPS[8][2] = { {2,2},{2,-2},{-2,2},{-2,-2},{2,0},{-2,0},{0,2},{0,-2} };
    for (int i = 0; i < 8; i++) leap(g, JUMPS[i][0], JUMPS[i][1]);
    for (int d = 0; d < 4; d++) {
        int ax = g->x + DIAG4[d][0], ay = g->y + DIAG4[d][1];
        if (!on_board(ax, ay) || is_friend(g, ax, ay)) continue;
        add_simple(g, ax, ay);
        if (!is_enemy(g, ax, ay)) continue;
        add_two_leg(g, ax, ay, g->x, g->y);               /* igui */
        for (int e = 0; e < 4; e++) {
            int tx = ax + DIAG4[e][0], ty = ay + DIAG4[e][1];
            if (!on_board(tx, ty) || (tx == g->x && ty == g->y) || is_friend(g, tx, ty)) continue;
            add_two_leg(g, ax, ay, tx, ty);
        }
    }
    add_pass(g, DIAG4, 4);
}

/* Heavenly tetrarch (RULES.md §5.8). */
static void tetrarch(Gen *g)
{
    /* igui on any adjacent enemy; no pass, never moves to an adjacent square */
    for (int d = 0; d < 8; d++) {
        int ax = g->x + KING8[d][0], ay = g->y + KING8[d][1];
        if (on_board(ax, ay) && is_enemy(g, ax, ay)) add_two_leg(g, ax, ay, g->x, g->y);
    }
    /* diagonals (and verticals unless western): skip the 1st square, range from the 2nd */
    int ndirs = 0, dirs[6][2];
    for (int d = 0; d < 4; d++) { dirs[ndirs][0] = DIAG4[d][0]; dirs[ndirs][1] = DIAG4[d][1]; ndirs++; }
    if (!TETRARCH_WESTERN(g->r)) {
        dirs[ndirs][0] = 0; dirs[ndirs][1] = 1; ndirs++;
        dirs[ndirs][0] = 0; dirs[ndirs][1] = -1; ndirs++;
    }
    for (int d = 0; d < ndirs; d++) {
        for (int n = 2; n < 16; n++) {
            int tx = g->x + n * dirs[d][0], ty = g->y + n * dirs[d][1];
            if (!on_board(tx, ty) || is_friend(g, tx, ty)) break;
            add_simple(g, tx, ty);
            if (!is_empty(g, tx, ty)) break;
        }
    }
    /* sideways: 2nd square, or 3rd if the 2nd is empty */
    for (int s = -1; s <= 1; s += 2) {
        int x2 = g->x + 2 * s, x3 = g->x + 3 * s;
        if (!on_board(x2, g->y) || is_friend(g, x2, g->y)) continue;
        add_simple(g, x2, g->y);
        if (!is_empty(g, x2, g->y)) continue;
        if (on_board(x3, g->y) && !is_friend(g, x3, g->y)) add_simple(g, x3, g->y);
    }
}

/* Generate every effect of the piece on (x,y) into L. */
static void gen_piece(const RefRules *r, const Pos *p, int x, int y, EffList *L)
{
    Gen g = { r, p, x, y, COLOR(p->board[x][y]), COLOR(p->board[x][y]) ? -1 : 1, L };
    const int INF = 15;
    int t = moving_type(p->board[x][y]);
    int i;
    switch (t) {
    case T_K: case T_CP:                                   /* K */
        for (i = 0; i < 8; i++) leap(&g, KING8[i][0], KING8[i][1]);
        break;
    case T_DE:                                             /* FfsW: all but straight back */
        for (i = 0; i < 8; i++)
            if (!(KING8[i][0] == 0 && KING8[i][1] == -1)) leap(&g, KING8[i][0], KING8[i][1]);
        break;
    case T_GGn:
        for (i = 0; i < 8; i++) range_jump(&g, KING8[i][0], KING8[i][1]);
        break;
    case T_VGn:
        for (i = 0; i < 4; i++) range_jump(&g, DIAG4[i][0], DIAG4[i][1]);
        area_move(&g, 3);
        break;
    case T_RGn:
        for (i = 0; i < 4; i++) range_jump(&g, ORTH4[i][0], ORTH4[i][1]);
        break;
    case T_BGn:
        for (i = 0; i < 4; i++) range_jump(&g, DIAG4[i][0], DIAG4[i][1]);
        break;
    case T_FEg:
        for (i = 0; i < 8; i++) slide(&g, KING8[i][0], KING8[i][1], INF);
        if (FREE_EAGLE_WEST(r)) {
            for (i = 0; i < 4; i++) leap(&g, 2 * ORTH4[i][0], 2 * ORTH4[i][1]);
        } else {
            eagle_diag_lion(&g);
        }
        break;
    case T_FK:
        for (i = 0; i < 8; i++) slide(&g, KING8[i][0], KING8[i][1], INF);
        break;
    case T_SE: {                                           /* RbB + lion lines on fwd diagonals */
        for (i = 0; i < 4; i++) slide(&g, ORTH4[i][0], ORTH4[i][1], INF);
        slide(&g, 1, -1, INF); slide(&g, -1, -1, INF);
        line_lion(&g, 1, 1); line_lion(&g, -1, 1);
        const int pv[2][2] = { {g.fwd, g.fwd}, {-g.fwd, g.fwd} };
        add_pass(&g, pv, 2);
        break;
    }
    case T_HF: {                                           /* BsbR + lion line forward */
        for (i = 0; i < 4; i++) slide(&g, DIAG4[i][0], DIAG4[i][1], INF);
        slide(&g, 1, 0, INF); slide(&g, -1, 0, INF); slide(&g, 0, -1, INF);
        line_lion(&g, 0, 1);
        const int pv[1][2] = { {0, g.fwd} };
        add_pass(&g, pv, 1);
        break;
    }
    case T_WBf:                                            /* BsR + vR2 */
        for (i = 0; i < 4; i++) slide(&g, DIAG4[i][0], DIAG4[i][1], INF);
        slide(&g, 1, 0, INF); slide(&g, -1, 0, INF);
        slide(&g, 0, 1, 2); slide(&g, 0, -1, 2);
        break;
    case T_ChS:                                            /* BvR + sR2 */
        for (i = 0; i < 4; i++) slide(&g, DIAG4[i][0], DIAG4[i][1], INF);
        slide(&g, 0, 1, INF); slide(&g, 0, -1, INF);
        slide(&g, 1, 0, 2); slide(&g, -1, 0, 2);
        break;
    case T_FiD:                                            /* BsR (or BvR) + area 3 + pass */
        for (i = 0; i < 4; i++) slide(&g, DIAG4[i][0], DIAG4[i][1], INF);
        if (FD_RANGE_FILE(r)) { slide(&g, 0, 1, INF); slide(&g, 0, -1, INF); }
        else { slide(&g, 1, 0, INF); slide(&g, -1, 0, INF); }
        area_move(&g, 3);
        break;
    case T_LHk:
        for (i = 0; i < 4; i++) slide(&g, DIAG4[i][0], DIAG4[i][1], INF);
        if (LION_HAWK_TSA(r)) area_move(&g, 2);
        else lion_power(&g);
        break;
    case T_Ln:
        lion_power(&g);
        break;
    case T_DK:                                             /* RF */
        for (i = 0; i < 4; i++) slide(&g, ORTH4[i][0], ORTH4[i][1], INF);
        for (i = 0; i < 4; i++) leap(&g, DIAG4[i][0], DIAG4[i][1]);
        break;
    case T_DH:                                             /* BW */
        for (i = 0; i < 4; i++) slide(&g, DIAG4[i][0], DIAG4[i][1], INF);
        for (i = 0; i < 4; i++) leap(&g, ORTH4[i][0], ORTH4[i][1]);
        break;
    case T_R:
        for (i = 0; i < 4; i++) slide(&g, ORTH4[i][0], ORTH4[i][1], INF);
        break;
    case T_B:
        for (i = 0; i < 4; i++) slide(&g, DIAG4[i][0], DIAG4[i][1], INF);
        break;
    case T_Ky:                                             /* FD: diagonal step, orth. jump to 2nd */
        for (i = 0; i < 4; i++) leap(&g, DIAG4[i][0], DIAG4[i][1]);
        for (i = 0; i < 4; i++) leap(&g, 2 * ORTH4[i][0], 2 * ORTH4[i][1]);
        break;
    case T_Ph:                                             /* WA */
        for (i = 0; i < 4; i++) leap(&g, ORTH4[i][0], ORTH4[i][1]);
        for (i = 0; i < 4; i++) leap(&g, 2 * DIAG4[i][0], 2 * DIAG4[i][1]);
        break;
    case T_BT:                                             /* FsbW: all but straight forward */
        for (i = 0; i < 8; i++)
            if (!(KING8[i][0] == 0 && KING8[i][1] == 1)) leap(&g, KING8[i][0], KING8[i][1]);
        break;
    case T_FL:                                             /* FvW: all but sideways */
        for (i = 0; i < 8; i++)
            if (KING8[i][1] != 0) leap(&g, KING8[i][0], KING8[i][1]);
        break;
    case T_G: case T_TK:                                   /* WfF */
        for (i = 0; i < 4; i++) leap(&g, ORTH4[i][0], ORTH4[i][1]);
        leap(&g, 1, 1); leap(&g, -1, 1);
        break;
    case T_S:                                              /* FfW */
        for (i = 0; i < 4; i++) leap(&g, DIAG4[i][0], DIAG4[i][1]);
        leap(&g, 0, 1);
        break;
    case T_C:                                              /* vWfF */
        leap(&g, 0, 1); leap(&g, 0, -1); leap(&g, 1, 1); leap(&g, -1, 1);
        break;
    case T_I:                                              /* fFfW */
        leap(&g, 0, 1); leap(&g, 1, 1); leap(&g, -1, 1);
        break;
    case T_N:                                              /* ffN */
        leap(&g, 1, 2); leap(&g, -1, 2);
        break;
    case T_VM:                                             /* vRsW */
        slide(&g, 0, 1, INF); slide(&g, 0, -1, INF); leap(&g, 1, 0); leap(&g, -1, 0);
        break;
    case T_SM:                                             /* sRvW */
        slide(&g, 1, 0, INF); slide(&g, -1, 0, INF); leap(&g, 0, 1); leap(&g, 0, -1);
        break;
    case T_RC:                                             /* vR */
        slide(&g, 0, 1, INF); slide(&g, 0, -1, INF);
        break;
    case T_L:                                              /* fR */
        slide(&g, 0, 1, INF);
        break;
    case T_VSo:                                            /* fRbWsR2 */
        slide(&g, 0, 1, INF); leap(&g, 0, -1); slide(&g, 1, 0, 2); slide(&g, -1, 0, 2);
        break;
    case T_SSo:                                            /* sRbWfR2 */
        slide(&g, 1, 0, INF); slide(&g, -1, 0, INF); leap(&g, 0, -1); slide(&g, 0, 1, 2);
        break;
    case T_Dg:                                             /* fWbF */
        leap(&g, 0, 1); leap(&g, 1, -1); leap(&g, -1, -1);
        break;
    case T_P:                                              /* fW */
        leap(&g, 0, 1);
        break;
    case T_FS:                                             /* vRK */
        slide(&g, 0, 1, INF); slide(&g, 0, -1, INF);
        for (i = 0; i < 8; i++) if (KING8[i][0] != 0) leap(&g, KING8[i][0], KING8[i][1]);
        break;
    case T_FO:                                             /* BvR */
        for (i = 0; i < 4; i++) slide(&g, DIAG4[i][0], DIAG4[i][1], INF);
        slide(&g, 0, 1, INF); slide(&g, 0, -1, INF);
        break;
    case T_FBo:                                            /* BsR */
        for (i = 0; i < 4; i++) slide(&g, DIAG4[i][0], DIAG4[i][1], INF);
        slide(&g, 1, 0, INF); slide(&g, -1, 0, INF);
        break;
    case T_W:                                              /* vRbB */
        slide(&g, 0, 1, INF); slide(&g, 0, -1, INF); slide(&g, 1, -1, INF); slide(&g, -1, -1, INF);
        break;
    case T_WH:                                             /* vRfB */
        slide(&g, 0, 1, INF); slide(&g, 0, -1, INF); slide(&g, 1, 1, INF); slide(&g, -1, 1, INF);
        break;
    case T_MGn:                                            /* fRbB */
        slide(&g, 0, 1, INF); slide(&g, 1, -1, INF); slide(&g, -1, -1, INF);
        break;
    case T_HT:
        tetrarch(&g);
        break;
    default:
        break;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Moves: effect + promotion flag; promotion eligibility (§4.2); applying (§5.9)               */
/* ------------------------------------------------------------------------------------------ */

typedef struct Move {
    Eff e;
    int promo;
    int suicide;
} Move;

typedef struct MoveList {
    Move *m;
    int n, cap;
} MoveList;

static void ml_push(MoveList *ml, const Move *mv)
{
    if (ml->n == ml->cap) {
        int nc = ml->cap ? ml->cap * 2 : 256;
        Move *nm = realloc(ml->m, (size_t)nc * sizeof *nm);
        if (!nm) { fprintf(stderr, "refgen: out of memory\n"); abort(); }
        ml->m = nm; ml->cap = nc;
    }
    ml->m[ml->n++] = *mv;
}

static void ml_free(MoveList *ml) { free(ml->m); ml->m = NULL; ml->n = ml->cap = 0; }

static int in_zone(int side, int y) { return side == 0 ? y >= 11 : y <= 4; }

static int promotion_option(const RefRules *r, const Pos *p, const Eff *e)
{
    int q = p->board[e->fx][e->fy];
    int side = COLOR(q);
    if (ISPROMO(q) || !PROMOTES_TO[ORIG(q)]) return 0;
    if (e->is_pass) return 0;
    int in_f = in_zone(side, e->fy), in_t = in_zone(side, e->ty);
    int captures = e->ncap > 0;
    if (!in_f && in_t) return 1;                                  /* E1 */
    if (captures && (in_f || in_t)) return 1;                     /* E2 */
    if (PROMO_ANY_SQUARE(r) && captures)                          /* capture squares count */
        for (int i = 0; i < e->ncap; i++)
            if (in_zone(side, e->cy[i])) return 1;
    /* (With any_square, E1 for a capturing move is subsumed by E2; for a non-capturing move the
       counted squares are just start and final, so E1 is unchanged.) */
    if (SECOND_CHANCE(r) && !captures && (ORIG(q) == T_N || ORIG(q) == T_I)) {
        int last = side == 0 ? (e->ty == 15) : (e->ty == 0);
        int second_last = side == 0 ? (e->ty == 14) : (e->ty == 1);
        if (last || (ORIG(q) == T_N && second_last)) return 1;
    }
    return 0;
}

/* Is (x,y) adjacent (8-neighbourhood) to a fire demon of the given side? */
static int next_to_demon(const Pos *p, int x, int y, int demon_side)
{
    for (int d = 0; d < 8; d++) {
        int ax = x + KING8[d][0], ay = y + KING8[d][1];
        if (!on_board(ax, ay)) continue;
        int q = p->board[ax][ay];
        if (q && COLOR(q) == demon_side && is_fire_demon(q)) return 1;
    }
    return 0;
}

/* Step 1 of the end-of-move resolution: remove captures, put the mover on its final square. */
static void apply_step1(const Pos *p, const Eff *e, int promo, Pos *out)
{
    *out = *p;
    int mover = p->board[e->fx][e->fy];
    for (int i = 0; i < e->ncap; i++) out->board[e->cx[i]][e->cy[i]] = 0;
    out->board[e->fx][e->fy] = 0;
    out->board[e->tx][e->ty] = mover | (promo ? PROMO_FLAG : 0);
}

/* Would the mover be burned at the end of this move (passive burn, §5.9 step 2)? */
static int is_suicide(const Pos *p, const Eff *e)
{
    Pos tmp;
    int side = COLOR(p->board[e->fx][e->fy]);
    apply_step1(p, e, 0, &tmp);
    return next_to_demon(&tmp, e->tx, e->ty, 1 - side);
}

/* Full move application with end-of-move resolution (RULES.md §5.9). */
static void apply_move(const RefRules *r, const Pos *p, const Move *mv, Pos *out)
{
    const Eff *e = &mv->e;
    int mover = p->board[e->fx][e->fy];
    int side = COLOR(mover);
    int enemy = 1 - side;
    /* the mover burns iff it was a fire demon when the move started, or promo_burn=on and it
       became one on this move */
    int burns = is_fire_demon(mover) ||
                (PROMO_BURN(r) && mv->promo && is_fire_demon(mover | PROMO_FLAG));
    apply_step1(p, e, mv->promo, out);
    if (next_to_demon(out, e->tx, e->ty, enemy)) {
        /* 2. passive burn (suicide) */
        out->board[e->tx][e->ty] = 0;
        if (FD_ALL_BURN(r) && burns) {
            for (int d = 0; d < 8; d++) {
                int ax = e->tx + KING8[d][0], ay = e->ty + KING8[d][1];
                if (!on_board(ax, ay)) continue;
                int q = out->board[ax][ay];
                if (q && COLOR(q) == enemy && !is_fire_demon(q)) out->board[ax][ay] = 0;
            }
        }
    } else if (burns) {
        /* 3. active burn */
        for (int d = 0; d < 8; d++) {
            int ax = e->tx + KING8[d][0], ay = e->ty + KING8[d][1];
            if (!on_board(ax, ay)) continue;
            int q = out->board[ax][ay];
            if (q && COLOR(q) == enemy) out->board[ax][ay] = 0;
        }
    }
    out->side = enemy;
}

/* All moves of the side to move ignoring repetition ("pseudo-legal" = legal except for the
   repetition rule; tenjiku has no other legality condition).  A position in which either side
   has no royal has no moves (§5.13). */
static void gen_pseudo(const RefRules *r, const Pos *p, MoveList *ml)
{
    ml->n = 0;
    if (count_royals(p, 0) == 0 || count_royals(p, 1) == 0) return;
    EffList *L = malloc(sizeof *L);
    if (!L) { fprintf(stderr, "refgen: out of memory\n"); abort(); }
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            int q = p->board[x][y];
            if (!q || COLOR(q) != p->side) continue;
            L->n = 0;
            gen_piece(r, p, x, y, L);
            for (int i = 0; i < L->n; i++) {
                Move mv;
                memset(&mv, 0, sizeof mv);
                mv.e = L->e[i];
                mv.suicide = is_suicide(p, &mv.e);
                ml_push(ml, &mv);
                /* a suicide move has only one version, without promotion (§4.2) */
                if (!mv.suicide && promotion_option(r, p, &mv.e)) {
                    mv.promo = 1;
                    ml_push(ml, &mv);
                }
            }
        }
    free(L);
}

/* In check (§5.12): the side to move has exactly one royal and the opponent has a move
   (ignoring repetition) that removes it by any capture or burn. */
static int in_check(const RefRules *r, const Pos *p)
{
    if (count_royals(p, p->side) != 1) return 0;
    int rx = -1, ry = -1;
    for (int x = 0; x < 16; x++)
        for (int y = 0; y < 16; y++) {
            int q = p->board[x][y];
            if (q && COLOR(q) == p->side && is_royal(q)) { rx = x; ry = y; }
        }
    Pos opp = *p;
    opp.side = 1 - p->side;
    MoveList ml = {0};
    gen_pseudo(r, &opp, &ml);
    int check = 0;
    Pos after;
    for (int i = 0; i < ml.n && !check; i++) {
        apply_move(r, &opp, &ml.m[i], &after);
        if (after.board[rx][ry] != p->board[rx][ry]) check = 1;
    }
    ml_free(&ml);
    return check;
}

static int repeats(const Pos *hist, int nhist, const Pos *q)
{
    for (int i = 0; i < nhist; i++)
        if (same_position(&hist[i], q)) return 1;
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Wire syntax (PROTOCOL.md §3)                                                                */
/* ------------------------------------------------------------------------------------------ */

static int put_square(char *buf, int x, int y)
{
    return sprintf(buf, "%c%d", 'a' + x, y + 1);
}

static void move_to_wire(const Move *mv, char *buf)
{
    const Eff *e = &mv->e;
    int n = 0;
    if (e->is_pass) {
        n += put_square(buf + n, e->fx, e->fy);
        n += put_square(buf + n, e->vx, e->vy);
        buf[n++] = ',';
        n += put_square(buf + n, e->vx, e->vy);
        n += put_square(buf + n, e->fx, e->fy);
    } else if (e->ncap == 0 || (e->ncap == 1 && e->cx[0] == e->tx && e->cy[0] == e->ty)) {
        /* plain move, including any capture by displacement */
        n += put_square(buf + n, e->fx, e->fy);
        n += put_square(buf + n, e->tx, e->ty);
    } else {
        /* capture on an intermediate square X: fromX,Xto (igui, hit-and-run, double capture) */
        n += put_square(buf + n, e->fx, e->fy);
        n += put_square(buf + n, e->cx[0], e->cy[0]);
        buf[n++] = ',';
        n += put_square(buf + n, e->cx[0], e->cy[0]);
        n += put_square(buf + n, e->tx, e->ty);
    }
    if (mv->promo) buf[n++] = '+';
    buf[n] = '\0';
}

/* ------------------------------------------------------------------------------------------ */
/* Public interface                                                                            */
/* ------------------------------------------------------------------------------------------ */

int ref_legal_moves(const RefRules *r, const char *tfen, RefMove *out, int max, char *err, int errsz)
{
    Pos root;
    if (parse_tfen(tfen, &root, err, errsz) < 0) return -1;
    MoveList ml = {0};
    gen_pseudo(r, &root, &ml);
    int count = 0, check = -1;
    Pos after;
    for (int i = 0; i < ml.n; i++) {
        apply_move(r, &root, &ml.m[i], &after);
        if (repeats(&root, 1, &after)) {   /* cannot happen (side differs), kept for clarity */
            if (!REP_CHECK_EXC(r)) continue;
            if (check < 0) check = in_check(r, &root);
            if (!check) continue;
        }
        if (count >= max) {
            set_err(err, errsz, "output array too small");
            ml_free(&ml);
            return -1;
        }
        move_to_wire(&ml.m[i], out[count].wire);
        print_tfen(&after, out[count].result, sizeof out[count].result);
        count++;
    }
    ml_free(&ml);
    return count;
}

/* hist[0..nhist-1] = the positions on the current line, hist[nhist-1] the current one;
   hist has room for depth more entries. */
static uint64_t perft_rec(const RefRules *r, Pos *hist, int nhist, int depth)
{
    if (depth == 0) return 1;
    const Pos *p = &hist[nhist - 1];
    MoveList ml = {0};
    gen_pseudo(r, p, &ml);
    uint64_t total = 0;
    int check = -1;
    for (int i = 0; i < ml.n; i++) {
        Pos *after = &hist[nhist];
        apply_move(r, p, &ml.m[i], after);
        if (repeats(hist, nhist, after)) {
            if (!REP_CHECK_EXC(r)) continue;
            if (check < 0) check = in_check(r, p);
            if (!check) continue;
        }
        total += (depth == 1) ? 1 : perft_rec(r, hist, nhist + 1, depth - 1);
    }
    ml_free(&ml);
    return total;
}

uint64_t ref_perft(const RefRules *r, const char *tfen, int depth)
{
    Pos root;
    if (parse_tfen(tfen, &root, NULL, 0) < 0) return (uint64_t)-1;
    if (depth <= 0) return 1;
    Pos *hist = malloc((size_t)(depth + 1) * sizeof *hist);
    if (!hist) return (uint64_t)-1;
    hist[0] = root;
    uint64_t n = perft_rec(r, hist, 1, depth);
    free(hist);
    return n;
}
