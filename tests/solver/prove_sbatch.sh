#!/usr/bin/env bash
# scripts/cluster/prove.sbatch run as a SLURM array would run it, without
# SLURM: two shares of a proof (a position 11 moves from solved, bounds up
# to 11, a depth-4 table in memory), the first stopped by --nodes and taken
# up again by the next submission, then `combine`: the shares prove the
# optimum 11, as one run does (issue 62).
#   prove_sbatch.sh NUGGET WORK
set -euo pipefail
nugget=$1 work=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work" && mkdir -p "$work"
tiles="20 6 11 1 48 18 4 13 21 7 17 5 19 24 10 8 29 15 3 28 2 36 25 31 27 9 33 16 42 23 37 32 35 41 22 14 43 45 38 39 49 34 30 26 46 44 47 12 40"
export NUGGET=$nugget DIR=$work/parts BOUND=11 DEPTH=4 SLURM_ARRAY_TASK_COUNT=2 SLURM_CPUS_PER_TASK=1
share() {  # share ID [extra options]: one array task, its exit code printed
  local id=$1
  shift
  set +e
  (cd "$work" && SLURM_ARRAY_TASK_ID=$id ARGS="--no-table-cache --tt-mb 16 --quiet $*" \
    bash "$root/scripts/cluster/prove.sbatch" >"$work/out-$id.txt")
  echo $?
  set -e
}
fail() { echo "prove_sbatch.sh: $*" >&2; exit 1; }
# POSITION is split into words by the script, so the tiles go in a position file.
printf '%s A\n' "$tiles" >"$work/position.txt"
export POSITION="--position $work/position.txt"
[ "$(share 0 --nodes 2000)" = 5 ] || fail "share 1 with --nodes 2000 did not stop unfinished (exit 5)"
[ -f "$work/parts/part-1.ckpt" ] || fail "share 1 kept no checkpoint"
[ "$(share 0)" = 0 ] || fail "share 1 did not finish when submitted again: $(cat "$work/parts/part-1.log")"
[ "$(share 1)" = 0 ] || fail "share 2 did not finish: $(cat "$work/parts/part-2.log")"
out=$(cd "$work" && DIR=$work/parts bash "$root/scripts/cluster/prove.sbatch" combine 2) || fail "combine failed: $out"
case $out in
  "2 parts: optimum 11 (proven)"*) ;;
  *) fail "combined: $out" ;;
esac
echo "prove_sbatch.sh: two shares, one resumed, combined: ${out%%$'\n'*}"
