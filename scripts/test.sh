#!/usr/bin/env bash
# Sets everything up, builds, and runs every test with ctest, then the
# browser edition's tests (scripts/web-test.sh: wasm build, node, headless Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
bash scripts/web-test.sh
