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
bash scripts/setup.sh --mpi
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
bash scripts/web-test.sh
if [ "${FUZZ_SECONDS:-20}" != 0 ]; then bash scripts/fuzz.sh; fi
if [ "${SANITIZE:-1}" != 0 ]; then bash scripts/sanitize.sh; fi
