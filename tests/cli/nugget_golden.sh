#!/usr/bin/env bash
# Golden comparison of the `nugget` command line (issue 31): `nugget --help`,
# every subcommand's --help, a few fixed fast commands (verify, compare,
# replay, show, a solve-board and a 20-board solve with a fixed seed and a
# small endgame table) and a set of usage errors, each recorded as its exit
# code, standard output and standard error. Refactoring the CLI must keep
# every byte: a difference fails with the diff.
#   [DOCS=docs] nugget_golden.sh NUGGET GOLDEN_DIR DATA_DIR WORK [--update]
# With DOCS set, every flag of every subcommand's --help must occur in DOCS.
# --update rewrites the golden files from NUGGET (after a deliberate change).
# Timings (seconds, nodes/s, clocks) are masked: they are the only bytes
# that differ between two runs of the same command.
set -uo pipefail
nugget=$(realpath "$1"); golden=$(realpath "$2"); data=$(realpath "$3"); work=$4; update=${5:-}
docs=${DOCS:+$(realpath "$DOCS")}
rm -rf "$work"; mkdir -p "$work"; cd "$work" || exit 2
cp "$data/example-20.jcgn" entry.jcgn
printf '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 A  # board 1 ref 40\n' > board-1.txt
sed 's/board 1 A 36 H6 /board 1 A 36 H5 /' entry.jcgn > bad.jcgn
export NO_COLOR=1 NUGGET_TABLE_DIR="$work/tables"
mkdir -p tables

failed=0
# mask: seconds with decimals, nodes/s, h:mm:ss clocks.
mask() {
  sed -E -e 's/[0-9]+\.[0-9]+ s\b/#.## s/g' -e 's/"seconds": [0-9.]+/"seconds": #/g' \
         -e 's/[0-9.]+M nodes\/s/#M nodes\/s/g' -e 's/[0-9.]+ M nodes\/s/# M nodes\/s/g' -e 's/[0-9]+:[0-9]{2}:[0-9]{2}/#:##:##/g' \
         -e 's/,[0-9]+\.[0-9],([01]),/,#.#,\1,/g'
}
# run NAME ARGS...: records `nugget ARGS` under NAME.
run() {
  local name=$1; shift
  local out="$work/$name.txt"
  "$nugget" "$@" > "$work/stdout" 2> "$work/stderr" < /dev/null
  local rc=$?
  { printf '$ nugget'; printf ' %q' "$@"; printf '\n--- exit %d\n--- stdout\n' "$rc"
    mask < "$work/stdout"; printf -- '--- stderr\n'; mask < "$work/stderr"; } > "$out"
  compare "$name" "$out"
}
# file NAME PATH: records a file a command wrote.
file() {
  local name=$1 out="$work/$1.txt"
  { printf -- '--- file %s\n' "$2"; if [[ -f $2 ]]; then cat "$2"; else echo "(missing)"; fi; } > "$out"
  compare "$name" "$out"
}
compare() {
  if [[ $update == --update ]]; then cp "$2" "$golden/$1.txt"; return; fi
  if ! diff -u "$golden/$1.txt" "$2"; then echo "FAIL: $1"; failed=1; else echo "ok: $1"; fi
}

# Help texts.
run help --help
run help-h -h
run help-word help
run no-args
run unknown frobnicate
for sub in verify compare replay show solve solve-board prove cycle-search cycles evaluate bench; do
  run "help-$sub" "$sub" --help
done
run evaluate-list-heuristics evaluate --list-heuristics

# Fixed fast commands.
run verify verify entry.jcgn
run verify-json verify entry.jcgn --json
run verify-bad verify bad.jcgn
run verify-bad-json verify bad.jcgn --json
run verify-missing verify missing.jcgn
run compare-equal compare entry.jcgn entry.jcgn
run compare-json compare entry.jcgn entry.jcgn --json
run compare-bad compare entry.jcgn bad.jcgn
run replay replay "P 5" L
run replay-illegal replay P 5 L5
run replay-start replay --face B --start "$(seq -s ' ' 49 -1 1)" A 3
run show-start show --no-color
run show-moves show --moves "P 5 L" --no-color
run show-step show --moves "P 5" --step --no-color
run show-board show entry.jcgn --board 3 --no-color
run show-from-start show entry.jcgn --board 2 --from-start --no-color
run show-bad show bad.jcgn --no-color
run show-svg show --moves "P 5" --svg pic.svg --no-color
file show-svg-file pic.svg
run show-svg-exists show --svg pic.svg --no-color
run solve-board solve-board --position board-1.txt --endgame-depth 3 --beam-width 200 --threads 1 --no-table-cache
run solve-board-json solve-board --endgame-depth 3 --beam-width 200 --threads 1 --no-table-cache --json --quiet
# prove: a position 3 moves from solved (board 1's final, then 3, C and 5 played).
near=$(grep -m1 '^final' entry.jcgn | cut -d' ' -f2-)
near=$("$nugget" replay --start "$near" --face A 3 C 5 | tail -1)
small=(--endgame-depth 2 --no-table-cache --threads 1 --tt-mb 16)
run prove prove --start "$near" --face A "${small[@]}" --beam-width 50 --ends --slack 1
run prove-json prove --start "$near" --face A "${small[@]}" --beam-width 50 --ends --slack 1 --json --quiet
run prove-nodes prove --start "$near" --face A "${small[@]}" --beam-width 10 --nodes 1 --quiet
run cycle-search-none cycle-search --entry entry.jcgn "${small[@]}"
run cycles-prove-none-14 cycles --prove-none --moves 14
run cycles-no-out cycles --count 2
run evaluate evaluate --boards-file board-1.txt --heuristic "$("$nugget" evaluate --list-heuristics | head -1 | cut -d, -f1)" --beam-width 100 --endgame-depth 2 --csv --moves
run solve solve --boards 20 --route chain --out e.jcgn --beam-width 50 --endgame-depth 3 --no-table-cache --threads 1 --seed 7 --cycle-tries 0 --search-boards 0 --quiet
file solve-file e.jcgn
run solve-exists solve --boards 20 --route chain --out e.jcgn --endgame-depth 3 --no-table-cache
run solve-json solve --boards 20 --route chain --out e2.jcgn --beam-width 50 --endgame-depth 3 --no-table-cache --threads 1 --seed 7 --cycle-tries 0 --search-boards 0 --json

# Usage errors: every message and exit code.
run err-solve-no-out solve --boards 20
run err-solve-boards solve --boards 5 --out x.jcgn
run err-solve-width solve --out x.jcgn --beam-width 0
run err-solve-heuristic solve --out x.jcgn --heuristic nope
run err-solve-weight solve --out x.jcgn --next-weight nan
run err-solve-seed solve --out x.jcgn --seed -1
run err-solve-threads solve --out x.jcgn --threads 300
run err-solve-time solve --out x.jcgn --time-limit -1
run err-solve-tabledir solve --out x.jcgn --table-dir no-such-dir
run err-solve-unknown solve --out x.jcgn --beam 3
run err-solve-resume solve --out x.jcgn --resume
run err-solve-route solve --out x.jcgn --route bogus
run err-solve-idle-chain solve --out x.jcgn --beam-width 100
run err-solve-idle-cycle solve --out x.jcgn --route chain --aims 3
run err-solve-idle-seed solve --out x.jcgn --seed 5
run err-solve-cycles-zero solve --out x.jcgn --cycles 0
run err-board-slack solve-board --slack 11
run err-board-budget solve-board --budget -1
run err-board-line solve-board --line 2
run err-board-position solve-board --position board-1.txt --line 3
run err-board-mixed solve-board --position board-1.txt --face B
run err-prove-slack prove --slack 1
run err-prove-tt prove --tt-mb 0
run err-prove-budget prove --budget 0
run err-cycle-board cycle-search --board 2
run err-cycle-starts cycle-search --max-starts 0
run err-evaluate-limit evaluate --boards-file board-1.txt --heuristic x --limit -1
run err-evaluate-missing evaluate --heuristic x
run err-show-color show --color --no-color
run err-show-board show --board 2
run err-compare-one compare entry.jcgn
run err-verify-none verify
run err-bench-threads bench --threads 0

# Every flag of every subcommand's --help is documented in docs/ too (issue 31).
if [[ -n $docs ]]; then
  for sub in verify compare replay show solve solve-board prove cycle-search cycles evaluate bench; do
    for flag in $("$nugget" "$sub" --help | sed -n '/^Options:/,$p' | grep -oE '^  (-h \[ )?--[a-z-]+' | grep -oE -- '--[a-z-]+'); do
      if ! grep -rqE -- "$flag([^a-z-]|$)" "$docs"; then echo "FAIL: nugget $sub $flag is not in $docs"; failed=1; fi
    done
  done
  [[ $failed == 0 ]] && echo "ok: every flag is documented in docs/"
fi

[[ $update == --update ]] && { echo "updated $golden"; exit 0; }
exit $failed
