#!/usr/bin/env bash
# kaki.exe go --threads 2 under Wine: a fixed-depth search reaches its depth and a time-limited
# one ends within its time, both with a legal best move (one of perft 1 --divide's 72).  How the
# threads share the work is checked in-process by win_test_search_threads.
#   go_threads.sh WINE KAKI_EXE
set -eu
wine=$1 kaki=$2
fail() { echo "FAILED: $*"; exit 1; }
legal=$("$wine" "$kaki" perft 1 --divide | tr -d '\r' | sed -n 's/^\([^ :]*\): [0-9]*$/\1/p')
[ "$(printf '%s\n' "$legal" | wc -l)" -eq 72 ] || fail "perft 1 --divide: $legal"
check_best() { # OUTPUT WHAT
    local best
    best=$(printf '%s\n' "$1" | sed -n 's/^bestmove \([^ ]*\).*/\1/p')
    printf '%s\n' "$legal" | grep -qx -- "$best" || fail "$2: bestmove '$best' is not legal"
}

out=$("$wine" "$kaki" go --depth 6 --threads 2 | tr -d '\r')
printf '%s\n' "$out"
printf '%s\n' "$out" | grep -q '^info depth 6 .* nodes [1-9]' || fail "--depth 6: no depth-6 line"
check_best "$out" "--depth 6"

start=$(date +%s%N)
out=$("$wine" "$kaki" go --movetime 1500 --threads 2 | tr -d '\r')
ms=$((($(date +%s%N) - start) / 1000000))
printf '%s\n' "$out" | tail -2
check_best "$out" "--movetime 1500"
echo "--movetime 1500 --threads 2: $ms ms (Wine's start included)"
[ "$ms" -le 6000 ] || fail "--movetime 1500 took $ms ms"
echo "go_threads: passed"
