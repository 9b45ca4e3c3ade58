#!/usr/bin/env bash
# Sets everything up (Open MPI included), builds, and runs every test with
# ctest (nugget_solve_mpi: 2 processes under mpirun); then the
# browser edition's tests (scripts/web-test.sh: wasm build, node, headless
# Chromium), every fuzz target for a short time (scripts/fuzz.sh,
# FUZZ_SECONDS each; 0 skips) and the unit tests under ASan + UBSan
# (scripts/sanitize.sh; SANITIZE=0 skips). Measured on 2 cores: the sanitizer
# build and run ~14 min of CPU (~7-8 min wall), the fuzz step ~2.5 min.
set -euo pipefail
cd "$(dirname "$0")/.."
# Open MPI first, so the build has it and ctest runs the 2-process solve
# (tests/cli/solve_mpi.sh; the single-process tests use the same binary).
# Each step's wall time goes to stderr ("test.sh: STEP N s"), so a slow CI
# run says where its time went.
step() {
  local name=$1 t=$SECONDS
  shift
  "$@"
  echo "test.sh: $name $((SECONDS - t)) s" >&2
}
step setup bash scripts/setup.sh --mpi
step build bash scripts/build.sh
step ctest ctest --test-dir build --output-on-failure -j"$(nproc)"
step web bash scripts/web-test.sh
if [ "${FUZZ_SECONDS:-20}" != 0 ]; then step fuzz bash scripts/fuzz.sh; fi
if [ "${SANITIZE:-1}" != 0 ]; then step sanitize bash scripts/sanitize.sh; fi
