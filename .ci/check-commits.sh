#!/usr/bin/env bash
# Commit subjects are at most 72 characters (README.md, "Building by hand").  Checks every
# commit after BASE (default 22b826e, the last commit before the rule) up to HEAD, prints the
# ones whose subject is longer, and exits 1 if there is one.  Usage: .ci/check-commits.sh [BASE]
set -eu
cd "$(dirname "$0")/.."
base=${1:-22b826e}
max=72
export LC_ALL=C.UTF-8 # count characters, not bytes

if ! git rev-parse --git-dir >/dev/null 2>&1; then
    echo "check-commits: not a git checkout, nothing to check"
    exit 0
fi
if ! git cat-file -e "$base^{commit}" 2>/dev/null; then
    echo "check-commits: base commit $base not found (a shallow clone?)" >&2
    exit 2
fi

long=0
while IFS= read -r commit; do
    subject=$(git log -1 --format=%s "$commit")
    if [ "${#subject}" -gt "$max" ]; then
        echo "${commit:0:10} (${#subject} characters): $subject"
        long=$((long + 1))
    fi
done < <(git rev-list "$base..HEAD")

if [ "$long" -gt 0 ]; then
    echo "check-commits: $long commit subject(s) over $max characters after $base" >&2
    exit 1
fi
echo "check-commits: every subject after $base is at most $max characters"
