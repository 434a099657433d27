#!/usr/bin/env bash
# Measures the playing levels (search/level.c) by a chain of kaki-match matches: level k
# against level k+1 for k = 1..8, and level 9 against the full engine (level 10), all under a
# fixed node budget so that the results do not depend on the machine or its load: every engine
# gets "nps FULL_NODES/100" and 100 s a move (--st 100), i.e. at most FULL_NODES nodes a move;
# the levels' own limits are lower.  Random balanced openings (--random-openings), each played
# twice with colours reversed; the levels draw a fresh random seed every game (Level seed 0).
# Games are played in rounds of GAMES games a pair (one result file a pair and round), the
# cheap pairs first, so that a stopped run keeps whole rounds; a rerun resumes (--resume).
# Summarise with gui/levels/summary.py.
#
#   gui/levels/measure.sh KAKI KAKI_MATCH OUT_DIR
#
# Environment: ROUNDS [3] (the last round), FIRST_ROUND [1], LINKS ["1 2 3 4 5 6 7 8 9"] (the
# links to play: k = level k against level k+1), GAMES [20] games a pair and round,
# FULL_NODES [150000], PLIES [6] random-opening plies, MAXMOVES [150] (draw after that many
# moves of each side).  A file STOP in OUT_DIR ends the run before the next match.
set -eu
kaki=$1 km=$2 out=$3
ROUNDS=${ROUNDS:-3} FIRST_ROUND=${FIRST_ROUND:-1} LINKS=${LINKS:-1 2 3 4 5 6 7 8 9}
GAMES=${GAMES:-20} FULL_NODES=${FULL_NODES:-150000}
PLIES=${PLIES:-6} MAXMOVES=${MAXMOVES:-150}
mkdir -p "$out"
nps=$((FULL_NODES / 100))
for round in $(seq "$FIRST_ROUND" "$ROUNDS"); do
    for k in $LINKS; do
        [ -e "$out/STOP" ] && exit 0
        hi=$((k + 1))
        base=$out/r$round-L$k-L$hi
        resume=()
        [ -s "$base.res" ] && resume=(--resume)
        echo "$(date +%T) round $round: level $k vs level $hi" >&2
        "$km" --engine cmd="$kaki" name="Level $k" option.Level=$k nps=$nps \
              --engine cmd="$kaki" name="Level $hi" option.Level=$hi nps=$nps \
              --games "$GAMES" --st 100 --concurrency 1 --memory 16 \
              --random-openings "$PLIES" --seed $((1000 * round + k)) \
              --maxmoves "$MAXMOVES" --resign moves=3 score=3000 \
              --pgn "$base.pgn" --results "$base.res" "${resume[@]}" \
              >"$base.txt" 2>"$base.err" || echo "match failed: $base" >&2
    done
done
