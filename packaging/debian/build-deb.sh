#!/usr/bin/env bash
# Builds the Debian package kaki_VERSION_ARCH.deb (VERSION from packaging/debian/changelog,
# e.g. 0.2.0-1) from a source tree, with dpkg-deb: Kaki built with Debian's build flags,
# installed by its own install rules (packaging/CMakeLists.txt) in Debian's layout (/usr/games,
# /usr/share/games/plugins/xboard, /usr/share/man/man6), stripped, with the manual pages and
# changelogs compressed, the machine-readable copyright, md5sums, the shared-library
# dependencies from dpkg-shlibdeps, and a postinst that dates XBoard's plugin file at the
# installation (packaging/debian/postinst says why).  The same source gives the same package,
# byte for byte (every date is the changelog's, SOURCE_DATE_EPOCH).
#
#   packaging/debian/build-deb.sh [--source DIR] [--build DIR] OUTDIR
#
# --source: the tree to package (default: this script's repository); --build: the build folder
# (default: a temporary one, removed after).  Prints the package's path as its last line.
# Needs dpkg-dev (.ci/install-deps.sh package) besides the build tools.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
build=""
while [ $# -gt 1 ]; do
    case "$1" in
        --source) src=$(cd "$2" && pwd); shift 2 ;;
        --build) mkdir -p "$2"; build=$(cd "$2" && pwd); shift 2 ;;
        *) break ;;
    esac
done
[ $# -eq 1 ] || { echo "usage: build-deb.sh [--source DIR] [--build DIR] OUTDIR" >&2; exit 2; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
deb=$src/packaging/debian

for tool in dpkg-deb dpkg-parsechangelog dpkg-shlibdeps dpkg-buildflags cmake gzip strip; do
    command -v "$tool" >/dev/null || { echo "build-deb: $tool is missing (.ci/install-deps.sh package)" >&2; exit 1; }
done

# the version: the changelog's, whose upstream part must be CMakeLists.txt's
version=$(dpkg-parsechangelog -l "$deb/changelog" -SVersion)
maintainer=$(dpkg-parsechangelog -l "$deb/changelog" -SMaintainer)
project=$(sed -n 's/^project(kaki VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
if [ "${version%-*}" != "$project" ]; then
    echo "build-deb: packaging/debian/changelog is at $version, CMakeLists.txt at $project" >&2
    exit 1
fi
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(dpkg-parsechangelog -l "$deb/changelog" -STimestamp)}
arch=$(dpkg --print-architecture)
umask 022

work=$(mktemp -d /tmp/kaki-deb.XXXXXX)
trap 'rm -rf "$work"' EXIT
[ -n "$build" ] || build=$work/build
stage=$work/stage

# Debian's flags (all the hardening, the source path mapped to "." for reproducibility)
# before the project's own (-O3, -march=x86-64-v2)
export DEB_BUILD_MAINT_OPTIONS=hardening=+all
cflags=$(cd "$src" && dpkg-buildflags --get CFLAGS) cppflags=$(cd "$src" && dpkg-buildflags --get CPPFLAGS)
ldflags=$(cd "$src" && dpkg-buildflags --get LDFLAGS)
cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DKAKI_SUBSYSTEM_TESTS=OFF \
      -DCMAKE_INSTALL_PREFIX=/usr -DCMAKE_INSTALL_BINDIR=games \
      "-DCMAKE_C_FLAGS=$cflags $cppflags -ffile-prefix-map=$build=." \
      "-DCMAKE_EXE_LINKER_FLAGS=$ldflags" >/dev/null
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" \
      --target kaki kaki-match kaki-board kaki-tune kaki_xboard_files >/dev/null
DESTDIR=$stage cmake --install "$build" >/dev/null
programs=("$stage"/usr/games/kaki "$stage"/usr/games/kaki-board "$stage"/usr/games/kaki-match
          "$stage"/usr/games/kaki-tune)
# as dh_strip does
strip --remove-section=.comment --remove-section=.note --strip-unneeded "${programs[@]}"

# Debian's documentation: the licence is in copyright, the upstream changelog is changelog.gz,
# and manual pages and changelogs are compressed (gzip -n: no name or date inside)
doc=$stage/usr/share/doc/kaki
rm "$doc/LICENSE"
cp "$deb/copyright" "$doc/copyright"
gzip -9n <"$doc/CHANGELOG.md" >"$doc/changelog.gz" && rm "$doc/CHANGELOG.md"
gzip -9n <"$deb/changelog" >"$doc/changelog.Debian.gz"
gzip -9n "$stage"/usr/share/man/man6/*.6

# control: the shared libraries the programs need, by dpkg-shlibdeps (which wants a source
# package's debian/control to stand in)
mkdir -p "$work/shlibs/debian" "$stage/DEBIAN"
printf 'Source: kaki\n\nPackage: kaki\nArchitecture: any\n' >"$work/shlibs/debian/control"
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O "${programs[@]}" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size=$(du -sk --apparent-size "$stage/usr" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@MAINTAINER@/$maintainer/" \
    -e "s/@INSTALLED_SIZE@/$size/" -e "s/@DEPENDS@/$depends/" "$deb/control.in" >"$stage/DEBIAN/control"
(cd "$stage" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$stage/DEBIAN/md5sums"
cp "$deb/postinst" "$stage/DEBIAN/postinst"

find "$stage" -type d -exec chmod 0755 {} +
find "$stage" -type f -exec chmod 0644 {} +
chmod 0755 "$stage"/usr/games/* "$stage/DEBIAN/postinst"
find "$stage" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
file=$out/kaki_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$file" >/dev/null
echo "$file"
