#!/usr/bin/env bash
# A complete unattended XBoard 4.9.1 match of Kaki against itself in tenjiku (docs/PROTOCOL.md §4.4),
# then checks of what XBoard saved:
#   - xboard exits with status 0 (no timeout);
#   - the PGN holds every game, each with a result (1-0, 0-1 or 1/2-1/2) and a termination
#     comment;
#   - no "Forfeit" or "Illegal" in any XBoard debug log;
#   - the raw moves of every game (engine `move` lines in the debug log) replay legally through
#     Kaki's rules core, and a game that is over by rule has exactly the rule's result.
# Games that did not end by a rule claim or a resignation (XBoard's long-game cap) are reported;
# with XBOARD_REQUIRE_RULE_END=1 they fail the test.
#
#   tests/protocol/xboard_match.sh KAKI REPLAY_DEBUG [OUTDIR]
#
# Environment: XBOARD_GAMES (2), XBOARD_TC (0:20 = minutes:seconds per game), XBOARD_INC (0.2 s),
# XBOARD_MAX_MOVES (250: XBoard adjudicates longer games as drawn), XBOARD_RESIGN (0 = engines
# never resign), XBOARD_TIMEOUT (seconds, default from the time control).
# Needs Debian's xboard and xvfb (the test fixture xboard_tools installs them with
# .ci/install-deps.sh); exits 77 (skipped) when they are missing.
set -u

kaki=$(readlink -f "${1:?usage: xboard_match.sh KAKI REPLAY_DEBUG [OUTDIR]}")
replay=$(readlink -f "${2:?usage: xboard_match.sh KAKI REPLAY_DEBUG [OUTDIR]}")
games=${XBOARD_GAMES:-2}
tc=${XBOARD_TC:-0:20}
inc=${XBOARD_INC:-0.2}
max_moves=${XBOARD_MAX_MOVES:-250}
resign=${XBOARD_RESIGN:-0}

# ---- XBoard and Xvfb -------------------------------------------------------------------
PATH="$PATH:/usr/games"
root=$(cd "$(dirname "$0")/../.." && pwd)
missing=$("$root/.ci/install-deps.sh" --check xboard) || { echo "SKIPPED: $missing"; exit 77; }

# ---- the match -----------------------------------------------------------------------------
if [ -n "${3:-}" ]; then
    work=$(readlink -f "$3"); rm -rf "$work"; mkdir -p "$work"
else
    work=$(mktemp -d /tmp/kaki-xboard.XXXXXX)
fi
mkdir -p "$work/home"
cd "$work" || exit 1
# wall-clock bound: both clocks, increments, 20 s per game of overhead
base_s=$(echo "$tc" | awk -F: '{ if (NF == 2) print $1 * 60 + $2; else print $1 * 60 }')
limit=${XBOARD_TIMEOUT:-$(awk -v g="$games" -v b="$base_s" -v i="$inc" -v m="$max_moves" \
    'BEGIN { printf "%d", g * (2 * b + 2 * m * i + 20) + 60 }')}
options="Rank offset=1,Resign threshold=$resign"

echo "work directory: $work"
echo "match: $games games, tc $tc + $inc s, cap $max_moves moves, limit $limit s"
start=$(date +%s)
HOME="$work/home" xvfb-run -a -n $((100 + RANDOM % 800)) timeout -k 10 "$limit" xboard \
    -fcp "$kaki" -fd "$work" -scp "$kaki" -sd "$work" \
    -variant tenjiku -rankOffset 1 -testLegality false -testClaims false \
    -firstOptions "$options" -secondOptions "$options" \
    -ruleMoves 0 -repeatsToDraw 0 -adjudicateDrawMoves "$max_moves" \
    -mg "$games" -tc "$tc" -inc "$inc" -xponder -autoCallFlag true \
    -matchPause 500 -noGUI -xexit -saveSettingsOnExit false \
    -sgf "$work/tenjiku.pgn" -debug -nameOfDebugFile "$work/tenjiku-%d.debug" \
    >"$work/xboard.out" 2>"$work/xboard.err"
status=$?
echo "xboard exit status $status after $(( $(date +%s) - start )) s"
# (ALSA noise from the sound player shares lines with XBoard's messages)
grep -o -e "xboard: Match .*final score [0-9-]*" "$work/xboard.err" | head -1

fail=0
problem() { echo "FAILED: $*"; fail=1; }

[ "$status" -eq 0 ] || problem "xboard exit status $status (124 = timeout)"

# ---- the PGN -------------------------------------------------------------------------------
pgn="$work/tenjiku.pgn"
if [ ! -s "$pgn" ]; then
    problem "no PGN saved"
else
    ngames=$(grep -c '^\[Event ' "$pgn")
    [ "$ngames" -eq "$games" ] || problem "$ngames games in the PGN, expected $games"
    # one record per game: its [Result] tag and the end of its movetext
    awk '
        /^\[Event /   { if (n) finish(); n++; tag = ""; body = "" ; next }
        /^\[Result "/ { tag = $2; gsub(/[]"]/, "", tag); next }
        /^\[/         { next }
                      { body = body " " $0 }
        END           { if (n) finish() }
        function finish(   t) {
            t = body; gsub(/[ \t]+$/, "", t)
            comment = (t ~ /\}[ \t]*(1-0|0-1|1\/2-1\/2)$/) ? "yes" : "no"
            m = match(t, /\{[^{}]*\}[ \t]*(1-0|0-1|1\/2-1\/2|\*)$/)
            term = m ? substr(t, RSTART, RLENGTH) : "(none)"
            printf "game %d: result %s, termination %s\n", n, tag, term
            if (tag != "1-0" && tag != "0-1" && tag != "1/2-1/2") print "BAD result " tag
            if (comment != "yes") print "BAD termination"
        }' "$pgn" >"$work/pgn-check.txt"
    cat "$work/pgn-check.txt"
    grep -q '^BAD' "$work/pgn-check.txt" && problem "a game without result or termination"
    grep -q 'Xboard adjudication' "$pgn" && echo "note: XBoard adjudicated a game (long-game cap)"
fi

# ---- the debug logs ---------------------------------------------------------------------------
logs=$(ls "$work"/tenjiku-[0-9]*.debug 2>/dev/null)
[ -n "$logs" ] || problem "no debug logs"
for f in $logs; do
    bad=$(grep -c -i -e "forfeit" -e "illegal" "$f")
    [ "$bad" -eq 0 ] || { problem "$bad Forfeit/Illegal lines in $(basename "$f")";
                           grep -i -e "forfeit" -e "illegal" "$f" | head -3; }
done
req=()
[ "${XBOARD_REQUIRE_RULE_END:-0}" = 1 ] && req=(--require-rule-end)
# shellcheck disable=SC2086
"$replay" --rank-offset 1 --verbose "${req[@]}" $logs || problem "replay through the rules core"
rule_ends=$(grep -c -e "ended by rule" -e "resignation" <("$replay" --rank-offset 1 $logs 2>/dev/null))
echo "games ended by rule claim or resignation: $rule_ends of $games"

if [ "$fail" -eq 0 ]; then
    echo "xboard_match: PASSED ($work)"
    [ -z "${3:-}" ] && [ "${KEEP_XBOARD_WORK:-0}" != 1 ] && rm -rf "$work"
    exit 0
fi
echo "xboard_match: FAILED (files kept in $work)"
exit 1
