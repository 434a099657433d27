#!/usr/bin/env bash
# Draws Kaki's pictures, kept in the repository as PNG so that building needs no image tools:
#   kaki-board-48.png, kaki-board-256.png   the desktop icon of kaki-board (a fire demon piece,
#                                           火鬼, "kaki", in kaki-board's kanji style)
#   kaki.png                                XBoard's engine logo, 100x50 like Debian's other
#                                           engines' (the piece and the name)
#
#   packaging/icons/make-icons.sh
#
# Needs ImageMagick (/usr/bin/convert) and the IPA Mincho font (fonts-ipafont-mincho).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
convert=/usr/bin/convert
font=/usr/share/fonts/opentype/ipafont-mincho/ipam.ttf
[ -x "$convert" ] && [ -f "$font" ] || { echo "needs imagemagick and fonts-ipafont-mincho"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the piece: kaki-board's pentagon and colours (gui/pieces.c), the two kanji in red as on a
# promoted piece, 1024 pixels square before scaling down
"$convert" -size 1024x1024 xc:none \
    -fill '#f3d9a0' -stroke '#6b4a1e' -strokewidth 26 \
    -draw 'polygon 512,41 850,195 932,983 92,983 174,195' \
    -stroke none -fill '#c40000' -font "$font" -pointsize 400 \
    -gravity north -annotate +0+180 '火' -annotate +0+560 '鬼' \
    "$tmp/piece.png"
for size in 48 256; do
    "$convert" "$tmp/piece.png" -resize ${size}x${size} -depth 8 -strip "$here/kaki-board-$size.png"
done
"$convert" -size 100x50 xc:'#fdf6e3' \
    \( "$tmp/piece.png" -resize 46x46 \) -gravity west -geometry +3+0 -composite \
    -fill '#1a1a1a' -font DejaVu-Sans-Bold -pointsize 19 -gravity east -annotate +6+0 'Kaki' \
    -alpha off -depth 8 -strip "$here/kaki.png"
file "$here"/*.png
