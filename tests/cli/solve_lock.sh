#!/usr/bin/env bash
# One writer per output (issue 30): two `nugget solve` on one --out started
# together: exactly one runs, the other exits 2 naming the first's pid;
# --restart and --resume of a running solve are refused and its checkpoint
# is kept; a run killed by SIGKILL leaves no lock behind that stops the next.
# Usage: solve_lock.sh NUGGET WORK
set -uo pipefail
nugget=$1 work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }
args=(solve --boards 20 --route chain --beam-width 200 --endgame-depth 2 --chain-beam 1 --lookahead 0 --shorten-window 0
      --cycle-tries 0 --enter-boards 0 --search-boards 0 --threads 1 --quiet)
long=(solve --boards 200 "${args[@]:3}")  # ~7 s: still running while the others are tried

# Started together, twice: long runs, so that on a loaded machine (ctest -j)
# the first cannot finish before the second starts (the second would then
# be refused for the existing entry, not for the lock).
for round in 1 2; do
  rm -f o.jcgn*
  "$nugget" "${long[@]}" --out o.jcgn >a.out 2>a.err & a=$!
  "$nugget" "${long[@]}" --out o.jcgn >b.out 2>b.err & b=$!
  wait $a; ra=$?
  wait $b; rb=$?
  if [ "$ra" = 0 ] && [ "$rb" = 2 ]; then winner=$a loser=b
  elif [ "$ra" = 2 ] && [ "$rb" = 0 ]; then winner=$b loser=a
  else fail "round $round: exits $ra and $rb (expected one 0 and one 2): $(cat a.err b.err)"; fi
  grep -q "is being written by another nugget solve (pid $winner, lock o.jcgn.lock)" $loser.err ||
    fail "round $round: the refusal does not name pid $winner: $(cat $loser.err)"
  "$nugget" verify o.jcgn >/dev/null || fail "round $round: the entry does not verify"
  [ ! -e o.jcgn.lock ] && [ ! -e o.jcgn.partial ] || fail "round $round: lock or checkpoint left behind"
done

# A running solve: --restart and --resume are refused, its checkpoint kept.
rm -f o.jcgn*
"$nugget" "${long[@]}" --out o.jcgn >/dev/null 2>a.err & a=$!
for _ in $(seq 100); do [ -e o.jcgn.partial ] && break; sleep 0.05; done
[ -e o.jcgn.partial ] || fail "no checkpoint appeared"
for extra in --restart --resume --force; do
  "$nugget" "${long[@]}" --out o.jcgn $extra >/dev/null 2>b.err && fail "$extra on a running solve's output ran"
  grep -q "pid $a" b.err || fail "$extra: the refusal does not name pid $a: $(cat b.err)"
done
kill -0 $a 2>/dev/null || fail "the solve ended before the other runs were tried (make it longer)"
[ -e o.jcgn.partial ] || fail "the running solve's checkpoint was discarded"
wait $a || fail "the running solve failed: $(cat a.err)"
"$nugget" verify o.jcgn >/dev/null || fail "the running solve's entry does not verify"

# SIGKILL: the lock file stays, the lock does not; --resume takes over.
rm -f o.jcgn*
"$nugget" "${long[@]}" --out o.jcgn >/dev/null 2>&1 & a=$!
for _ in $(seq 100); do [ -e o.jcgn.partial ] && break; sleep 0.05; done
kill -KILL $a; wait $a 2>/dev/null
[ -e o.jcgn.lock ] || fail "no lock file after SIGKILL (was there one?)"
"$nugget" "${long[@]}" --out o.jcgn --resume >/dev/null 2>b.err || fail "resume after SIGKILL: $(cat b.err)"
[ ! -e o.jcgn.lock ] || fail "the resumed run left its lock file"
echo "lock: one writer per output"
