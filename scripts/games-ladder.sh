#!/usr/bin/env bash
# The game players' ladder (issue 49): each two-player game's players at
# three time controls, and 5RINGS's five-player matches against fixed
# opponents; every match's summary goes to OUT_DIR/NAME.txt.
# Budget-minded: 10 ms a move gets the most games and every pairing; 100 ms
# and 1 s a move only the pairings that decide the order at the top (the
# whole ladder: about 45 minutes of one core on an AMD EPYC Zen 5).
#   scripts/games-ladder.sh [GAMES_BINARY] [OUT_DIR]
set -uo pipefail
games=${1:-build/bin/games} out=${2:-results/logs/s25-ladder}
mkdir -p "$out"
m() {  # m NAME ARGS...: one match, its summary and wall time kept
  local name=$1
  shift
  local t0=$SECONDS
  { echo "\$ games $*"; nice "$games" "$@" --quiet; echo "exit $?, wall $((SECONDS - t0)) s"; } >"$out/$name.txt" 2>&1
}
for g in attract shock; do
  m "$g-10ms-alphabeta-random" match --game $g --a alphabeta --b random --games 40 --time-ms 10 --seed 1
  m "$g-10ms-mcts-random" match --game $g --a mcts --b random --games 40 --time-ms 10 --seed 1
  m "$g-10ms-alphabeta-mcts" match --game $g --a alphabeta --b mcts --games 100 --time-ms 10 --seed 1
  m "$g-10ms-mcts-light-mcts" match --game $g --a mcts-light --b mcts --games 100 --time-ms 10 --seed 1
  m "$g-100ms-alphabeta-mcts" match --game $g --a alphabeta --b mcts --games 40 --time-ms 100 --seed 1
  m "$g-1000ms-alphabeta-mcts" match --game $g --a alphabeta --b mcts --games 16 --time-ms 1000 --seed 1
done
m rings-10ms match --game rings --seats mcts,paranoid,random,random,random --games 100 --time-ms 10 --seed 1
m rings-100ms match --game rings --seats mcts,paranoid,random,random,random --games 40 --time-ms 100 --seed 1
m rings-1000ms match --game rings --seats mcts,paranoid,random,random,random --games 10 --time-ms 1000 --seed 1
