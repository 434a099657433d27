#!/usr/bin/env bash
# kaki-board stops cleanly on SIGTERM and on SIGINT (Ctrl-C) while its engines think: exit
# status 0 within a few seconds, and every engine process it started is gone (reaped).  Then
# SIGTERM while an engine floods `feature` lines and no longer reads its input (issue 31): a
# second when the machine is idle; the check allows 3 s for a loaded machine (it took 10 s a
# line, that is for ever, before).
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
# an engine that floods feature lines after `go` and never reads again
flooder=$(mktemp)
cat >"$flooder" <<'FLOOD'
#!/bin/sh
while read -r l; do case $l in
protover*) echo 'feature ping=1 setboard=1 usermove=1 myname="flooder" variants="tenjiku" done=1' ;;
ping*) echo "pong ${l#ping }" ;;
go*) exec yes 'feature myname="flood"' ;;
esac; done
FLOOD
chmod +x "$flooder"
out=$(mktemp)
"$board" --port 0 --engine "$flooder" >"$out" 2>&1 &
pid=$!
for _ in $(seq 50); do grep -q "^Kaki board: " "$out" && break; sleep 0.1; done
port=$(sed -n 's|^Kaki board: http://127.0.0.1:\([0-9]*\)/$|\1|p' "$out")
post "$port" new '{"sente":"engine","gote":"human","clock":{"kind":"permove","move":60000}}' >/dev/null
sleep 0.5 # the flood has begun
start=$(date +%s%N)
kill -TERM "$pid"
status=timeout
for _ in $(seq 300); do
    if ! kill -0 "$pid" 2>/dev/null; then wait "$pid"; status=$?; break; fi
    sleep 0.01
done
ms=$(( ($(date +%s%N) - start) / 1000000 ))
if [ "$status" != 0 ] || [ "$ms" -gt 3000 ]; then
    echo "FAILED: SIGTERM during a feature flood: status $status after $ms ms"
    kill -9 "$pid" 2>/dev/null; fail=1
else
    echo "SIGTERM during a feature flood: status 0 after $ms ms"
fi
rm -f "$flooder" "$out"
exit $fail
