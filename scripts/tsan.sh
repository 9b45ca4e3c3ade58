#!/usr/bin/env bash
# The multi-threaded code under ThreadSanitizer (CMake option NUGGET_TSAN,
# build-tsan/): the parallel beam, the chain beam, the pipeline, the
# prover (its IDA* and its ends), the transition graph and the game
# players' parallel search, as GoogleTest programs. Any data race report
# fails. Not part of scripts/test.sh (a third full build); run before
# changing anything threaded. Usage: scripts/tsan.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
build=${TSAN_BUILD:-build-tsan}
tests=(nugget_solver_test nugget_prove_test nugget_cli_test nugget_transitions_test game_players_test)
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNUGGET_TSAN=ON >/dev/null
cmake --build "$build" -j"$(nproc)" --target "${tests[@]}"
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$PWD/scripts/tsan.supp"
for t in "${tests[@]}"; do
  if "$build/bin/$t" --gtest_brief=1 >"$build/$t.log" 2>&1; then
    echo "tsan: $t ok" >&2
  else
    tail -60 "$build/$t.log" >&2
    echo "tsan: $t FAILED ($build/$t.log)" >&2
    exit 1
  fi
done
