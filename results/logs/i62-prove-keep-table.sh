#!/bin/bash
# Board 1 to the bound 17 (--max-bound 17, no beam, depth-6 table), one thread: before (the table cleared
# between bounds) and after (kept), alternated; CPU time and nodes.
for rep in 1 2; do
  for bin in before after; do
    /usr/bin/time -f "rep $rep $bin: %U s user %S s sys %e s wall" ${BIN:-.}/nugget-$bin prove --max-bound 17 --beam-width 0 \
      --endgame-depth 6 --table-dir ${TABLES:-/tmp/tables} --threads 1 --json 2>&1 | grep -E "^bound 1|rep|nodes\""
  done
done
