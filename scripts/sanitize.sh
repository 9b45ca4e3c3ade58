#!/usr/bin/env bash
# The unit tests again under AddressSanitizer + UBSan (CMake option
# NUGGET_SANITIZE) in build-asan/: every GoogleTest program, not the
# end-to-end solve scripts (they run long solves, already covered natively).
# Any sanitizer report fails the test. Usage: scripts/sanitize.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
tests=(nugget_engine_test nugget_jcgn_test nugget_cli_test nugget_solver_test nugget_heuristics_test nugget_endgame_test nugget_transitions_test placement_engine_test
       rings_engine_test rings_ai_test rings_cli_test game_players_test games_records_test nugget_team_test nugget_prove_test
       nugget_cycle_list_test)
# -O1 -g1 (line tables only, enough for the reports' file:line): on an AMD
# EPYC with 2 vCPUs the build took ~830 of this script's 974 s at -O2 -g;
# one test file compiles in 37 s instead of 77 (2026-12-05, commit 3fbe68c).
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  -DNUGGET_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$(nproc)" --target "${tests[@]}"
# halt_on_error: a report is a failure, not a warning; UBSan likewise.
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# The programs directly (ctest here would also list the script tests of
# binaries this build leaves out), two at a time. nugget_cli_test is run as
# two halves (its longest test, the built reversible cycle's, and the rest),
# which run side by side: as one program it was the whole step's critical
# path (435 of its 823 s, 2026-12-07, commit c8f63c3). The 12-move cycle route's pipeline test is left out here (72 s
# under ASan; no parsing in it: the cycle list's reader, which it uses, runs
# under ASan in nugget_cycle_list_test).
runs=()
for t in "${tests[@]}"; do
  if [ "$t" = nugget_cli_test ]; then
    runs+=("nugget_cli_test Pipeline.ABuiltCycle* built"
          "nugget_cli_test -Pipeline.ABuiltCycle*:Pipeline.ATwelveMoveCycleIsBuiltAndEntered rest")
  else
    runs+=("$t * all")
  fi
done
printf '%s\n' "${runs[@]}" | xargs -P "$(nproc)" -L1 sh -c \
  'build-asan/bin/$0 --gtest_brief=1 "--gtest_filter=$1" >build-asan/$0.$2.log 2>&1 && echo "sanitize: $0 ($2) ok" >&2 ||
   { tail -80 build-asan/$0.$2.log >&2; echo "sanitize: $0 ($2) FAILED (build-asan/$0.$2.log)" >&2; exit 255; }'
