#!/usr/bin/env bash
# A CECP session with kaki.exe under Wine through pipes, as WinBoard holds one:
#   1. handshake: xboard, protover 2 -> features ending with done=1; variant tenjiku -> the
#      setup line (16x16, parent chu) and a piece line for every piece, before the pong;
#   2. setboard a position and go -> a move that is legal there (perft 1 --divide lists them);
#   3. a long search (st 60) from the start ended by '?' -> a legal move at once, then ping;
#   4. two threads (cores 2) -> a legal move;
#   5. bad bytes on stdin (NUL, Ctrl-Z, a lone CR, bytes >= 0x80, a 70,000-byte line, an unknown
#      command, an illegal move) -> errors, and the engine still answers ping;
#   6. quit -> the process ends with status 0.
#   cecp_session.sh WINE KAKI_EXE
set -u
wine=$1 kaki=$2
log=$(mktemp) # everything the engine said, shown on failure
trap 'rm -f "$log"' EXIT
trap '' PIPE # a write to an engine that died fails; the next expect reports it

fail() {
    echo "FAILED: $*"
    echo "--- the engine's output:"
    cut -c1-200 "$log"
    exit 1
}

coproc ENGINE { "$wine" "$kaki" 2>&1; }
out=${ENGINE[0]} in=${ENGINE[1]}
send() { printf '%s\n' "$@" >&"$in"; }
line=""
# expect REGEX SECONDS: reads lines until one matches (kept in $line); all lines go to $log
expect() {
    local deadline=$((SECONDS + $2))
    while [ "$SECONDS" -lt "$deadline" ]; do
        IFS= read -r -t $((deadline - SECONDS)) line <&"$out" || break
        line=${line%$'\r'}
        printf '%s\n' "$line" >>"$log"
        [[ $line =~ $1 ]] && return 0
    done
    fail "no line matching '$1' within $2 s"
}
legal_moves() { # TFEN: the legal moves in wire syntax
    "$wine" "$kaki" perft 1 --divide --fen "$1" | tr -d '\r' | sed -n 's/^\([^ :]*\): [0-9]*$/\1/p'
}
check_legal() { # MOVE TFEN WHAT
    legal_moves "$2" | grep -qx -- "$1" || fail "$3: move '$1' is not legal in $2"
    echo "$3: move $1 is legal"
}
START="lnficsgekgscifnl/a1c!c!1txql!ot1c!c!1a/s'v'bhdw!d!q'h!d!w!dhbv's'/mvrf!e!b!r!v!q!r!b!e!f!rvm/pppppppppppppppp/4d'6d'4/16/16/16/16/4D'6D'4/PPPPPPPPPPPPPPPP/MVRF!E!B!R!Q!V!R!B!E!F!RVM/S'V'BHDW!D!H!Q'D!W!DHBV'S'/A1C!C!1TOL!QXT1C!C!1A/LNFICSGKEGSCIFNL b"
POSITION="15k/16/16/16/16/16/16/3d!12/16/16/3P12/3p12/3Q!12/16/16/K15 b"

# 1. handshake
send xboard "protover 2"
expect '^feature ' 60
[[ $line == "feature done=0" ]] || fail "the first feature line is '$line', not 'feature done=0'"
expect '^feature .*done=1' 10
grep -q '^feature .*variants="tenjiku"' "$log" || fail "no variants=\"tenjiku\" feature"
send "variant tenjiku" "ping 1"
expect '^pong 1$' 20
setup=$(grep -c '^setup (.*) 16x16+0_chu ' "$log")
pieces=$(grep -c '^piece [A-Z+]' "$log")
[ "$setup" -eq 1 ] || fail "$setup setup lines for 16x16+0_chu before pong 1"
[ "$pieces" -ge 36 ] || fail "only $pieces piece lines before pong 1"
grep -q '^piece K& K$' "$log" || fail "no piece line for the king"
echo "handshake: features, setup and $pieces piece lines"

# 2. a move in a set-up position
send new force "setboard $POSITION" "st 1" post go
expect '^move ' 30
check_legal "${line#move }" "$POSITION" "setboard, go"
grep -q '^[0-9]\+ [-0-9]\+ [0-9]\+ [0-9]\+ ' "$log" || fail "no thinking line with post"

# 3. '?' during a long search
send new "st 60" go
sleep 2
t0=$SECONDS
send '?' "ping 2"
expect '^move ' 15
check_legal "${line#move }" "$START" "'?' after 2 s of a 60 s search"
expect '^pong 2$' 10
[ $((SECONDS - t0)) -le 10 ] || fail "the move came $((SECONDS - t0)) s after '?'"

# 4. two threads
send new "cores 2" "st 2" go
expect '^move ' 30
check_legal "${line#move }" "$START" "cores 2, go"

# 5. bad input on stdin, then ping
send force "ping 3"
expect '^pong 3$' 10
printf 'abc\0def\n\x1a\nping\r\r\n\x80\xff\xfe garbage\n' >&"$in"
printf -v long '%70000s' ''
send "${long// /x}" "usermove z99z98" "setboard not-a-fen" "ping 4"
expect '^pong 4$' 20
grep -q '^Error (line too long' "$log" || fail "no error for the 70,000-byte line"
grep -q '^Illegal move' "$log" || fail "no 'Illegal move' for z99z98"
grep -q '^Error (unknown command)' "$log" || fail "no error for an unknown command"
echo "bad input: errors given, the engine still answers"

# 6. quit
send quit
pid=$ENGINE_PID
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "kaki.exe still runs 10 s after quit"
wait "$pid"
status=$?
[ "$status" -eq 0 ] || fail "kaki.exe ended with status $status after quit"
echo "cecp_session: passed"
