#!/usr/bin/env bash
# Writes the Windows release package: a zip with one folder, kaki-windows-x64/, holding
# kaki.exe, kaki-match.exe, kaki-board.exe, "Kaki board.bat" (starts kaki-board.exe and opens
# its page in the browser), README.md, LICENSE.txt, WINBOARD.txt (Kaki in WinBoard for tenjiku,
# match mode, the Kaki board, kaki-match) and engine-list.txt (the line for WinBoard's engine
# list); text files with CR-LF line ends.
#
#   packaging/windows/package.sh KAKI_EXE OUT.zip [--check WINE]
#
# kaki-match.exe and kaki-board.exe are taken from where the build puts them beside KAKI_EXE
# (match/, gui/).  --check then unpacks the zip and checks it: every file there, the
# executables the ones built and running under Wine (kaki.exe perft 2, the others' --help),
# WINBOARD.txt giving every flag of docs/XBOARD.md's XBoard command and the engine-list line,
# and "Kaki board.bat" starting the board and opening its page (the Wine prefix's browser
# records the URL: tests/windows/wine_prefix.sh).  tests/run-tests.sh --windows runs this as
# the test win_package.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
exe=${1:?KAKI_EXE} zip=${2:?OUT.zip}
bin=$(dirname "$exe")
match_exe=$bin/match/kaki-match.exe board_exe=$bin/gui/kaki-board.exe
wine=""
if [ "${3:-}" = "--check" ]; then wine=${4:?WINE}; fi
for f in "$exe" "$match_exe" "$board_exe"; do
    [ -f "$f" ] || { echo "error: $f is missing (build all three executables)" >&2; exit 1; }
done

python3 - "$exe" "$match_exe" "$board_exe" "$zip" "$root" "$here" <<'EOF'
import os, sys, time, zipfile
exe, match_exe, board_exe, out, root, here = sys.argv[1:]
folder = "kaki-windows-x64/"
programs = [("kaki.exe", exe), ("kaki-match.exe", match_exe), ("kaki-board.exe", board_exe)]
texts = [("Kaki board.bat", os.path.join(here, "kaki-board.bat")),
         ("README.md", os.path.join(root, "README.md")),
         ("LICENSE.txt", os.path.join(root, "LICENSE")),
         ("WINBOARD.txt", os.path.join(here, "WINBOARD.txt")),
         ("engine-list.txt", os.path.join(here, "engine-list.txt"))]
now = time.localtime()[:6]
def add(z, name, data):
    info = zipfile.ZipInfo(folder + name, now)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    z.writestr(info, data)
tmp = out + ".part"
with zipfile.ZipFile(tmp, "w") as z:
    for name, path in programs:
        with open(path, "rb") as f:
            add(z, name, f.read())
    for name, path in texts:
        with open(path, encoding="utf-8") as f:
            add(z, name, f.read().replace("\r\n", "\n").replace("\n", "\r\n").encode("utf-8"))
os.replace(tmp, out)
EOF
echo "wrote $zip ($(stat -c %s "$zip") bytes)"
[ -n "$wine" ] || exit 0

# --check
fail() { echo "FAILED: $*"; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$zip" "$dir"
pkg="$dir/kaki-windows-x64"
for f in kaki.exe kaki-match.exe kaki-board.exe "Kaki board.bat" README.md LICENSE.txt \
         WINBOARD.txt engine-list.txt; do
    [ -s "$pkg/$f" ] || fail "$f missing from the zip"
done
[ "$(find "$dir" -type f | wc -l)" -eq 8 ] || fail "the zip holds other files: $(cd "$dir" && find . -type f)"
cmp -s "$exe" "$pkg/kaki.exe" || fail "kaki.exe in the zip differs from $exe"
cmp -s "$match_exe" "$pkg/kaki-match.exe" || fail "kaki-match.exe in the zip differs from $match_exe"
cmp -s "$board_exe" "$pkg/kaki-board.exe" || fail "kaki-board.exe in the zip differs from $board_exe"
grep -q $'\r$' "$pkg/WINBOARD.txt" || fail "WINBOARD.txt has no CR-LF line ends"
grep -q $'\r$' "$pkg/Kaki board.bat" || fail "Kaki board.bat has no CR-LF line ends"
nodes=$("$wine" "$pkg/kaki.exe" perft 2 | tr -d '\r' | sed -n 's/^Nodes searched: //p')
[ "$nodes" = 5255 ] || fail "the zip's kaki.exe: perft 2 gave '$nodes', expected 5255"
# (all of the output is read, Wine's own lines too; a second try if the first shows no usage:
# under load Wine once started kaki-board.exe without output; the message shows what came)
for prog in kaki-match kaki-board; do
    for try in 1 2; do
        out=$("$wine" "$pkg/$prog.exe" --help 2>&1 | tr -d '\r') || true
        grep -q "^usage: $prog " <<<"$out" && break
        echo "the zip's $prog.exe --help, try $try: no usage in: $(head -c 400 <<<"$out")"
        [ "$try" = 2 ] && fail "the zip's $prog.exe --help does not print its usage"
    done
done

# the flags docs/XBOARD.md gives for XBoard (its "xboard -fcp ..." command) are all in
# WINBOARD.txt, with the same values
winboard=$(tr -d '\r' <"$pkg/WINBOARD.txt")
flags=$(sed -n '/^xboard -fcp/,/^```/p' "$root/docs/XBOARD.md" | tr -d '\\' |
        grep -o -- '-[a-zA-Z]\+ \("[^"]*"\|[^ -][^ ]*\)' | grep -v -- '^-f[cd]p\? ')
[ "$(printf '%s\n' "$flags" | wc -l)" -ge 10 ] || fail "cannot read the flags of docs/XBOARD.md: $flags"
while IFS= read -r flag; do
    grep -qF -- "$flag" <<<"$winboard" || fail "WINBOARD.txt does not give '$flag' (docs/XBOARD.md does)"
done <<<"$flags"
line=$(tr -d '\r' <"$pkg/engine-list.txt")
[[ $line == '"Kaki" -fcp "kaki.exe" -fd '* ]] || fail "engine-list.txt: $line"
grep -qF -- "$line" <<<"$winboard" || fail "WINBOARD.txt does not show the engine-list line"
for text in "Kaki board.bat" "kaki-match.exe --engine cmd=kaki.exe" "kaki-board.exe --help"; do
    grep -qF -- "$text" <<<"$winboard" || fail "WINBOARD.txt does not say how to use '$text'"
done

# "Kaki board.bat", as a double click starts it (from another folder): kaki-board.exe serves
# the page and asks for it to be opened; the board's engine is the kaki.exe beside it
export KAKI_URL_LOG="$dir/urls.txt"
bat=$(winepath -w "$pkg/Kaki board.bat" 2>/dev/null)
(cd / && exec "$wine" cmd /c "$bat" --port 0 >"$dir/bat.out" 2>&1) &
cmd_pid=$!
ours() { # the boards (and engines) this check started: Wine passes KAKI_URL_LOG on (so it
         # does to the prefix's services, which other tests share: they are left alone)
    local pid
    for pid in $(grep -l -a -F "KAKI_URL_LOG=$KAKI_URL_LOG" /proc/[0-9]*/environ 2>/dev/null |
                 sed -n 's|^/proc/\([0-9]*\)/environ$|\1|p'); do
        grep -q -a 'kaki-board\.exe\|kaki\.exe' "/proc/$pid/cmdline" 2>/dev/null && echo "$pid"
    done
}
stop_ours() {
    kill "$cmd_pid" 2>/dev/null || true
    for pid in $(ours); do kill "$pid" 2>/dev/null || true; done
}
trap 'stop_ours; rm -rf "$dir"' EXIT
for i in $(seq 1200); do [ -s "$KAKI_URL_LOG" ] && break; sleep 0.25; done
url=$(head -n 1 "$KAKI_URL_LOG" 2>/dev/null)
[[ $url == http://127.0.0.1:*/ ]] || fail "Kaki board.bat opened no page ('$url'): $(tr -d '\r' <"$dir/bat.out")"
python3 - "$url" <<'EOF' || fail "the page at $url"
import json, sys, urllib.request
url = sys.argv[1]
page = urllib.request.urlopen(url, timeout=120).read().decode()
assert "Kaki" in page, "not the board's page"
state = json.loads(urllib.request.urlopen(url + "api/state", timeout=120).read())
names = [e["name"] for e in state["engines"]]
assert names[0] == "kaki.exe" and not state["engines"][0]["error"], names
print("Kaki board.bat: the page at %s, engine %s" % (url, names[0]))
EOF
stop_ours
echo "package: $(printf '%s\n' "$flags" | wc -l) XBoard flags in WINBOARD.txt, the executables run, Kaki board.bat opens the board: passed"
