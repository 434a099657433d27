#!/usr/bin/env bash
# tests/run-tests.sh --windows: installs the MinGW-w64 cross compiler and Wine if they are
# missing (.ci/install-deps.sh windows wine; headless Chromium for kaki-board.exe's browser test
# if it can: browser), cross-builds kaki.exe, kaki-match.exe, kaki-board.exe and the Windows
# tests into build-windows/ (cmake/mingw-w64-x86_64.cmake), runs them under Wine (ctest) and
# writes the release package build-windows/kaki-windows-x64.zip (the test win_package).
# Where Wine cannot be installed, the executables and the zip are still built and the tests
# are skipped with a message.
set -eu
cd "$(dirname "$0")/../.."

t0=$SECONDS
.ci/install-deps.sh windows
.ci/install-deps.sh --optional wine
.ci/install-deps.sh --optional browser
echo "windows: tools ready in $((SECONDS - t0)) s"

dir=build-windows
jobs=$(nproc 2>/dev/null || echo 2)
t0=$SECONDS
cmake -S . -B "$dir" -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake \
      -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$dir" -j "$jobs"
echo "windows: built in $((SECONDS - t0)) s"

wine=$(sed -n 's/^KAKI_WINE:FILEPATH=//p' "$dir/CMakeCache.txt")
if [ -z "$wine" ] || [ "${wine%NOTFOUND}" != "$wine" ] || [ ! -x /usr/lib/wine/wine64 ]; then
    bash packaging/windows/package.sh "$dir/kaki.exe" "$dir/kaki-windows-x64.zip"
    echo "SKIPPED: the Windows tests: 64-bit Wine cannot be installed on this machine" \
         "(.ci/install-deps.sh wine); the executables and the zip were built, not run"
    exit 0
fi

t0=$SECONDS
status=0
(cd "$dir" && ctest --output-on-failure -j "$jobs") || status=$?
# Wine's server outlives the last program by a few seconds: wait for it, leave nothing running
if command -v wineserver >/dev/null; then WINEPREFIX="$PWD/$dir/wineprefix" wineserver -w || true; fi
echo "windows: tests ran in $((SECONDS - t0)) s; package: $dir/kaki-windows-x64.zip"
exit "$status"
