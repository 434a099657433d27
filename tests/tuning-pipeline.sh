#!/usr/bin/env bash
# The evaluation's training pipeline end to end, on a tiny data set (tuning/README.md):
# generate a few hundred positions by self-play (and resume), tune a few epochs on them and on
# a small sample of real training games (tests/data/tuning-sample.txt: the games generated here
# are too few and too short to be sure of decisive results in the training set), check that
# the training loss falls, that rerunning the tuner gives the same weights, and that the engine
# builds with the result and plays.
#
#   tests/tuning-pipeline.sh KAKI_TUNE SOURCE_DIR WORK_DIR
set -eu
tune=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
cd "$work"

# (played by the learnt evaluation, whose tuner this is: the data and the weights fitted to
# them stay those this test was written for whatever the engine's default evaluation)
"$tune" gen --out data.txt --games 10 --nodes 300 --threads 2 --seed 7 --adjudicate-cp 1000 \
    --adjudicate-plies 4 --max-plies 120 --eval learnt 2> gen.log
positions=$(grep -vc '^#' data.txt)
games=$(grep -c '^#game ' data.txt)
echo "generated $positions positions in $games games"
[ "$games" -eq 10 ] || { echo "FAIL: expected 10 games"; exit 1; }
[ "$positions" -ge 100 ] || { echo "FAIL: too few positions"; exit 1; }
# resuming finds every game done and adds nothing
"$tune" gen --out data.txt --games 10 --nodes 300 --threads 2 --seed 7 --adjudicate-cp 1000 \
    --adjudicate-plies 4 --max-plies 120 --eval learnt 2> resume.log
[ "$(grep -c '^#game ' data.txt)" -eq 10 ] || { echo "FAIL: resume added games"; exit 1; }

for run in 1 2; do
    "$tune" tune --data data.txt,"$src/tests/data/tuning-sample.txt" --out weights$run.c --epochs 4 --batch 64 --rate 5 \
        --min-count 1 --validation-every 5 --loss-log loss$run.txt > tune$run.log
done
cat tune1.log
cmp -s weights1.c weights2.c || { echo "FAIL: the tuner is not deterministic"; exit 1; }
first=$(awk '$1 == "0" {print $2}' loss1.txt)
last=$(awk '$1 == "4" {print $2}' loss1.txt)
awk -v a="$first" -v b="$last" 'BEGIN { exit !(b < a) }' ||
    { echo "FAIL: training loss did not fall ($first -> $last)"; exit 1; }
echo "training loss $first -> $last"

# --terms: only the chosen term's weights move, every other keeps its prior (0, not written)
"$tune" tune --data data.txt,"$src/tests/data/tuning-sample.txt" --out material.c --epochs 4 \
    --batch 64 --rate 5 --min-count 1 --validation-every 5 --terms material > tune-material.log
"$tune" init --out prior.c
others() { grep '^ *\[F_' "$1" | grep -vc '/\* material ' || true; }
[ "$(others weights1.c)" -gt 0 ] || { echo "FAIL: the full tuning moved no other term"; exit 1; }
[ "$(others material.c)" -eq 0 ] || { echo "FAIL: --terms material moved other terms"; exit 1; }
cmp -s <(grep '^ *\[F_' material.c) <(grep '^ *\[F_' prior.c) &&
    { echo "FAIL: --terms material left the material weights at the prior"; exit 1; }
for bad in material,nonsense ,; do
    if "$tune" tune --data data.txt --out bad.c --terms "$bad" 2> bad.log; then
        echo "FAIL: --terms '$bad' was accepted"; exit 1
    fi
    grep -q "term" bad.log || { echo "FAIL: no message for --terms '$bad'"; exit 1; }
done
echo "--terms material: only material weights moved"

cmake -S "$src" -B build -DKAKI_WEIGHTS="$work/weights1.c" -DKAKI_SUBSYSTEM_TESTS=OFF > cmake.log
cmake --build build -j2 --target kaki > build.log
build/kaki eval | tee eval.txt | head -3
grep -q "kaki-tune tune" eval.txt || { echo "FAIL: the engine does not use the new weights"; exit 1; }
# the search's evaluation sums the terms the trace prints (opening phase: no taper), and the
# terms beyond material and tables count (the engine skips them only when their weights are 0)
awk '/^(piece-square|promotion|mobility|royal safety|fire demons|tempo) / { pos += $NF }
     /^material / { mat = $NF } /^total / { total = $NF }
     END { if (pos == 0) { print "FAIL: no positional term to check"; exit 1 }
           if (mat + pos != total) { print "FAIL: terms sum to " mat + pos ", eval " total; exit 1 } }' eval.txt
build/kaki go --depth 3 | tail -1 | grep -q '^bestmove ' || { echo "FAIL: no move"; exit 1; }
echo "PASS"
