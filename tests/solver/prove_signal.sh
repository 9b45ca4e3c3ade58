#!/usr/bin/env bash
# `nugget prove --checkpoint` and stop signals (issue 62): SIGTERM or SIGINT
# stops the search within a second, exit 3, the checkpoint kept (whole:
# written atomically); --resume then ends with the answer and the checkpoint
# bytes of an uninterrupted run. A position 11 moves from solved with a
# depth-3 table (4 M nodes, ~2 s of CPU on one thread), signalled after
# 0.5 s.
#   prove_signal.sh NUGGET WORK
set -uo pipefail
nugget=$1 work=$2
fail() {
  echo "prove_signal.sh: $*" >&2
  exit 1
}
# ends PID (tests/games/ends.sh): waits up to 5 s for PID to end; its exit code, or fails.
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../games/ends.sh"
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
tiles="20 6 11 1 48 18 4 13 21 7 17 5 19 24 10 8 29 15 3 28 2 36 25 31 27 9 33 16 42 23 37 32 35 41 22 14 43 45 38 39 49 34 30 26 46 44 47 12 40"
args=(prove --start "$tiles" --endgame-depth 3 --no-table-cache --beam-width 0 --tt-mb 16 --quiet --threads 1 --json)

"$nugget" "${args[@]}" --checkpoint whole.ck >whole.out || fail "the uninterrupted run failed"
verdict() { sed -E 's/, "(checkpoint|nodes|seconds)": [^,}]*//g' "$1"; }
for sig in TERM INT; do
  "$nugget" "${args[@]}" --checkpoint $sig.ck >$sig.out 2>$sig.err &
  pid=$!
  sleep 0.5
  kill -$sig $pid
  ends $pid
  rc=$?
  if [ $rc -eq 0 ]; then
    echo "prove_signal.sh: SIG$sig came after the proof's end (a fast machine): nothing to resume" >&2
  else
    [ $rc -eq 3 ] || fail "SIG$sig: exit $rc, expected 3: $(cat $sig.err)"
    grep -q '"done": false' $sig.out || fail "SIG$sig: $(cat $sig.out)"
    [ -f $sig.ck ] || fail "SIG$sig: no checkpoint"
    "$nugget" "${args[@]}" --checkpoint $sig.ck --resume >$sig.resumed || fail "SIG$sig: the resumed run failed"
    [ "$(verdict $sig.resumed)" = "$(verdict whole.out)" ] || fail "SIG$sig: $(cat $sig.resumed) against $(cat whole.out)"
  fi
  cmp -s whole.ck $sig.ck || fail "SIG$sig: the checkpoint differs from the uninterrupted run's"
  ls -A | grep -q 'tmp' && fail "SIG$sig: a temporary file left: $(ls)"
done
exit 0
