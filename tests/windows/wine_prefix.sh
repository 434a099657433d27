#!/usr/bin/env bash
# Creates the Wine prefix of the Windows tests ($WINEPREFIX, set by tests/windows/CMakeLists.txt)
# once, before the tests that share it start in parallel, and makes record_url.sh its browser:
# a test that opens a page records the URL, no browser opens on the host.
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
"$wine" reg add 'HKCU\Software\Wine\WineBrowser' /v Browsers /t REG_SZ \
    /d "$(cd "$(dirname "$0")" && pwd)/record_url.sh" /f >/dev/null 2>&1 ||
    { echo "FAILED: cannot set the prefix's browser" >&2; exit 1; }
"$wine" --version
