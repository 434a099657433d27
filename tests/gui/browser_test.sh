#!/usr/bin/env bash
# Runs the browser test (browser_test.py) in headless Chromium, or skips it (exit 77) naming
# the missing packages when Chromium, its driver or Selenium are not there (the ctest fixture
# browser_tools installs them with .ci/install-deps.sh).
#
#   tests/gui/browser_test.sh KAKI_BOARD MATCH_PGN ARTIFACT_DIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
missing=$("$here/../../.ci/install-deps.sh" --check browser) || { echo "SKIPPED: $missing"; exit 77; }
exec timeout -k 10 600 /usr/bin/python3 "$here/browser_test.py" "$@"
