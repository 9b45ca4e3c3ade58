#!/usr/bin/env bash
# The browser edition's tests: builds the site (scripts/web.sh), installs the
# npm packages from the lock file (playwright-core only; no browser download:
# Debian's /usr/bin/chromium), then runs web/tests/ with node's test runner:
# wasm.test.mjs (the module in node) and browser.test.mjs (headless Chromium).
# The CLI comparison needs build/bin/games (scripts/build.sh builds it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/web.sh
if [ ! -d web/node_modules/playwright-core ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
  (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi
[ -x build/bin/games ] || bash scripts/build.sh games
node --test --test-concurrency=1 web/tests/
