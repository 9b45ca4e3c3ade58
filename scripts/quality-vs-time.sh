#!/usr/bin/env bash
# The anytime curve of the main job (issue 11): `nugget solve` with the
# defaults of scripts/solve.sh (200 boards) under each budget
# (--time-limit; the default cycle route; ROUTE=chain gives the chain route), each run verified; the means go to
# results/quality-vs-time.csv and the plot to results/quality-vs-time.svg.
#   scripts/quality-vs-time.sh [BUDGET_SECONDS...]    (default: 60 300 600 1800 3600;
#   the CSV rows of other budgets are kept)
# THREADS (1) threads a run; PARALLEL (2) runs at once, so that on 2 cores
# the two longest share the machine evenly. WORK (/tmp/quality-vs-time)
# keeps the entries and logs. --plot-only redraws the SVG from the CSV.
set -euo pipefail
cd "$(dirname "$0")/.."
csv=results/quality-vs-time.csv svg=results/quality-vs-time.svg
plot() {
  gnuplot <<GP
set terminal svg size 720,420 dynamic font "sans,12"
set output "$svg"
set title "Golden Nugget, 200 boards, seed 1: mean moves a board against the budget"
set xlabel "budget (minutes, --time-limit; ${THREADS:-1} thread a run)"
set ylabel "mean moves per board"
set logscale x
set xrange [0.8:100]
set offsets 0, 0, 2, 0.5
set grid
set key off
set datafile separator ","
plot "$csv" using (\$1/60):3 every ::1 with linespoints lw 2 pt 7, \
     "" using (\$1/60):3:(sprintf("%.3f", \$3)) every ::1 with labels offset 0,1 notitle
GP
}
if [ "${1:-}" = --plot-only ]; then plot; exit; fi
bash scripts/build.sh nugget
budgets=("$@")
((${#budgets[@]})) || budgets=(3600 1800 600 300 60)
work=${WORK:-/tmp/quality-vs-time}
mkdir -p "$work"
one() {
  local b=$1 start=$SECONDS
  ./build/bin/nugget solve --boards 200 --route "${ROUTE:-cycle}" --threads "${THREADS:-1}" --time-limit "$b" \
    --out "$work/b$b.jcgn" --restart --force >"$work/b$b.log" 2>&1 || true
  local v
  v=$(./build/bin/nugget verify "$work/b$b.jcgn" 2>&1 || true)
  echo "$b,${THREADS:-1},$(sed -n 's/.*mean \([0-9.]*\).*/\1/p' <<<"$v"),$(sed -n 's/^valid: \([0-9]*\) boards.*/\1/p' <<<"$v"),$((SECONDS - start))" \
    >"$work/b$b.csv"
}
running=0
for b in "${budgets[@]}"; do
  one "$b" &
  if (( ++running >= ${PARALLEL:-2} )); then wait -n; ((running--)); fi
done
wait
# The rows of budgets not run this time stay as they were.
old=$(tail -n +2 "$csv" 2>/dev/null || true)
{
  for b in "${budgets[@]}"; do cat "$work/b$b.csv"; done
  while IFS=, read -r b rest; do
    [ -n "$b" ] && ! printf '%s\n' "${budgets[@]}" | grep -qx "$b" && echo "$b,$rest" || true
  done <<<"$old"
} | sort -t, -k1,1n >"$work/merged.csv"
{ echo "budget_seconds,threads,mean,boards,wall_seconds"; cat "$work/merged.csv"; } >"$csv"
plot
cat "$csv"
