#!/usr/bin/env bash
# bench/net-compare.sh end to end on a tiny pack (tests/data/tuning-sample.txt): two seeds each
# train a net and play two short games at a fixed node count against the built-in net; the
# seeds give different nets, every seed gets its line (validation loss, W-L-D, Elo) and the
# mean; a second run resumes (no training again, the finished matches kept); a missing
# executable is an error.
#
#   tests/net-compare.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -eu
build=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
cd "$work"
"$build/tuning/kaki-tune" pack --data "$src/tests/data/tuning-sample.txt" --out s.bin > /dev/null
run() {
    KAKI=$build/kaki KAKI_TUNE=$build/tuning/kaki-tune KAKI_MATCH=$build/match/kaki-match \
        TRAIN_OPTS="--hidden 32 --epochs 2 --batch 32 --validation-every 4" THREADS=1 NODES=300 \
        GAMES=2 CONCURRENCY=1 MAXMOVES=20 bash "$src/bench/net-compare.sh" s.bin out 1 2
}
run > run1.txt
cat run1.txt
for s in 1 2; do
    grep -Eq "^seed $s: validation 0\.[0-9]+; [0-9]+ - [0-9]+ - [0-9]+ \(W-L-D\); Elo [-+]" run1.txt ||
        { echo "FAIL: no line for seed $s"; exit 1; }
    games=$(sed -n "s/^seed $s: .*; \([0-9]*\) - \([0-9]*\) - \([0-9]*\) (W-L-D).*/\1 \2 \3/p" run1.txt)
    [ "$(echo "$games" | awk '{print $1 + $2 + $3}')" = 2 ] || { echo "FAIL: seed $s: games $games"; exit 1; }
done
grep -q '^mean Elo over 2 nets: ' run1.txt || { echo "FAIL: no mean"; exit 1; }
cmp -s out/s1/net.nnue out/s2/net.nnue && { echo "FAIL: the seeds made the same net"; exit 1; }
cp out/s1/results.txt results1.txt
run > run2.txt
grep -q 'resumed from .*ckpt after epoch 2' out/s1/train.log || { echo "FAIL: trained again"; exit 1; }
cmp -s run1.txt run2.txt || { echo "FAIL: the second run reports otherwise"; diff run1.txt run2.txt; exit 1; }
grep -c '^game ' out/s1/results.txt | grep -qx 2 || { echo "FAIL: the resumed match played more games"; exit 1; }
if KAKI=/nonexistent bash "$src/bench/net-compare.sh" s.bin out 1 2> err.txt; then
    echo "FAIL: ran without an engine"; exit 1
fi
grep -q 'is not an executable' err.txt || { echo "FAIL: no message"; exit 1; }
echo "PASS"
