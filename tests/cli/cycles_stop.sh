#!/usr/bin/env bash
# `nugget cycles` and what a stop or a second writer leaves (issue 59,
# item 4): SIGINT during the build writes the cycles found so far as a list
# `nugget solve --cycle-list` reads (exit 3, saying how to go on); a second
# run on the same --out is refused at once (exit 2, naming the first's pid),
# not after its own build; --later takes no --seed or --json (item 8).
#   cycles_stop.sh NUGGET WORK
set -uo pipefail
nugget=$1 work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() {
  echo "cycles_stop.sh: $*" >&2
  exit 1
}
B=(cycles --moves 14 --count 100000 --nodes 1000000000000)
"$nugget" "${B[@]}" --out c.txt >c.out 2>c.err &
pid=$!
for _ in $(seq 100); do [ -e c.txt.lock ] && break; sleep 0.05; done
[ -e c.txt.lock ] || fail "no c.txt.lock while the build runs"
# A second run on the same --out: refused before any work.
t0=$(date +%s%N)
"$nugget" "${B[@]}" --out c.txt >two.out 2>two.err
rc=$? ms=$((($(date +%s%N) - t0) / 1000000))
[ "$rc" = 2 ] || fail "a second run on the same --out: exit $rc, expected 2: $(cat two.err)"
grep -q "^nugget cycles: --out c.txt is being written by another run (pid $pid, lock c.txt.lock); nothing was done" two.err ||
  fail "a second run on the same --out: $(cat two.err)"
echo "ok: a second run on the same --out refused in $ms ms"
# The first stopped after a few seconds: the cycles found are written.
sleep 4
kill -INT $pid
wait $pid
rc=$?
[ "$rc" = 3 ] || fail "a stopped build: exit $rc, expected 3: $(cat c.err)"
if grep -q "before the first cycle was found; nothing written" c.err; then
  [ ! -e c.txt ] || fail "c.txt written with no cycle in it"
  echo "note: no cycle within 4 s (a loaded machine); the written list is not exercised"
else
  n=$(grep -c '^X ' c.txt) || fail "no c.txt after a stop: $(cat c.err)"
  grep -q "^nugget cycles: stopped by a signal after $n cycles\?; wrote them to c.txt (nugget solve --cycle-list reads it); the build is deterministic: the same command with --force finds them again, then more" c.err ||
    fail "the stop's message: $(cat c.err)"
  grep -q "^# stopped by a signal after $n cycle" c.txt || fail "the list does not say it was cut short"
  # The list reads (parsed and every cycle replayed while solve's arguments
  # are read): the solve goes on to its --out, refused here (no such folder).
  "$nugget" solve --boards 20 --cycle-list c.txt --out no/such/c.jcgn >solve.out 2>solve.err
  grep -q "^nugget solve: --out no/such/c.jcgn: its folder no/such does not exist" solve.err ||
    fail "the list written after a stop does not read: $(cat solve.err)"
  echo "ok: a stopped build wrote its $n cycles, exit 3"
fi
[ ! -e c.txt.lock ] || fail "c.txt.lock left behind"

# Item 8: --later ignores no option silently.
"$nugget" cycles --later --seed 5 >l.out 2>l.err && fail "--later --seed accepted"
grep -q -- "--later takes no --seed" l.err || fail "--later --seed: $(cat l.err)"
"$nugget" cycles --later --json >l.out 2>l.err && fail "--later --json accepted"
grep -q -- "--later takes no --json" l.err || fail "--later --json: $(cat l.err)"
# Item 8: a lock whose pid cannot be written (a full disk: a file size
# limit of 0, SIGXFSZ ignored; stderr through a pipe, which the limit does
# not bound) is refused and leaves no empty FILE.lock (solve's and cycles').
for cmd in "solve --boards 20" "cycles"; do
  bash -c "trap '' XFSZ; exec prlimit --fsize=0 \"\$0\" \"\$@\"" "$nugget" $cmd --out z.txt 2>&1 | cat >z.err
  rc=${PIPESTATUS[0]}
  [ "$rc" = 2 ] || fail "$cmd: a lock on a full disk: exit $rc, expected 2: $(cat z.err)"
  grep -q "cannot write the lock file z.txt.lock" z.err || fail "$cmd: a lock on a full disk: $(cat z.err)"
  [ ! -e z.txt.lock ] || fail "$cmd: a full disk left an empty z.txt.lock"
done
echo "ok: a full disk leaves no empty lock file"
echo "cycles_stop.sh: all passed"
