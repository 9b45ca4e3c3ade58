#!/usr/bin/env bash
# `games match` and stop signals, and a long match's memory (issue 50,
# items 2 and 6): SIGINT or SIGTERM stops a match within a second (the game
# under way dropped), exit 3; --csv FILE then holds the games played so far
# (its header and a line per game), the summary counts the same games, and
# no temporary file is left. A match of 10^9 games keeps its memory flat (the
# CSV streamed to disk, only aggregates kept): before, it grew ~1.7 MB/s.
#   match_signal.sh GAMES WORK
set -uo pipefail
games=$1 work=$2
# ends PID (ends.sh): waits up to 5 s for PID to end; its exit code, or fails.
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/ends.sh"
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() {
  echo "match_signal.sh: $*" >&2
  exit 1
}


# stop NAME SIGNAL LEAST MATCH-ARGS...: a match of 10^9 games with --csv
# NAME.csv, signalled after 1 s, has played at least LEAST games.
stop() {
  local name=$1 sig=$2 least=$3
  shift 3
  "$games" match "$@" --games 1000000000 --quiet --csv "$name.csv" >"$name.out" 2>"$name.err" &
  local pid=$!
  sleep 1
  local t0=$(date +%s%N)
  kill -"$sig" "$pid"
  ends "$pid"
  local rc=$? ms=$((($(date +%s%N) - t0) / 1000000))
  [ "$rc" = 3 ] || fail "$name: exit $rc after SIG$sig, expected 3; stderr: $(cat "$name.err")"
  [ -f "$name.csv" ] || fail "$name: no $name.csv after SIG$sig"
  local played=$(($(wc -l <"$name.csv") - 1))
  [ "$played" -ge "$least" ] || fail "$name: $played games in $name.csv, expected at least $least"
  head -1 "$name.csv" | grep -q '^game,' || fail "$name: $name.csv has no header"
  [ "$played" = 0 ] || tail -1 "$name.csv" | grep -q "^$played," ||
    fail "$name: the last line of $name.csv is not game $played"
  grep -q "stopped by SIG$sig after $played of 1000000000 games; the summary and --csv hold those $played" \
    "$name.err" || fail "$name: stderr: $(cat "$name.err")"
  grep -q " $played games," "$name.out" || fail "$name: the summary does not count $played games: $(cat "$name.out")"
  [ -z "$(ls | grep -v -E "^$name\.(csv|out|err)$|\.(csv|out|err)$")" ] || fail "$name: files left: $(ls)"
  echo "$name: SIG$sig ended the match in $ms ms, $played games in the CSV and summary"
}

stop shock INT 1 --game shock --a random --b random
stop rings TERM 1 --game rings --seats random,random,random,random,random
# a search under way (a game takes ~2 s): the stop waits for the move, not the game
stop alphabeta TERM 0 --game attract --a alphabeta --b random --time-ms 50

# No --csv: nothing of a game is kept; memory is flat after the first second.
"$games" match --game shock --a random --b random --games 1000000000 --quiet >flat.out 2>flat.err &
pid=$!
sleep 1
rss0=$(awk '/VmRSS/ {print $2}' /proc/$pid/status)
sleep 3
rss1=$(awk '/VmRSS/ {print $2}' /proc/$pid/status)
kill -TERM $pid
ends $pid
rc=$?
echo "10^9 games, no --csv: VmRSS ${rss0} kB after 1 s, ${rss1} kB after 4 s; exit $rc"
[ "$rc" = 3 ] || fail "flat: exit $rc, expected 3"
[ $((rss1 - rss0)) -lt 1536 ] || fail "memory grew from ${rss0} kB to ${rss1} kB in 3 s"
echo "match_signal.sh: all passed"
