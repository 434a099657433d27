#!/usr/bin/env bash
# kaki-board stops cleanly on SIGTERM and on SIGINT (Ctrl-C) while its engines think: exit
# status 0 within a few seconds, and every engine process it started is gone (reaped).
#
#   tests/gui/stop.sh KAKI_BOARD
set -u
board=${1:?usage: stop.sh KAKI_BOARD}
fail=0

post() { # post PORT ACTION JSON
    exec 3<>"/dev/tcp/127.0.0.1/$1" || return 1
    printf 'POST /api/%s HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s' \
        "$2" "$1" "${#3}" "$3" >&3
    head -1 <&3
    exec 3>&-
}

for sig in TERM INT; do
    out=$(mktemp)
    "$board" --port 0 >"$out" 2>&1 &
    pid=$!
    for _ in $(seq 50); do grep -q "^Kaki board: " "$out" && break; sleep 0.1; done
    port=$(sed -n 's|^Kaki board: http://127.0.0.1:\([0-9]*\)/$|\1|p' "$out")
    [ -n "$port" ] || { echo "FAILED: no URL line"; cat "$out"; exit 1; }
    # two engines playing each other with a long clock: sente thinking
    post "$port" new '{"sente":"engine","gote":"engine","clock":{"kind":"increment","base":600000,"inc":0}}' >/dev/null
    children=""
    for _ in $(seq 100); do
        children=$(ps -o pid= --ppid "$pid" | tr -d ' ' | tr '\n' ' ')
        [ "$(echo "$children" | wc -w)" -ge 1 ] && break
        sleep 0.1
    done
    [ "$(echo "$children" | wc -w)" -ge 1 ] || { echo "FAILED: the engine did not start"; fail=1; }
    sleep 1
    kill -"$sig" "$pid"
    status=timeout
    for _ in $(seq 150); do
        if ! kill -0 "$pid" 2>/dev/null; then wait "$pid"; status=$?; break; fi
        sleep 0.1
    done
    if [ "$status" != 0 ]; then
        echo "FAILED: SIG$sig: exit status $status"; kill -9 "$pid" 2>/dev/null; fail=1
    else
        echo "SIG$sig: kaki-board stopped with status 0"
    fi
    for c in $children; do
        if kill -0 "$c" 2>/dev/null; then echo "FAILED: engine process $c is still there"; fail=1; fi
    done
    grep -q "stopped after" "$out" || { echo "FAILED: no closing line"; fail=1; }
    rm -f "$out"
done
exit $fail
