#!/usr/bin/env bash
# Sets everything up, builds (Release) and runs the main job: `nugget solve`
# with its defaults (the cycle route: 2-board cycles of 12 moves a board and
# the good set around them, board 1 aimed at it; docs/solver.md) on 200 boards, written to
# results/latest-200.jcgn (or OUT=path) and verified.
# The budget is 10 minutes for the whole script, set-up and build included
# (BUDGET=seconds changes it; an explicit --time-limit wins). The output is
# replaced on every run (--force: "latest" is the newest result; pass
# --keep-better or --resume instead). SEED=n passes --seed n (read by the
# chain route only: `nugget solve` refuses it on the default route). Extra
# arguments go to `nugget solve` (e.g. --boards 20, --resume, --route chain).
set -euo pipefail
started=$SECONDS
cd "$(dirname "$0")/.."
bash scripts/build.sh nugget
out=${OUT:-results/latest-200.jcgn}
boards=(--boards 200)
left=$(( ${BUDGET:-600} - (SECONDS - started) - 20 ))
budget=(--time-limit $(( left > 60 ? left : 60 )))  # a slow set-up still leaves the solve a minute
seed=()
[ -n "${SEED:-}" ] && seed=(--seed "$SEED")
replace=(--force)
for a in "$@"; do
  case "$a" in
    --keep-better|--force|--resume) replace=() ;;
    --boards|--boards=*) boards=() ;;
    --time-limit|--time-limit=*) budget=() ;;
    --seed|--seed=*) seed=() ;;
    --out|--out=*) echo "solve.sh: set the output with OUT=path, not --out" >&2; exit 2 ;;
  esac
done
./build/bin/nugget solve "${boards[@]}" "${budget[@]}" "${seed[@]}" "${replace[@]}" --out "$out" "$@"
./build/bin/nugget verify "$out"
