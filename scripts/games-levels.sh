#!/usr/bin/env bash
# The levels of `games play --level N` and the browser's picker measured
# (issue 49, item 5): each two-player game's level N against level N-1 on
# 8x8 (`--a level:N --b level:N-1`: each level thinks its own time a move),
# as an SPRT (elo0 0, elo1 50) that stops when one hypothesis is accepted,
# at the latest after the games given; 5RINGS's five levels in one game,
# seats rotating, and levels 2-4 each against four random seats. Every
# match's summary, with its command, load and wall time, goes to
# results/logs/s25-levels/NAME.txt. One match at a time, niced: the machine
# is shared. Level 5 thinks 1 s a move, so its matches are small (16 games).
# PART 1 is the first run, by the `games` of commit 3fd323f, whose 5RINGS
# had five candidate levels: 1 random, 2 MCTS 10 ms, 3 paranoid 10 ms, 4 MCTS
# 100 ms, 5 MCTS 1 s; PART 2 the second, by a build with 5RINGS's 2 and 3
# swapped (paranoid 10 ms, then MCTS 10 ms): more games where the first left
# the order open. 5RINGS keeps three levels since (games.h), so PART 1 and
# 2's 5RINGS lines need those builds (`level:4` is refused now);
# PART 3 the check of 5RINGS's three levels kept (random, MCTS 10 ms, MCTS
# 1 s) in games of their own, beside two random seats, a seed not used yet.
# PART 4 (not in "all"): JC Shock's and JC Attract's levels 3-5 again after
# MCTS's UCT constant became 0.4 (commit e425105), as run on 2026-12-07 by
# the `games` of 41c9d28 into results/logs/s25-levels-uct04/:
#   scripts/games-levels.sh build/bin/games results/logs/s25-levels-uct04 4
#   scripts/games-levels.sh [GAMES_BINARY] [OUT_DIR] [PART: 1, 2, 3, 4 or all]
set -uo pipefail
games=${1:-build/bin/games} out=${2:-results/logs/s25-levels} part=${3:-all}
mkdir -p "$out"
m() {  # m NAME ARGS...: one match, its summary, the load before it and its wall time kept
  local name=$1
  shift
  local t0=$SECONDS
  { echo "\$ games $*"; echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"; nice -n 10 "$games" "$@" --quiet
    echo "exit $?, wall $((SECONDS - t0)) s"; } >"$out/$name.txt" 2>&1
}
sprt=(--sprt-elo0 0 --sprt-elo1 50 --seed 1)
if [ "$part" = 1 ] || [ "$part" = all ]; then
for g in shock attract; do
  m "$g-2-vs-1" match --game $g --a level:2 --b level:1 --games 40 "${sprt[@]}"
  m "$g-3-vs-2" match --game $g --a level:3 --b level:2 --games 200 "${sprt[@]}"
  m "$g-4-vs-3" match --game $g --a level:4 --b level:3 --games 80 "${sprt[@]}"
  m "$g-5-vs-4" match --game $g --a level:5 --b level:4 --games 16 "${sprt[@]}"
done
m rings-all-levels match --game rings --seats level:1,level:2,level:3,level:4,level:5 --games 20 --seed 1
for l in 2 3 4; do
  m "rings-$l-vs-random" match --game rings --seats level:$l,random,random,random,random --games 20 --seed 1
done
fi
if [ "$part" = 2 ] || [ "$part" = all ]; then
  # JC Attract's 5 vs 4 was 6-10-0 in 16 games: 16 more (seed 2), added up by hand.
  m attract-5-vs-4-seed2 match --game attract --a level:5 --b level:4 --games 16 --seed 2
  m rings-all-levels-seed21 match --game rings --seats level:1,level:2,level:3,level:4,level:5 --games 20 --seed 21
fi
if [ "$part" = 3 ] || [ "$part" = all ]; then
  m rings-3-levels-seed41 match --game rings --seats level:1,level:2,level:3,random,random --games 20 --seed 41
fi
if [ "$part" = 4 ]; then
  for g in shock attract; do
    m "$g-3-vs-2" match --game $g --a level:3 --b level:2 --games 200 "${sprt[@]}"
    m "$g-4-vs-3" match --game $g --a level:4 --b level:3 --games 80 "${sprt[@]}"
    m "$g-5-vs-4" match --game $g --a level:5 --b level:4 --games 16 "${sprt[@]}"
  done
fi
