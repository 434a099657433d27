#!/usr/bin/env bash
# Speed of two builds side by side, on this machine, in one run: `kaki bench` (single thread,
# fixed depth: nodes per second and the time to reach that depth on the bench positions) and
# start-position perft (bulk leaves per second), alternating OLD and NEW, medians of RUNS runs.
# Optionally the time to depth 10 with 2 threads against 1 (SMP=1).
#
#   bench/speed-compare.sh OLD_KAKI NEW_KAKI [RUNS]
#
# OLD_KAKI and NEW_KAKI are kaki executables, e.g. one built from the commit an issue started
# from (git worktree add ../base COMMIT; cmake -S ../base -B ../base/build; ...) and build/kaki.
# Environment: RUNS (5), PERFT_DEPTH (4), BENCH_DEPTH (kaki's default), SMP (0), SMP_DEPTH (10).
set -eu
old=${1:?usage: speed-compare.sh OLD_KAKI NEW_KAKI [RUNS]}
new=${2:?usage: speed-compare.sh OLD_KAKI NEW_KAKI [RUNS]}
runs=${3:-${RUNS:-5}}
perft_depth=${PERFT_DEPTH:-4}

median() { sort -g | awk '{v[NR]=$1} END {if (NR % 2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }

# "N nodes" / "M nps" are the last two lines of kaki bench; wall time from the shell
bench_once() { # KAKI -> "nodes nps seconds"
    local start end out
    start=$(date +%s.%N)
    out=$("$1" bench ${BENCH_DEPTH:-} | tail -2)
    end=$(date +%s.%N)
    echo "$(echo "$out" | awk 'NR==1{n=$1} NR==2{p=$1} END{print n, p}') $(echo "$end - $start" | bc)"
}
perft_once() { # KAKI -> leaves per second
    "$1" perft "$perft_depth" | awk '/nodes\/s/ {print $4}'
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for i in $(seq 1 "$runs"); do
    for which in old new; do
        exe=$old; [ "$which" = new ] && exe=$new
        read -r nodes nps secs < <(bench_once "$exe")
        echo "$nodes" > "$tmp/$which.nodes"
        echo "$nps" >> "$tmp/$which.nps"
        echo "$secs" >> "$tmp/$which.secs"
        perft_once "$exe" >> "$tmp/$which.perft"
    done
    echo "run $i/$runs done" >&2
done

printf '%-28s %14s %14s %8s\n' "" "old" "new" "new/old"
row() { # LABEL FILE [invert]
    local a b
    a=$(median < "$tmp/old.$2"); b=$(median < "$tmp/new.$2")
    printf '%-28s %14s %14s %8s\n' "$1" "$a" "$b" "$(echo "scale=3; $b / $a" | bc)"
}
printf '%-28s %14s %14s\n' "bench signature (nodes)" "$(cat "$tmp/old.nodes")" "$(cat "$tmp/new.nodes")"
row "bench nodes/s (median)" nps
row "bench seconds (median)" secs
a=$(median < "$tmp/old.secs"); b=$(median < "$tmp/new.secs")
printf '%-28s %14s\n' "time to depth: old/new" "$(echo "scale=3; $a / $b" | bc)x faster"
row "perft $perft_depth leaves/s (median)" perft

if [ "${SMP:-0}" = 1 ]; then
    # time to depth SMP_DEPTH from each bench position, 1 and 2 threads (new build)
    here=$(cd "$(dirname "$0")" && pwd)
    grep -o '"[^"]* [bw]"' "$here/bench_positions.h" | tr -d '"' | head -${SMP_POSITIONS:-8} > "$tmp/fens"
    for threads in 1 2; do
        total=0
        while read -r fen; do
            s=$(date +%s.%N)
            "$new" go --fen "$fen" --depth "${SMP_DEPTH:-10}" --threads "$threads" > /dev/null
            e=$(date +%s.%N)
            total=$(echo "$total + $e - $s" | bc)
        done < "$tmp/fens"
        echo "$total" > "$tmp/smp$threads"
    done
    t1=$(cat "$tmp/smp1"); t2=$(cat "$tmp/smp2")
    printf 'time to depth %s, %s positions: 1 thread %.1f s, 2 threads %.1f s: %.2fx\n' \
        "${SMP_DEPTH:-10}" "$(wc -l < "$tmp/fens")" "$t1" "$t2" "$(echo "$t1 / $t2" | bc -l)"
fi
