#!/usr/bin/env bash
# Makes the Debian package (issue 52): build-deb/nugget-VERSION-Linux.deb,
# the programs nugget and games (/usr/bin), their man pages, the docs and
# examples (/usr/share/doc/nugget) and the browser edition
# (/usr/share/nugget/web), its dependencies found by dpkg-shlibdeps.
# Built for any x86-64 CPU (-DNUGGET_NATIVE=OFF; the default build is tuned
# for its own CPU) in its own folder, only the programs and man pages.
# Usage: scripts/package.sh [CMAKE_ARGS...]  (e.g. -DNUGGET_MPI=OFF: no
# Open MPI in the package's dependencies). Install it with
#   sudo apt-get install ./build-deb/nugget-*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --package
dir=build-deb
# CMAKE_SKIP_INSTALL_ALL_DEPENDENCY: cpack installs what is built below
# without building the tests and benchmarks first.
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DNUGGET_NATIVE=OFF -DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON "$@" >/dev/null
targets=(nugget games)
command -v help2man >/dev/null && targets+=(man)
cmake --build "$dir" -j"$(nproc)" --target "${targets[@]}"
(cd "$dir" && rm -f nugget-*.deb && cpack -G DEB)
deb=$(ls "$dir"/nugget-*.deb)
echo "package.sh: $deb ($(du -k "$deb" | cut -f1) KB)" >&2
dpkg-deb -f "$deb" Package Version Architecture Depends >&2
