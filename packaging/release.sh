#!/usr/bin/env bash
# Makes the release files of a tag, all from the tag's own files (a source tarball made with
# git archive, then built from that tarball, never from the working tree):
#   kaki-X.Y.Z.tar.gz                 the source
#   kaki_X.Y.Z-N_amd64.deb            the Debian package (packaging/debian/build-deb.sh)
#   kaki-X.Y.Z-windows-x64.zip        the Windows zip (packaging/windows/package.sh)
#   SHA256SUMS
#
#   packaging/release.sh vX.Y.Z [OUTDIR]          (default OUTDIR: dist/X.Y.Z)
#
# The tag must name a commit whose CMakeLists.txt says project(kaki VERSION X.Y.Z), whose
# CHANGELOG.md has the heading "## X.Y.Z (DATE)" with the bench line "Bench: N" of the tag's
# tests/CMakeLists.txt, and whose packaging/debian/changelog starts with "kaki (X.Y.Z-N)".  Needs the build tools, dpkg-dev and the MinGW-w64 cross compiler
# (.ci/install-deps.sh package windows).  The tarball and the package are the same byte for
# byte whenever they are made again from the same tag.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "release: $*" >&2; exit 1; }
tag=${1:?usage: packaging/release.sh vX.Y.Z [OUTDIR]}
version=${tag#v}
[[ $tag =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "a release tag is vX.Y.Z, not '$tag'"
git -C "$root" rev-parse -q --verify "refs/tags/$tag^{commit}" >/dev/null || fail "no tag $tag"

# the tag's files agree on the version
at() { git -C "$root" show "$tag:$1"; }
project=$(at CMakeLists.txt | sed -n 's/^project(kaki VERSION \([0-9.]*\).*/\1/p')
[ "$project" = "$version" ] || fail "$tag: CMakeLists.txt says version '$project'"
at CHANGELOG.md | grep -q "^## $version ([0-9-]*)$" || fail "$tag: CHANGELOG.md has no heading '## $version (DATE)'"
debian=$(at packaging/debian/changelog | sed -n '1s/^kaki (\([^)]*\)).*/\1/p')
[ "${debian%-*}" = "$version" ] || fail "$tag: packaging/debian/changelog is at '$debian'"
# the release's bench line in CHANGELOG.md is the signature the tag's tests pin
bench=$(at tests/CMakeLists.txt | sed -n 's/^set(KAKI_BENCH_SIGNATURE \([0-9]*\)).*/\1/p')
at CHANGELOG.md | sed -n "/^## $version (/,/^## /p" | grep -q "^Bench: $bench\b" ||
    fail "$tag: CHANGELOG.md's $version section does not say 'Bench: $bench'"
for tool in git gzip cmake dpkg-deb dpkg-shlibdeps x86_64-w64-mingw32-gcc python3; do
    command -v "$tool" >/dev/null || fail "$tool is missing (.ci/install-deps.sh package windows)"
done

out=${2:-$root/dist/$version}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d /tmp/kaki-release.XXXXXX)
trap 'rm -rf "$work"' EXIT
jobs=$(nproc 2>/dev/null || echo 2)

# the source: git archive of the tag (file dates are the commit's), gzip without name or date
tarball=kaki-$version.tar.gz
git -C "$root" archive --format=tar --prefix="kaki-$version/" "$tag" | gzip -9n >"$out/$tarball"
tar -xzf "$out/$tarball" -C "$work"
src=$work/kaki-$version
echo "release: $tarball"

# the Debian package, from the unpacked tarball
deb=$("$src/packaging/debian/build-deb.sh" --source "$src" --build "$work/deb-build" "$out" | tail -1)
mkdir "$work/deb-check"
dpkg-deb -x "$deb" "$work/deb-check"
line=$("$work/deb-check/usr/games/kaki" --version)
[[ $line == "kaki $version (bench "[0-9]*")" ]] || fail "the package's kaki --version says '$line'"
echo "release: $(basename "$deb") ($line)"

# the Windows zip: everything the Windows build makes, packed by the tag's package.sh
cmake -S "$src" -B "$work/windows" -DCMAKE_TOOLCHAIN_FILE="$src/cmake/mingw-w64-x86_64.cmake" \
      -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/windows" -j "$jobs" >/dev/null
zip=kaki-$version-windows-x64.zip
bash "$src/packaging/windows/package.sh" "$work/windows/kaki.exe" "$out/$zip" >/dev/null
echo "release: $zip"

(cd "$out" && sha256sum "$tarball" "$(basename "$deb")" "$zip" >SHA256SUMS)
echo "release: $tag in $out:"
cat "$out/SHA256SUMS"
