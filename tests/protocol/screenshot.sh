#!/usr/bin/env bash
# Starts XBoard with Kaki as its engine on tenjiku under Xvfb, waits for the board, and saves a
# screenshot of the whole virtual screen as PNG.
#
#   tests/protocol/screenshot.sh KAKI OUT.png [SECONDS [XBOARD ARGUMENTS...]]
#
# Needs Debian's xboard, xvfb, imagemagick (for `import`) and xdotool (to move the pointer off
# the board): the test fixture xboard_tools installs them with .ci/install-deps.sh; exits 77
# (skipped) when they are missing.  XBoard's start-up hint pop-up is suppressed.  Exit 0 when the
# PNG was written; the XBoard debug log is kept next to it as OUT.png.debug.
set -u
kaki=$(readlink -f "${1:?usage: screenshot.sh KAKI OUT.png [SECONDS]}")
out=$(readlink -f "${2:?usage: screenshot.sh KAKI OUT.png [SECONDS]}")
wait_s=${3:-10}
shift $(($# < 3 ? $# : 3)) # the rest goes to XBoard (e.g. a piece theme)
PATH="$PATH:/usr/games"

root=$(cd "$(dirname "$0")/../.." && pwd)
missing=$("$root/.ci/install-deps.sh" --check xboard) || { echo "SKIPPED: $missing"; exit 77; }

work=$(mktemp -d /tmp/kaki-shot.XXXXXX)
mkdir -p "$work/home"
rm -f "$out"
: >"$work/extra-args"
[ $# -gt 0 ] && printf '%s\0' "$@" >"$work/extra-args"
tip="Right-clicking menu item or dialog text pops up help on it" # start-up hint
export tip kaki out wait_s work
HOME="$work/home" xvfb-run -a -n $((100 + RANDOM % 800)) -s "-screen 0 1280x1024x24" timeout -k 5 $((wait_s + 60)) bash -c '
    cd "$work"
    mapfile -d "" extra <"$work/extra-args"
    xboard -fcp "$kaki" -fd "$work" -variant tenjiku -rankOffset 1 -firstOptions "Rank offset=1" \
        -testLegality false -testClaims false -ruleMoves 0 -repeatsToDraw 0 \
        -showTargetSquares true -highlightDragging true -xponder -size 100 \
        -saveSettingsOnExit false -messageSuppress "$tip" \
        -debug -nameOfDebugFile "$work/xboard.debug" "${extra[@]}" \
        >"$work/xboard.out" 2>"$work/xboard.err" &
    xb=$!
    sleep "$wait_s"
    xdotool mousemove 1279 1023 2>/dev/null
    sleep 1
    /usr/bin/import -window root "$out"
    kill "$xb" 2>/dev/null
    wait "$xb" 2>/dev/null
    exit 0'
cp "$work/xboard.debug" "$out.debug" 2>/dev/null
rm -rf "$work"
[ -s "$out" ] || { echo "FAILED: no screenshot"; exit 1; }
echo "screenshot written to $out"
# XBoard took Kaki's variant definition (setup + 66 piece lines) and did not fall back to chess
pieces=$(grep -c "<first : piece " "$out.debug")
if grep -q "<first : setup (" "$out.debug" && [ "$pieces" -eq 66 ] &&
   ! grep -q "did not send setup" "$out.debug"; then
    echo "XBoard received the setup line and $pieces piece lines"
    exit 0
fi
echo "FAILED: XBoard did not get the variant definition ($pieces piece lines)"
exit 1
