#!/usr/bin/env bash
# Every reader of both tools fed what is no text file (issue 30): /dev/zero,
# /dev/urandom, a FIFO with no writer, a 1 GB file, a 100 MB text file of one
# endless line, 100,001 lines, the largest file within the bounds (15.9 MB of
# comments), and the endless streams through a pipe where a reader takes
# standard input (nugget verify -). Each must be refused (exit 1 or 2, a
# message naming the file) within 1 s of CPU time (user + system: ctest runs
# the solves beside it, so wall time says little; 10 s of wall time at most)
# and 64 MB of address space (prlimit --as), never hang or grow.
# Usage: bounded_readers.sh NUGGET GAMES WORK EXAMPLE_JCGN
set -uo pipefail
nugget=$1 games=$2 work=$3 example=$4
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v prlimit >/dev/null || { echo "prlimit missing: skipped" >&2; exit 0; }
limit=(prlimit --as=$((64 << 20)))

mkfifo fifo
truncate -s 1G huge.txt
head -c 100000000 /dev/zero | tr '\0' 'a' >long-line.txt
# Within every bound (99,000 comment lines of 160 characters, 15.9 MB): read
# whole and rejected by the parser, still within the memory limit.
yes "#$(head -c 159 /dev/zero | tr '\0' c)" | head -n 99000 >wide.txt
# One line too many (100,001 blank lines).
yes "" | head -n 100001 >many-lines.txt
checks=0
TIMEFORMAT='%3U %3S'
# cpu_ms FILE: the CPU milliseconds bash's `time` wrote to FILE.
cpu_ms() { awk '{ printf "%d", ($1 + $2) * 1000 }' "$1"; }

# refused NAME INPUT CMD... : CMD (with @ replaced by INPUT) exits 1 or 2
# within 1 s under the memory limit and names INPUT in its message.
refused() {
  local name=$1 input=$2; shift 2
  local args=() a
  for a in "$@"; do args+=("${a//@/$input}"); done
  local rc
  { time timeout 10 "${limit[@]}" "${args[@]}" </dev/null >out.txt 2>err.txt; } 2>time.txt
  rc=$?
  local ms
  ms=$(cpu_ms time.txt)
  [ "$rc" = 1 ] || [ "$rc" = 2 ] || fail "$name: ${args[*]}: exit $rc (expected a refusal, 1 or 2): $(cat err.txt)"
  grep -qF -- "$input" err.txt || grep -qF -- "$input" out.txt || fail "$name: ${args[*]}: the message does not name $input: $(cat err.txt out.txt)"
  [ "$ms" -lt 1000 ] || fail "$name: ${args[*]}: refused after $ms ms of CPU time (1 s allowed)"
  checks=$((checks + 1))
}

readers=(
  "$nugget verify @"
  "$nugget compare @ $example"
  "$nugget show @"
  "$nugget evaluate --boards-file @ --heuristic chain --beam-width 1"
  "$nugget solve-board --position @"
  "$games moves --game rings --position @"
  "$games moves --game attract --position @"
  "$games moves --game shock --position @"
  "$games apply --game rings --position @ A1"
  "$games analyze --game attract --position @"
  "$games replay @"
)
for r in "${readers[@]}"; do
  read -r -a cmd <<<"$r"
  for input in /dev/zero /dev/urandom "$work/fifo" "$work/huge.txt" "$work/long-line.txt" "$work/wide.txt" \
               "$work/many-lines.txt"; do
    refused "$(basename "${cmd[0]}") ${cmd[1]}" "$input" "${cmd[@]}"
  done
done

# The checkpoint reader: FILE.partial is a FIFO, /dev/zero, a 1 GB file.
for kind in fifo zero huge; do
  rm -f "cp-$kind.jcgn.partial"
  case $kind in
    fifo) mkfifo "cp-$kind.jcgn.partial" ;;
    zero) ln -s /dev/zero "cp-$kind.jcgn.partial" ;;
    huge) truncate -s 1G "cp-$kind.jcgn.partial" ;;
  esac
  refused "solve --resume ($kind)" "cp-$kind.jcgn.partial" "$nugget" solve --boards 20 --route chain --endgame-depth 0 --out "cp-$kind.jcgn" --resume
done

# Standard input, where a reader takes it (nugget verify -): endless
# streams through a pipe are cut at the first bound.
for src in /dev/zero /dev/urandom; do
  { time timeout 10 "${limit[@]}" "$nugget" verify - < <(head -c 1000000000 "$src") >out.txt 2>err.txt; } 2>time.txt
  rc=$?
  ms=$(cpu_ms time.txt)
  [ "$rc" = 1 ] || fail "verify - <$src: exit $rc: $(cat err.txt)"
  [ "$ms" -lt 1000 ] || fail "verify - <$src: refused after $ms ms"
  checks=$((checks + 1))
done
tr '\0' '\n' </dev/zero | head -c 100000000 | timeout 10 "${limit[@]}" "$nugget" verify - >out.txt 2>err.txt
[ $? = 1 ] && grep -q "^standard input:100001: more than 100000 lines" err.txt || fail "verify - <100 MB of blank lines: $(cat err.txt)"

# Interactive input (a human player's moves): an endless line or binary
# data ends the game (its record kept), it is never read whole.
for src in /dev/zero /dev/urandom long-line.txt; do
  for g in attract rings; do
    if [ $g = rings ]; then players=(--humans red); else players=(--white human --black random); fi
    rm -f play.rec
    { time timeout 10 "${limit[@]}" "$games" play --game $g "${players[@]}" --no-color --record play.rec <"$src" \
        >out.txt 2>err.txt; } 2>time.txt
    rc=$?
    ms=$(cpu_ms time.txt)
    [ "$rc" = 0 ] || fail "play --game $g <$src: exit $rc: $(tail -c 300 err.txt)"
    grep -q "standard input: .*game abandoned" out.txt || fail "play --game $g <$src: no reason given: $(tail -c 300 out.txt)"
    [ -s play.rec ] || fail "play --game $g <$src: the record was not written"
    [ "$ms" -lt 1000 ] || fail "play --game $g <$src: ended after $ms ms"
    checks=$((checks + 1))
  done
done

# The message form FILE:LINE: reason, and a valid file still reads.
printf '# jcgn-1\n%s\n' "$(head -c 5000 /dev/zero | tr '\0' 'x')" >long.jcgn
"$nugget" verify long.jcgn 2>err.txt && fail "a 5000-character line was accepted"
grep -q "^long.jcgn:2: line longer than 4096 characters" err.txt || fail "verify: no FILE:LINE: reason: $(cat err.txt)"
printf '[Game "5RINGS"]\n%s\n' "$(head -c 5000 /dev/zero | tr '\0' 'x')" >long.rec
"$games" replay long.rec 2>err.txt && fail "games replay: a 5000-character line was accepted"
grep -q "long.rec:2: line longer than 4096 characters" err.txt || fail "games replay: no FILE:LINE: reason: $(cat err.txt)"
"${limit[@]}" "$nugget" verify "$example" >/dev/null || fail "a valid entry is refused under the memory limit"
echo "bounded readers: $checks refusals, each within 1 s of CPU time and 64 MB"
