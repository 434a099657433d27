#!/usr/bin/env bash
# kaki.exe's perft command on every pinned position of tests/test_perft.c (which lists them with
# --list: depth|expected|option|TFEN), under Wine.
#   perft_pinned.sh WINE TEST_PERFT_EXE KAKI_EXE
set -eu
wine=$1 test_perft=$2 kaki=$3
list=$("$wine" "$test_perft" --list | tr -d '\r')
[ "$(printf '%s\n' "$list" | grep -c '|')" -ge 10 ] || { echo "FAILED: test_perft --list: $list"; exit 1; }
failed=0 n=0
while IFS='|' read -r depth expected option tfen; do
    args=(perft "$depth" --fen "$tfen")
    [ -n "$option" ] && args+=(--option "$option")
    got=$("$wine" "$kaki" "${args[@]}" | tr -d '\r' | sed -n 's/^Nodes searched: //p')
    n=$((n + 1))
    if [ "$got" != "$expected" ]; then
        echo "FAILED: kaki.exe ${args[*]}: '$got' nodes, expected $expected"
        failed=$((failed + 1))
    fi
done <<<"$list"
echo "perft_pinned: $n positions, $failed failed"
[ "$failed" -eq 0 ]
