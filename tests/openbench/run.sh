#!/usr/bin/env bash
# Runs one of the OpenBench tests (a Python script, with Debian's python3) or skips it (exit 77)
# naming the Debian packages that are missing: the ctest fixture openbench_tools installs them
# with .ci/install-deps.sh when apt can be used unattended.  OpenBench itself is the snapshot in
# ../shared/third_party/OpenBench (KAKI_OPENBENCH_DIR overrides), never a copy in this repository.
#   tests/openbench/run.sh SCRIPT ARG...
set -u
here=$(cd "$(dirname "$0")" && pwd)
missing=$("$here/../../.ci/install-deps.sh" --check openbench) || { echo "SKIPPED: $missing"; exit 77; }
ob=${KAKI_OPENBENCH_DIR:-$here/../../../shared/third_party/OpenBench}
if [ ! -f "$ob/Client/worker.py" ]; then
    echo "error: no OpenBench snapshot at $ob (../shared/third_party/OpenBench beside the repository)"
    exit 1
fi
script=$1; shift
exec /usr/bin/python3 "$here/$script" "$(cd "$ob" && pwd)" "$@"
