#!/usr/bin/env bash
# Sets everything up, builds (Release) and runs the main job: a 200-board
# Golden Nugget chain solve with the default settings, written to
# results/latest-200.jcgn and verified. Extra arguments go to `nugget solve`
# (e.g. --boards 20, --beam-width 20000, --resume).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh nugget
out=${OUT:-results/latest-200.jcgn}
./build/bin/nugget solve --boards 200 --out "$out" "$@"
./build/bin/nugget verify "$out"
