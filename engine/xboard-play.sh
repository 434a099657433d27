#!/usr/bin/env bash
# Play tenjiku shogi against Kaki in XBoard, on your desktop.
#
#   engine/xboard-play.sh [XBOARD OPTIONS...]
#
# Builds Kaki (Release, in build/ or $KAKI_BUILD_DIR) if needed, installs Debian's xboard (and the C build tools)
# if missing, with sudo when not root, and starts XBoard with Kaki as its engine and the options
# tenjiku needs (docs/PROTOCOL.md §0): the engine-defined variant, 0-based ranks on the wire (XBoard
# 4.9.1 garbles rank 16 otherwise), no legality testing or claim checking by XBoard (it cannot
# know tenjiku's range jumps and burns: Kaki checks every move and claims game ends), no
# 50-move or repetition draws (tenjiku has its own repetition rule), and target-square
# highlighting so that Kaki marks where the lifted piece can go (and a Promote/Defer dialog
# instead of Debian's default sweep selection for promotions).
#
# You play sente (XBoard's "White", the bottom side, moves first); Kaki plays gote.  Anything
# you add is passed to XBoard and overrides the defaults, e.g.
#   engine/xboard-play.sh -tc 30 -inc 10              a slower clock
#   engine/xboard-play.sh -firstOptions "Rank offset=1,lion_hawk=tsa"    a rules option
#   engine/xboard-play.sh -size 60                    smaller board (square = size / 2 pixels)
#
# The pieces are kaki-board's (gui/): every tenjiku piece looks different.  KAKI_PIECES=kanji
# (default), mnemonic (the moves drawn on the piece) or letters (Hodges abbreviations) picks
# the set; KAKI_PIECES=xboard keeps XBoard's own images.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
build="${KAKI_BUILD_DIR:-$root/build}"
kaki="$build/kaki"
PATH="$PATH:/usr/games"

# build tools and XBoard, if missing (apt-get; sudo when not root)
"$root/.ci/install-deps.sh" gui

# Build (incremental: nothing to do when up to date).
if [ ! -f "$build/CMakeCache.txt" ]; then
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" --target kaki kaki-board -j "$(nproc 2>/dev/null || echo 2)" >/dev/null

# kaki-board's pieces as an XBoard piece theme (docs: gui/README.md)
set_name=${KAKI_PIECES:-kanji}
theme=()
if [ "$set_name" != xboard ]; then
    pieces="$build/xboard-pieces/$set_name"
    "$build/gui/kaki-board" --xboard-pieces "$pieces" --set "$set_name" >/dev/null
    theme=(-pieceImageDirectory "$pieces" -trueColors true
           -inscriptions "$(cat "$pieces/inscriptions.txt")")
fi

if [ -z "${DISPLAY:-}" ]; then
    echo "error: no X display (DISPLAY is not set): run this on a desktop, or under" >&2
    echo "       xvfb-run for a headless try" >&2
    exit 1
fi

exec xboard \
    -fcp "$kaki" -fd "$build" \
    -variant tenjiku -rankOffset 1 -firstOptions "Rank offset=1" \
    -testLegality false -testClaims false -ruleMoves 0 -repeatsToDraw 0 \
    -showTargetSquares true -highlightDragging true -sweepPromotions false \
    -tc 20 -inc 10 -size 72 -saveSettingsOnExit false \
    "${theme[@]}" "$@"
