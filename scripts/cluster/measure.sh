#!/usr/bin/env bash
# Cycle-search work per wall time on this machine (results/README.md):
# 1 process x 1 thread, 2 processes x 1 thread (mpirun), 1 process x 2
# threads, back to back, the same tries (seeds) from the same start: the
# cycle-6 fixture's boards 1-3 (board 4 starts as board 2: a cycle), so
# every run is in the cycle phase at once. Endgame table depth 6 (cached).
# Prints tries, tries a minute, the cheapest cycle found and the entry's mean.
# Usage: scripts/cluster/measure.sh [SECONDS each, default 150]
set -euo pipefail
cd "$(dirname "$0")/../.."
nugget=$PWD/build/bin/nugget fixture=$PWD/tests/solver/data/cycle-6.jcgn
secs=${1:-150}
work=$(mktemp -d) && cd "$work"
args=(solve --boards 100 --route chain --beam-width 100 --chain-beam 4 --cycle-boards 10 --enter-boards 0 --cycle-tries 1000)
mpi=(mpirun --allow-run-as-root --oversubscribe -np 2)
# run NAME THREADS [LAUNCHER...]
run() {
  local name=$1 threads=$2; shift 2
  "$@" "$nugget" "${args[@]}" --threads "$threads" --out probe.jcgn --time-limit 0.000001 >/dev/null 2>&1 || true
  local text
  text=$(printf '# jcgn-1\n# nugget-checkpoint 1\n%s\n%s' "$(grep '^# settings: ' probe.jcgn.partial)" \
         "$(grep -E '^(board|final) ' "$fixture" | head -6)")
  printf '%s\n# sha256 %s\n' "$text" "$(printf '%s\n' "$text" | sha256sum | cut -d' ' -f1)" >"$name.jcgn.partial"
  rm -f probe.jcgn*
  "$@" "$nugget" "${args[@]}" --threads "$threads" --time-limit "$secs" --out "$name.jcgn" --resume 2>"$name.log" >/dev/null
  local tries last best mean
  tries=$(grep -c '^cycle try' "$name.log")
  last=$(grep '^cycle try' "$name.log" | tail -1 | grep -o '([0-9]*:[0-9]*:[0-9]*)$' | tr -d '()' |
         awk -F: '{print $1*3600+$2*60+$3}')
  best=$(grep '^cycle try.*kept' "$name.log" | grep -o 'mean [0-9.]*' | awk '{print $2}' | sort -n | head -1 || true)
  mean=$("$nugget" verify "$name.jcgn" | grep -o 'mean [0-9.]*')
  printf '%-18s %4d tries in %4d s: %6.2f tries/min, cheapest cycle %s, entry %s\n' "$name" "$tries" "$last" \
    "$(echo "$tries * 60 / $last" | bc -l)" "${best:-18.5 (none cheaper)}" "$mean"
}
echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $secs s each"
run 1-process-1-thread 1
run 2-processes-1-thread 1 "${mpi[@]}"
run 1-process-2-threads 2
echo "logs: $work"
