#!/usr/bin/env bash
# cmake --install of the build into a scratch DESTDIR: exactly the files packaging/CMakeLists.txt
# promises, nothing naming the source tree or the build folder, every installed program runs
# from there (--version), and the installed kaki-board starts the installed kaki
# (board_engine.py).
#   tests/package/install_tree.sh BUILD_DIR SOURCE_DIR VERSION
set -u
build=$1 src=$2 version=$3
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAILED: $*"; exit 1; }
dest=$(mktemp -d /tmp/kaki-install.XXXXXX)
trap 'rm -rf "$dest"' EXIT
DESTDIR=$dest cmake --install "$build" >"$dest.log" 2>&1 || { cat "$dest.log"; rm -f "$dest.log"; fail "cmake --install"; }
rm -f "$dest.log"
cache() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
prefix=$(cache CMAKE_INSTALL_PREFIX) bindir=$(cache CMAKE_INSTALL_BINDIR)
root=$dest$prefix
[ -d "$root" ] || fail "nothing installed under $prefix"

# the files, less the piece pictures (counted below)
expected=$(cat <<LIST | sort
$bindir/kaki
$bindir/kaki-board
$bindir/kaki-match
$bindir/kaki-tune
$bindir/kaki-xboard
share/applications/kaki-board.desktop
share/applications/kaki-xboard.desktop
share/doc/kaki/CHANGELOG.md
share/doc/kaki/LICENSE
share/doc/kaki/PROTOCOL.md
share/doc/kaki/README.md
share/doc/kaki/RULES.md
share/doc/kaki/XBOARD.md
share/doc/kaki/kaki-board.md
share/doc/kaki/kaki-match.md
share/doc/kaki/kaki-tune.md
share/games/kaki/xboard-pieces/kanji/inscriptions
share/games/kaki/xboard-pieces/letters/inscriptions
share/games/kaki/xboard-pieces/mnemonic/inscriptions
share/games/plugins/logos/kaki.png
share/games/plugins/xboard/kaki.eng
share/games/xboard/themes/conf/tenjiku
share/icons/hicolor/256x256/apps/kaki-board.png
share/icons/hicolor/48x48/apps/kaki-board.png
share/man/man6/kaki-board.6
share/man/man6/kaki-match.6
share/man/man6/kaki-tune.6
share/man/man6/kaki-xboard.6
share/man/man6/kaki.6
LIST
)
found=$(cd "$root" && find . -type f ! -name '*.svg' | sed 's|^\./||' | sort)
extra=$(cd "$dest" && find . -type f | grep -v "^\.$prefix/" || true)
[ -z "$extra" ] || fail "installed outside $prefix: $extra"
if [ "$found" != "$expected" ]; then
    diff <(echo "$expected") <(echo "$found")
    fail "the installed files differ from the list (< promised, > installed)"
fi
for set in kanji mnemonic letters; do
    n=$(find "$root/share/games/kaki/xboard-pieces/$set" -name '*.svg' | wc -l)
    [ "$n" -ge 100 ] || fail "only $n XBoard pictures in the $set set"
done
echo "$(echo "$found" | wc -l) files and $(find "$root" -name '*.svg' | wc -l) piece pictures installed under $prefix"

# nothing installed names the source tree or the build folder (programs with debug
# information, sanitizer builds, name their sources: only their other contents are checked)
for f in $(cd "$root" && find . -type f | sed 's|^\./||'); do
    if head -c 4 "$root/$f" | grep -q ELF && readelf -S "$root/$f" | grep -q debug_info; then
        continue
    fi
    if grep -aqF -e "$src" -e "$build" "$root/$f"; then
        fail "$f names $src or $build"
    fi
done
echo "no installed file names the source tree or the build folder"

# XBoard's settings name installed files
conf=$root/share/games/xboard/themes/conf/tenjiku
for p in $(sed -n 's/^-\(fcp\|pieceImageDirectory\) "\(.*\)"$/\2/p' "$conf"); do
    [ -e "$dest$p" ] || fail "XBoard's settings name $p, which is not installed"
done

for prog in kaki kaki-board kaki-match kaki-tune kaki-xboard; do
    out=$("$root/$bindir/$prog" --version) || fail "$prog --version failed"
    [[ $out == "$prog $version"* ]] || fail "$prog --version: $out"
    echo "$out"
done
python3 "$here/board_engine.py" "$root/$bindir/kaki-board" "$root/$bindir/kaki" "$version"
