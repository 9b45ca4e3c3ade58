#!/usr/bin/env bash
# Installs everything the build needs (Debian packages). Safe to run twice:
# it only calls apt-get when something is missing. Usage: scripts/setup.sh [--web] [--fuzz] [--mpi] [--package]
# --web (scripts/web.sh, scripts/web-test.sh): also Debian's emscripten,
# chromium and, when the machine has no node/npm yet, nodejs and npm;
# --fuzz (scripts/fuzz.sh): clang and libclang-rt-14-dev; --mpi
# (scripts/mpi-test.sh, scripts/cluster/): Open MPI, so that `nugget solve`
# also runs under mpirun (a build without it runs as one process). The main
# job (scripts/solve.sh) needs none of them. --package (scripts/package.sh):
# dpkg-dev, whose dpkg-shlibdeps finds the Debian package's dependencies.
set -euo pipefail
need=()
# help2man: the man pages build/man/nugget.1 and games.1 (cli/CMakeLists.txt).
pkgs=(g++ cmake make libtbb-dev libboost-program-options-dev libgtest-dev libgmock-dev libbenchmark-dev gnuplot-nox help2man)
for mode in "$@"; do
  case "$mode" in
    --web) pkgs+=(emscripten chromium) ;;
    --fuzz) pkgs+=(clang libclang-rt-14-dev) ;;  # the libFuzzer targets of fuzz/ (scripts/fuzz.sh)
    --mpi) pkgs+=(openmpi-bin libopenmpi-dev) ;;  # nugget solve under mpirun (issue 15)
    --package) pkgs+=(dpkg-dev) ;;  # cpack -G DEB's dpkg-shlibdeps (scripts/package.sh)
  esac
done
for pkg in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [[ " $* " == *" --web "* ]]; then
  # node/npm may come from another package than Debian's (nodesource's nodejs
  # carries npm itself), so these are looked for as commands.
  command -v node >/dev/null || need+=(nodejs)
  command -v npm >/dev/null || need+=(npm)
fi
if ((${#need[@]})); then
  echo "setup: installing ${need[*]}" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
