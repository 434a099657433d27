#!/usr/bin/env bash
# kaki-match's output has the same form on Linux and on Windows: two short matches, two
# depth-limited kaki against each other and kaki against an engine that crashes in the middle
# of every game, give the PGN tags, plies, move comments, closing comments, results, result
# file and report lines of tests/windows/match_form.txt (match_form.py says what is compared
# and what is masked).  The Linux suite runs it natively (match_form), the Windows tests under
# Wine (win_match_form).
#
#   match_form.sh RUN KAKI_MATCH KAKI FAKE_ENGINE WORKDIR
#
# RUN: the program that runs the executables (wine), or - for none.  To write the expected
# form anew (after a change of kaki-match's output, from the Linux build):
#   KAKI_FORM_WRITE=1 match_form.sh - build/match/kaki-match build/kaki \
#       build/tests/match/fake_engine /tmp/form
set -u
# In a sanitizer build the crashing engine must die by its signal, as in Release, not exit with
# the sanitizer's report.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0"
export TSAN_OPTIONS="${TSAN_OPTIONS:+$TSAN_OPTIONS:}handle_segv=0"
# inherited by every process of this test: the stray check counts only ours
export KAKI_TEST_RUN="match_form-$$-$(date +%s%N)"
here=$(cd "$(dirname "$0")" && pwd)
run=$1 KM=$2 KAKI=$3 FAKE=$4 WORK=$5
expected=$here/match_form.txt
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1
fails=0
check() { # check DESCRIPTION COMMAND...
    local what=$1; shift
    if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; fails=$((fails + 1)); fi
}
km() { # km NAME ARGS...: kaki-match, output in NAME.out and NAME.err, status in $status
    local name=$1; shift
    # (a generous bound: a runner that hangs fails the check instead of the test timing out)
    if [ "$run" = - ]; then timeout 500 "$KM" "$@" >"$name.out" 2>"$name.err"
    else timeout 500 "$run" "$KM" "$@" >"$name.out" 2>"$name.err"; fi
    status=$?
    echo "--- kaki-match $* (status $status)"; tr -d '\r' <"$name.out"; tail -n 5 "$name.err"
}

km kaki --engine cmd="$KAKI" name=Kaki depth=2 --engine cmd="$KAKI" name=Kaki-d1 depth=1 \
    --games 2 --tc 2:00+1 --maxmoves 20 --seed 1 --pgn kaki.pgn --results kaki.txt
check "kaki against kaki: exit status 0" [ "$status" -eq 0 ]
# the crasher's --name marks its processes for the check below
km crash --engine cmd="$FAKE" name=Crasher arg=--fail arg=crash@4 arg=--seed arg=1 \
    arg=--name arg=FormCrasher --engine cmd="$KAKI" name=Kaki depth=1 \
    --games 2 --tc 0:30 --seed 1 --pgn crash.pgn --results crash.txt
check "a crashing engine: exit status 0" [ "$status" -eq 0 ]
check "the crash told in the PGN" grep -q "engine died (\(killed by signal 11\|crashed with exception 0xC0000005\)" crash.pgn

{ python3 "$here/match_form.py" kaki.pgn kaki.txt kaki.out
  python3 "$here/match_form.py" crash.pgn crash.txt crash.out; } >form.txt
if [ -n "${KAKI_FORM_WRITE:-}" ]; then cp form.txt "$expected"; echo "wrote $expected"; fi
check "the form of tests/windows/match_form.txt" diff -u "$expected" form.txt
# every engine process has ended (Windows: its job object is gone with it)
sleep 1
ours_left() { # a process of this test whose command line has "FormCrasher"
    local f
    for f in $(grep -l -a "FormCrashe[r]" /proc/[0-9]*/cmdline 2>/dev/null | grep -v /proc/self/); do
        grep -q -a -- "KAKI_TEST_RUN=$KAKI_TEST_RUN" "${f%/cmdline}/environ" 2>/dev/null && return 0
    done
    return 1
}
check "no crasher left running" eval '! ours_left'
echo "match_form: $fails failed checks"
[ $fails -eq 0 ]
