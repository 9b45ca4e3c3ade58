#!/bin/bash
# Board 1 to the bound 17 (--max-bound 17, no beam, depth-6 table), one thread (serial: the same nodes every run):
# CPU time (user+sys) per setting, alternated, so the load of the shared machine matters less than wall time.
N=${N:-build/bin/nugget}
for rep in 1 2; do
  for cfg in "--tt-mb 512" "--tt-mb 64" "--tt-mb 512 --split-depth 3"; do
    /usr/bin/time -f "rep $rep $cfg: %U s user %S s sys %e s wall" $N prove --max-bound 17 --beam-width 0 --endgame-depth 6 \
      --table-dir ${TABLES:-/tmp/tables} --threads 1 --quiet --json $cfg 2>&1 | sed 's/"moves": "", //'
  done
done
