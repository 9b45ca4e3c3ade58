#!/usr/bin/env bash
# Replays a 5RINGS record exported by the page (seed, order, moves) with the
# `games` CLI: rebuilds the start position (empty board, the record's order)
# and runs `games apply` on the moves; prints the final position and the
# `result:` line, which matches the record's own.
# Usage: web/tools/replay-record.sh RECORD [GAMES_BINARY (default build/bin/games)]
set -euo pipefail
rec=$1; games=${2:-$(dirname "$0")/../../build/bin/games}
order=$(sed -n 's/^order //p' "$rec")
[ -n "$order" ] || { echo "replay-record: no order line in $rec" >&2; exit 1; }
start=$(mktemp); trap 'rm -f "$start"' EXIT
for _ in 1 2 3 4 5 6 7 8 9 10; do echo ..........; done >"$start"
printf 'order %s\nto_move %s\n' "$order" "${order%% *}" >>"$start"
# shellcheck disable=SC2046  # the moves are words on purpose
"$games" apply --game rings --position "$start" $(sed -n 's/^moves//p' "$rec")
