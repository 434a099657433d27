#!/usr/bin/env bash
# What each search feature and evaluation term is worth: Kaki against Kaki with that one thing
# switched off (or, for mobility, switched on), GAMES games each at NODES nodes per move, plus
# the match against the 1-ply greedy version.  Prints one line per match (Elo of the full
# engine over the reduced one, with a 95% interval from opening pairs).
#   bench/feature-gains.sh [GAMES] [NODES]
set -eu
cd "$(dirname "$0")/.."
games=${1:-100}
nodes=${2:-10000}
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)" --target selfplay >/dev/null
sp=build/bench/selfplay
start=$(date +%s)
$sp --a default --b greedy --games "$games" --nodes "$nodes"
for f in no-tt no-nullmove no-lmr no-aspiration no-killers no-history no-qsearch no-futility \
         no-checkext qsfull=12 -promotion -royal -emptying -tempo -centre; do
    $sp --a default --b "$f" --games "$games" --nodes "$nodes"
done
$sp --a default --b +mobility --games "$games" --nodes "$nodes"
echo "wall time $(( $(date +%s) - start )) s"
