#!/usr/bin/env bash
# Sets everything up, builds (Release) and runs the main job: a 200-board
# Golden Nugget chain solve with the default settings, written to
# results/latest-200.jcgn (or OUT=path) and verified. Extra arguments go to
# `nugget solve` (e.g. --boards 20, --beam-width 3000, --resume).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh nugget
out=${OUT:-results/latest-200.jcgn}
boards=(--boards 200)
for a in "$@"; do
  case "$a" in
    --boards|--boards=*) boards=() ;;
    --out|--out=*) echo "solve.sh: set the output with OUT=path, not --out" >&2; exit 2 ;;
  esac
done
./build/bin/nugget solve "${boards[@]}" --out "$out" "$@"
./build/bin/nugget verify "$out"
