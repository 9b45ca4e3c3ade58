#!/usr/bin/env bash
# `games match` and failed writes (issue 59, item 3): a full disk or a file
# that appears at --csv FILE during the match, or a --records file that
# cannot be written, ends neither the match nor its summary. The failure is
# said at once and again at the end (exit 2), the summary (W/D/L, Elo) is
# printed, the CSV's lines written before the failure are kept as
# FILE.kept-PID, FILE is left as it is, and the other records are written.
#   match_writes.sh GAMES WORK
set -uo pipefail
games=$1 work=$2
# ends PID (ends.sh): waits up to 5 s for PID to end; its exit code, or fails.
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/ends.sh"
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() {
  echo "match_writes.sh: $*" >&2
  exit 1
}
M=(match --game shock --a random --b random --games 1000000000 --quiet)

# 1. A second writer: a file appears at FILE while the match runs.
"$games" "${M[@]}" --csv m.csv >m.out 2>m.err &
pid=$!
sleep 1
echo "a file of someone else" >m.csv
kill -TERM $pid
ends $pid
rc=$?
[ "$rc" = 2 ] || fail "a CSV that cannot be put in place: exit $rc, expected 2; stderr: $(cat m.err)"
[ "$(cat m.csv)" = "a file of someone else" ] || fail "the file that appeared at m.csv was replaced"
played=$(sed -n 's/.*, \([0-9][0-9]*\) games, a = .*/\1/p' m.out)
[ -n "$played" ] && [ "$played" -ge 1 ] || fail "no summary after the failed write: $(cat m.out m.err)"
grep -q "^a: [0-9]* wins, [0-9]* draws, [0-9]* losses" m.out || fail "no W/D/L in the summary: $(cat m.out)"
grep -q "^Elo a - b: " m.out || fail "no Elo in the summary: $(cat m.out)"
kept=m.csv.kept-$pid
[ -f "$kept" ] || fail "the CSV's lines were not kept as $kept: $(ls)"
[ "$(($(wc -l <"$kept") - 1))" = "$played" ] || fail "$kept holds $(($(wc -l <"$kept") - 1)) games, the summary $played"
grep -q "^games match: cannot write m.csv: it exists (it appeared while this ran; --force replaces it); the lines written before it are in $kept$" m.err ||
  fail "the failed write is not said with where its lines are: $(cat m.err)"
grep -q "stopped by SIGTERM after $played of 1000000000 games; the summary holds those $played" m.err ||
  fail "the stop's line: $(cat m.err)"
echo "ok: a file that appeared at --csv: summary of $played games, their lines in $kept, exit 2"

# 2. A full disk (a file size limit: write fails with EFBIG, SIGXFSZ ignored).
bash -c "trap '' XFSZ; exec prlimit --fsize=4096 \"\$0\" \"\$@\"" "$games" "${M[@]}" --csv full.csv >full.out 2>full.err &
pid=$!
sleep 1
kill -TERM $pid
ends $pid
rc=$?
[ "$rc" = 2 ] || fail "a full disk: exit $rc, expected 2; stderr: $(cat full.err)"
grep -q "^a: [0-9]* wins" full.out || fail "a full disk: no summary: $(cat full.out full.err)"
grep -q "^games match: cannot write full.csv: File too large; the lines written before it are in full.csv.kept-" full.err ||
  fail "a full disk: $(cat full.err)"
head -1 full.csv.kept-* | grep -q '^game,white,black' || fail "a full disk: the lines written are not kept"
[ ! -e full.csv ] || fail "a full disk: a cut CSV was put in place as full.csv"
echo "ok: a full disk: the summary printed, the $(wc -c <full.csv.kept-*) bytes written kept, exit 2"

# 3. --records: game 2's record cannot be written (a folder appeared at its
# name); games 1 and 3 are, and the summary counts all three.
"$games" match --game shock --a alphabeta --b alphabeta --time-ms 20 --games 3 --quiet --records recs >r.out 2>r.err &
pid=$!
for _ in $(seq 200); do [ -e recs/game-001.rec ] && break; sleep 0.02; done
mkdir recs/game-002.rec
wait $pid
rc=$?
[ "$rc" = 2 ] || fail "a record that cannot be written: exit $rc, expected 2; stderr: $(cat r.err)"
grep -q ", 3 games, a = " r.out || fail "--records: the summary does not count 3 games: $(cat r.out r.err)"
[ -f recs/game-001.rec ] && [ -f recs/game-003.rec ] || fail "--records: the other records were not written: $(ls recs)"
grep -q "^games match: 1 record of --records recs not written (the first: cannot write recs/game-002.rec: " r.err ||
  fail "--records: the failure is not said at the end: $(cat r.err)"
echo "ok: a record that cannot be written: the match goes on, the others written, exit 2"
echo "match_writes.sh: all passed"
