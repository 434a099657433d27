#!/usr/bin/env bash
# The conversion benchmark (issue 29): Kaki plays itself from positions of real games in which
# one side is far ahead (bench/conversion-positions.txt, made by `conversion select`), each
# position twice with colours reversed, and the report says how many of these games the side
# ahead won by the rules, how fast, and how many it drew at the move limit or lost.
#
#   bench/conversion.sh [BUILD_DIR] [extra kaki-match arguments...]
#
# Environment (defaults in brackets):
#   POSITIONS [bench/conversion-positions.txt]  the positions (a kaki-match --openings file)
#   COUNT [all]          play only the first COUNT positions
#   TC [0:04+0.04]       time control of both engines (kaki-match --tc)
#   NODES                instead of a clock: a fixed node budget, the same on every machine and
#                        under any load: "st 100" with "nps NODES/100", so that the engine's
#                        clock counts nodes (at most 0.999 x NODES a move; an iteration that
#                        would not end within it is not started) and the wall clock never runs
#                        out.  The second engine gets NODES + NODES/10, so that the two games
#                        of a position differ (with equal budgets they would be the same game;
#                        with 1 % more, most still were).
#   DEPTH                instead of a clock: a fixed depth ("sd DEPTH", "st 3600")
#   MAXMOVES [150]       draw after this many moves of each side
#   CONCURRENCY [1]      games in parallel
#   KAKI [BUILD_DIR/kaki]  the engine (both sides)
#   OPTIONS              engine options for both sides, e.g. "option.Foo=1 option.Bar=2"
#   OUT [conversion-<date>]  output directory: positions, PGN, result file, kaki-match's
#                        report (match.txt) and the conversion report (report.txt)
# The report (report.txt, also on stdout) is that of `conversion report`: games, won by the
# rules (share), median moves to win, move limit, lost, other endings, and what the side
# ahead did with its moves.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
[ $# -gt 0 ] && shift
KAKI=${KAKI:-$build/kaki}
km=$build/match/kaki-match
conv=$build/bench/conversion
for f in "$KAKI" "$km" "$conv"; do
    [ -x "$f" ] || { echo "error: $f not built (cmake --build $build)" >&2; exit 1; }
done
POSITIONS=${POSITIONS:-$root/bench/conversion-positions.txt}
MAXMOVES=${MAXMOVES:-150}
CONCURRENCY=${CONCURRENCY:-1}
OUT=${OUT:-conversion-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$OUT"
if [ -n "${COUNT:-}" ]; then
    grep -v '^#' "$POSITIONS" | grep -v '^[[:space:]]*$' | head -n "$COUNT" >"$OUT/positions.txt"
else
    grep -v '^#' "$POSITIONS" | grep -v '^[[:space:]]*$' >"$OUT/positions.txt"
fi
n=$(wc -l <"$OUT/positions.txt")
[ "$n" -gt 0 ] || { echo "error: no positions in $POSITIONS" >&2; exit 1; }
limit_a=() limit_b=() clock=() what=
if [ -n "${NODES:-}" ]; then
    limit_a=(nps=$((NODES / 100)))
    limit_b=(nps=$(((NODES + NODES / 10) / 100)))
    clock=(--st 100)
    what="$NODES nodes a move"
elif [ -n "${DEPTH:-}" ]; then
    limit_a=(depth="$DEPTH")
    limit_b=(depth="$DEPTH")
    clock=(--st 3600)
    what="depth $DEPTH"
else
    TC=${TC:-0:04+0.04}
    clock=(--tc "$TC")
    what="tc $TC"
fi
read -r -a opts <<<"${OPTIONS:-}"
echo "conversion: $n positions, $((2 * n)) games, $what, $MAXMOVES moves, output in $OUT" >&2
rm -f "$OUT/games.pgn" "$OUT/results.txt"
start=$(date +%s)
"$km" \
    --engine cmd="$KAKI" name=Kaki-A "${limit_a[@]}" "${opts[@]}" \
    --engine cmd="$KAKI" name=Kaki-B "${limit_b[@]}" "${opts[@]}" \
    --games $((2 * n)) "${clock[@]}" --concurrency "$CONCURRENCY" \
    --openings "$OUT/positions.txt" --maxmoves "$MAXMOVES" \
    --pgn "$OUT/games.pgn" --results "$OUT/results.txt" "$@" \
    >"$OUT/match.txt" 2>"$OUT/progress.txt" || {
    status=$?
    cat "$OUT/progress.txt" >&2
    exit "$status"
}
end=$(date +%s)
{
    echo "positions: $n ($POSITIONS), $what, move limit $MAXMOVES"
    "$conv" report --details "$OUT/games.pgn" >"$OUT/games.txt"
    "$conv" report "$OUT/games.pgn"
    echo "wall time: $((end - start)) s"
} | tee "$OUT/report.txt"
