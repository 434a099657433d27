#!/usr/bin/env bash
# Writes the Windows release package: a zip with one folder, kaki-windows-x64/, holding
# kaki.exe, README.md, LICENSE.txt, WINBOARD.txt (Kaki in WinBoard for tenjiku, match mode) and
# engine-list.txt (the line for WinBoard's engine list); text files with CR-LF line ends.
#
#   packaging/windows/package.sh KAKI_EXE OUT.zip [--check WINE]
#
# --check then unpacks the zip and checks it: every file there, kaki.exe the one built and
# running under Wine (perft 2), WINBOARD.txt giving every flag of docs/XBOARD.md's XBoard
# command, the engine-list line in WINBOARD.txt too.  tests/run-tests.sh --windows runs this
# as the test win_package.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
exe=${1:?KAKI_EXE} zip=${2:?OUT.zip}
wine=""
if [ "${3:-}" = "--check" ]; then wine=${4:?WINE}; fi

python3 - "$exe" "$zip" "$root" "$here" <<'EOF'
import os, sys, time, zipfile
exe, out, root, here = sys.argv[1:]
folder = "kaki-windows-x64/"
texts = [("README.md", os.path.join(root, "README.md")),
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
    with open(exe, "rb") as f:
        add(z, "kaki.exe", f.read())
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
for f in kaki.exe README.md LICENSE.txt WINBOARD.txt engine-list.txt; do
    [ -s "$pkg/$f" ] || fail "$f missing from the zip"
done
[ "$(find "$dir" -type f | wc -l)" -eq 5 ] || fail "the zip holds other files: $(cd "$dir" && find . -type f)"
cmp -s "$exe" "$pkg/kaki.exe" || fail "kaki.exe in the zip differs from $exe"
grep -q $'\r$' "$pkg/WINBOARD.txt" || fail "WINBOARD.txt has no CR-LF line ends"
nodes=$("$wine" "$pkg/kaki.exe" perft 2 | tr -d '\r' | sed -n 's/^Nodes searched: //p')
[ "$nodes" = 5255 ] || fail "the zip's kaki.exe: perft 2 gave '$nodes', expected 5255"

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
echo "package: $(printf '%s\n' "$flags" | wc -l) XBoard flags in WINBOARD.txt, kaki.exe runs: passed"
