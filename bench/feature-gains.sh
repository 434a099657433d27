#!/usr/bin/env bash
# What each search feature and the evaluation are worth, by in-process self-play
# (build/bench/selfplay): Kaki against Kaki with that one thing switched off, GAMES games each
# from random balanced openings played with both colours, plus the match against the 1-ply
# greedy version.  Search features are compared at a fixed number of nodes per move (NODES),
# the learnt evaluation against pure material at a fixed time per move (MOVETIME ms), because
# an evaluation that costs speed must pay for it.  One line per match: the score and Elo of the
# default engine with a 95% interval from opening pairs.  (The evaluation's real matches are
# bench/eval-match.sh, docs/EVALUATION.md.)
#   bench/feature-gains.sh [GAMES] [NODES] [MOVETIME]
set -eu
cd "$(dirname "$0")/.."
games=${1:-200}
nodes=${2:-10000}
movetime=${3:-30}
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)" --target selfplay >/dev/null
sp=build/bench/selfplay
start=$(date +%s)
$sp --a default --b greedy --games "$games" --nodes "$nodes"
for f in no-tt no-nullmove no-lmr no-aspiration no-killers no-history no-qsearch no-futility \
         checkext qsfull=12 no-qspromo; do
    $sp --a default --b "$f" --games "$games" --nodes "$nodes"
done
$sp --a default --b material --games "$games" --movetime "$movetime"
echo "wall time $(( $(date +%s) - start )) s"
