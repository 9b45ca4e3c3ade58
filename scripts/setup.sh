#!/usr/bin/env bash
# Installs everything the build needs (Debian packages). Safe to run twice:
# it only calls apt-get when something is missing.
set -euo pipefail
need=()
# clang + libclang-rt-14-dev: the libFuzzer targets of fuzz/ (scripts/fuzz.sh).
for pkg in g++ cmake make libtbb-dev libboost-program-options-dev libgtest-dev libgmock-dev libbenchmark-dev gnuplot-nox \
    clang libclang-rt-14-dev; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if ((${#need[@]})); then
  echo "setup: installing ${need[*]}" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
