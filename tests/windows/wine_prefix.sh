#!/usr/bin/env bash
# Creates the Wine prefix of the Windows tests ($WINEPREFIX, set by tests/windows/CMakeLists.txt)
# once, before the tests that share it start in parallel.
#   wine_prefix.sh WINE
set -eu
wine=$1
: "${WINEPREFIX:?}"
done="$WINEPREFIX/drive_c/windows/system32/kernel32.dll"
if [ ! -f "$done" ]; then
    start=$(date +%s)
    "$wine" wineboot --init >/dev/null 2>&1 || true
    echo "created the Wine prefix $WINEPREFIX in $(($(date +%s) - start)) s"
fi
[ -f "$done" ] || { echo "FAILED: no Wine prefix in $WINEPREFIX" >&2; exit 1; }
"$wine" --version
