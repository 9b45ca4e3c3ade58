#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ with clang (ASan + UBSan) into
# build-fuzz/ and runs each for FUZZ_SECONDS (default 20) from its seed corpus
# (fuzz/corpus/TARGET, copied: the repository's seeds stay as they are),
# after replaying the inputs of fuzz/regressions/TARGET (past findings).
# Fails on any crash, leak, sanitizer report or timeout; the input that did
# it is left in build-fuzz/artifacts/. Usage: scripts/fuzz.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --fuzz
seconds=${FUZZ_SECONDS:-20}
targets=("$@")
((${#targets[@]})) || targets=(jcgn notation position_list placement_position rings_position game_record checkpoint text_reader cycle_list)
CXX=clang++ cmake -S fuzz -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-fuzz -j"$(nproc)" >/dev/null
mkdir -p build-fuzz/artifacts
for t in "${targets[@]}"; do
  bin=build-fuzz/fuzz_$t
  if [ -d "fuzz/regressions/$t" ] && [ -n "$(ls -A "fuzz/regressions/$t")" ]; then
    "$bin" -runs=0 fuzz/regressions/"$t"/* >/dev/null 2>build-fuzz/$t.log || { cat build-fuzz/$t.log >&2; exit 1; }
  fi
  work=build-fuzz/corpus/$t
  mkdir -p "$work"
  cp -n fuzz/corpus/"$t"/* "$work"/
  # -timeout: one input taking 10 s is a finding; -rss_limit_mb bounds a
  # runaway allocation well below the shared machine's memory.
  if ! "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 \
      -artifact_prefix=build-fuzz/artifacts/"$t"- "$work" >build-fuzz/$t.log 2>&1; then
    tail -60 build-fuzz/$t.log >&2
    echo "fuzz: $t failed; the input is in build-fuzz/artifacts/" >&2
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' build-fuzz/$t.log)
  echo "fuzz: $t ok, $runs runs in ${seconds}s, corpus $(ls "$work" | wc -l) inputs" >&2
done
