#!/usr/bin/env bash
# Runs a browser test (browser_test.py or another browser_*.py beside it) in headless Chromium,
# or skips it (exit 77) naming the missing packages when Chromium, its driver or Selenium are
# not there (the ctest fixture browser_tools installs them with .ci/install-deps.sh).
#
#   tests/gui/browser_test.sh SCRIPT.py KAKI_BOARD MATCH_PGN ARTIFACT_DIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
missing=$("$here/../../.ci/install-deps.sh" --check browser) || { echo "SKIPPED: $missing"; exit 77; }
script=$1
shift
exec timeout -k 10 600 /usr/bin/python3 "$here/$script" "$@"
