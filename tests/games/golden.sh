#!/usr/bin/env bash
# The golden comparison of `games` (issue 31): every --help page and one
# recorded session per game (play, match, replay, analyze, moves, apply and
# the usual mistakes) run with fixed seeds and compared byte for byte with
# the transcripts in tests/games/golden/, which were made by the front end
# before its refactor. A change in what `games` prints fails here; a change
# that is meant is committed together with the regenerated transcripts.
#
#   golden.sh GAMES EXAMPLES_DIR WORK_DIR            compare (ctest games_golden)
#   golden.sh GAMES EXAMPLES_DIR WORK_DIR --update   rewrite tests/games/golden/
#
# Each case is one transcript: the command, its standard output and error,
# its exit code, then every file it wrote (records, CSV). What varies from
# run to run is masked first: today's date in records, the timing figures of
# analyze (nps, time), the solve times of endgame and the seconds of a 5RINGS match. Searches are limited
# by depth, nodes or playouts (never by time) so that the moves are the same
# on every machine.
set -uo pipefail
games=$1 examples=$(cd "$2" && pwd) work=$3 update=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
golden=$here/golden
rm -rf "$work" && mkdir -p "$work"
failed=0

mask() {
  sed -E -e 's/[0-9]{4}\.[0-9]{2}\.[0-9]{2}/YYYY.MM.DD/g' \
         -e 's/nps [0-9]+  time [0-9]+ ms/nps N  time N ms/g' \
         -e 's/"nps":[0-9]+,"time_ms":[0-9.]+/"nps":N,"time_ms":N/g' \
         -e 's/(ms per move, seed [0-9]+), [0-9]+ s$/\1, N s/' \
         -e 's/time +[0-9.]+ (ms|s)/time N/g' -e 's/time mean [0-9.]+ (ms|s) max [0-9.]+ (ms|s)/time mean N max N/' \
         -e "s#$work#WORK#g" -e "s#$examples#EXAMPLES#g"
}

# run NAME INPUT ARGS...: runs `games ARGS` in WORK/NAME with INPUT as
# standard input, writes the masked transcript to WORK/NAME.txt and compares.
run() {
  local name=$1 input=$2
  shift 2
  local dir=$work/$name
  mkdir -p "$dir"
  (cd "$dir" && printf '%b' "$input" | "$games" "$@" >"$work/$name.stdout" 2>"$work/$name.stderr")
  local rc=$?
  {
    echo "\$ games $*"
    echo "--- stdout"
    cat "$work/$name.stdout"
    echo "--- stderr"
    cat "$work/$name.stderr"
    echo "--- exit $rc"
    find "$dir" -type f | sort | while read -r f; do
      echo "--- file ${f#"$dir"/}"
      cat "$f"
    done
  } | mask >"$work/$name.txt"
  if [ "$update" = --update ]; then
    mkdir -p "$golden" && cp "$work/$name.txt" "$golden/$name.txt"
  elif ! diff -u "$golden/$name.txt" "$work/$name.txt"; then
    echo "golden.sh: $name differs from tests/games/golden/$name.txt" >&2
    failed=1
  fi
}

# --- help pages: the program's, each subcommand's for every game and per game
run help '' --help
run usage-none ''
run version '' --version
run help-bench '' bench --help
run help-solve '' solve --help
run help-endgame '' endgame --help
run endgame-small-no-variant "" endgame --game shock --size 5
run endgame-small-shock "" endgame --game shock --size 4 --analysis-variant --plies 4,6 --positions 2 --judge none --no-all-moves --game-playouts 50 --quiet
run help-tune '' tune --help
run unknown-subcommand '' frobnicate
for sub in moves apply analyze play match replay; do
  run "help-$sub" '' "$sub" --help
  for g in shock attract rings; do run "help-$sub-$g" '' "$sub" --game "$g" --help; done
done

# --- positions: moves, apply and their mistakes
for g in shock attract rings; do
  run "moves-$g" '' moves --game "$g" --position "$examples/$g.txt"
done
run apply-shock '' apply --game shock --position "$examples/shock.txt" A1 B2
run apply-attract '' apply --game attract --position "$examples/attract.txt" D4
run apply-rings '' apply --game rings --position "$examples/rings.txt" A1
run apply-shock-illegal '' apply --game shock --position "$examples/shock.txt" Z9
run apply-rings-illegal '' apply --game rings --position "$examples/rings.txt" Z9
run unknown-game '' moves --game chess --position "$examples/shock.txt"
run missing-position '' moves --game shock --position "$work/no-such-file.txt"

# --- analysis (searches bounded by depth, nodes or playouts)
run analyze-shock-ab '' analyze --game shock --position "$examples/shock.txt" --depth 3 --time-ms 0
run analyze-attract-multipv '' analyze --game attract --position "$examples/attract.txt" --depth 3 --time-ms 0 --multipv 3
run analyze-attract-json '' analyze --game attract --position "$examples/attract.txt" --depth 2 --time-ms 0 --json
run analyze-shock-mcts '' analyze --game shock --position "$examples/shock.txt" --player mcts --playouts 400 --time-ms 0
run analyze-shock-light-multipv '' analyze --game shock --position "$examples/shock.txt" --player mcts-light --playouts 400 --time-ms 0 --multipv 2
run analyze-rings-paranoid '' analyze --game rings --position "$examples/rings.txt" --player paranoid --depth 2 --time-ms 600000
run analyze-rings-json '' analyze --game rings --position "$examples/rings.txt" --player paranoid --depth 1 --time-ms 600000 --json

# --- a recorded session per game: play, match, replay
run play-shock '' play --game shock --size 6 --white random --black random --seed 4 --no-color --record game.rec
run play-shock9 '' play --game shock --size 9 --white random --black alphabeta --depth 1 --time-ms 0 --seed 4 --no-color --record game.rec
run play-attract 'Z9\nmoves\nD4\nquit\n' play --game attract --white human --black alphabeta --depth 2 --time-ms 0 --no-color --record game.rec
run play-attract-eof 'C3\n' play --game attract --white human --black random --seed 2 --no-color
run play-rings '' play --game rings --cpu random --seed 3 --no-color --record game.rec
run play-rings-human 'Z9\nmoves\nE5\nquit\n' play --game rings --humans blue --cpu random --seed 5 --no-color --record game.rec
run match-shock '' match --game shock --a alphabeta --b random --depth 2 --time-ms 0 --games 4 --size 6 --csv match.csv --records recs
run match-shock9 '' match --game shock --a alphabeta --b mcts --depth 2 --playouts 100 --time-ms 0 --games 3 --size 9 --csv match.csv --records recs
run match-attract '' match --game attract --a mcts --b mcts-light --playouts 200 --time-ms 0 --games 2 --quiet
run match-rings '' match --game rings --seats random,random,random,random,random --games 3 --seed 7 --csv match.csv --records recs
run tune-attract '' tune --game attract --games 10 --playouts 100
run tune-rings '' tune --game rings
for g in shock attract rings; do
  run "replay-$g" '' replay "$examples/$g.rec" --no-color
  run "replay-$g-step" '\n\nq\n' replay "$examples/$g.rec" --step --no-color
done
run replay-shock-step-on '' replay "$examples/shock.rec" --step --no-color
run replay-bad '' replay "$examples/shock.txt"
run replay-missing '' replay "$work/no-such-file.rec"

if [ "$update" = --update ]; then echo "golden.sh: wrote $golden"; fi
exit $failed
