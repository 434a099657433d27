#!/usr/bin/env bash
# Runs tests/windows/board_browser.py (kaki-board.exe under Wine, in headless Chromium), or
# skips it (exit 77) naming the missing packages when Chromium, its driver or Selenium are not
# there (.ci/install-deps.sh browser installs them).
#
#   tests/windows/board_browser.sh WINE KAKI_BOARD_EXE ARTIFACT_DIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
missing=$("$here/../../.ci/install-deps.sh" --check browser) || { echo "SKIPPED: $missing"; exit 77; }
exec timeout -k 10 900 /usr/bin/python3 "$here/board_browser.py" "$@"
