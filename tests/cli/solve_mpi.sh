#!/usr/bin/env bash
# `nugget solve` as 2 cooperating processes under mpirun (issue 15): a
# verified entry, the same file twice; a kill of the whole job, and of one
# process, then --resume: the same file again; a checkpoint of 2 processes
# refused by 1; settings whose beams fit one process but not two on this
# machine refused before any work. Two phases: the chain (a portfolio of
# two seeds, stopped and resumed), the cycle phase (tries in rounds, aims
# shared) from the cycle-6 fixture as in solve_kills.sh, and the built-cycle
# route (the default: the same boards as one process, killed and resumed).
# Usage: solve_mpi.sh NUGGET MPIEXEC WORKDIR FIXTURE
set -u
nugget=$(realpath "$1") mpiexec=$2 work=$3 fixture=$(realpath "$4")
fail() { echo "solve_mpi: $*" >&2; exit 1; }
[ -f "$fixture" ] || fail "no fixture $fixture"
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
mpi=("$mpiexec" --allow-run-as-root --oversubscribe -np 2)
# Each process one thread: the two share this machine's cores.
chain=(solve --boards 20 --route chain --beam-width 20 --endgame-depth 4 --chain-beam 2 --shorten-window 2 --cycle-tries 0
       --enter-boards 0 --search-boards 0 --threads 1 --quiet)
"${mpi[@]}" "$nugget" "${chain[@]}" --out a.jcgn >/dev/null || fail "2-process chain run failed"
"${mpi[@]}" "$nugget" "${chain[@]}" --out b.jcgn >/dev/null || fail "second 2-process chain run failed"
"$nugget" verify a.jcgn | grep -q "^valid: 20 boards" || fail "the 2-process entry does not verify"
cmp -s a.jcgn b.jcgn || fail "two 2-process chain runs differ"
grep -q "processes=2" a.jcgn || fail "the entry does not name its 2 processes"
# The chain phase is a portfolio: rank 0 runs the seed (1, the default), rank 1 the seed
# 1000004; the job's boards are those of one process with either seed.
"$nugget" "${chain[@]}" --out one.jcgn >/dev/null || fail "1-process chain run failed"
"$nugget" "${chain[@]}" --seed 1000004 --out one1.jcgn >/dev/null || fail "1-process chain run (seed 1000004) failed"
diff <(grep -v '^#' one.jcgn) <(grep -v '^#' a.jcgn) >/dev/null ||
  diff <(grep -v '^#' one1.jcgn) <(grep -v '^#' a.jcgn) >/dev/null || fail "the 2-process chain is neither seed's"
echo "ok: 2-process chain, verified, the same file twice, the boards of one of the two seeds"

# Stopped by the time limit after a board (rank 0's clock), twice, then
# resumed: the checkpoint holds rank 1's chain, the end is a.jcgn's bytes.
"${mpi[@]}" "$nugget" "${chain[@]}" --out s.jcgn --time-limit 0.000001 >/dev/null 2>&1
grep -q "^# rank 1$" s.jcgn.partial || fail "the 2-process chain checkpoint has no chain of rank 1"
"${mpi[@]}" "$nugget" "${chain[@]}" --out s.jcgn --resume --time-limit 0.000001 >/dev/null 2>&1
grep -q "^# rank-pending \|^# rank-board " s.jcgn.partial || fail "no boards of rank 1 in the checkpoint"
"${mpi[@]}" "$nugget" "${chain[@]}" --out s.jcgn --resume >/dev/null 2>s.err || fail "chain resume failed: $(cat s.err)"
cmp -s a.jcgn s.jcgn || fail "the 2-process chain stopped twice and resumed differs from uninterrupted"
echo "ok: the 2-process chain stopped twice (each rank's chain checkpointed) and resumed to the same bytes"

# Memory: beams of 60% of this machine a process fit one, not two.
have=$(($(awk '/^MemTotal:/ {print $2}' /proc/meminfo) * 1024))
width=$((have * 6 / 10 / 5200))  # 4 x width x 1300 bytes a beam slot (pipeline.h, memoryNeed)
if [ "$width" -le 10000000 ]; then
  "${mpi[@]}" "$nugget" solve --boards 20 --route chain --beam-width "$width" --endgame-depth 4 --chain-beam 2 --threads 1 --quiet \
    --out m.jcgn >/dev/null 2>m.err &&
    fail "2 processes of beams too big for this machine together were not refused"
  grep -q "x 2 processes here.*start fewer processes" m.err || fail "no clear memory message: $(cat m.err)"
  [ "$(grep -c 'need about' m.err)" = 1 ] || fail "the memory message was not said once: $(cat m.err)"
  [ -e m.jcgn.partial ] && fail "the refused job did some work"
  echo "ok: beams that fit one process but not two refused: $(grep -m1 'need about' m.err)"
else
  echo "skip: this machine's memory is beyond what --beam-width can fill"
fi

# The cycle phase: a checkpoint of the fixture's boards 1-3 (board 4 would
# start as board 2 did) with the settings line of a 2-process run.
# 24 tries: 4 rounds of 6 (3 a process).
cycle=(solve --boards 20 --route chain --beam-width 60 --endgame-depth 4 --chain-beam 2 --shorten-window 2 --threads 1
       --cycle-tries 24 --cycle-boards 8 --enter-boards 1 --enter-width 300)
"${mpi[@]}" "$nugget" "${cycle[@]}" --out probe.jcgn --time-limit 0.000001 >/dev/null 2>&1
settings=$(grep "^# settings: .*processes=2" probe.jcgn.partial) || fail "no 2-process probe checkpoint"
text=$(printf '# jcgn-1\n# nugget-checkpoint 2\n%s\n%s' "$settings" "$(grep -E '^(board|final) ' "$fixture" | head -6)")
seal() { printf '%s\n# sha256 %s\n' "$text" "$(printf '%s\n' "$text" | sha256sum | cut -d' ' -f1)" >"$1"; }
seal c.jcgn.partial
"${mpi[@]}" "$nugget" "${cycle[@]}" --out c.jcgn --resume >c.out 2>c.err ||
  fail "2-process cycle run failed: $(cat c.err)"
grep -q "^cycle try 24/24" c.err && grep -q "aimed at the end" c.err || fail "no tries or aims: $(cat c.err)"
"$nugget" verify c.jcgn | grep -q "^valid: 20 boards" || fail "the 2-process cycle entry does not verify"
echo "ok: 2-process cycle tries and aims, verified (the same file again after each kill below)"

# A 2-process checkpoint is refused by one process, with the reason.
seal one.jcgn.partial
"$nugget" "${cycle[@]}" --quiet --out one.jcgn --resume >/dev/null 2>err.txt && fail "1 process resumed a 2-process checkpoint"
grep -q "made by 2 processes" err.txt || fail "no clear message for another process count: $(cat err.txt)"
echo "ok: a 2-process checkpoint refused by 1 process: $(head -1 err.txt)"

# killed HOW: runs the cycle job and, once the first round of tries is
# checkpointed, kills mpirun and both processes (HOW=job) or one process
# (HOW=rank); then --resume must end in c.jcgn's bytes.
killed() {
  rm -f k.jcgn*
  seal k.jcgn.partial
  "${mpi[@]}" "$nugget" "${cycle[@]}" --quiet --out k.jcgn --resume >k.out 2>k.err &
  local job=$! ranks
  for _ in $(seq 600); do grep -q "^# cycle-tries-done 6 " k.jcgn.partial 2>/dev/null && break; sleep 0.1; done
  grep -q "^# cycle-tries-done 6 " k.jcgn.partial || fail "$1: no checkpoint after the first round"
  ranks=$(pgrep -P "$job" -x nugget)  # mpirun's children (each in its own process group)
  [ "$(echo "$ranks" | wc -w)" = 2 ] || fail "$1: not 2 processes under mpirun: $ranks"
  if [ "$1" = job ]; then
    kill -9 "$job" $ranks
  else
    kill -9 "$(echo "$ranks" | tail -1)"
  fi
  wait "$job" 2>/dev/null && fail "$1: the job went on after a kill"
  for _ in $(seq 100); do kill -0 $ranks 2>/dev/null || break; sleep 0.1; done
  for pid in $ranks; do kill -0 "$pid" 2>/dev/null && fail "$1: process $pid of the job was left running"; done
  [ -e k.jcgn ] && fail "$1: the job wrote an entry after the kill"
  "${mpi[@]}" "$nugget" "${cycle[@]}" --quiet --out k.jcgn --resume >/dev/null 2>k2.err || fail "$1: resume failed: $(cat k2.err)"
  cmp -s c.jcgn k.jcgn || fail "$1: killed and resumed differs from uninterrupted"
}
killed job
echo "ok: the whole job killed after a round, resumed to the same bytes"
killed rank
grep -q -i "rank 1\|exited on signal\|killed" k.err || fail "rank: no message naming the dead process: $(cat k.err)"
echo "ok: one process killed takes the job down ($(grep -i -m1 "signal\|killed" k.err)), resumed to the same bytes"

# The cycle route (the default, the main job's): every process builds the
# same 12-move cycle (later_board.h), board 1 is aimed at its images and the aims
# shared; the boards are the one-process run's, and a kill of the job once
# an aim is checkpointed, then --resume, ends in the same bytes.
built=(solve --boards 20 --later-cycles 1 --enter-width 2000 --enter-widen 1 --aims 6 --polish-width 200 --threads 1
       --quiet)
"$nugget" "${built[@]}" --out b1.jcgn >/dev/null || fail "1-process built-cycle run failed"
"${mpi[@]}" "$nugget" "${built[@]}" --out b2.jcgn >/dev/null 2>b2.err || fail "2-process built-cycle run failed: $(cat b2.err)"
"$nugget" verify b2.jcgn | grep -q "^valid: 20 boards" || fail "the 2-process built-cycle entry does not verify"
diff <(grep -v '^#' b1.jcgn) <(grep -v '^#' b2.jcgn) >/dev/null || fail "2 processes built other boards than 1"
[ "$(grep -c '^board ' b2.jcgn)" = 20 ] && [ "$(grep '^board ' b2.jcgn | sed -n '2,20p' | awk '{print $4}' | sort -u)" = 12 ] ||
  fail "boards 2-20 of the 2-process entry are not the built cycle's 12 moves each"
"${mpi[@]}" "$nugget" "${built[@]}" --out bk.jcgn >/dev/null 2>&1 &
job=$!
for _ in $(seq 600); do grep -q "^# cycle-aims-done [1-9]" bk.jcgn.partial 2>/dev/null && break; sleep 0.05; done
ranks=$(pgrep -P "$job" -x nugget)
kill -9 "$job" $ranks 2>/dev/null
wait "$job" 2>/dev/null
if [ -e bk.jcgn ]; then
  echo "note: the built-cycle job ended before the kill; its resume is not exercised here"
else
  [ -e bk.jcgn.partial ] || fail "no built-cycle checkpoint before the kill"
  "${mpi[@]}" "$nugget" "${built[@]}" --out bk.jcgn --resume >/dev/null 2>bk.err || fail "built-cycle resume failed: $(cat bk.err)"
fi
cmp -s b2.jcgn bk.jcgn || fail "the built-cycle job killed and resumed differs from uninterrupted"
echo "ok: the built-cycle route with 2 processes: verified, the 1-process boards, killed and resumed to the same bytes"
