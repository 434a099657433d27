#!/usr/bin/env bash
# kaki-board's pieces as an XBoard piece theme.
#
#   tests/gui/xboard_theme.sh files KAKI_BOARD DIR
#       --xboard-pieces DIR writes White<Name>.svg and Black<Name>.svg for every image name
#       XBoard 4.9.1 reads for the piece slots of Kaki's tenjiku setup (pngPieceNames[] in its
#       draw.c), well-formed SVG each, plus inscriptions.txt; a bad set or directory is an error.
#   tests/gui/xboard_theme.sh screenshot KAKI_BOARD KAKI OUT.png
#       XBoard under Xvfb with that theme (tests/protocol/screenshot.sh): the board shows
#       kaki-board's pieces (their wood colour is on the screen).  77 = skipped (no XBoard).
set -u
mode=${1:?usage: xboard_theme.sh files|screenshot ...}
board=${2:?KAKI_BOARD}
here=$(cd "$(dirname "$0")" && pwd)

names="Pawn Knight Bishop Rook Queen Advisor Elephant Archbishop Marshall Gold Commoner Canon
Nightrider CrownedBishop CrownedRook Crown Chancellor Hawk Lance Cobra Unicorn Lion Sword Zebra
Camel Tower Wolf Hat Duck Dragon Gnu Cub LShield Pegasus Wizard Copper Iron Viking Flag Axe
Dolphin Leopard Claw Left Butterfly PromoBishop PromoRook HCrown RShield Prince Phoenix Kylin
Drunk Right GoldPawn GoldKnight PromoHorse PromoDragon GoldLance GoldSilver HSword PromoSword
PromoHSword Princess King"

if [ "$mode" = files ]; then
    dir=${3:?DIR}
    rm -rf "$dir"
    fail=0
    for set in kanji mnemonic letters; do
        "$board" --xboard-pieces "$dir/$set" --set "$set" || { echo "FAILED: $set"; exit 1; }
        n=0
        for name in $names; do
            for colour in White Black; do
                f="$dir/$set/$colour$name.svg"
                if ! grep -q "^<svg xmlns='http://www.w3.org/2000/svg'" "$f" 2>/dev/null ||
                   ! grep -q "</svg>$" "$f"; then
                    echo "FAILED: $f missing or not an SVG"; fail=1
                fi
                n=$((n + 1))
            done
        done
        extra=$(ls "$dir/$set" | grep -v -c -E "^(White|Black)($(echo $names | tr ' ' '|'))\.svg$")
        [ "$extra" = 1 ] || { echo "FAILED: unexpected files in $dir/$set"; ls "$dir/$set"; fail=1; }
        head -c 1 "$dir/$set/inscriptions.txt" | grep -q 2 || { echo "FAILED: inscriptions"; fail=1; }
        echo "$set: $n pictures ($(ls "$dir/$set" | wc -l) files)"
    done
    # the pictures differ between sets, and sente's from gote's
    cmp -s "$dir/kanji/WhiteDuck.svg" "$dir/letters/WhiteDuck.svg" && { echo "FAILED: sets equal"; fail=1; }
    cmp -s "$dir/kanji/WhiteDuck.svg" "$dir/kanji/BlackDuck.svg" && { echo "FAILED: colours equal"; fail=1; }
    "$board" --xboard-pieces "$dir/x" --set chess 2>/dev/null && { echo "FAILED: --set chess accepted"; fail=1; }
    "$board" --xboard-pieces /proc/nonexistent/dir 2>/dev/null && { echo "FAILED: bad dir accepted"; fail=1; }
    exit $fail
fi

kaki=${3:?KAKI}
out=${4:?OUT.png}
theme=$(mktemp -d /tmp/kaki-theme.XXXXXX)
"$board" --xboard-pieces "$theme" --set kanji >/dev/null || exit 1
bash "$here/../protocol/screenshot.sh" "$kaki" "$out" 12 \
    -pieceImageDirectory "$theme" -trueColors true -inscriptions "$(cat "$theme/inscriptions.txt")"
rc=$?
rm -rf "$theme"
[ $rc = 0 ] || exit $rc
# the pieces' wood colour #f3d9a0 (243,217,160) is on the screen: XBoard drew our pictures
if convert "$out" -format %c histogram:info:- | grep -q -i "#F3D9A0"; then
    echo "XBoard shows kaki-board's pieces"
    exit 0
fi
echo "FAILED: the theme's pieces are not on the screenshot"
exit 1
