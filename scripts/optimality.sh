#!/usr/bin/env bash
# Issue 26's figures: the beam's moves against the proven optimum.
#   scripts/optimality.sh [BUDGET_SECONDS]     (default 300: the issue's 5 minutes a board)
# For the first N (40) starts of bench/data/boards-100.txt: `nugget solve-board`
# at the main job's width (350) and `nugget prove --budget`, each with the
# depth-D (6) table; one CSV row a start in results/optimality.csv, and
# results/optimality.svg: moves used minus the optimum (or minus the lower
# bound reached, drawn hollow, when the budget ends first). The committed
# entry's own boards are proved by the commands in results/optimality.md.
# N, D, THREADS (0: all cores) change the defaults; PLOT_ONLY=1 redraws the SVG from the CSV.
set -euo pipefail
cd "$(dirname "$0")/.."
budget=${1:-300}
n=${N:-40} depth=${D:-6} threads=${THREADS:-0}
csv=results/optimality.csv svg=results/optimality.svg
boards=bench/data/boards-100.txt
plot() {
gnuplot <<GP
set terminal svg size 760,420 dynamic font "sans,12"
set output "$svg"
set title "Golden Nugget: moves of the beam (width 350, depth-$depth table) above the optimum, $n starts"
set xlabel "start (bench/data/boards-100.txt line)"
set ylabel "beam moves - optimum"
set grid
set key below
set datafile separator ","
set yrange [-0.5:*]
plot "$csv" using 1:(\$7==1 ? \$4-\$5 : 1/0) every ::1 with points pt 7 ps 1.2 title "optimum proven", \
     "" using 1:(\$7==0 ? \$4-\$5 : 1/0) every ::1 with points pt 6 ps 1.2 title "beam - lower bound (budget ended)"
GP
}
if [ "${PLOT_ONLY:-0}" = 1 ]; then plot; exit 0; fi
[ -x build/bin/nugget ] || bash scripts/build.sh nugget
echo "line,board,face,beam_moves,lower_bound,upper_bound,proven,seconds,nodes,cpu" > "$csv"
cpu=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
for ((i = 1; i <= n; i++)); do
  line=$(grep -v '^#' "$boards" | sed -n "${i}p")
  board=$(sed -n 's/.*# board \([0-9]*\).*/\1/p' <<<"$line")
  face=$(awk '{print $50}' <<<"$line")
  beam=$(build/bin/nugget solve-board --position "$boards" --line "$i" --beam-width 350 --endgame-depth "$depth" \
           --threads "$threads" --json --quiet | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])')
  set +e
  json=$(build/bin/nugget prove --position "$boards" --line "$i" --budget "$budget" --endgame-depth "$depth" \
           --threads "$threads" --json --quiet)
  rc=$?
  set -e
  ((rc == 0 || rc == 5)) || { echo "optimality.sh: prove failed on line $i (exit $rc)" >&2; exit 1; }
  row=$(python3 -c 'import json,sys; j=json.loads(sys.argv[1]); print("%d,%s,%d,%.1f,%d" % (j["lower_bound"], j["upper_bound"], 1 if j["proven"] else 0, j["seconds"], j["nodes"]))' "$json")
  echo "$i,$board,$face,$beam,$row,\"$cpu\"" | tee -a "$csv"
done
plot
echo "optimality.sh: $csv, $svg"
