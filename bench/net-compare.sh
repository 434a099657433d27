#!/usr/bin/env bash
# Nets of one training recipe over several seeds, each played against a fixed baseline at a
# fixed number of nodes a move (load-independent), so that a recipe is judged by its nets'
# spread and mean rather than by one lucky net (docs/EVALUATION.md §1: nets of one recipe
# differ by tens of Elo).  Every step resumes: a seed's training continues from its checkpoint,
# its match from its results file; run the same command again after an interruption.
#
#   bench/net-compare.sh PACK[,PACK...] OUT_DIR SEED...
#
# Environment (defaults in brackets):
#   KAKI [build/kaki], KAKI_TUNE [build/tuning/kaki-tune], KAKI_MATCH [build/match/kaki-match]
#   TRAIN_OPTS ["--hidden 64 --lambda 0.7 --scale 10000 --epochs 6"]  more kaki-tune train options
#   THREADS [2]             training threads (the net depends on them)
#   BASE_OPTS [""]          the baseline's KEY=VALUE words (kaki-match --help); empty: the
#                           built-in net; e.g. "option.Evaluation=learnt"
#   NODES [60000]           nodes a move of both engines
#   GAMES [200], CONCURRENCY [2], PLIES [8], MATCH_SEED [28], MAXMOVES [250]
# Writes OUT_DIR/sSEED/{net.nnue,train.log,loss.txt,results.txt,games.pgn,report.txt} and prints
# one line per seed (validation loss, W-L-D, Elo) and the mean Elo.
set -eu
[ $# -ge 3 ] || { sed -n '2,19p' "$0"; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
packs=$1 out=$2
shift 2
kaki=${KAKI:-$root/build/kaki}
tune=${KAKI_TUNE:-$root/build/tuning/kaki-tune}
km=${KAKI_MATCH:-$root/build/match/kaki-match}
for f in "$kaki" "$tune" "$km"; do
    [ -x "$f" ] || { echo "error: $f is not an executable" >&2; exit 1; }
done
TRAIN_OPTS=${TRAIN_OPTS:---hidden 64 --lambda 0.7 --scale 10000 --epochs 6}
THREADS=${THREADS:-2} NODES=${NODES:-60000} GAMES=${GAMES:-200} CONCURRENCY=${CONCURRENCY:-2}
PLIES=${PLIES:-8} MATCH_SEED=${MATCH_SEED:-28} MAXMOVES=${MAXMOVES:-250}
[ "$NODES" -ge 100 ] || { echo "error: NODES must be at least 100" >&2; exit 2; }
nps=$((NODES / 100))
mkdir -p "$out"
for seed in "$@"; do
    d=$out/s$seed
    mkdir -p "$d"
    # shellcheck disable=SC2086 # TRAIN_OPTS and BASE_OPTS are word lists
    "$tune" train --data "$packs" --out "$d/net.nnue" $TRAIN_OPTS --threads "$THREADS" \
        --seed "$seed" --checkpoint "$d/ckpt" --resume --loss-log "$d/loss.txt" > "$d/train.log"
    resume=()
    [ -s "$d/results.txt" ] && resume=(--resume)
    # shellcheck disable=SC2086
    "$km" --engine cmd="$kaki" name=Net option.Evaluation=nnue option.EvalFile="$d/net.nnue" \
        nps="$nps" --engine cmd="$kaki" name=Base ${BASE_OPTS:-} nps="$nps" --st 100 \
        --games "$GAMES" --concurrency "$CONCURRENCY" --random-openings "$PLIES" \
        --seed "$MATCH_SEED" --maxmoves "$MAXMOVES" --pgn "$d/games.pgn" \
        --results "$d/results.txt" "${resume[@]}" 2> "$d/progress.txt" > "$d/report.txt"
done
for seed in "$@"; do
    d=$out/s$seed
    valid=$(sed -n 's/.*lowest validation loss (\([0-9.]*\)).*/\1/p' "$d/train.log" | tail -1)
    score=$(sed -n 's/^Score of .*: \([0-9]* - [0-9]* - [0-9]*\).*/\1/p' "$d/report.txt")
    elo=$(sed -n 's/^ *Elo: *\(.*\) (95%, trinomial.*/\1/p' "$d/report.txt")
    echo "seed $seed: validation ${valid:-?}; ${score:-no games} (W-L-D); Elo ${elo:-?}"
    echo "${elo%% *}" >> "$out/.elos.$$"
done
awk 'NF { s += $1; n++ } END { if (n) printf "mean Elo over %d nets: %+.1f\n", n, s / n }' "$out/.elos.$$"
rm -f "$out/.elos.$$"
