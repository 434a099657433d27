#!/bin/sh
# The kaki executable on stdin/stdout: '?' (move now) ends a search of 1000 s a move, and a
# ping sent with it is answered after the move.  quit follows only once the pong has come (or
# after 50 s), so that a slow machine (a sanitizer build, both cores busy) is not told to quit
# before it has moved.  Prints the engine's output: ctest checks it.
#   move_now.sh KAKI
kaki=${1:?usage: move_now.sh KAKI}
out=$(mktemp) || exit 1
trap 'rm -f "$out"' EXIT
{
    printf 'xboard\nprotover 2\nnew\nvariant tenjiku\nst 1000\ngo\n'
    sleep 1
    printf '?\nping 2\n'
    i=0
    while ! grep -q '^pong 2' "$out" && [ $i -lt 500 ]; do
        sleep 0.1
        i=$((i + 1))
    done
    printf 'quit\n'
} | "$kaki" >"$out"
cat "$out"
