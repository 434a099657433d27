#!/usr/bin/env bash
# Installs the Debian packages Kaki needs, only those that are missing.
#   .ci/install-deps.sh            build tools (C compiler, cmake, make)
#   .ci/install-deps.sh gui        ... plus XBoard (playing on a desktop)
#   .ci/install-deps.sh xboard     ... plus XBoard, Xvfb and the GUI test tools
set -eu

need=()
command -v cc >/dev/null 2>&1 || need+=(gcc libc6-dev)
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v make >/dev/null 2>&1 || need+=(make)
for extra in "$@"; do
    case "$extra" in
        gui)
            [ -x /usr/games/xboard ] || command -v xboard >/dev/null 2>&1 || need+=(xboard)
            ;;
        xboard)
            [ -x /usr/games/xboard ] || command -v xboard >/dev/null 2>&1 || need+=(xboard)
            command -v xvfb-run >/dev/null 2>&1 || need+=(xvfb xauth)
            # the GUI tests click (xdotool), read the clipboard (xclip), take screenshots
            command -v xdotool >/dev/null 2>&1 || need+=(xdotool)
            command -v xclip >/dev/null 2>&1 || need+=(xclip)
            command -v convert >/dev/null 2>&1 || need+=(imagemagick)
            ;;
        *) need+=("$extra") ;;
    esac
done
[ ${#need[@]} -eq 0 ] && exit 0

echo "installing: ${need[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
        echo "error: need root (or sudo) to install ${need[*]}" >&2; exit 1; fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
