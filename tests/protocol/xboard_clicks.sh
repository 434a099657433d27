#!/usr/bin/env bash
# A person entering tenjiku moves in the real XBoard 4.9.1 with the mouse, under Xvfb: positions
# are pasted (Edit > Paste Position), pieces are clicked with xdotool, and the test checks the
# move XBoard then sends to Kaki (which answers every `lift` with its `highlight`):
#   lion igui (click victim, then the lion's own square), lion pass (click the cyan square,
#   then the lion), a plain step onto the cyan pass square (click it twice), lion double
#   capture, a great general's range-jump capture, a promotion deferred in XBoard's
#   Promote/Defer dialog, a rule option changed in the middle of a game that Kaki must refuse
#   with tellusererror while XBoard keeps the game (then gote's move must go out), and a
#   square Kaki did not mark (must be refused by XBoard).
#
#   tests/protocol/xboard_clicks.sh KAKI [WORKDIR]
#
# Needs xboard, xvfb, xdotool, xclip and imagemagick (the test fixture xboard_tools installs
# them with .ci/install-deps.sh); exits 77 (skipped) when they are missing.
set -u
kaki=$(readlink -f "${1:?usage: xboard_clicks.sh KAKI [WORKDIR]}")
PATH="$PATH:/usr/games"

root=$(cd "$(dirname "$0")/../.." && pwd)
missing=$("$root/.ci/install-deps.sh" --check xboard) || { echo "SKIPPED: $missing"; exit 77; }

if [ -n "${2:-}" ]; then work=$(readlink -f "$2"); rm -rf "$work"; mkdir -p "$work"
else work=$(mktemp -d /tmp/kaki-clicks.XXXXXX); fi
mkdir -p "$work/home"
tip="Right-clicking menu item or dialog text pops up help on it" # start-up hint
# Kaki behind a relay that, right after the fire demon's move b1b9 (legal under fd_range=file,
# set at the start), sends it "option fd_range=rank", as if the user had changed the option in
# the middle of the game (issue 9 point 5): Kaki must refuse it (the move would be illegal) with
# tellusererror, not with an Error line, which makes XBoard take the move back on its board.
cat >"$work/kaki-relay.sh" <<RELAY
#!/usr/bin/env bash
while IFS= read -r line; do
    printf "%s\n" "\$line"
    [ "\$line" = "usermove b1b9" ] && printf "option fd_range=rank\n"
done | exec "$kaki"
RELAY
chmod +x "$work/kaki-relay.sh"
kaki="$work/kaki-relay.sh"
export tip kaki work

HOME="$work/home" xvfb-run -a -n $((100 + RANDOM % 800)) -s "-screen 0 1280x1024x24" timeout -k 5 240 bash -c '
    cd "$work"
    log="$work/xboard.debug"
    xboard -fcp "$kaki" -fd "$work" -variant tenjiku -rankOffset 1 -firstOptions "Rank offset=1,fd_range=file" \
        -testLegality false -testClaims false -ruleMoves 0 -repeatsToDraw 0 \
        -showTargetSquares true -highlightDragging true -sweepPromotions false -xponder \
        -size 100 -saveSettingsOnExit false \
        -messageSuppress "$tip" -debug -nameOfDebugFile "$log" \
        >"$work/xboard.out" 2>"$work/xboard.err" &
    xb=$!
    clip=""
    fail=0
    finish() {
        [ "$fail" -ne 0 ] && /usr/bin/import -window root "$work/failure.png" 2>/dev/null
        [ -n "$clip" ] && kill "$clip" 2>/dev/null
        kill "$xb" 2>/dev/null; wait "$xb" 2>/dev/null
        exit "$fail"
    }
    # the engine has answered the set-up (ping after variant)
    for i in $(seq 60); do grep -q "<first : pong" "$log" 2>/dev/null && break; sleep 0.5; done
    grep -q "<first : pong" "$log" 2>/dev/null || { echo "FAILED: xboard/kaki did not start"; fail=1; finish; }
    sleep 3
    win=$(xdotool search --name "xboard: " | head -1)

    # board geometry at -size 100 without a window manager: 51-pixel squares from (3, 107)
    xy() { local f=$(( $(printf "%d" "'"'"'$1") - 97 )) r=${1:1}; echo "$((3 + f * 51 + 25)) $((107 + (16 - r) * 51 + 25))"; }
    click() { for s in "$@"; do xdotool mousemove $(xy "$s") click 1; sleep 0.7; done; }
    paste() { # an XBoard FEN through the clipboard and Edit > Paste Position
        [ -n "$clip" ] && kill "$clip" 2>/dev/null
        printf "%s" "$1" | xclip -selection clipboard -loops 1 & clip=$!
        sleep 0.5
        xdotool key --window "$win" ctrl+shift+v
        for i in $(seq 20); do grep -q "setboard $1" "$log" && break; sleep 0.25; done
        sleep 0.5
        seen=$(wc -l < "$log")
    }
    seen=0 # log lines already checked
    sent() { tail -n +$((seen + 1)) "$log" | grep -q ">first : $1\$"; }
    expect() { # the usermove XBoard must have sent since the last check (0-based ranks)
        for i in $(seq 12); do sent "$1" && break; sleep 0.25; done
        if sent "$1"; then echo "ok: $2 -> usermove $1"
        else echo "FAILED: $2: no usermove $1"; fail=1; fi
        seen=$(wc -l < "$log")
    }

    T1="15k/16/16/16/16/16/7s8/7Pp7/7L!1G6/6g9/16/16/16/16/16/K15 w - 0 1"
    paste "$T1"
    click h8 i9 h8;  expect "h7i8,i8h7" "lion igui (i9)"
    click p16 o16;   expect "p15o15" "gote king"
    click h8 h7 h8;  expect "h7h6,h6h7" "lion pass through the cyan square h7"
    click o16 p16;   expect "o15p15" "gote king back"
    # passing now would repeat a position: h7 is a plain (yellow) square, one click moves
    click h8 h7;     expect "h7h6" "lion step to h7 (pass illegal by repetition)"
    paste "$T1"
    click h8 h7 h7;  expect "h7h6" "lion step onto the cyan pass square (clicked twice)"
    paste "15k/16/16/16/16/16/9p6/8p7/7L!8/16/16/16/16/16/16/K15 w - 0 1"
    click h8 i9 j10; expect "h7i8,i8j9" "lion double capture i9, j10"
    paste "15k/16/16/16/7p8/16/7P8/16/16/16/16/16/7Q!8/16/16/K15 w - 0 1"
    click h4 h12;    expect "h3h11" "great general range-jump capture over h10"
    paste "15k/16/16/16/16/7P8/16/16/16/16/16/16/16/16/16/K15 w - 0 1"
    click h11 h12
    xdotool mousemove 105 15 click 1; sleep 1   # the Promote/Defer/Cancel dialog: Defer
    expect "h10h11=" "pawn enters the zone, promotion deferred in the dialog"
    paste "15k/16/16/16/16/16/16/16/16/16/5P10/4d!11/2p13/4g11/1D!3P10/15K w - 0 1"
    click b2 b10;    expect "b1b9" "fire demon up the file (fd_range=file)"
    # the relay now changes fd_range back: refused, with tellusererror (close its pop-up)
    for i in $(seq 12); do grep -q "<first : .*fd_range=rank" "$log" && break; sleep 0.25; done
    if grep -q "<first : Error.*fd_range=rank" "$log"; then
        echo "FAILED: a refused option answered with an Error line"; fail=1
    elif grep -q "<first : tellusererror Option refused (move 1 (b1b9).*fd_range=rank" "$log"; then
        echo "ok: the option change mid-game refused with tellusererror"
    else echo "FAILED: no refusal of fd_range=rank"; fail=1; fi
    sleep 0.5
    for w in $(xdotool search --name "Error" 2>/dev/null); do xdotool key --window "$w" Return; done
    sleep 0.5
    seen=$(wc -l < "$log")
    # XBoard kept the move: gote is to move on its board too
    click p16 o16;   expect "p15o15" "gote king after the refused option"
    paste "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/P14K w - 0 1"
    click a1 a3
    sleep 1
    if sent "a0a2"; then echo "FAILED: unmarked square accepted"; fail=1
    else echo "ok: a pawn cannot be dropped on an unmarked square"; fi
    finish
'
status=$?
grep -c "<first : highlight" "$work/xboard.debug" 2>/dev/null | sed "s/^/highlight answers: /"
if [ "$status" -eq 0 ]; then
    echo "xboard_clicks: PASSED"
    [ -z "${2:-}" ] && rm -rf "$work"
    exit 0
fi
echo "xboard_clicks: FAILED (files in $work)"
exit 1
