/* The CECP layer driven in-process: handshake, variant definition, moves in both colours,
 * rank offset, undo/remove and the repetition history, setboard (XBoard FEN and TFEN),
 * game-end claims, ping ordering, analysis, options, highlights (every legal move of random
 * positions must be enterable by the click sequence XBoard uses), thinking output, bad input. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/tfen.h"
#include "board/xbvariant.h"
#include "cecp_harness.h"
#include "check.h"
#include "crowded.h"
#include "protocol/highlight.h"
#include "randpos.h"
#include "util/clock.h"

static Out out;

static Cecp *fresh(void) { return cecp_fresh(&out, 2); }

static void send(Cecp *c, const char *line)
{
    cecp_handle(c, line);
    CHECK(cecp_wait_idle(c, 20000), "engine still thinking after '%s'", line);
    const char *err = cecp_check(c);
    CHECK(err == NULL, "after '%s': %s", line, err);
}

/* The last line starting with prefix, or NULL (caller frees). */
static char *last_line(const char *prefix)
{
    int idx = -1, i = -1;
    while ((i = out_find(&out, i + 1, prefix)) >= 0)
        idx = i;
    return out_line(&out, idx);
}

static bool has_line(const char *prefix) { return out_find(&out, 0, prefix) >= 0; }

static uint64_t key_of(Cecp *c) { return cecp_position(c)->key; }

/* ---------------------------------------------------------------------------------------- */

static void test_handshake(void)
{
    Cecp *c = fresh();
    char *first = out_line(&out, 0);
    CHECK(first && strcmp(first, "feature done=0") == 0, "first feature line: %s", first);
    free(first);
    char *last = last_line("feature");
    CHECK(last && strcmp(last, "feature done=1") == 0, "last feature line: %s", last);
    free(last);
    char *f = last_line("feature myname=");
    CHECK(f != NULL, "myname feature");
    if (f) {
        const char *need[] = {"myname=\"Kaki ", "variants=\"tenjiku\"", "setboard=1", "usermove=1",
                              "ping=1", "playother=1", "colors=0", "sigint=0", "sigterm=0",
                              "debug=1", "memory=1", "smp=1", "highlight=1"};
        for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
            CHECK(strstr(f, need[i]) != NULL, "feature %s missing in %s", need[i], f);
        free(f);
    }
    for (int i = 0; i < rule_option_count; i++) {
        char want[128];
        snprintf(want, sizeof want, "feature option=\"%s -combo *%s", rule_options[i].name,
                 rule_options[i].values[0]);
        CHECK(has_line(want), "missing %s", want);
    }
    CHECK(has_line("feature option=\"lion_hawk -combo *full /// tsa\""), "lion_hawk combo syntax");
    CHECK(has_line("feature option=\"jumper_capture -combo *cvp /// nojump /// tsa\""),
          "jumper_capture combo");
    CHECK(has_line("feature option=\"Rank offset -spin 0 0 1\""), "rank offset option");
    CHECK(has_line("feature option=\"Resign threshold -spin"), "resign option");
    CHECK(has_line("feature option=\"Hash -spin"), "hash option");
    CHECK(has_line("feature option=\"Threads -spin"), "threads option");
    /* accepted/rejected are swallowed silently */
    out_clear(&out);
    send(c, "accepted myname");
    send(c, "accepted done");
    send(c, "random");
    send(c, "computer");
    send(c, "name Someone");
    CHECK(out_n(&out) == 0, "no output for tolerated commands");
    cecp_free(c);
}

static const char *setup_literal =
    "setup (PNBRQSEXOGD'S'V'HDC!W!^DLI^H^D'VF!E!B!R!V!Q!D!H!^TQ'^N^L^V'C^I^S'^C!A^AFT^W!^F!^F^G^M"
    "^E!^E^XL!^O^L!^P^Q^B^R^B!^R!M^S^C^VKpnbrqsexogd's'v'hdc!w!^dli^h^d'vf!e!b!r!v!q!d!h!^tq'^n"
    "^l^v'c^i^s'^c!a^aft^w!^f!^f^g^m^e!^e^xl!^o^l!^p^q^b^r^b!^r!m^s^c^vk) 16x16+0_chu "
    "lnficsgekgscifnl/a1c!c!1txql!ot1c!c!1a/s'v'bhdw!d!q'h!d!w!dhbv's'/mvrf!e!b!r!v!q!r!b!e!f!rvm/"
    "pppppppppppppppp/4d'6d'4/16/16/16/16/4D'6D'4/PPPPPPPPPPPPPPPP/MVRF!E!B!R!Q!V!R!B!E!F!RVM/"
    "S'V'BHDW!D!H!Q'D!W!DHBV'S'/A1C!C!1TOL!QXT1C!C!1A/LNFICSGKEGSCIFNL w 0 1";

static void test_variant(void)
{
    /* every kind appears in exactly one slot */
    int seen[KIND_COUNT] = {0};
    for (int s = 0; s < XB_SLOTS; s++) {
        int k = xb_slot_kind(s);
        CHECK(k > 0 && k < KIND_COUNT, "slot %d kind %d", s, k);
        if (k > 0 && k < KIND_COUNT)
            seen[k]++;
    }
    int kinds = 0;
    for (int k = 1; k < KIND_COUNT; k++)
        if (kind_move_type[k]) {
            kinds++;
            CHECK(seen[k] == 1, "kind %s in %d slots", kind_english[k], seen[k]);
        }
    CHECK(kinds == XB_SLOTS, "%d kinds for %d slots", kinds, XB_SLOTS);

    Cecp *c = fresh();
    out_clear(&out);
    send(c, "new");
    send(c, "variant tenjiku");
    send(c, "ping 1");
    char *setup = out_line(&out, 0);
    CHECK(setup && strcmp(setup, setup_literal) == 0, "setup line:\n%s\nexpected\n%s", setup,
          setup_literal);
    free(setup);
    CHECK(out_count(&out, "piece ") == 66, "%d piece lines", out_count(&out, "piece "));
    int pong = out_find(&out, 0, "pong 1");
    CHECK(pong == 67, "pong after setup and 66 piece lines (at %d)", pong);
    const char *want[] = {
        "piece K& K", "piece P& fW", "piece D'& fWbF", "piece G& WfF", "piece I& fWfF",
        "piece N& ffN", "piece L& fR", "piece L!& KNADcaKmabK", "piece H!& BKNADcaKmabK",
        "piece Q'& QADcaFmabF", "piece E!& RbBfFfAfcavFfmabF", "piece F!& sbRBfWfDfcavWfmabW",
        "piece D!& sRBKaKaaK", "piece V!& BKaKaaK", "piece Q!& Q", "piece +C!& jvRjBjsR3cabK",
        "piece +P& WfF", "piece +E& K", "piece +O& KNADcaKmabK", "piece +W!& sRBKaKaaK",
        "piece X& WA", "piece O& FD", "piece W!& sRBvR2", "piece C!& vRBsR2",
        "piece +D'& fRbB", "piece +L!& BKNADcaKmabK", "piece +G& R",
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        CHECK(has_line(want[i]), "missing '%s'", want[i]);
    /* no fK (XBoard reads it as the straight step only) */
    CHECK(out_find(&out, 0, "piece I& fK") < 0, "iron general written fK");

    /* options change the piece lines */
    send(c, "option lion_hawk=tsa");
    send(c, "option free_eagle=west");
    send(c, "option fd_range=file");
    send(c, "option tetrarch=western");
    out_clear(&out);
    send(c, "variant tenjiku");
    CHECK(has_line("piece H!& BKaK"), "lion hawk tsa line");
    CHECK(has_line("piece Q'& QD"), "free eagle west line");
    CHECK(has_line("piece D!& vRBKaKaaK"), "fire demon file line");
    CHECK(has_line("piece +C!& jBjsR3cabK"), "tetrarch western line");
    send(c, "variant chess");
    CHECK(has_line("Error (unsupported variant): variant chess"), "other variants refused");
    cecp_free(c);
}

static void test_moves_and_undo(void)
{
    Cecp *c = fresh();
    send(c, "new");
    send(c, "variant tenjiku");
    send(c, "force");
    uint64_t k0 = key_of(c);
    out_clear(&out);
    send(c, "usermove a5a6");
    CHECK(cecp_game_length(c) == 1 && !has_line("Illegal"), "a5a6 accepted");
    send(c, "p12p11"); /* bare move, gote */
    CHECK(cecp_game_length(c) == 2, "bare move accepted");
    uint64_t k2 = key_of(c);
    send(c, "usermove a6a8");
    CHECK(has_line("Illegal move") && cecp_game_length(c) == 2 && key_of(c) == k2,
          "illegal move refused, position unchanged");
    out_clear(&out);
    send(c, "usermove a6a7+");
    CHECK(has_line("Illegal move"), "+ on a move without promotion is illegal");
    out_clear(&out);
    send(c, "usermove a6a7=");
    CHECK(!has_line("Illegal") && cecp_game_length(c) == 3, "= accepted and ignored");
    send(c, "usermove zz");
    send(c, "usermove a7");
    send(c, "usermove a1a2,");
    send(c, "usermove @@@@");
    CHECK(cecp_game_length(c) == 3, "malformed moves refused");
    send(c, "remove");
    CHECK(cecp_game_length(c) == 1, "remove takes back two plies");
    send(c, "undo");
    CHECK(cecp_game_length(c) == 0 && key_of(c) == k0, "undo back to the start");
    CHECK(cecp_position(c)->nhist == 1, "history holds only the start position");
    out_clear(&out);
    send(c, "undo");
    CHECK(has_line("Error (no move to undo)"), "undo at the start refused");

    /* rank offset 1: every coordinate 0-based */
    send(c, "option Rank offset=1");
    out_clear(&out);
    send(c, "usermove a4a5");
    CHECK(cecp_game_length(c) == 1 && !has_line("Illegal"), "0-based a4a5 = a5a6");
    send(c, "usermove i15i14");
    CHECK(cecp_game_length(c) == 1, "i15i14 is not gote's move with offset (king on i15=i16)");
    CHECK(has_line("Illegal move"), "refused");
    out_clear(&out);
    send(c, "usermove i11i10"); /* gote pawn i12 -> i11 */
    CHECK(cecp_game_length(c) == 2 && !has_line("Illegal"), "gote 0-based move");
    cecp_free(c);
}

static void test_engine_plays(void)
{
    Cecp *c = fresh();
    send(c, "new");
    send(c, "variant tenjiku");
    send(c, "level 0 0:10 0.1");
    send(c, "post");
    out_clear(&out);
    /* engine plays gote after new: a sente move makes it reply */
    send(c, "usermove a5a6");
    CHECK(cecp_game_length(c) == 2, "engine replied as gote (%d plies)", cecp_game_length(c));
    char *mv = last_line("move ");
    CHECK(mv != NULL, "move line");
    free(mv);
    /* thinking output: depth score time nodes ... TAB pv */
    int t = -1;
    for (int i = 0; i < out_n(&out) && t < 0; i++) {
        char *l = out_line(&out, i);
        if (l && isdigit((unsigned char)l[0]) && strchr(l, '\t'))
            t = i;
        free(l);
    }
    CHECK(t >= 0, "thinking output seen");
    if (t >= 0) {
        char *l = out_line(&out, t);
        int d;
        long sc;
        long long tm;
        unsigned long long nodes;
        CHECK(sscanf(l, "%d %ld %lld %llu", &d, &sc, &tm, &nodes) == 4, "format: %s", l);
        free(l);
    }
    /* go: the engine plays the side to move (sente) */
    out_clear(&out);
    send(c, "go");
    CHECK(cecp_game_length(c) == 3, "engine moved for sente");
    /* ping after go is answered after the move */
    out_clear(&out);
    send(c, "force");
    send(c, "usermove p12p11");
    send(c, "go");
    cecp_handle(c, "ping 7");
    CHECK(cecp_wait_idle(c, 20000), "idle");
    int im = out_find(&out, 0, "move "), ip = out_find(&out, 0, "pong 7");
    CHECK(im >= 0 && ip > im, "pong after move (move %d pong %d)", im, ip);
    /* '?' makes it move now; force stops it */
    send(c, "force");
    send(c, "st 30");
    out_clear(&out);
    cecp_handle(c, "usermove a6a7");
    cecp_handle(c, "go");
    cecp_handle(c, "?");
    CHECK(cecp_wait_idle(c, 20000), "? moves at once");
    CHECK(has_line("move "), "moved after ?");
    cecp_handle(c, "force");
    cecp_handle(c, "st 30");
    cecp_handle(c, "go");
    out_clear(&out);
    cecp_handle(c, "ping 9"); /* waits for the move ... */
    CHECK(!has_line("pong 9"), "no pong while thinking");
    cecp_handle(c, "force"); /* ... which force cancels: now the pong comes */
    CHECK(!cecp_thinking(c), "force stops thinking");
    CHECK(has_line("pong 9") && !has_line("move "), "pong after force, no move");
    cecp_free(c);
}

static void test_setboard_and_claims(void)
{
    Cecp *c = fresh();
    send(c, "new");
    send(c, "variant tenjiku");
    send(c, "force");
    /* XBoard FEN: w = sente to move */
    send(c, "setboard 16/16/16/16/16/16/16/16/16/16/16/16/16/16/1k14/K15 w - 0 1");
    CHECK(cecp_position(c)->side == BLACK, "XBoard FEN w = sente");
    send(c, "setboard 16/16/16/16/16/16/16/16/16/16/16/16/16/16/1k14/K15 b 0 1");
    CHECK(cecp_position(c)->side == WHITE, "XBoard FEN b = gote");
    /* TFEN: b = sente */
    send(c, "setboard 16/16/16/16/16/16/16/16/16/16/16/16/16/16/1k14/K15 b");
    CHECK(cecp_position(c)->side == BLACK, "TFEN b = sente");
    uint64_t k = key_of(c);
    out_clear(&out);
    send(c, "setboard 16/16/16 w - 0 1");
    CHECK(has_line("tellusererror Illegal position"), "bad FEN refused");
    CHECK(key_of(c) == k, "position unchanged after a bad FEN");
    out_clear(&out);
    send(c, "usermove a1a2");
    CHECK(has_line("Illegal move (no valid position)"), "moves refused until setboard/new");

    /* the receiver claims: sente's king takes gote's only king */
    send(c, "new");
    send(c, "setboard 16/16/16/16/16/16/16/16/16/16/16/16/16/16/1k14/K15 w - 0 1");
    out_clear(&out);
    send(c, "usermove a1b2");
    CHECK(has_line("1-0 {gote has no royal left}"), "receiver claims sente's win");
    CHECK(!has_line("move "), "no move after the game ended");

    /* the mover claims: the engine (sente) takes the king */
    send(c, "force");
    send(c, "setboard 16/16/16/16/16/16/16/16/16/16/16/16/16/16/1k14/K15 w - 0 1");
    out_clear(&out);
    send(c, "go");
    int im = out_find(&out, 0, "move a1b2"), ic = out_find(&out, 0, "1-0 {");
    CHECK(im >= 0 && ic > im, "mover claims after its move (move %d claim %d)", im, ic);

    /* suicide next to a fire demon: the mover loses */
    send(c, "new");
    send(c, "setboard 15k/16/16/16/16/16/16/16/16/16/16/16/16/2d!13/16/K15 w - 0 1");
    out_clear(&out);
    send(c, "usermove a1b2");
    CHECK(has_line("0-1 {sente lost its last royal by its own move}"), "suicide claimed");

    /* no legal move: the side to move loses */
    send(c, "force");
    send(c, "setboard KP14/PP14/16/16/16/16/16/16/16/16/16/16/16/16/16/15k w - 0 1");
    out_clear(&out);
    send(c, "go");
    CHECK(has_line("0-1 {sente has no legal move}"), "stalemate claimed as a loss");
    CHECK(!has_line("move "), "no move without legal moves");

    /* a pawn capture to the last rank is sent promoting (the pawn would be dead otherwise) */
    send(c, "force");
    send(c, "setboard p13PK/P13PP/16/16/16/16/16/16/16/16/16/16/16/16/16/k15 w - 0 1");
    out_clear(&out);
    send(c, "go");
    CHECK(has_line("move a15a16+"), "dead pawn move promoted");
    cecp_free(c);
}

static void test_repetition_and_pass(void)
{
    Cecp *c = fresh();
    send(c, "new");
    send(c, "force");
    /* O6: after sente's lion passes, gote's lion may not pass back */
    send(c, "setboard l!14k/16/16/16/16/16/16/16/7L!8/16/16/16/16/16/16/K15 b");
    out_clear(&out);
    send(c, "usermove @@@@");
    CHECK(cecp_game_length(c) == 1 && !has_line("Illegal"), "@@@@ = the only pass");
    send(c, "usermove a16b16,b16a16");
    CHECK(cecp_game_length(c) == 1 && has_line("Illegal move"), "pass back refused");
    send(c, "undo");
    send(c, "usermove h8i9,i9h8");
    CHECK(cecp_game_length(c) == 1, "pass through another square");
    out_clear(&out);
    send(c, "usermove a16a15,a15a16");
    CHECK(has_line("Illegal move"), "still refused after undo and replay");

    /* XBoard's castling kludge (see undo_xboard_kludge): gote's pass g9f8,f8g9 arrives as
       g9g9,f8h9, a two-step g9f8,f8e7 as g9e7,f8f7; both are read as what was played */
    send(c, "new");
    send(c, "force");
    send(c, "setboard 16/16/16/16/16/16/16/6l!9/16/16/16/16/16/16/k15/K15 w");
    out_clear(&out);
    uint64_t before = key_of(c);
    send(c, "usermove g9g9,f8h9");
    CHECK(cecp_game_length(c) == 1 && !has_line("Illegal"), "kludged pass accepted");
    CHECK(cecp_position(c)->board[sq_make(6, 8)] && key_of(c) != before, "the lion passed (side to move changed)");
    send(c, "undo");
    out_clear(&out);
    send(c, "usermove g9e7,f8f7");
    CHECK(cecp_game_length(c) == 1 && !has_line("Illegal") && cecp_position(c)->board[sq_make(4, 6)],
          "kludged two-step move accepted and played to e7");
    send(c, "undo");
    out_clear(&out);
    send(c, "usermove g9g9,f8i9"); /* d not where the kludge puts it: garbage */
    CHECK(cecp_game_length(c) == 0 && has_line("Illegal move"), "a wrong kludge square is refused");
    out_clear(&out);
    send(c, "usermove g9g9,f8q9");
    CHECK(cecp_game_length(c) == 0 && has_line("Illegal move"), "off-board garbage refused");
    cecp_free(c);
}

static void test_analysis_and_ponder(void)
{
    Cecp *c = fresh();
    send(c, "new");
    send(c, "variant tenjiku");
    send(c, "post");
    send(c, "analyze");
    out_clear(&out);
    send(c, "ping 3");
    CHECK(has_line("pong 3"), "ping answered during analysis");
    send(c, ".");
    CHECK(has_line("stat01: "), "stat01 answer");
    send(c, "usermove a5a6");
    CHECK(cecp_game_length(c) == 1 && !has_line("move "), "analysis accepts moves, never moves");
    send(c, "undo");
    send(c, "new");
    CHECK(cecp_game_length(c) == 0, "new in analysis");
    send(c, "exit");
    out_clear(&out);
    send(c, ".");
    CHECK(!has_line("stat01"), "no analysis after exit");

    /* pondering on: the engine moves, then (if it predicted a reply) ponders; a ping is answered
       at once, and the game goes on normally whatever the reply */
    send(c, "new");
    send(c, "variant tenjiku");
    send(c, "hard");
    send(c, "st 0.2");
    out_clear(&out);
    send(c, "usermove a5a6");
    send(c, "ping 4");
    CHECK(has_line("pong 4"), "pong while pondering");
    send(c, "usermove b5b6");
    CHECK(cecp_game_length(c) == 4, "game continues after ponder (%d plies)", cecp_game_length(c));
    /* a ponder hit: reply with the move the engine expects (it is also the hint) */
    for (int round = 0; round < 6; round++) {
        out_clear(&out);
        send(c, "hint");
        char *hint = last_line("Hint: ");
        bool pondering = has_line("# pondering on ");
        int before = cecp_game_length(c);
        if (hint) {
            char mv[64];
            snprintf(mv, sizeof mv, "usermove %s", hint + 6);
            out_clear(&out);
            send(c, mv);
            CHECK(cecp_game_length(c) == before + 2 && has_line("move "),
                  "engine answers after a ponder hit (%s, pondering %d)", mv, pondering);
            free(hint);
        } else {
            char mv[64];
            MoveVec l_all = {0}, *l = &l_all;
            Position *p = malloc(sizeof *p);
            *p = *cecp_position(c);
            generate_legal(p, l);
            if (l->count) {
                move_to_wire(p, l->moves[l->count - 1], 0, mv + 9);
                memcpy(mv, "usermove ", 9);
                send(c, mv);
            }
            movevec_free(l);
            free(p);
        }
        CHECK(cecp_check(c) == NULL, "consistent after pondering");
        if (cecp_game_length(c) == before)
            break;
    }
    send(c, "easy");
    cecp_free(c);
}

/* The deepest depth in the thinking lines collected so far. */
static int deepest_thinking(void)
{
    int deepest = 0;
    for (int i = 0, n = out_n(&out); i < n; i++) {
        char *line = out_line(&out, i);
        int d;
        if (line && isdigit((unsigned char)line[0]) && sscanf(line, "%d", &d) == 1 && d > deepest)
            deepest = d;
        free(line);
    }
    return deepest;
}

/* sd N with cores 2 is a limit for both threads: no thinking line deeper than N (a helper that
   searches the even depths once finished depth N+1 first and its line and move came out). */
static void test_depth_limit_threads(void)
{
    Cecp *c = fresh();
    send(c, "cores 2");
    send(c, "post");
    int rounds = scaled(150), too_deep = 0;
    for (int i = 0; i < rounds; i++) {
        int sd = 1 + i % 3;
        char line[16];
        send(c, "new");
        send(c, "variant tenjiku");
        snprintf(line, sizeof line, "sd %d", sd);
        send(c, line);
        out_clear(&out);
        send(c, "go");
        int deepest = deepest_thinking();
        CHECK(has_line("move ") && deepest == sd, "cores 2, sd %d: deepest thinking line %d", sd,
              deepest);
        too_deep += deepest > sd;
    }
    printf("cores 2: %d searches with sd 1-3, %d too deep\n", rounds, too_deep);
    cecp_free(c);
}

/* A ponder hit under sd 2: the engine moves as soon as depth 2 is done (it pondered without the
   limit and then waited for the clock: st 2 or the level's share of the time).  The ponder
   search has time to finish depth 2 before the hit; the move must come well before 2 s. */
static void ponder_hit_under_sd(const char *clock)
{
    Cecp *c = fresh();
    send(c, "new");
    send(c, "variant tenjiku");
    send(c, "hard");
    send(c, "post");
    send(c, "sd 2");
    send(c, clock);
    int hits = 0;
    for (int round = 0; round < 3; round++) {
        out_clear(&out);
        send(c, "go");
        char *pondering = last_line("# pondering on ");
        CHECK(pondering != NULL, "%s: the engine ponders after its move", clock);
        if (!pondering)
            break;
        sleep_ms(500); /* depth 2 takes a few ms in Release, about 100 ms under ASan */
        char mv[80];
        snprintf(mv, sizeof mv, "usermove %s", pondering + strlen("# pondering on "));
        free(pondering);
        out_clear(&out);
        int64_t t0 = mono_ms();
        send(c, mv);
        int64_t ms = mono_ms() - t0;
        CHECK(has_line("move ") && deepest_thinking() <= 2, "%s: a move at depth 2 after the hit",
              clock);
        CHECK(ms < 1000, "%s, sd 2: the move came %lld ms after the ponder hit", clock,
              (long long)ms);
        hits++;
        send(c, "force");
    }
    printf("ponder hit with sd 2 and '%s': %d hits\n", clock, hits);
    send(c, "easy");
    cecp_free(c);
}

static void test_ponder_hit_depth(void)
{
    ponder_hit_under_sd("st 2");
    ponder_hit_under_sd("level 0 5 0");
}

/* Every number out of range: clamped, with the same message for every command and option
   (sd, nps, time and otim once clamped without a word; level and st refused with an Error line,
   which XBoard reads as a rejected move). */
static void test_out_of_range(void)
{
    static const struct { const char *command, *message; } cases[] = {
        {"sd -5", "# sd -5 out of range 0..124, using 0"},
        {"sd 1000", "# sd 1000 out of range 0..124, using 124"},
        {"nps -1", "# nps -1 out of range 0..2147483647, using 0"},
        {"time -999999999999", "# time -999999999999 out of range -100000000..100000000, using -100000000"},
        {"time 99999999999999999999999", "# time 99999999999999999999999 out of range -100000000..100000000, using 100000000"},
        {"otim -999999999999", "# otim -999999999999 out of range -100000000..100000000, using -100000000"},
        {"level -1 5 0", "# level MPS -1 out of range 0..100000, using 0"},
        {"level 0 99999999 0", "# level BASE (minutes) 99999999 out of range 0..10000, using 10000"},
        {"level 0 -5:30 0", "# level BASE (minutes) -5:30 out of range 0..10000, using 0"},
        {"level 0 1e999 0", "# level BASE (minutes) 1e999 out of range 0..10000, using 10000"},
        {"level 0 5 -2", "# level INC (seconds) -2 out of range 0..100000, using 0"},
        {"level 0 5 1e300", "# level INC (seconds) 1e300 out of range 0..100000, using 100000"},
        {"st -4", "# st -4 out of range 0..1000000, using 0"},
        {"st 1e9", "# st 1e9 out of range 0..1000000, using 1000000"},
        {"memory 0", "# memory 0 out of range 1..16, using 1"},
        {"memory 999999999999999999999", "# memory 999999999999999999999 out of range 1..16, using 16"},
        {"cores 100000", "# cores 100000 out of range 1..2, using 2"},
        {"cores -3", "# cores -3 out of range 1..2, using 1"},
        {"option Threads=-5", "# option Threads -5 out of range 1..2, using 1"},
        {"option Rank offset=7", "# option Rank offset 7 out of range 0..1, using 1"},
        {"option Resign threshold=-1", "# option Resign threshold -1 out of range 0..100000, using 0"},
    };
    Cecp *c = fresh();
    send(c, "new");
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        out_clear(&out);
        send(c, cases[i].command);
        char *line = out_line(&out, 0);
        CHECK(out_n(&out) == 1 && line && strcmp(line, cases[i].message) == 0,
              "'%s' answered '%s' (%d lines), wanted '%s'", cases[i].command, line ? line : "",
              out_n(&out), cases[i].message);
        free(line);
    }
    send(c, "option Rank offset=0");
    /* values in range, and the edges: nothing said */
    static const char *quiet[] = {"sd 0", "sd 124", "nps 0", "time -100000000", "otim 100000000",
                                  "level 40 5 0", "level 0 1:30 2.5", "level 100000 10000 0",
                                  "st 0", "st 1000000", "st 0.5", "memory 16", "cores 2"};
    for (size_t i = 0; i < sizeof quiet / sizeof *quiet; i++) {
        out_clear(&out);
        send(c, quiet[i]);
        CHECK(out_n(&out) == 0, "'%s' in range, yet something was said", quiet[i]);
    }
    /* not a number: refused with an Error line, as before */
    static const char *bad[] = {"sd abc", "nps 1x", "time", "level 40 5", "level x 5 0",
                                "level 0 5 0 9", "st inf", "st nan", "memory 0x10", "cores"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        out_clear(&out);
        send(c, bad[i]);
        CHECK(out_n(&out) == 1 && has_line("Error (bad arguments): "), "'%s' refused", bad[i]);
    }
    /* the clamped values are the ones used: sd -5 is no limit, sd 1 after it a limit of 1 */
    send(c, "post");
    send(c, "sd 1000");
    send(c, "sd 1");
    out_clear(&out);
    send(c, "go");
    CHECK(has_line("move ") && deepest_thinking() == 1, "sd 1 after sd 1000: depth 1");
    cecp_free(c);
}

/* A rule option that would make a move of the game illegal is refused with tellusererror, never
   with an Error line: XBoard takes any Error line for the refusal of the last move and takes
   that move back on its board (the engine keeps it), after which the two disagree. */
static void test_option_refused_mid_game(void)
{
    const char *tfen = "15k/16/16/16/16/16/16/16/16/16/5P10/4d!11/2p13/4g11/1D!3P10/15K b";
    Rules file_rules;
    rules_default(&file_rules);
    char err[160];
    CHECK(rules_set(&file_rules, "fd_range", "file", err, sizeof err) == 0, "fd_range=file");
    RuleSet *file_rs = ruleset_new(&file_rules);
    Position *p = malloc(sizeof *p), *q = malloc(sizeof *p);
    position_clear(p, ruleset_default());
    position_clear(q, file_rs);
    CHECK(tfen_parse(p, tfen, err, sizeof err) == 0 && tfen_parse(q, tfen, err, sizeof err) == 0,
          "%s", err);
    /* a move of the fire demon legal under fd_range=file, not under rank (the default) */
    MoveVec rank_moves = {0}, file_moves = {0};
    generate_legal(p, &rank_moves);
    generate_legal(q, &file_moves);
    Move only_file = MOVE_NONE;
    for (int i = 0; i < file_moves.count && !only_file; i++)
        if (!movevec_has(&rank_moves, file_moves.moves[i]))
            only_file = file_moves.moves[i];
    CHECK(only_file != MOVE_NONE, "a move that only fd_range=file allows");

    Cecp *c = fresh();
    send(c, "new");
    send(c, "variant tenjiku");
    send(c, "force");
    send(c, "option fd_range=file");
    char line[TFEN_MAX + 16] = "setboard ";
    strcat(line, tfen);
    send(c, line);
    strcpy(line, "usermove ");
    move_to_wire(p, only_file, 0, line + 9);
    send(c, line);
    CHECK(cecp_game_length(c) == 1, "%s accepted", line);
    uint64_t key = key_of(c);
    out_clear(&out);
    send(c, "option fd_range=rank");
    char *told = last_line("tellusererror Option refused (move 1 (");
    CHECK(told && strstr(told, "of the game would be illegal): option fd_range=rank"),
          "refused with tellusererror: '%s'", told ? told : "");
    free(told);
    CHECK(!has_line("Error"), "no Error line for a refused option (XBoard would take move 1 back)");
    CHECK(cecp_game_length(c) == 1 && key_of(c) == key, "game and position unchanged");
    /* the game goes on under the old rules: the engine plays gote's reply */
    out_clear(&out);
    send(c, "go");
    CHECK(has_line("move ") && cecp_game_length(c) == 2, "the engine plays on after the refusal");
    /* the same option before the move is taken back in: accepted, and the move is illegal */
    send(c, "force");
    send(c, "undo");
    send(c, "undo");
    out_clear(&out);
    send(c, "option fd_range=rank");
    CHECK(out_n(&out) == 1 && has_line("# rules: fd_range=rank"), "accepted at the start");
    out_clear(&out);
    send(c, line);
    CHECK(has_line("Illegal move") && cecp_game_length(c) == 0, "under rank the move is illegal");
    cecp_free(c);
    movevec_free(&rank_moves);
    movevec_free(&file_moves);
    ruleset_free(file_rs);
    free(p);
    free(q);
}

static void test_options_and_bad_input(void)
{
    Cecp *c = fresh();
    send(c, "new");
    send(c, "force");
    send(c, "usermove a5a6");
    send(c, "usermove p12p11");
    out_clear(&out);
    send(c, "option lion_hawk=tsa");
    send(c, "option promo_path=any_square");
    CHECK(cecp_game_length(c) == 2 && !has_line("Error"), "rules changed mid-game and replayed");
    send(c, "option lion_hawk=bogus");
    CHECK(has_line("tellusererror Option refused (bad option value): option lion_hawk=bogus") &&
          !has_line("Error"), "bad combo value");
    out_clear(&out);
    send(c, "option Hash=abc");
    CHECK(has_line("tellusererror Option refused (bad option value): option Hash=abc") &&
          !has_line("Error"), "non-numeric spin");
    out_clear(&out);
    send(c, "option Hash=99999999");
    CHECK(has_line("# option Hash 99999999 out of range 1..16, using 16"), "absurd hash clamped");
    send(c, "option Threads=-5");
    out_clear(&out);
    send(c, "option Nonsense=1");
    CHECK(has_line("tellusererror Option refused (unknown option): option Nonsense=1") &&
          !has_line("Error"), "unknown option");
    send(c, "option");
    send(c, "option =");
    send(c, "memory 0");
    send(c, "memory 999999999999999999999");
    send(c, "cores 100000");
    send(c, "memory -3");
    send(c, "cores x");
    out_clear(&out);
    send(c, "frobnicate now");
    CHECK(has_line("Error (unknown command): frobnicate now"), "unknown command");
    send(c, "level 40 5");
    send(c, "level x y z");
    send(c, "level 0 1:30 2");
    send(c, "st -4");
    send(c, "sd 9999");
    send(c, "time abc");
    send(c, "nps -1");
    send(c, "lift z99");
    send(c, "hover");
    send(c, "put");
    /* very long lines and binary garbage */
    size_t n = 200000;
    char *big = malloc(n);
    memset(big, 'x', n);
    cecp_handle_line(c, big, n);
    for (size_t i = 0; i < n; i++)
        big[i] = (char)(i * 7919 % 256);
    cecp_handle_line(c, big, n);
    memcpy(big, "setboard ", 9);
    cecp_handle_line(c, big, 5000);
    memcpy(big, "usermove ", 9);
    cecp_handle_line(c, big, 5000);
    free(big);
    CHECK(cecp_wait_idle(c, 20000), "idle");
    CHECK(cecp_check(c) == NULL, "consistent after garbage");
    out_clear(&out);
    send(c, "ping 99");
    CHECK(has_line("pong 99"), "still alive");
    CHECK(!cecp_handle(c, "quit"), "quit returns false");
    cecp_free(c);
}

/* ---------------------------------------------------------------------------------------- */
/* Highlights: simulate XBoard's click sequence for every legal move of a piece. */

static int hl_moves, hl_failures;

static void wire(char *buf, int a, int b, int c2, int d, char suffix)
{
    char *p = buf;
    p += square_to_str(a, p, 0);
    p += square_to_str(b, p, 0);
    if (c2 >= 0) {
        *p++ = ',';
        p += square_to_str(c2, p, 0);
        p += square_to_str(d, p, 0);
    }
    if (suffix)
        *p++ = suffix;
    *p = '\0';
}

static bool is_dest(char ch) { return ch && isupper((unsigned char)ch) && ch != 'T'; }

static void check_piece_highlights(Position *pos, int from, const MoveVec *legal)
{
    Marks first;
    highlight_marks(pos, from, -1, &first);
    for (int i = 0; i < legal->count; i++) {
        Move m = legal->moves[i];
        if (move_from(m) != from)
            continue;
        hl_moves++;
        bool promo_exists = false, plain_exists = false;
        for (int k = 0; k < legal->count; k++) {
            promo_exists |= legal->moves[k] == (m | MOVE_PROMO);
            plain_exists |= legal->moves[k] == (m & ~MOVE_PROMO);
        }
        bool choice = promo_exists && plain_exists;
        char suffix = move_is_promo(m) ? '+' : choice ? '=' : 0;
        char text[64];
        int to = move_to(m);
        bool entered = false;
        if (move_is_pass(m)) {
            for (int v = 0; v < 256 && !entered; v++) {
                if (first.sq[v] != 'C' || pos->board[v])
                    continue;
                Marks second;
                highlight_marks(pos, from, v, &second);
                if (is_dest(second.sq[from])) {
                    wire(text, from, v, v, from, 0);
                    char err[128];
                    entered = move_from_wire(pos, text, 0, err, sizeof err) == m;
                }
            }
        } else if (move_has_mid(m)) {
            int x = move_mid(m);
            if (first.sq[x] == 'C') {
                Marks second;
                highlight_marks(pos, from, x, &second);
                if (is_dest(second.sq[to]) && (!choice || second.sq[to] == 'M')) {
                    wire(text, from, x, x, to, suffix);
                    char err[128];
                    entered = move_from_wire(pos, text, 0, err, sizeof err) == m;
                }
            }
        } else {
            char mk = first.sq[to];
            if (mk == 'C') { /* click the cyan square twice */
                Marks second;
                highlight_marks(pos, from, to, &second);
                mk = second.sq[to];
            }
            if (is_dest(mk) && mk != 'C' && (!choice || mk == 'M')) {
                wire(text, from, to, -1, -1, suffix);
                char err[128];
                entered = move_from_wire(pos, text, 0, err, sizeof err) == m;
            }
        }
        if (!entered) {
            hl_failures++;
            if (hl_failures < 10) {
                char w[64], t[TFEN_MAX];
                move_to_wire(pos, m, 0, w);
                fprintf(stderr, "cannot enter %s by clicking in %s\n", w, tfen_print(pos, t));
            }
        }
    }
    /* and nothing is marked that is not a move */
    for (int sq = 0; sq < 256; sq++) {
        if (!is_dest(first.sq[sq]))
            continue;
        bool ok = false;
        for (int i = 0; i < legal->count && !ok; i++) {
            Move m = legal->moves[i];
            if (move_from(m) != from)
                continue;
            ok = (move_has_mid(m) && move_mid(m) == sq) || (!move_has_mid(m) && move_to(m) == sq) ||
                 (move_is_pass(m) && highlight_pass_square(pos, from) == sq);
        }
        CHECK(ok, "square %d marked %c without a move", sq, first.sq[sq]);
    }
}

static void test_highlight(void)
{
    /* T1: lion on h8 */
    Position *pos = malloc(sizeof *pos);
    MoveVec legal_all = {0}, *legal = &legal_all;
    position_clear(pos, ruleset_default());
    char err[200];
    tfen_parse(pos, "15k/16/16/16/16/16/7s8/7Pp7/7L!1G6/6g9/16/16/16/16/16/K15 b", err, sizeof err);
    Marks mk;
    int h8 = sq_make(7, 7);
    highlight_marks(pos, h8, -1, &mk);
    CHECK(mk.sq[sq_make(6, 6)] == 'C' && mk.sq[sq_make(8, 8)] == 'C', "lion victims cyan");
    CHECK(mk.sq[sq_make(7, 6)] == 'C', "pass square h7 cyan");
    CHECK(mk.sq[sq_make(7, 9)] == 'R', "jump capture h10 red");
    CHECK(mk.sq[sq_make(5, 5)] == 'Y', "jump f6 yellow");
    CHECK(mk.sq[sq_make(7, 8)] == 0 && mk.sq[sq_make(9, 7)] == 0, "own pieces unmarked");
    highlight_marks(pos, h8, sq_make(8, 8), &mk); /* after i9 */
    CHECK(mk.sq[h8] == 'R', "igui: start square red");
    CHECK(mk.sq[sq_make(7, 9)] == 'R', "second capture h10");
    CHECK(mk.sq[sq_make(8, 7)] == 'Y' && mk.sq[sq_make(9, 9)] == 'Y', "hit and run i8, j10");
    CHECK(mk.sq[sq_make(8, 8)] == 'R', "i9 again = plain capture");
    highlight_marks(pos, h8, sq_make(7, 6), &mk); /* after h7 (empty) */
    CHECK(mk.sq[h8] == 'Y' && mk.sq[sq_make(7, 6)] == 'Y', "pass back / stop on h7");
    highlight_marks(pos, sq_make(6, 6), -1, &mk);
    int marked = 0;
    for (int i = 0; i < 256; i++)
        marked += mk.sq[i] != 0;
    CHECK(marked == 0, "enemy piece: nothing marked");
    char line[HIGHLIGHT_MAX];
    highlight_format(&mk, line);
    CHECK(strlen(line) == 10 + 256 + 15, "format length %zu", strlen(line));

    /* T7: the fire demon's burns show on hover */
    tfen_parse(pos, "15k/16/16/16/16/16/16/16/16/16/5P10/4d!11/2p13/4g11/1D!3P10/15K b", err,
               sizeof err);
    int b2 = sq_make(1, 1), d3 = sq_make(3, 2);
    highlight_marks(pos, b2, -1, &mk);
    CHECK(mk.sq[d3] == 'R', "burning move marked red for hover");
    highlight_victims(pos, b2, -1, d3, &mk);
    CHECK(mk.sq[sq_make(2, 3)] == 'G' && mk.sq[sq_make(4, 2)] == 'G', "burn victims green");
    CHECK(mk.sq[d3] == 'R', "hovered square stays a destination");

    /* every legal move of every piece in many positions can be clicked */
    Rng rng = {12345};
    int scale = getenv("KAKI_TEST_SCALE") ? atoi(getenv("KAKI_TEST_SCALE")) : 1;
    int rounds = 160 / (scale > 0 ? scale : 1);
    for (int round = 0; round < rounds; round++) {
        if (round % 2) {
            random_scatter(pos, &rng, 4 + rng_below(&rng, 30));
        } else {
            position_start(pos, ruleset_default());
            int plies = rng_below(&rng, 120);
            for (int p = 0; p < plies; p++) {
                generate_legal(pos, legal);
                Move m = random_move(pos, legal, &rng, 60);
                if (!m)
                    break;
                Undo u;
                make_move(pos, m, &u);
            }
        }
        generate_legal(pos, legal);
        Bitboard own = pos->occ[pos->side];
        while (bb_any(own))
            check_piece_highlights(pos, bb_pop(&own), legal);
    }
    CHECK(hl_failures == 0, "%d of %d moves cannot be entered by clicking", hl_failures, hl_moves);
    printf("highlight: %d moves checked\n", hl_moves);

    /* through the protocol: lift, put on cyan, lift again */
    Cecp *c = fresh();
    send(c, "new");
    send(c, "force");
    send(c, "setboard 15k/16/16/16/16/16/7s8/7Pp7/7L!1G6/6g9/16/16/16/16/16/K15 b");
    out_clear(&out);
    send(c, "lift h8");
    send(c, "put i9");
    send(c, "lift i9");
    CHECK(out_count(&out, "highlight ") == 2, "two highlight answers");
    char *second = last_line("highlight ");
    /* ranks 10, 9, 8: h10 second capture, i10/j10 hit and run; i9 again = plain capture, j9;
       h8 = igui (back to the start), i8 */
    CHECK(second && strstr(second, "/tttttttRYYtttttt/ttttttttRYtttttt/tttttttRYttttttt/") != NULL,
          "second leg: %s", second);
    free(second);
    out_clear(&out);
    send(c, "usermove h8i9,i9h8");
    CHECK(cecp_game_length(c) == 1 && !has_line("Illegal"), "igui entered");
    send(c, "lift a1");
    char *empty = last_line("highlight ");
    CHECK(empty && !strpbrk(empty + 10, "YRCMB"), "gote to move: sente piece not highlighted");
    free(empty);
    cecp_free(c);
    free(pos);
    movevec_free(legal);
}

/* A position with more legal moves than the search's MoveList holds (tests/crowded.h): every
   move can be entered, highlights show the pieces generated last, and the engine finds the
   capture of the king by one of them (the generator once stopped at about 3,400 moves, and
   "usermove" refused the rest as illegal). */
static void test_crowded(void)
{
    Position *pos = malloc(sizeof *pos);
    MoveVec legal = {0};
    char err[200];
    position_clear(pos, ruleset_default());
    CHECK(tfen_parse(pos, CROWDED_LIONS_SENTE, err, sizeof err) == 0, "%s", err);
    generate_legal(pos, &legal);
    CHECK(legal.count == 4687, "%d legal moves", legal.count);
    Cecp *c = fresh();
    send(c, "new");
    send(c, "force");
    send(c, "setboard " CROWDED_LIONS_SENTE);
    out_clear(&out);
    int entered = 0, tried = 0; /* the last 600, then every 13th */
    for (int i = legal.count - 1; i >= 0; i -= i > legal.count - 600 ? 1 : 13, tried++) {
        char line[64] = "usermove ";
        move_to_wire(pos, legal.moves[i], 0, line + 9);
        cecp_handle(c, line);
        entered += cecp_game_length(c) == 1;
        cecp_handle(c, "undo");
    }
    CHECK(entered == tried && !has_line("Illegal") && !has_line("Error"),
          "%d of %d moves accepted", entered, tried);
    printf("crowded: %d of %d legal moves entered\n", entered, legal.count);
    CHECK(cecp_check(c) == NULL, "consistent after the moves");
    send(c, "lift b15"); /* a lion next to gote's king on b16 */
    char *hl = last_line("highlight ");
    CHECK(hl && strlen(hl) > 11 && hl[11] != 't', "the king on b16 is marked: %s", hl);
    free(hl);
    out_clear(&out);
    send(c, "sd 1");
    send(c, "go");
    CHECK(has_line("1-0 {gote has no royal left}"), "the engine takes the king");
    cecp_free(c);
    movevec_free(&legal);
    free(pos);
}

/* memory 8192: the hash table comes zeroed from the OS and is cleared in O(1), so the engine
   answers at once (zeroing 8 GB took about 15 s, and kaki-match took the engine for hung). */
static void test_big_memory(void)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    printf("memory 8192: not under the sanitizers (their allocators may touch the memory)\n");
#else
    Cecp *c = fresh();
    cecp_set_resource_limits(c, 8192, 1);
    out_clear(&out);
    int64_t t0 = mono_ms();
    send(c, "memory 8192");
    send(c, "ping 5");
    int64_t ms = mono_ms() - t0;
    CHECK(has_line("pong 5") && !has_line("#"), "memory 8192 taken and answered");
    CHECK(ms < 3000, "memory 8192 answered after %lld ms", (long long)ms);
    send(c, "new");
    send(c, "sd 3");
    send(c, "go");
    CHECK(has_line("move "), "a search with the 8 GB table");
    printf("memory 8192: answered in %lld ms\n", (long long)ms);
    cecp_free(c);
#endif
}

int main(void)
{
    out_init(&out);
    test_handshake();
    test_variant();
    test_moves_and_undo();
    test_engine_plays();
    test_setboard_and_claims();
    test_repetition_and_pass();
    test_analysis_and_ponder();
    test_depth_limit_threads();
    test_ponder_hit_depth();
    test_options_and_bad_input();
    test_option_refused_mid_game();
    test_out_of_range();
    test_highlight();
    test_crowded();
    test_big_memory();
    out_free(&out);
    return check_finish("test_cecp");
}
