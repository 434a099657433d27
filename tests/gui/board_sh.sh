#!/usr/bin/env bash
# The README's first command, gui/board.sh, without a desktop: it builds (nothing to do in an
# up-to-date build) showing the build's progress, starts kaki-board, prints the address,
# serves the page there, and Ctrl-C (SIGINT) stops it and the board.
#
#   tests/gui/board_sh.sh BUILD_DIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp)
env -u DISPLAY -u WAYLAND_DISPLAY KAKI_BUILD_DIR="$1" setsid bash "$here/../../gui/board.sh" >"$out" 2>&1 &
pid=$!
url=""
for _ in $(seq 600); do
    url=$(sed -n 's|^open \(http://127.0.0.1:[0-9]*/\) in your browser$|\1|p' "$out")
    [ -n "$url" ] && break
    sleep 0.1
done
fail=0
if [ -z "$url" ]; then
    echo "FAILED: no address printed"; cat "$out"; fail=1
else
    port=${url#http://127.0.0.1:}; port=${port%/}
    exec 3<>"/dev/tcp/127.0.0.1/$port"
    printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\n\r\n' "$port" >&3
    grep -q "<title>Kaki board" <&3 && echo "the page is served at $url" || { echo "FAILED: no page"; fail=1; }
    exec 3>&-
fi
grep -q "^Building kaki and kaki-board in " "$out" && grep -q "^  100%  " "$out" &&
    echo "the build's progress is shown" || { echo "FAILED: no build progress"; cat "$out"; fail=1; }
board=$(pgrep -P "$pid" -f kaki-board)
[ -n "$board" ] || { echo "FAILED: kaki-board is not board.sh's child"; fail=1; }
kill -INT -- "-$pid" 2>/dev/null || kill -INT "$pid"
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then echo "FAILED: board.sh still running"; kill -9 -- "-$pid"; fail=1; fi
[ -n "$board" ] && kill -0 "$board" 2>/dev/null && { echo "FAILED: kaki-board still running"; fail=1; }
rm -f "$out"
exit $fail
