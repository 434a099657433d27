#!/usr/bin/env bash
# The conversion benchmark (bench/conversion.sh) end to end at a tiny scale: two positions of
# bench/conversion-positions.txt, both colours, a few hundred nodes a move and a 6-move limit;
# the report must give every field and count the four games.  Then `conversion select` must
# find positions in a kaki-tune data file (a game is taken only with its trailer) and in the
# PGN just written (each game's start position, the leader to move, is its own candidate).
#
#   tests/conversion-bench.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -eu
build=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
conv=$build/bench/conversion
fail() { echo "FAIL: $*"; exit 1; }

COUNT=2 NODES=500 MAXMOVES=6 OUT="$work/run" bash "$src/bench/conversion.sh" "$build" >"$work/out.txt"
cat "$work/out.txt"
report=$work/run/report.txt
for field in '^positions: 2 ' '^games: 4 \(skipped: 0\)$' '^won by the rules: [0-4] \([0-9.]+ %\)$' \
    '^median moves to win: [0-9.]+$' '^move limit: [0-4] \([0-9.]+ %\)$' \
    '^lost: [0-4] \(by the rules [0-4]\)$' '^other: [0-4] ' '^leader.s moves: [0-9]+; captures ' \
    '^leader.s searches: median depth [0-9.]+; ' '^wall time: '; do
    grep -Eq "$field" "$report" || fail "no line '$field' in the report"
done
won=$(sed -n 's/^won by the rules: \([0-9]*\).*/\1/p' "$report")
limit=$(sed -n 's/^move limit: \([0-9]*\).*/\1/p' "$report")
lost=$(sed -n 's/^lost: \([0-9]*\).*/\1/p' "$report")
other=$(sed -n 's/^other: \([0-9]*\).*/\1/p' "$report")
[ $((won + limit + lost + other)) -eq 4 ] || fail "the endings do not add up to 4 games"
[ "$(grep -c '^game [0-9]*: ' "$work/run/games.txt")" -eq 4 ] || fail "games.txt lacks games"
grep -q '^Terminations:' "$work/run/match.txt" || fail "no kaki-match report"

# select from a PGN: every game starts with the leader to move and a 50-pawn lead
"$conv" select --hold 0 --count 10 "$work/run/games.pgn" >"$work/from-pgn.txt"
[ "$(grep -vc '^#' "$work/from-pgn.txt")" -eq 4 ] || fail "select found no 4 positions in the PGN"
grep -v '^#' "$work/from-pgn.txt" | sort -u >"$work/a.txt"
sort -u "$work/run/positions.txt" >"$work/b.txt"
cmp -s "$work/a.txt" "$work/b.txt" || fail "select's positions are not the games' start positions"

# select from a data file: three written positions of a game ahead, then one without a trailer
first=$(head -n 1 "$work/run/positions.txt")
{
    echo "# kaki-tune data 1: tfen;result;score;game (result and score: Black's view)"
    for i in 1 2 3; do echo "$first;0.5;0;0"; done
    echo "#game 0 1/2-1/2 500 3 maxplies"
    for i in 1 2 3; do echo "$first;0.5;0;1"; done
} >"$work/data.txt"
"$conv" select --hold 2 "$work/data.txt" >"$work/from-data.txt"
[ "$(grep -vc '^#' "$work/from-data.txt")" -eq 1 ] || fail "select from a data file"
grep -q 'game 0 position 2: .* ahead for 2 positions' "$work/from-data.txt" || fail "select's comment"
echo PASS
