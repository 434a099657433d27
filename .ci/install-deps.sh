#!/usr/bin/env bash
# Installs the Debian packages Kaki needs, only those that are missing.
#   .ci/install-deps.sh            build tools (C compiler, cmake, make)
#   .ci/install-deps.sh xboard     ... plus XBoard and Xvfb (GUI play, integration tests)
set -eu

need=()
command -v cc >/dev/null 2>&1 || need+=(gcc libc6-dev)
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v make >/dev/null 2>&1 || need+=(make)
for extra in "$@"; do
    case "$extra" in
        xboard)
            [ -x /usr/games/xboard ] || command -v xboard >/dev/null 2>&1 || need+=(xboard)
            command -v xvfb-run >/dev/null 2>&1 || need+=(xvfb xauth)
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
