#!/usr/bin/env bash
# Level 10 through the kaki executable is the default engine: the same thinking (depth, score,
# nodes, PV) and the same move with "option Level=10" as without it, after two moves; level 3
# thinks otherwise.  Waits for the engine's move however long it takes.
# Usage: level_default.sh KAKI
kaki=$1
run() {
    coproc ENGINE { "$kaki"; }
    printf 'xboard\nprotover 2\nnew\nvariant tenjiku\n%bpost\nsd 5\nst 1000\nforce\n' "$1" >&"${ENGINE[1]}"
    printf 'usermove a5a6\nusermove p12p11\ngo\n' >&"${ENGINE[1]}"
    while IFS= read -r line <&"${ENGINE[0]}"; do
        case $line in
        [0-9]*$'\t'*) t=${line%%$'\t'*}; set -- $t; echo "$1 $2 $4 ${line#*$'\t'}" ;;
        "move "*) echo "$line"; break ;;
        esac
    done
    echo quit >&"${ENGINE[1]}"
    wait "$ENGINE_PID"
}
a=$(run '') b=$(run 'option Level=10\n')
[ -n "$a" ] || { echo "no thinking output"; exit 1; }
echo "$a"
[ "$a" = "$b" ] || { echo "Level=10 differs:"; echo "$b"; exit 1; }
c=$(run 'option Level=3\noption Level seed=2\n')
[ "$a" != "$c" ] || { echo "Level=3 searched like level 10"; exit 1; }
echo "level 10 = default"
