#!/usr/bin/env bash
# The strength match of the kaki-match issue: Kaki against a deliberately weaker Kaki (a depth
# limit) over many fast games, with Elo and SPRT output and the wall time.
#
#   bench/strength-match.sh [BUILD_DIR] [extra kaki-match arguments...]
#
# Environment (defaults in brackets):
#   GAMES [200]         games (pairs of games from random balanced openings, colours reversed)
#   TC [0:05+0.05]      time control of both engines
#   WEAK_DEPTH [1]      depth limit of the weak engine ("sd N")
#   CONCURRENCY [nproc] games in parallel (only the engine on move thinks: no pondering)
#   PLIES [8]           random opening plies
#   SEED [2024]         opening seed (same seed = same openings)
#   MAXMOVES [250]      draw after this many moves of each side
#   OUT [strength-match-<date>]  output directory: PGN, result file, report
#   SPRT_STOP [0]       1: stop as soon as the SPRT decides (default: play all GAMES games and
#                       report the SPRT state at the end)
# SPRT: elo0=0 elo1=50 alpha=0.05 beta=0.05, pentanomial model.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
[ $# -gt 0 ] && shift
kaki=$build/kaki
km=$build/match/kaki-match
for f in "$kaki" "$km"; do
    [ -x "$f" ] || { echo "error: $f not built (cmake --build $build)" >&2; exit 1; }
done
if ! printf 'xboard\nprotover 2\nquit\n' | timeout 20 "$kaki" 2>/dev/null | grep -q 'done=1'; then
    echo "error: $kaki does not speak CECP (protover 2)" >&2
    exit 1
fi
GAMES=${GAMES:-200}
TC=${TC:-0:05+0.05}
WEAK_DEPTH=${WEAK_DEPTH:-1}
cores=$(nproc 2>/dev/null || echo 2)
CONCURRENCY=${CONCURRENCY:-$cores}
PLIES=${PLIES:-8}
SEED=${SEED:-2024}
MAXMOVES=${MAXMOVES:-250}
OUT=${OUT:-strength-match-$(date +%Y%m%d-%H%M%S)}
stop=--no-sprt-stop
[ "${SPRT_STOP:-0}" = 1 ] && stop=
mkdir -p "$OUT"
echo "kaki-match: Kaki vs Kaki depth $WEAK_DEPTH, $GAMES games, tc $TC, concurrency $CONCURRENCY, output in $OUT" >&2
start=$(date +%s)
"$km" \
    --engine cmd="$kaki" name=Kaki \
    --engine cmd="$kaki" name="Kaki-depth$WEAK_DEPTH" depth="$WEAK_DEPTH" \
    --games "$GAMES" --tc "$TC" --concurrency "$CONCURRENCY" \
    --random-openings "$PLIES" --seed "$SEED" --maxmoves "$MAXMOVES" \
    --sprt elo0=0 elo1=50 alpha=0.05 beta=0.05 $stop \
    --pgn "$OUT/games.pgn" --results "$OUT/results.txt" "$@" \
    2> >(tee "$OUT/progress.txt" >&2) | tee "$OUT/report.txt"
status=${PIPESTATUS[0]}
end=$(date +%s)
echo "Wall time: $((end - start)) s ($(nproc 2>/dev/null || echo '?') cores)" | tee -a "$OUT/report.txt"
exit "$status"
