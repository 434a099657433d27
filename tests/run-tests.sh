#!/usr/bin/env bash
# Builds Kaki and runs every test (ctest).  From a fresh Debian machine this is all it takes.
#   tests/run-tests.sh                      Release build in build/
#   tests/run-tests.sh --sanitize address   ASan+UBSan build in build-address/
#   tests/run-tests.sh --sanitize thread    TSan build in build-thread/ (multithreaded tests)
#   tests/run-tests.sh --windows            kaki.exe cross-built with MinGW-w64 in build-windows/,
#                                           its tests run under Wine (tests/windows/run.sh),
#                                           the release zip build-windows/kaki-windows-x64.zip
set -eu
cd "$(dirname "$0")/.."

sanitize=""
if [ "${1:-}" = "--sanitize" ]; then sanitize="${2:?address or thread}"; fi
if [ "${1:-}" = "--windows" ]; then exec bash tests/windows/run.sh; fi

# the build tools; the GUI tests' tools are installed by their ctest fixtures when they run
.ci/install-deps.sh

jobs=$(nproc 2>/dev/null || echo 2)
if [ -z "$sanitize" ]; then
    dir=build
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release >/dev/null
else
    dir="build-$sanitize"
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKAKI_SANITIZE="$sanitize" >/dev/null
    # sanitizers are 5-20x slower: the heavy randomised tests run a tenth of their positions
    export KAKI_TEST_SCALE=10
fi
cmake --build "$dir" -j "$jobs"

label=()
[ "$sanitize" = "thread" ] && label=(-L threads)
(cd "$dir" && ctest --output-on-failure -j "$jobs" "${label[@]}")
