#!/usr/bin/env bash
# A stop while the cycle route polishes board 1 (issue 59, item 1): SIGINT
# there used to end the polish silently and report the run as finished
# (exit 0, no checkpoint, a worse entry). Now: exit 3, the checkpoint kept,
# the resume command printed, and the resumed run ends with the bytes of an
# uninterrupted one. Usage: solve_polish_stop.sh NUGGET CYCLE_LIST WORKDIR
set -u
nugget=$1 work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
args=(solve --boards 20 --later-cycles 1 --good-levels 1 --aims 2 --enter-width 2000 --enter-widen 1
      --polish-slack 2 --polish-width 400 --threads 1)
fail() { echo "solve_polish_stop: $*" >&2; exit 1; }
"$nugget" "${args[@]}" --out full.jcgn >/dev/null 2>&1 || fail "uninterrupted solve failed"
"$nugget" "${args[@]}" --out s.jcgn >/dev/null 2>err.txt &
pid=$!
# The second aim reported: the polish of both starts next.
for _ in $(seq 1200); do grep -q "aim 2:" err.txt && break; sleep 0.05; done
grep -q "aim 2:" err.txt || fail "no second aim: $(cat err.txt)"
kill -INT "$pid"
wait "$pid"
rc=$?
[ "$rc" -eq 3 ] || fail "SIGINT in the polish: exit $rc, expected 3: $(cat err.txt)"
grep -q "stopped by SIGINT" err.txt || fail "no message: $(cat err.txt)"
grep -q -- "--out s.jcgn --resume" err.txt || fail "no resume command: $(cat err.txt)"
[ -e s.jcgn.partial ] || fail "no checkpoint"
"$nugget" "${args[@]}" --out s.jcgn --resume >/dev/null 2>&1 || fail "the resumed solve failed"
cmp -s <(grep -v '^#' full.jcgn) <(grep -v '^#' s.jcgn) || fail "the resumed entry differs from the uninterrupted one"
[ ! -e s.jcgn.partial ] || fail "the finished run left its checkpoint"
echo "ok: SIGINT in the polish: exit 3, checkpoint kept, resumed to the same boards"
