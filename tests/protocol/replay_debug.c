/* Replays the raw moves of XBoard debug logs through Kaki's rules core.
 *
 *   replay_debug [--rank-offset N] [--require-rule-end] [--verbose] DEBUGFILE...
 *
 * For every file (one game each, XBoard's -nameOfDebugFile with %d): takes the start position
 * from the first engine's `setup` line (XBoard FEN, default: the tenjiku start position),
 * applies every `move` line the engines sent, in order (a leg ending in ',' is joined with the
 * next one), and checks that each is legal (repetition included).  Then it compares the game's
 * result as XBoard sent it to the engines (`result R {reason}`) with the rules: if the final
 * position is over by rule (docs/RULES.md §5.13), the result must be the rule's result.  Prints one
 * summary line per game; exits 1 if a move was illegal, a result disagrees with the rules, a
 * game has no result, or (with --require-rule-end) a game did not end by rule or resignation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/legal.h"
#include "board/makemove.h"
#include "board/movegen.h"
#include "board/notation.h"
#include "board/tfen.h"

static int rule_result(Position *pos, char *result)
{
    if (position_game_over(pos)) {
        int mover = pos->side ^ 1;
        int loser = !pos->royals[mover ^ 1] ? mover ^ 1 : mover;
        strcpy(result, loser == WHITE ? "1-0" : "0-1");
        return 1;
    }
    MoveVec l_all = {0}, *l = &l_all;
    generate_legal(pos, l);
    int none = l->count == 0;
    movevec_free(l);
    if (none) {
        strcpy(result, pos->side == BLACK ? "0-1" : "1-0");
        return 1;
    }
    return 0;
}

/* Text after "<first : " / "<second: " on an engine output line, or NULL. */
static const char *engine_text(const char *line)
{
    const char *p = strstr(line, "<first : ");
    if (!p)
        p = strstr(line, "<second: ");
    return p ? p + 9 : NULL;
}

static int verbose;
static int st_mid, st_pass, st_promo, st_burned, st_suicide;

static int replay_file(const char *path, int rank_offset, int require_rule_end)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        return 1;
    }
    Position *pos = malloc(sizeof *pos);
    position_start(pos, ruleset_default());
    char *line = NULL, pending[700] = "", result[64] = "", reason[200] = "", err[200];
    size_t cap = 0;
    int moves = 0, bad = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, f)) > 0) {
        while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        const char *t = engine_text(line);
        if (t && strncmp(t, "setup (", 7) == 0 && moves == 0) {
            const char *fen = strchr(t, ')');
            if (fen && (fen = strstr(fen, "_chu ")) != NULL) {
                fen += 5;
                unsigned char board[256];
                const char *side = tfen_parse_board(fen, board, err, sizeof err);
                if (side) {
                    char tfen[TFEN_MAX + 4];
                    size_t bl = (size_t)(side - fen);
                    while (*side == ' ')
                        side++;
                    snprintf(tfen, sizeof tfen, "%.*s %c", (int)bl, fen, *side == 'b' ? 'w' : 'b');
                    if (tfen_parse(pos, tfen, err, sizeof err) != 0)
                        fprintf(stderr, "%s: bad setup FEN: %s\n", path, err);
                }
            }
            continue;
        }
        if (t && strncmp(t, "move ", 5) == 0) {
            char text[700];
            snprintf(text, sizeof text, "%s%s", pending, t + 5);
            size_t tl = strlen(text);
            if (tl && text[tl - 1] == ',') { /* a leg; the rest follows on the next line */
                snprintf(pending, sizeof pending, "%s", text);
                continue;
            }
            pending[0] = '\0';
            Move m = move_from_wire(pos, text, rank_offset, err, sizeof err);
            if (!m) {
                fprintf(stderr, "%s: move %d '%s' is illegal: %s\n", path, moves + 1, text, err);
                bad = 1;
                break;
            }
            /* statistics: what kinds of moves the game had */
            int them = pos->side ^ 1, us = pos->side;
            int captured = move_has_mid(m) + (pos->board[move_to(m)] && !move_is_pass(m) &&
                                              move_to(m) != move_from(m));
            int before_them = pos->count[them], before_us = pos->count[us];
            Undo u;
            make_move(pos, m, &u);
            moves++;
            st_mid += move_has_mid(m) && !move_is_pass(m);
            st_pass += move_is_pass(m);
            st_promo += move_is_promo(m);
            st_burned += before_them - pos->count[them] - captured;
            st_suicide += before_us != pos->count[us];
            continue;
        }
        const char *r = strstr(line, ">first : result ");
        if (!r)
            r = strstr(line, ">second: result ");
        if (r && !result[0]) {
            r += 16;
            sscanf(r, "%63s", result);
            const char *brace = strchr(r, '{');
            snprintf(reason, sizeof reason, "%s", brace ? brace : "");
        }
    }
    free(line);
    fclose(f);

    char rule[16] = "";
    int over = rule_result(pos, rule);
    int status = bad;
    const char *how;
    if (!result[0] || strcmp(result, "*") == 0) {
        how = "NO RESULT";
        status = 1;
    } else if (over) {
        how = strcmp(rule, result) == 0 ? "ended by rule, result agrees" : "RESULT DISAGREES";
        if (strcmp(rule, result) != 0)
            status = 1;
    } else if (strstr(reason, "resign")) {
        how = "resignation";
    } else {
        how = "NOT OVER BY RULE";
        if (require_rule_end)
            status = 1;
    }
    printf("%s: %d plies, result %s %s, rules: %s -> %s\n", path, moves, result[0] ? result : "-",
           reason, over ? rule : "game not over", how);
    if (verbose) {
        char tfen[TFEN_MAX];
        printf("  multi-leg %d, passes %d, promotions %d, pieces burned %d, suicides %d\n", st_mid,
               st_pass, st_promo, st_burned, st_suicide);
        printf("  final position: %s\n", tfen_print(pos, tfen));
    }
    st_mid = st_pass = st_promo = st_burned = st_suicide = 0;
    free(pos);
    return status;
}

int main(int argc, char **argv)
{
    int rank_offset = 0, require = 0, status = 0, files = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rank-offset") && i + 1 < argc) {
            rank_offset = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--verbose")) {
            verbose = 1;
        } else if (!strcmp(argv[i], "--require-rule-end")) {
            require = 1;
        } else {
            status |= replay_file(argv[i], rank_offset, require);
            files++;
        }
    }
    if (!files) {
        fprintf(stderr, "usage: replay_debug [--rank-offset N] [--require-rule-end] [--verbose] "
                        "FILE...\n");
        return 2;
    }
    return status;
}
