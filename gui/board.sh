#!/usr/bin/env bash
# Builds Kaki and opens the tenjiku board (kaki-board) in your browser.
#
#   gui/board.sh [KAKI-BOARD OPTIONS...]
#
# Installs what the build and the kanji pieces need (apt-get, with sudo when not root, through
# .ci/install-deps.sh), builds kaki and kaki-board (Release, in build/ or $KAKI_BUILD_DIR,
# showing the build's progress),
# starts kaki-board on a free port of 127.0.0.1 and opens its page with xdg-open; without a
# desktop it prints the address to open.  Ctrl-C stops the board and its engines.  Options go
# to kaki-board (build/gui/kaki-board --help), e.g.
#   gui/board.sh --port 8080                  a fixed port
#   gui/board.sh --option fd_range=file       a rules option for the first game
#   gui/board.sh --engine "/path/to/engine"   another CECP engine (twice: two engines)
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
build="${KAKI_BUILD_DIR:-$root/build}"

# cmake's progress ("[ 42%] Building C object ...", or Ninja's "[12/200] ...") as one line
# that counts up on a terminal, a line for each new percentage elsewhere; the bookkeeping
# lines are left out, anything else (warnings, errors) is shown.
show_progress() {
    local line pct last="" what tty=0
    [ -t 1 ] && tty=1
    while IFS= read -r line; do
        case "$line" in
        "["*"%]"*) pct=${line%%\]*}; pct=${pct#\[}; pct=${pct// /} ;;
        "["[0-9]*"/"[0-9]*"]"*)
            pct=${line%%\]*}; pct=${pct#\[}
            pct="$(( ${pct%/*} * 100 / ${pct#*/} ))%" ;;
        "Scanning dependencies"* | "Consolidate compiler"* | "") continue ;;
        *) [ $tty = 1 ] && [ -n "$last" ] && echo
           echo "$line"; continue ;;
        esac
        what=${line#*\] }
        if [ $tty = 1 ]; then
            printf '\r  %4s  %-64.64s' "$pct" "$what"
        elif [ "$pct" != "$last" ]; then
            echo "  $pct  $what"
        fi
        last=$pct
    done
    if [ $tty = 1 ] && [ -n "$last" ]; then printf '\r  %-70s\r  built\n' ""; fi
}

"$root/.ci/install-deps.sh" board
if [ ! -f "$build/CMakeCache.txt" ]; then
    echo "Configuring the build in $build ..."
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
echo "Building kaki and kaki-board in $build (the first time takes a minute or two) ..."
set -o pipefail
cmake --build "$build" --target kaki kaki-board -j "$(nproc 2>/dev/null || echo 2)" 2>&1 | show_progress
set +o pipefail

args=("$@")
case " $* " in *" --port "*) ;; *) args=(--port 0 "${args[@]}") ;; esac

out=$(mktemp)
"$build/gui/kaki-board" "${args[@]}" >"$out" &
pid=$!
trap 'kill -TERM "$pid" 2>/dev/null; wait "$pid"; rm -f "$out"; exit 0' INT TERM
for _ in $(seq 100); do
    grep -q "^Kaki board: " "$out" && break
    kill -0 "$pid" 2>/dev/null || { rm -f "$out"; wait "$pid"; exit $?; }
    sleep 0.1
done
url=$(sed -n 's/^Kaki board: //p' "$out" | head -1)
echo "Kaki board: $url   (Ctrl-C stops it)"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && command -v xdg-open >/dev/null 2>&1; then
    xdg-open "$url" >/dev/null 2>&1 || echo "open $url in your browser"
else
    echo "open $url in your browser"
fi
wait "$pid"
rm -f "$out"
