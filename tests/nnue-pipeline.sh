#!/usr/bin/env bash
# The NNUE training pipeline end to end on a tiny data set (tuning/README.md): generate a few
# games by self-play, pack them with a small sample of real training games
# (tests/data/tuning-sample.txt: a few short games at few nodes are mostly scored 0 and drawn),
# train a few epochs (checkpointed, then resumed for more), check that the training loss falls
# and that the net loads: in the engine (kaki --eval-file) when it has the option, else through
# eval/nnue_format.h's loader (kaki-tune netinfo); then the next round's data is generated
# with the net (gen --eval nnue --eval-file), and a missing net is refused.
#
#   tests/nnue-pipeline.sh KAKI_TUNE KAKI SOURCE_DIR WORK_DIR
set -eu
tune=$1 kaki=$2 src=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
cd "$work"

"$tune" gen --out data.txt --games 8 --nodes 1000 --threads 2 --seed 11 --adjudicate-cp 1000 \
    --adjudicate-plies 4 --max-plies 120 2> gen.log
"$tune" pack --data data.txt,"$src/tests/data/tuning-sample.txt" --out data.bin | tee pack.log
grep -q ' 24 complete games' pack.log || { echo "FAIL: not 8 + 16 games packed"; exit 1; }
# packing again gives the same file
cp data.bin data1.bin
"$tune" pack --data data.txt,"$src/tests/data/tuning-sample.txt" --out data.bin > /dev/null
cmp -s data.bin data1.bin || { echo "FAIL: packing is not deterministic"; exit 1; }
# a file that is not a pack is never replaced
if "$tune" pack --data data.txt --out data.txt 2> refuse.log; then
    echo "FAIL: pack replaced its own input"; exit 1
fi
grep -q 'not a pack' refuse.log || { echo "FAIL: no message"; exit 1; }

train() {
    "$tune" train --data data.bin --out net.nnue --hidden 32 --batch 32 --validation-every 4 \
        --threads 2 --seed 3 --loss-log loss.txt --checkpoint ckpt --resume "$@"
}
train --epochs 2 > train1.log
train --epochs 5 > train2.log
cat train1.log train2.log
grep -q 'resumed from ckpt after epoch 2' train2.log || { echo "FAIL: not resumed"; exit 1; }
[ "$(grep -c '^[0-9]' loss.txt)" -eq 6 ] || { echo "FAIL: the loss log lacks epochs"; exit 1; }
first=$(awk '$1 == "1" {print $2}' loss.txt)
last=$(awk '$1 == "5" {print $2}' loss.txt)
awk -v a="$first" -v b="$last" 'BEGIN { exit !(b < a) }' ||
    { echo "FAIL: training loss did not fall ($first -> $last)"; exit 1; }
echo "training loss $first -> $last"
grep -q '^quantised: ' train2.log || { echo "FAIL: no quantisation report"; exit 1; }

"$tune" netinfo net.nnue | tee netinfo.txt
grep -q 'H 32, SCReLU' netinfo.txt || { echo "FAIL: the net does not load"; exit 1; }
if "$kaki" eval --eval-file net.nnue > eval.txt 2> eval.err; then
    grep -q '^net: .*kaki-tune train' eval.txt || { echo "FAIL: the engine does not use the net"; exit 1; }
    # the engine's score of the start position is the trainer's (kaki-tune netinfo)
    cp=$(sed -n 's/^start position: \(-*[0-9]*\) cp.*/\1/p' netinfo.txt)
    grep -q "nnue $cp\b" eval.txt || { echo "FAIL: the engine scores the start $cp otherwise"; cat eval.txt; exit 1; }
    "$kaki" go --depth 2 --eval-file net.nnue | tail -1 | grep -q '^bestmove ' ||
        { echo "FAIL: no move with the net"; exit 1; }
    echo "the engine plays with the net"
elif grep -q "unknown argument '--eval-file'" eval.err; then
    echo "NOTE: this kaki has no --eval-file: the net was loaded by eval/nnue_format.h only"
else
    cat eval.err
    echo "FAIL: the engine refuses the net"; exit 1
fi

# round 2: self-play with the net
"$tune" gen --out data2.txt --games 2 --nodes 500 --threads 2 --seed 12 --max-plies 40 \
    --eval nnue --eval-file net.nnue 2> gen2.log
grep -q '^done: 2 games' gen2.log || { cat gen2.log; echo "FAIL: no games with the net"; exit 1; }
if "$tune" gen --out data3.txt --games 1 --eval nnue --eval-file missing.nnue 2> gen3.log; then
    echo "FAIL: gen ran without its net"; exit 1
fi
grep -q 'cannot open missing.nnue' gen3.log || { echo "FAIL: no message for a missing net"; exit 1; }
echo "round 2: games generated with the net"

# the data's scores are the net's exact ones, not the engine's 64-cp grains (NNUE_GRAIN),
# unless --param asks for them (with the danger term off: it adds to the grains when a side is
# 20 pawns ahead); a bad --param is refused before the file is made
on_grain() { awk -F';' 'NF == 4 { n++; if ($3 % 64 == 0) g++ } END { print g + 0, n + 0 }' "$1"; }
gen_built_in() {
    "$tune" gen --games 2 --nodes 500 --threads 2 --seed 12 --max-plies 40 --eval nnue "$@" 2> /dev/null
}
gen_built_in --out exact.txt
gen_built_in --out grained.txt --param NNUE_GRAIN=64,LMR_BASE=1,CONVERT_DANGER=0
read -r g n < <(on_grain exact.txt)
[ "$n" -ge 20 ] && [ $((g * 4)) -lt "$n" ] || { echo "FAIL: $g of $n scores on 64-cp grains"; exit 1; }
read -r g2 n2 < <(on_grain grained.txt)
[ "$n2" -ge 20 ] && [ "$g2" -eq "$n2" ] || { echo "FAIL: --param NNUE_GRAIN=64: $g2 of $n2 on grains"; exit 1; }
echo "exact scores: $g of $n on 64-cp grains; with --param NNUE_GRAIN=64: $g2 of $n2"
for p in FOO=3 NNUE_GRAIN=99999 NNUE_GRAIN 'NNUE_GRAIN=6x'; do
    if gen_built_in --out badparam.txt --param "$p" || [ -e badparam.txt ]; then
        echo "FAIL: --param $p accepted"; exit 1
    fi
done
"$tune" gen --out badparam.txt --games 1 --param FOO=3 2>&1 | grep -q "error: --param: 'FOO=3'" ||
    { echo "FAIL: no message for a bad --param"; exit 1; }
echo "PASS"
