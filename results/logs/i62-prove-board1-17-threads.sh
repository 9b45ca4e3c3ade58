#!/bin/bash
# Board 1's bounds 16 and 17 ruled out (--max-bound 17, no beam), depth-6 table, per setting; alternated.
N=${N:-build/bin/nugget}
for rep in 1 2; do
  for cfg in "--threads 2 --split-depth 2" "--threads 2 --split-depth 3" "--threads 1 --split-depth 2"; do
    echo "== rep $rep: $cfg"
    $N prove --max-bound 17 --beam-width 0 --endgame-depth 6 --table-dir ${TABLES:-/tmp/tables} --tt-mb 512 $cfg 2>&1 | grep -E "^bound|at least"
  done
done
