#!/usr/bin/env bash
# A strength match between two Kaki builds with kaki-match (match/README.md): pairs of random
# balanced openings, each played with both colours, Elo with 95 % intervals, the SPRT state and
# the colour split.  Used for the evaluation's measurements (docs/EVALUATION.md): the learnt
# evaluation against the material-only engine the work started from, and against the same
# source built with pure material (-DKAKI_PURE_MATERIAL=ON).
#
#   bench/eval-match.sh NEW_KAKI BASE_KAKI [extra kaki-match arguments...]
#
# Environment (defaults in brackets):
#   GAMES [400]          games
#   TC [0:04+0.04]       time control of both engines
#   CONCURRENCY [2]      games in parallel (only the engine on move thinks: no pondering)
#   PLIES [8]            random opening plies
#   SEED [11]            opening seed (same seed = same openings)
#   MAXMOVES [250]       draw after this many moves of each side
#   NEW_NAME [Kaki-new], BASE_NAME [Kaki-base]
#   NEW_OPTS, BASE_OPTS  more KEY=VALUE words for that engine's group (kaki-match --help), e.g.
#                        NEW_OPTS="option.Evaluation=nnue option.EvalFile=/path/net.nnue"
#   OUT [eval-match-<date>]  output directory: PGN, result file, progress, report
# SPRT: elo0=0 elo1=50 alpha=0.05 beta=0.05, pentanomial; all GAMES are played.
# bench/plot-eval.py draws the Elo over the games from OUT/progress.txt.
set -eu
[ $# -ge 2 ] || { sed -n '2,22p' "$0"; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
new=$1 base=$2
shift 2
km=${KAKI_MATCH:-$root/build/match/kaki-match}
for f in "$new" "$base" "$km"; do
    [ -x "$f" ] || { echo "error: $f is not an executable" >&2; exit 1; }
done
GAMES=${GAMES:-400}
TC=${TC:-0:04+0.04}
CONCURRENCY=${CONCURRENCY:-2}
PLIES=${PLIES:-8}
SEED=${SEED:-11}
MAXMOVES=${MAXMOVES:-250}
NEW_NAME=${NEW_NAME:-Kaki-new}
BASE_NAME=${BASE_NAME:-Kaki-base}
OUT=${OUT:-eval-match-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$OUT"
echo "kaki-match: $NEW_NAME vs $BASE_NAME, $GAMES games, tc $TC, concurrency $CONCURRENCY, output in $OUT" >&2
start=$(date +%s)
set +e
"$km" \
    --engine cmd="$new" name="$NEW_NAME" ${NEW_OPTS:-} \
    --engine cmd="$base" name="$BASE_NAME" ${BASE_OPTS:-} \
    --games "$GAMES" --tc "$TC" --concurrency "$CONCURRENCY" \
    --random-openings "$PLIES" --seed "$SEED" --maxmoves "$MAXMOVES" \
    --sprt elo0=0 elo1=50 alpha=0.05 beta=0.05 --no-sprt-stop \
    --pgn "$OUT/games.pgn" --results "$OUT/results.txt" "$@" \
    2> "$OUT/progress.txt" > "$OUT/report.txt"
status=$?
set -e
end=$(date +%s)
# colour split: result lines are "game N PAIR LEG SENTE GOTE RESULT TERMINATION PLIES"
awk -v new="$NEW_NAME" '
    /^engine 1 / { sub(/^engine 1 /, ""); e1 = $0 }
    $1 == "game" { n++; if ($7 == "1-0") s++; else if ($7 == "0-1") g++; else d++
                   newnum = e1 == new ? 1 : 2
                   if ($5 == newnum && $7 == "1-0") ns++; if ($6 == newnum && $7 == "0-1") ng++ }
    END { printf "Colour split: sente won %d, gote won %d, drawn %d of %d games; %s won %d as sente, %d as gote\n", s, g, d, n, new, ns, ng }
' "$OUT/results.txt" >> "$OUT/report.txt"
echo "Wall time: $((end - start)) s" >> "$OUT/report.txt"
cat "$OUT/report.txt"
exit "$status"
