#!/usr/bin/env bash
# A longer OpenBench run with figures (docs/OPENBENCH.md): the openbench_server test's set-up (a
# real OpenBench server and unmodified workers on 127.0.0.1, kaki-match as the game runner) with
# more games, and the figures as JSON: games played, setup time, games per minute while
# playing, the server's W/L/D, pentanomial and verdict.  Runs under nice.
#   bench/openbench-run.sh [BUILD_DIR] [server_test.py options]
# Default options: --games 192 --workload-size 4 --workers 1 --threads 1 --nodes 4000,2000
# --no-crash.  Examples: --workers 2; --sprt; --tc 5.0+0.05; --report FILE.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=build
if [ $# -gt 0 ] && [ -d "$1" ]; then build=$1; shift; fi
[ $# -gt 0 ] || set -- --games 192 --workload-size 4 --workers 1 --threads 1 --nodes 4000,2000 --no-crash
sig=$(sed -n 's/^set(KAKI_BENCH_SIGNATURE \([0-9]*\)).*/\1/p' "$here/tests/CMakeLists.txt")
exec nice bash "$here/tests/openbench/run.sh" server_test.py "$here" "$build/match/kaki-match" \
    "$build/kaki" "$build/tests/match/fake_engine" "$sig" --timeout 7200 "$@"
