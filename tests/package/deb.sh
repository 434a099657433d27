#!/usr/bin/env bash
# The Debian package, built from the source tree and installed into a scratch root with a dpkg
# database of its own (dpkg --root): nothing on the real system changes.  One step per ctest
# test (tests/package/CMakeLists.txt), in this order:
#   build      packaging/debian/build-deb.sh -> WORK/out/kaki_VERSION-N_ARCH.deb; its fields and
#              files
#   lintian    lintian --pedantic: every tag shown, an error fails
#   install    dpkg --root=WORK/root -i (libc6 is not in the scratch database: --force-depends;
#              the postinst runs outside a chroot, with DPKG_ROOT: --force-script-chrootless)
#   xboard     XBoard would list Kaki: the plugin file read as XBoard 4.9.1 reads it
#              (XBOARD_PLUGINS, xboard_plugins.c) for a user who saved XBoard's settings a
#              minute before the installation, its command (/usr/games/kaki) a program of
#              the root that plays tenjiku, the logo there
#   programs   every installed program runs from /usr/games of the root (--version, the CECP
#              handshake, kaki-board with the kaki beside it), the manual pages read by man,
#              the desktop entries valid
#   remove     dpkg --root -P: no file of the package is left, nor its database entries
#   tests/package/deb.sh STEP SOURCE_DIR WORK_DIR VERSION [XBOARD_PLUGINS]
# Exit 77 (skipped, with the reason) when dpkg-deb, dpkg-dev or lintian is missing
# (.ci/install-deps.sh package installs them), or when an earlier step left nothing to test.
set -u
step=$1 src=$2 version=$4 plugins=${5:-}
mkdir -p "$3"
work=$(cd "$3" && pwd) # absolute: dpkg runs the postinst by its path
here=$(cd "$(dirname "$0")" && pwd)
root=$work/root
fail() { echo "FAILED: $*"; exit 1; }
skip() { echo "SKIPPED: $*"; exit 77; }
need() { command -v "$1" >/dev/null || skip "$1 is missing ($2; .ci/install-deps.sh package)"; }
package() {
    deb=$(ls "$work"/out/kaki_"$version"-*_*.deb 2>/dev/null | head -1)
    [ -n "$deb" ] || skip "no package in $work/out (the test deb_build did not make one)"
}
installed() {
    [ -f "$root/var/lib/dpkg/status" ] && grep -q "^Package: kaki$" "$root/var/lib/dpkg/status" ||
        skip "the package is not installed in $root (the test deb_install did not install it)"
}
# dpkg as root, or as a user allowed to write the scratch root
dpkg_root() {
    local force=()
    [ "$(id -u)" -eq 0 ] || force=(--force-not-root)
    PATH="$PATH:/usr/sbin:/sbin" dpkg --root="$root" --log=/dev/null "${force[@]}" "$@"
}

case "$step" in
build)
    need dpkg-deb "package dpkg"
    need dpkg-shlibdeps "package dpkg-dev"
    rm -rf "$work/out"
    mkdir -p "$work/out"
    deb=$("$src/packaging/debian/build-deb.sh" --source "$src" --build "$work/build" "$work/out" | tail -1) ||
        fail "build-deb.sh failed"
    name=$(basename "$deb")
    [[ $name =~ ^kaki_${version//./\\.}-[0-9]+_[a-z0-9]+\.deb$ ]] || fail "package name $name"
    echo "built $name ($(stat -c %s "$deb") bytes)"
    dpkg-deb --info "$deb"
    dpkg-deb --contents "$deb"
    field() { dpkg-deb --field "$deb" "$1"; }
    [ "$(field Section)" = games ] || fail "Section: $(field Section)"
    [[ $(field Depends) == libc6* ]] || fail "Depends: $(field Depends)"
    files=$(dpkg-deb --contents "$deb" | awk '{print $6}')
    for f in ./usr/games/kaki ./usr/games/kaki-board ./usr/games/kaki-match ./usr/games/kaki-tune \
             ./usr/games/kaki-xboard ./usr/share/games/plugins/xboard/kaki.eng \
             ./usr/share/games/plugins/logos/kaki.png ./usr/share/man/man6/kaki.6.gz \
             ./usr/share/doc/kaki/copyright ./usr/share/doc/kaki/changelog.Debian.gz \
             ./usr/share/applications/kaki-board.desktop; do
        grep -qx -- "$f" <<<"$files" || fail "$f is not in the package"
    done
    # machine-readable copyright (DEP-5)
    dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./usr/share/doc/kaki/copyright | head -1 |
        grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' ||
        fail "copyright is not in the machine-readable format"
    echo PASS
    ;;
lintian)
    need lintian "package lintian"
    package
    out=$(lintian -I -E --pedantic --tag-display-limit 0 "$deb" 2>&1)
    echo "lintian -I -E --pedantic $(basename "$deb"):"
    echo "${out:-(no tags)}"
    if grep -q '^E:' <<<"$out"; then fail "lintian reports errors"; fi
    echo "PASS: no lintian errors ($(grep -c '^W:' <<<"$out") warnings)"
    ;;
install)
    need dpkg "package dpkg"
    package
    rm -rf "$root"
    mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/triggers"
    : >"$root/var/lib/dpkg/status"
    : >"$root/var/lib/dpkg/available"
    # a user's XBoard settings, saved a minute before the installation
    rm -f "$work/xboardrc"
    touch -d '1 minute ago' "$work/xboardrc"
    dpkg_root --force-depends --force-script-chrootless -i "$deb" || fail "dpkg --root -i"
    dpkg_root -s kaki | grep -q "^Status: install ok installed" || fail "kaki is not installed"
    n=$(dpkg_root -L kaki | wc -l)
    [ -x "$root/usr/games/kaki" ] || fail "no $root/usr/games/kaki"
    echo "installed into $root: $n paths"
    echo PASS
    ;;
xboard)
    installed
    [ -x "$plugins" ] || fail "no xboard_plugins program"
    out=$("$plugins" "$root/usr/share/games/plugins" "$work/xboardrc") || fail "xboard_plugins"
    echo "$out"
    line=$(grep '^kaki\.eng: ' <<<"$out")
    [[ $line == "kaki.eng: engine list line </usr/games/kaki>; command </usr/games/kaki>; variants <tenjiku>; logo <$root/usr/share/games/plugins/logos/kaki.png>" ]] ||
        fail "XBoard would not list Kaki as expected: ${line:-no kaki.eng}"
    # the command XBoard starts, inside the root
    cmd=$root/usr/games/kaki
    [ -x "$cmd" ] || fail "no $cmd"
    printf 'xboard\nprotover 2\nquit\n' | "$cmd" | grep -q "^feature myname=\"Kaki $version\" variants=\"tenjiku\"" ||
        fail "$cmd does not answer XBoard's handshake as Kaki $version with the variant tenjiku"
    head -c 8 "$root/usr/share/games/plugins/logos/kaki.png" | od -An -c | grep -q 'P   N   G' ||
        fail "the logo is not a PNG"
    echo "XBoard's engine list gains the line '/usr/games/kaki' (in the root: $cmd, which plays tenjiku), with its logo"
    # kaki-xboard's settings name files of the package
    conf=$root/usr/share/games/xboard/themes/conf/tenjiku
    for p in $(sed -n 's/^-\(fcp\|pieceImageDirectory\) "\(.*\)"$/\2/p' "$conf"); do
        [ -e "$root$p" ] || fail "XBoard's settings name $p, which is not installed"
    done
    echo PASS
    ;;
programs)
    installed
    for prog in kaki kaki-board kaki-match kaki-tune kaki-xboard; do
        out=$("$root/usr/games/$prog" --version) || fail "$prog --version failed"
        [[ $out == "$prog $version"* ]] || fail "$prog --version: $out"
        echo "$root/usr/games/$prog --version: $out"
    done
    python3 "$here/board_engine.py" "$root/usr/games/kaki-board" "$root/usr/games/kaki" "$version" |
        tee "$work/board.out"
    grep -q '^PASS' "$work/board.out" || fail "the installed kaki-board"
    if command -v man >/dev/null; then
        for page in kaki kaki-board kaki-match kaki-tune kaki-xboard; do
            MANWIDTH=80 man -M "$root/usr/share/man" "$page" 2>&1 | grep -q "^NAME" ||
                fail "man $page does not show the installed page"
        done
        echo "man shows the five installed pages"
    fi
    if command -v desktop-file-validate >/dev/null; then
        desktop-file-validate "$root"/usr/share/applications/*.desktop || fail "desktop entries"
        echo "the desktop entries are valid"
    fi
    echo PASS
    ;;
remove)
    installed
    dpkg_root --force-script-chrootless -P kaki || fail "dpkg --root -P"
    left=$(cd "$root" && find . -mindepth 1 ! -path './var' ! -path './var/lib' ! -path './var/lib/dpkg' \
           ! -path './var/lib/dpkg/*')
    [ -z "$left" ] || fail "left behind after purging: $left"
    info=$(ls "$root/var/lib/dpkg/info" | grep '^kaki\.' || true)
    [ -z "$info" ] || fail "dpkg still has $info"
    grep -q "^Package: kaki$" "$root/var/lib/dpkg/status" && fail "kaki is still in dpkg's status"
    echo "purged: nothing of the package is left in $root"
    rm -rf "$root"
    echo PASS
    ;;
*)
    echo "unknown step $step"
    exit 2
    ;;
esac
