#!/usr/bin/env bash
# Speed of two builds side by side, on this machine, in one run: `kaki bench` (single thread,
# fixed depth: nodes per second and the time to reach that depth on the bench positions) and
# start-position perft (bulk leaves per second), alternating OLD and NEW, medians of RUNS runs.
# Optionally the time to depth 10 with 2 threads against 1 (SMP=1), of the new build.
#
#   bench/speed-compare.sh OLD_KAKI NEW_KAKI [RUNS]
#
# OLD_KAKI and NEW_KAKI are kaki executables, e.g. one built from the commit an issue started
# from (git worktree add ../base COMMIT; cmake -S ../base -B ../base/build; ...) and build/kaki.
# Environment: RUNS (5), PERFT_DEPTH (4), BENCH_DEPTH (kaki's default), SMP (0), SMP_DEPTH (10),
# SMP_POSITIONS (21: all bench positions), SMP_RUNS (RUNS).
set -eu
old=${1:?usage: speed-compare.sh OLD_KAKI NEW_KAKI [RUNS]}
new=${2:?usage: speed-compare.sh OLD_KAKI NEW_KAKI [RUNS]}
runs=${3:-${RUNS:-5}}
perft_depth=${PERFT_DEPTH:-4}

median() { sort -g | awk '{v[NR]=$1} END {if (NR % 2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }
# A / B to three decimals ("n/a" if B is 0); awk, so that no bc is needed
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b == 0) printf "n/a"; else printf "%.3f", a / b}'; }

# "N nodes" / "M nps" are the last two lines of kaki bench; wall time from the shell
bench_once() { # KAKI -> "nodes nps seconds"
    local start end out
    start=$(date +%s%N)
    out=$("$1" bench ${BENCH_DEPTH:-} | tail -2)
    end=$(date +%s%N)
    echo "$(echo "$out" | awk 'NR==1{n=$1} NR==2{p=$1} END{print n, p}') $(ratio $((end - start)) 1000000000)"
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
    printf '%-28s %14s %14s %8s\n' "$1" "$a" "$b" "$(ratio "$b" "$a")"
}
printf '%-28s %14s %14s\n' "bench signature (nodes)" "$(cat "$tmp/old.nodes")" "$(cat "$tmp/new.nodes")"
row "bench nodes/s (median)" nps
row "bench seconds (median)" secs
a=$(median < "$tmp/old.secs"); b=$(median < "$tmp/new.secs")
printf '%-28s %14s\n' "time to depth: old/new" "$(ratio "$a" "$b")x faster"
row "perft $perft_depth leaves/s (median)" perft

if [ "${SMP:-0}" = 1 ]; then
    # time to depth SMP_DEPTH from each bench position, 1 and 2 threads (new build), one
    # process a search, alternating 1 and 2 threads SMP_RUNS times.  "search" is the time the
    # engine reports for its last iteration (from `go` to the depth: what a player waits for);
    # "process" adds starting the process and allocating and mapping the hash table.
    here=$(cd "$(dirname "$0")" && pwd)
    grep -o '"[^"]* [bw]"' "$here/bench_positions.h" | tr -d '"' | head -${SMP_POSITIONS:-21} > "$tmp/fens"
    for i in $(seq 1 "${SMP_RUNS:-$runs}"); do
        for threads in 1 2; do
            search=0 process=0
            while read -r fen; do
                s=$(date +%s%N)
                ms=$("$new" go --fen "$fen" --depth "${SMP_DEPTH:-10}" --threads "$threads" |
                     awk '/^info depth/ {for (f = 1; f < NF; f++) if ($f == "time") t = $(f + 1)} END {print t + 0}')
                e=$(date +%s%N)
                search=$((search + ms)); process=$((process + (e - s) / 1000000))
            done < "$tmp/fens"
            echo "$search" >> "$tmp/smp$threads.search"
            echo "$process" >> "$tmp/smp$threads.process"
            echo "smp run $i: $threads thread(s) search $search ms, process $process ms" >&2
        done
    done
    for what in search process; do
        t1=$(median < "$tmp/smp1.$what"); t2=$(median < "$tmp/smp2.$what")
        printf 'time to depth %s, %s positions, %s (median ms): 1 thread %s, 2 threads %s: %sx\n' \
            "${SMP_DEPTH:-10}" "$(wc -l < "$tmp/fens")" "$what" "$t1" "$t2" "$(ratio "$t1" "$t2")"
    done
    printf 'per run (search): '
    paste "$tmp/smp1.search" "$tmp/smp2.search" |
        awk '{if ($2 > 0) printf "%.2fx ", $1 / $2; else printf "n/a "} END {print ""}'
fi
