#!/usr/bin/env bash
# Heuristic comparison: every registered heuristic at several beam widths over
# the benchmark board starts (bench/data/boards-100.txt), each board solved on
# its own by `nugget evaluate` (the chain solver's board search).
#
# Usage: scripts/compare-heuristics.sh [--quick]
#   full:    100 boards, widths 100 300 1000
#   --quick: first 10 boards, widths 100 300 (a minute or two)
# Environment: OUT (default results/heuristics) -> OUT.csv, OUT.md, OUT.svg;
#   ENDGAME (default 3); WIDTHS and LIMIT override the sets above.
# Writes one CSV row per heuristic,width,board; the Markdown summary and the
# SVG plot (gnuplot) come from scripts/heuristics-report.py.
# Admissible heuristics also bound IDA* (node limit 2M; --quick 200k), rows
# with width 0. Then, because a board's end decides the next board, every non-admissible
# heuristic also solves a chain (full: 50 boards at width 1000; --quick: 20
# at width 300; no look-ahead, no shortening) -> OUT-chain.csv. The chain
# mean is what the solver's default heuristic is chosen by.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
for a in "$@"; do
  case "$a" in
    --quick) quick=1 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare-heuristics: unknown argument \"$a\"" >&2; exit 2 ;;
  esac
done
if ((quick)); then
  widths=${WIDTHS:-"100 300"}; limit=${LIMIT:-10}; mode=quick; chain_boards=20; chain_width=300; node_limit=200000
else
  widths=${WIDTHS:-"100 300 1000"}; limit=${LIMIT:-0}; mode=full; chain_boards=50; chain_width=1000; node_limit=2000000
fi
endgame=${ENDGAME:-3}
out=${OUT:-results/heuristics}
boards=bench/data/boards-100.txt

if [ ! -x build/bin/nugget ] || ! ./build/bin/nugget evaluate --list-heuristics >/dev/null 2>&1; then
  bash scripts/build.sh nugget
else
  bash scripts/build.sh nugget >/dev/null  # cheap when up to date
fi
nugget=./build/bin/nugget
mkdir -p "$(dirname "$out")"

start=$(date +%s)
tmp="$out.csv.tmp"
echo "heuristic,width,board,face,moves,nodes,ms,solved,start_value,ref" >"$tmp"
while IFS=, read -r name admissible; do
  for w in $widths; do
    echo "compare-heuristics: $name width $w" >&2
    "$nugget" evaluate --boards-file "$boards" --limit "$limit" --heuristic "$name" \
      --beam-width "$w" --endgame-depth "$endgame" >>"$tmp"
  done
  if [ "$admissible" = 1 ]; then  # IDA* with a node limit (reported as width 0)
    echo "compare-heuristics: $name IDA* (node limit $node_limit)" >&2
    "$nugget" evaluate --boards-file "$boards" --limit "$limit" --heuristic "$name" --ida \
      --node-limit "$node_limit" >>"$tmp"
  fi
done < <("$nugget" evaluate --list-heuristics)
mv "$tmp" "$out.csv"

echo "heuristic,boards,width,mean,seconds" >"$out-chain.csv.tmp"
while IFS=, read -r name admissible; do
  [ "$admissible" = 1 ] && continue  # they never reach the table alone (see the board table)
  echo "compare-heuristics: $name, chain of $chain_boards boards" >&2
  t0=$(date +%s)
  line=$("$nugget" solve --boards "$chain_boards" --beam-width "$chain_width" --heuristic "$name" --endgame-depth "$endgame" \
    --lookahead 0 --shorten-window 0 --quiet --force --out "$out-chain.jcgn.tmp")
  mean=$(sed -n 's/.*mean \([0-9.]*\).*/\1/p' <<<"$line")
  echo "$name,$chain_boards,$chain_width,$mean,$(( $(date +%s) - t0 ))" >>"$out-chain.csv.tmp"
done < <("$nugget" evaluate --list-heuristics)
rm -f "$out-chain.jcgn.tmp"
mv "$out-chain.csv.tmp" "$out-chain.csv"
seconds=$(( $(date +%s) - start ))

python3 scripts/heuristics-report.py "$out.csv" "$out.md" "$out.svg" \
  --mode "$mode" --seconds "$seconds" --endgame "$endgame" --widths "$widths" \
  --limit "$limit" --boards "$boards" --chain "$out-chain.csv" --admissible "$("$nugget" evaluate --list-heuristics | tr '\n' ' ')"
echo "compare-heuristics: wrote $out.csv $out-chain.csv $out.md $out.svg in ${seconds}s" >&2
