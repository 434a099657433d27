#!/usr/bin/env bash
# kaki-tune and the files it is given (tuning/README.md): what it must refuse, and that it
# never destroys or half-writes a file.
#   tests/tune-files.sh CASE KAKI_TUNE SOURCE_DIR WORK_DIR
# Exit status 0 = pass, 1 = fail.
set -u
name=$1 tune=$2 src=$3 work=$4/$1
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fails=0
# memory is bounded: a reader that never stops on an endless line fails instead of taking the
# machine's memory (not under AddressSanitizer, which reserves terabytes of address space)
grep -q __asan_init "$tune" || ulimit -v 1000000
check() { # check DESCRIPTION 'CONDITION' (a shell command list, evaluated)
    local what=$1; shift
    if eval "$1"; then echo "ok: $what"; else echo "FAILED: $what"; fails=$((fails + 1)); fi
}
# gen OUT [options]: a few short games (the file name first), status in $status, stderr in err.txt
gen() {
    local out=$1; shift
    timeout 60 "$tune" gen --out "$out" --games 2 --nodes 200 --threads 1 --max-plies 30 "$@" \
        2>err.txt
    status=$?
    echo "--- kaki-tune gen --out $out $* (status $status)"; tail -n 3 err.txt
}
header='# kaki-tune data 1: tfen;result;score;game (result and score: Black'"'"'s view)'

case $name in
out_foreign)
    # an existing file that is not kaki-tune data is refused, byte for byte untouched
    printf 'my notes\nsecond line\n' >notes.txt
    cp notes.txt notes.keep
    gen notes.txt
    check "notes: refused (status 1)" '[ "$status" -eq 1 ]'
    check "notes: the message says why" 'grep -q "not a kaki-tune data file" err.txt'
    check "notes: untouched" 'cmp notes.txt notes.keep'
    printf 'no newline at all' >short.txt
    cp short.txt short.keep
    gen short.txt
    check "one line without a newline: refused, untouched" '[ "$status" -eq 1 ] && cmp short.txt short.keep'
    head -c 5000 "$tune" >binary.dat
    cp binary.dat binary.keep
    gen binary.dat
    check "binary: refused, untouched" '[ "$status" -eq 1 ] && cmp binary.dat binary.keep'
    # the header, then lines that are not data: not a partial game of ours
    printf '%s\nmy notes\nsecond line\n' "$header" >headed.txt
    cp headed.txt headed.keep
    gen headed.txt
    check "header then foreign lines: refused, untouched" '[ "$status" -eq 1 ] && cmp headed.txt headed.keep'
    check "... naming the line" 'grep -q "headed.txt:2: " err.txt'
    # special files and directories are refused before anything is read or written
    for f in /dev/zero /dev/full /dev/null; do
        gen "$f"
        check "$f: refused (status 1)" '[ "$status" -eq 1 ]'
        check "$f: 'not a regular file'" 'grep -q "not a regular file" err.txt'
    done
    mkfifo fifo
    gen fifo
    check "a FIFO: refused at once" '[ "$status" -eq 1 ] && grep -q "not a regular file" err.txt'
    mkdir dir
    gen dir
    check "a directory: refused" '[ "$status" -eq 1 ] && [ -d dir ] && [ -z "$(ls dir)" ]'
    ln -s /dev/zero link
    gen link
    check "a link to /dev/zero: refused" '[ "$status" -eq 1 ] && grep -q "not a regular file" err.txt'

    # its own files: created, resumed, an unfinished game at the end cut off
    gen data.txt
    check "new file: status 0" '[ "$status" -eq 0 ]'
    check "new file: its header first" '[ "$(head -n 1 data.txt)" = "$header" ]'
    check "new file: 2 games" '[ "$(grep -c '\''^#game '\'' data.txt)" -eq 2 ]'
    cp data.txt data.keep
    grep -v '^#' data.txt | head -n 3 >>data.txt   # a game killed while written ...
    printf 'lnficsgekgscifnl/a1c!c!tx1ql!ot1c' >>data.txt   # ... in the middle of a line
    gen data.txt
    check "unfinished game: status 0" '[ "$status" -eq 0 ]'
    check "unfinished game: cut off, said so" 'grep -q "dropping .* bytes of an unfinished game" err.txt'
    check "unfinished game: the file as before" 'cmp data.txt data.keep'
    printf '%s\n#game 0 1-0 5 0 rules\n' "$header" >nul.txt
    head -c 3000 /dev/zero >>nul.txt   # crash debris: a block of NUL bytes at the end
    gen nul.txt --games 1
    check "NUL bytes at the end: cut off, nothing else" '[ "$status" -eq 0 ] &&
        [ "$(cat nul.txt | tr -d '\''\0'\'' | wc -c)" -eq "$(wc -c <nul.txt)" ] &&
        [ "$(wc -l <nul.txt)" -eq 2 ]'
    : >empty.txt
    gen empty.txt
    check "an empty file: taken, header written" '[ "$status" -eq 0 ] && [ "$(head -n 1 empty.txt)" = "$header" ]'
    ;;
write_errors)
    # a full disk (a file size limit: write(2) fails with EFBIG) in the middle of gen: exit
    # status 1, and the file ends with the last game written whole
    (trap '' XFSZ; ulimit -f 8; exec "$tune" gen --out full.txt --games 30 --nodes 200 \
        --threads 2 --max-plies 30) 2>err.txt
    status=$?
    tail -n 3 err.txt
    check "disk full: status 1" '[ "$status" -eq 1 ]'
    check "disk full: said so" 'grep -q "error: cannot write full.txt: File too large" err.txt'
    check "disk full: within the limit" '[ "$(wc -c <full.txt)" -le 8192 ]'
    check "disk full: ends with a whole game" '[ "$(tail -n 1 full.txt | cut -c1-6)" = "#game " ] &&
        [ -z "$(tail -c 1 full.txt | tr -d "\n")" ]'
    gen full.txt --games 30
    check "disk full: resumed without a cut" '[ "$status" -eq 0 ] && ! grep -q dropping err.txt &&
        [ "$(grep -c '\''^#game '\'' full.txt)" -eq 30 ]'
    # tune: its report, the loss log and the weights file
    tune_args=(tune --data "$src/tests/data/tuning-sample.txt" --epochs 1 --min-count 1)
    "$tune" "${tune_args[@]}" --out w.c >/dev/full 2>err.txt; status=$?
    check "tune, stdout full: status 1" '[ "$status" -eq 1 ] && grep -q "cannot write the standard output" err.txt'
    "$tune" "${tune_args[@]}" --out w.c --loss-log nodir/loss.txt >out.txt 2>err.txt; status=$?
    check "tune, --loss-log in no directory: status 1" '[ "$status" -eq 1 ] && grep -q "cannot write --loss-log" err.txt'
    (trap '' XFSZ; ulimit -f 1; exec "$tune" "${tune_args[@]}" --out w.c --loss-log big.log \
        --epochs 100) >out.txt 2>err.txt; status=$?
    check "tune, --loss-log on a full disk: status 1" '[ "$status" -eq 1 ] && grep -q "cannot write --loss-log" err.txt'
    "$tune" "${tune_args[@]}" --out nodir/w.c >out.txt 2>err.txt; status=$?
    check "tune, --out in no directory: status 1" '[ "$status" -eq 1 ] && grep -q "cannot write" err.txt'
    "$tune" init --out nodir/w.c 2>err.txt; status=$?
    check "init, --out in no directory: status 1" '[ "$status" -eq 1 ]'
    "$tune" init --out w.c >/dev/full 2>err.txt; status=$?
    check "init, prints nothing on stdout: status 0" '[ "$status" -eq 0 ]'
    ;;
read_errors)
    sample="$src/tests/data/tuning-sample.txt"
    tune() { # tune DATA: status in $status, the "data:" line in data.txt
        timeout 60 "$tune" tune --data "$1" --out w.c --epochs 0 --min-count 1 >out.txt 2>err.txt
        status=$?
        grep '^data: ' out.txt >data.txt
        echo "--- kaki-tune tune --data ${1:0:100}... (status $status)"; cat data.txt; tail -n 2 err.txt
    }
    tune "$sample"
    one=$(awk '{print $2}' data.txt)
    check "one file: read" '[ "$status" -eq 0 ] && [ "$one" -gt 0 ]'
    many=$sample
    for i in $(seq 2 70); do many="$many,$sample"; done
    tune "$many"
    check "70 files: all read" '[ "$status" -eq 0 ] && [ "$(awk '\''{print $2}'\'' data.txt)" -eq $((70 * one)) ]'
    tune "$many,missing.txt"
    check "71 files, the last missing: status 1" '[ "$status" -eq 1 ] && grep -q "cannot read missing.txt" err.txt'
    tune "$sample,missing.txt"
    check "a missing file: status 1" '[ "$status" -eq 1 ] && grep -q "cannot read missing.txt" err.txt'
    tune "$sample,,$sample"
    check "an empty name: refused" '[ "$status" -ne 0 ] && grep -q "empty name" err.txt'
    tune "$sample,"
    check "a trailing comma: refused" '[ "$status" -ne 0 ] && grep -q "empty name" err.txt'
    mkdir dir
    tune "$sample,dir"
    check "a directory: status 1" '[ "$status" -eq 1 ] && grep -q "cannot read dir" err.txt'
    tune "$sample,/dev/zero"
    check "/dev/zero (an endless line): status 1, the line too long" '[ "$status" -eq 1 ] &&
        grep -q "/dev/zero:1: a line longer than" err.txt'
    head -c 100000 /dev/zero | tr '\0' x >long.txt
    tune "$sample,long.txt"
    check "a 100 kB line: status 1" '[ "$status" -eq 1 ] && grep -q "long.txt:1: a line longer than" err.txt'
    { grep -v '^#' "$sample" | head -n 1 | tr -d '\n'; printf '\0junk\n'; } >nul.txt
    tune "$sample,nul.txt"
    check "a NUL byte in a line: status 1" '[ "$status" -eq 1 ] && grep -q "nul.txt:1: not a data line" err.txt'
    tune <(cat "$sample")
    check "a pipe: read" '[ "$status" -eq 0 ] && [ "$(awk '\''{print $2}'\'' data.txt)" -eq "$one" ]'
    ;;
*)
    echo "unknown case $name"; exit 1 ;;
esac
[ "$fails" -eq 0 ] && echo PASS || { echo "$fails checks failed"; exit 1; }
