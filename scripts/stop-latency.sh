#!/usr/bin/env bash
# How long a stop takes (issue 59, item 9): SIGINT sent to `nugget solve` in
# the three places the ctest nugget_solve_signal checks the behaviour of
# (without asserting a time, since a busy machine slows any process): the
# first build of a depth-6 endgame table, a 10 M-wide look-ahead (the
# widest level's expansion and selection), and `nugget solve-board
# --budget`. Prints each stop's milliseconds from the signal to the exit,
# REPEAT times each, then the median and the largest, and the load the
# machine had (/proc/loadavg): the figures docs/cli.md quotes come from here.
#   scripts/stop-latency.sh [NUGGET]     (default build/bin/nugget)
# REPEAT (3) runs a case; LOAD (0) busy loops of our own started beside the
# runs (e.g. LOAD=2 on 2 cores: a machine running two other programs);
# WORK (/tmp/stop-latency) holds the runs' files. Each run is a few seconds
# of work; the 10 M look-ahead needs ~10 GB of memory (refused up front by
# the memory guard on a smaller machine, and then skipped).
set -uo pipefail
cd "$(dirname "$0")/.."
nugget=${1:-build/bin/nugget}
nugget=$(realpath "$nugget")
repeat=${REPEAT:-3} load=${LOAD:-0} work=${WORK:-/tmp/stop-latency}
rm -rf "$work" && mkdir -p "$work/cache" && cd "$work" || exit 1
loaders=()
for _ in $(seq "$load"); do
  (while :; do :; done) &
  loaders+=($!)
done
cleanup() { for p in "${loaders[@]}"; do kill "$p" 2>/dev/null; done; }
trap cleanup EXIT
# stop NAME READY-TEST COMMAND...: runs COMMAND, waits until READY-TEST
# (a shell test on err.txt) holds or 4 s pass, sends SIGINT, prints the
# milliseconds to its exit and its exit code.
stop() {
  local name=$1 ready=$2 t0 rc
  shift 2
  rm -f err.txt out.txt ./*.jcgn ./*.partial
  "$@" >out.txt 2>err.txt &
  local pid=$!
  for _ in $(seq 80); do eval "$ready" && break; sleep 0.05; done
  t0=$(date +%s%N)
  kill -INT "$pid" 2>/dev/null
  wait "$pid"
  rc=$?
  local ms=$((($(date +%s%N) - t0) / 1000000))
  echo "$name $ms $rc" >>runs.txt
  if [ "$rc" = 2 ]; then
    echo "$name: refused (exit 2: $(head -1 err.txt))"
  else
    echo "$name: stopped in $ms ms (exit $rc)"
  fi
}
: >runs.txt
for i in $(seq "$repeat"); do
  rm -rf cache/*
  stop table-build 'grep -q "level 2/6" err.txt' \
    "$nugget" solve --boards 20 --route chain --endgame-depth 6 --table-dir cache --out t.jcgn
  stop wide-lookahead 'sleep 4; true' \
    "$nugget" solve --boards 20 --route chain --endgame-depth 4 --beam-width 300 --chain-beam 1 --lookahead 8 \
    --lookahead-width 10000000 --cycle-tries 0 --enter-boards 0 --search-boards 0 --out w.jcgn
  stop solve-board 'grep -qs "^width 8000:" err.txt' \
    "$nugget" solve-board --beam-width 2000 --budget 300 --endgame-depth 4 --table-dir cache
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores; $load busy loops of ours"
for name in table-build wide-lookahead solve-board; do
  awk -v n="$name" '$1 == n && $3 == 3 {print $2}' runs.txt | sort -n |
    awk -v n="$name" '{v[NR] = $1} END {if (NR) printf "%s: median %d ms, largest %d ms (%d runs)\n", n, v[int((NR + 1) / 2)], v[NR], NR}'
done
