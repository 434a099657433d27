#!/usr/bin/env bash
# The manual pages as the build writes them (packaging/CMakeLists.txt fills in the version and
# paths): man --warnings reports nothing for any of them (the command lintian runs), lexgrog
# reads each NAME line, and each names this version.  Exit 77 (skipped) without man-db.
#   tests/package/man_pages.sh MANDIR VERSION PAGE...
set -u
dir=$1 version=$2
shift 2
command -v man >/dev/null || { echo "SKIPPED: man is missing (.ci/install-deps.sh package installs man-db)"; exit 77; }
status=0
for page in "$@"; do
    file=$dir/$page.6
    [ -s "$file" ] || { echo "FAILED: no manual page $file"; status=1; continue; }
    warnings=$(LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$file" 2>&1 >/dev/null)
    if [ -n "$warnings" ]; then
        echo "FAILED: $page.6: man --warnings says:"
        echo "$warnings"
        status=1
    fi
    if command -v lexgrog >/dev/null && ! lexgrog "$file" | grep -q "\"$page - "; then
        echo "FAILED: $page.6: no NAME line for lexgrog: $(lexgrog "$file")"
        status=1
    fi
    grep -q "^\.TH .* \"Kaki $version\"" "$file" || { echo "FAILED: $page.6 does not name Kaki $version"; status=1; }
    grep -q "@[A-Z_]*@" "$file" && { echo "FAILED: $page.6 has words the build did not fill in"; status=1; }
    [ $status -eq 0 ] && echo "$page.6: no warnings"
done
[ $status -eq 0 ] && echo PASS
exit $status
