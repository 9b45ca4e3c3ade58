#!/usr/bin/env bash
# The browser edition's tests: builds the site (scripts/web.sh), installs the
# npm packages from the lock file (playwright-core and @axe-core/playwright;
# no browser download: Debian's /usr/bin/chromium), then runs web/tests/ with
# node's test runner: wasm.test.mjs (the modules in node), then the pages in
# headless Chromium: access.test.mjs (layout at 320-1920 px, every game by
# keyboard with axe-core checks, reduced motion, the rules page, every state
# a player reaches: clipped text, axe, focus rings, Space/Enter on buttons),
# browser.test.mjs (5RINGS), nugget.test.mjs (Golden Nugget: play, export,
# replay, hint), placement.test.mjs (JC Shock, JC Attract).
# The CLI comparisons need build/bin/games and build/bin/nugget
# (scripts/build.sh builds them when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/web.sh
if [ ! -d web/node_modules/playwright-core ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
  (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi
missing=()
for b in games nugget; do [ -x "build/bin/$b" ] || missing+=("$b"); done
((${#missing[@]} == 0)) || bash scripts/build.sh "${missing[@]}"
node --test --test-concurrency=1 web/tests/
