#!/usr/bin/env bash
# How the beam scales from 1 thread to 2 (issue 12), measured so that a
# shared machine's noise does not decide the figure.
#   scripts/beam-scaling.sh [ROUNDS (12)] [BENCH (build/bin/beam_bench)] [OTHER_BENCH]
# Each round runs beam_bench's `default` case (8 levels of width 2000 from
# board 1), one run right after the other:
#   - 1 thread pinned to each CPU in turn (on this VM one vCPU is often
#     slower than the other, so an unpinned 1-thread run measures whichever
#     it lands on);
#   - 2 threads;
#   - two 1-thread copies at once: what the two cores give to two programs
#     that share nothing, the ceiling of any 2-thread speed-up here.
# Printed: the medians over the rounds of each time and of each round's
# ratios: 2 threads against the mean 1-thread speed of the two CPUs (2.0 is
# perfect), against the faster CPU alone, and the ceiling. With
# OTHER_BENCH, the same rounds run that binary too, interleaved, and its
# times are compared with BENCH's round by round.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-12}
bench=${2:-build/bin/beam_bench}
other=${3:-}
[ -x "$bench" ] || { echo "beam-scaling: no $bench (build first: scripts/build.sh)" >&2; exit 2; }
[ "$(nproc)" -ge 2 ] || { echo "beam-scaling: needs 2 CPUs" >&2; exit 2; }
ms() {  # BENCH THREADS [CPU]: the benchmark's wall time in ms, with its children a ms
  local pin=()
  [ -n "${3:-}" ] && pin=(taskset -c "$3")
  "${pin[@]}" "$1" --benchmark_filter="default/2000/$2\$" --benchmark_min_time=0.3 2>/dev/null |
    awk '/^BM_/{v = $NF; sub(/.*=/, "", v); m = 1; if (v ~ /M\/s$/) m = 1e6; else if (v ~ /k\/s$/) m = 1e3;
                sub(/[kM]?\/s$/, "", v); printf "%s:%.0f\n", $2, v * m * $2 / 1e3}'
}
pair() {  # BENCH: the slower of two 1-thread copies run at once
  local a b
  a=$(mktemp)
  ms "$1" 1 0 >"$a" &
  b=$(ms "$1" 1 1)
  wait
  awk -v b="$b" '{split($1, x, ":"); split(b, y, ":"); print (x[1] + 0 > y[1] + 0 ? $1 : b)}' "$a"
  rm -f "$a"
}
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
for ((r = 1; r <= rounds; r++)); do
  for b in "$bench" ${other:+"$other"}; do
    echo "$b $(ms "$b" 1 0) $(ms "$b" 1 1) $(ms "$b" 2) $(pair "$b")" >>"$raw"
  done
  echo "round $r/$rounds" >&2
done
python3 - "$raw" "$bench" "$other" <<'PY'
import statistics as st, sys
rows = {}
for line in open(sys.argv[1]):
    b, *t = line.split()
    rows.setdefault(b, []).append([float(x.split(":")[0]) for x in t])
    children = float(t[0].split(":")[1])  # a search's children (the same in every run)
med = st.median
for b, rs in rows.items():
    c0, c1, t2, pr = zip(*rs)
    mean1 = [2 / (1 / a + 1 / b_) for a, b_, *_ in rs]        # time at the mean speed of the two CPUs
    print(f"{b}: {len(rs)} rounds, medians (ms): 1 thread on CPU 0 {med(c0):.2f}, on CPU 1 {med(c1):.2f}, "
          f"2 threads {med(t2):.2f}, two 1-thread copies at once {med(pr):.2f}")
    print(f"  2 threads / 1 thread (mean speed of the two CPUs): {med(m / t for m, t in zip(mean1, t2)):.3f}x")
    print(f"  2 threads / 1 thread (the faster CPU):             {med(min(a, b_) / t for a, b_, t, _ in rs):.3f}x")
    print(f"  ceiling (two copies at once / one on the mean CPU): {med(2 * m / p for m, p in zip(mean1, pr)):.3f}x")
    print(f"  children/s, 1 thread on the faster CPU: {children / min(min(a, b_) for a, b_, *_ in rs) / 1e3:.2f} M (best round), {children / med(min(a, b_) for a, b_, *_ in rs) / 1e3:.2f} M (median)")
if sys.argv[3]:
    a, b = rows[sys.argv[2]], rows[sys.argv[3]]
    for i, name in enumerate(["1 thread, CPU 0", "1 thread, CPU 1", "2 threads"]):
        print(f"{sys.argv[3]} / {sys.argv[2]}, {name}: {med(y[i] / x[i] for x, y in zip(a, b)):.3f} (median of the rounds' ratios)")
PY
