#!/usr/bin/env bash
# The one place that knows which Debian packages Kaki's builds, scripts and tests need.
#
#   .ci/install-deps.sh [GROUP...]             install what is missing (apt-get; sudo if not root)
#   .ci/install-deps.sh --optional GROUP...    the same, but only warn if it cannot be done
#   .ci/install-deps.sh --check GROUP...       install nothing: list what is missing, exit 1 if any
#
# Groups (the build tools are always included):
#   gui       XBoard, to play on a desktop (with a Japanese font for kaki-board's kanji pieces)
#   board     a Japanese font, for the kanji pieces of the browser board (gui/board.sh)
#   xboard    XBoard under Xvfb and the tools of the XBoard GUI tests (clicks, clipboard,
#             screenshots)
#   browser   headless Chromium, its WebDriver and Selenium (the browser board's tests)
#   windows   the MinGW-w64 cross compiler for kaki.exe, Python for the release zip
#   wine      64-bit Wine, to run the Windows tests (tests/run-tests.sh --windows)
#   package   the Debian package's tools: dpkg-deb and dpkg-dev to build it, lintian to check
#             it, man-db and groff to check the manual pages, desktop-file-utils for the
#             desktop entries (the package tests, tests/package/)
#   openbench OpenBench's server and client (Django, SciPy, requests, psutil, py-cpuinfo) and
#             the C++ compiler its client insists on (the OpenBench tests)
set -eu

mode=install
case "${1:-}" in
    --optional) mode=optional; shift ;;
    --check) mode=check; shift ;;
esac

# "command package" pairs: the package is needed when the command (or file) is missing.
# (python3: the architecture tests, tests/arch/)
tools=("cc gcc" "cc libc6-dev" "cmake cmake" "make make" "python3 python3")
# kaki-board's kanji pieces are drawn with the system's fonts: one with Japanese glyphs
font="/usr/share/fonts/opentype/ipafont-mincho/ipam.ttf fonts-ipafont-mincho"
for group in "$@"; do
    case "$group" in
        gui) tools+=("xboard xboard" "$font") ;;
        board) tools+=("$font") ;;
        xboard) tools+=("xboard xboard" "xvfb-run xvfb" "xauth xauth" "xdotool xdotool"
                        "xclip xclip" "/usr/bin/import imagemagick" "$font") ;;
        browser) tools+=("chromium chromium" "chromedriver chromium-driver"
                         "python3 python3" "/usr/lib/python3/dist-packages/selenium python3-selenium"
                         "$font") ;;
        windows) tools+=("x86_64-w64-mingw32-gcc gcc-mingw-w64-x86-64" "python3 python3") ;;
        wine) tools+=("wine wine" "/usr/lib/wine/wine64 wine64") ;;
        package) tools+=("dpkg-deb dpkg" "dpkg-shlibdeps dpkg-dev" "lintian lintian" "man man-db"
                         "groff groff-base" "desktop-file-validate desktop-file-utils") ;;
        openbench) py=/usr/lib/python3/dist-packages
                   tools+=("/usr/bin/python3 python3" "$py/django python3-django"
                           "$py/scipy python3-scipy" "$py/requests python3-requests"
                           "$py/psutil python3-psutil" "$py/cpuinfo python3-cpuinfo" "g++ g++") ;;
        *) echo "install-deps: unknown group '$group'" >&2; exit 2 ;;
    esac
done

present() {
    case "$1" in
        /*) [ -e "$1" ] ;;
        xboard) command -v xboard >/dev/null 2>&1 || [ -x /usr/games/xboard ] ;;
        *) command -v "$1" >/dev/null 2>&1 ;;
    esac
}

need=()
for pair in "${tools[@]}"; do
    set -- $pair
    if ! present "$1"; then
        case " ${need[*]-} " in *" $2 "*) ;; *) need+=("$2") ;; esac
    fi
done
[ ${#need[@]} -eq 0 ] && exit 0

if [ "$mode" = check ]; then
    echo "missing Debian packages: ${need[*]} (.ci/install-deps.sh installs them)"
    exit 1
fi

cannot() {
    if [ "$mode" = optional ]; then
        echo "install-deps: cannot install ${need[*]}: $1 (the tests that need them will skip)" >&2
        exit 0
    fi
    echo "error: cannot install ${need[*]}: $1" >&2
    exit 1
}

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || cannot "need root or sudo"
    SUDO=sudo
    # unattended (tests): only a password-less sudo
    [ "$mode" = install ] || sudo -n true 2>/dev/null || cannot "sudo needs a password"
    [ "$mode" = install ] || SUDO="sudo -n"
fi
command -v apt-get >/dev/null 2>&1 || cannot "no apt-get on this machine"
echo "installing: ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || cannot "apt-get update failed"
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null ||
    cannot "apt-get install failed"
