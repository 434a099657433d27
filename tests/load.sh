#!/bin/sh
# Keeps every core busy for a while, to run the tests on a loaded machine (issue 31: a test
# that passes only when the machine is idle is a false alarm on every slower machine):
#
#   tests/load.sh [--nice N] [--cores K] SECONDS &   # K busy loops (default: one per core)
#   tests/run-tests.sh                               # the suite, with the cores taken
#
# The loops run at nice level N (default 0: the same priority as the tests, like other work on
# the machine; 19 makes them yield to everything) and stop by themselves after SECONDS (each
# under `timeout`, so a killed caller leaves none behind); SIGINT or SIGTERM to the script
# stops them at once.  Exit status 0 when the time is up.
set -eu
nice_level=0
cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
while [ $# -gt 1 ]; do
    case $1 in
    --nice) nice_level=$2; shift 2 ;;
    --cores) cores=$2; shift 2 ;;
    *) break ;;
    esac
done
if [ $# -ne 1 ] || ! [ "$1" -gt 0 ] 2>/dev/null; then
    echo "usage: tests/load.sh [--nice N] [--cores K] SECONDS" >&2
    exit 2
fi
seconds=$1
pids=
stop() {
    [ -n "$pids" ] && kill $pids 2>/dev/null
    exit 0
}
trap stop INT TERM
i=0
while [ "$i" -lt "$cores" ]; do
    nice -n "$nice_level" timeout "$seconds" sh -c 'while :; do :; done' &
    pids="$pids $!"
    i=$((i + 1))
done
echo "load.sh: $cores busy loops at nice $nice_level for $seconds s" >&2
wait
