#!/usr/bin/env bash
# Sets everything up, builds, and runs every test with ctest; then every
# fuzz target for a short time (scripts/fuzz.sh, FUZZ_SECONDS each; 0 skips).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
if [ "${FUZZ_SECONDS:-20}" != 0 ]; then bash scripts/fuzz.sh; fi
