# Runs `nugget solve` several ways and compares, for one choice a board
# (--chain-beam 1) and for the beam over chains (--chain-beam 2):
# uninterrupted; stopped after the first board (--time-limit) then --resume;
# killed at an arbitrary moment then --resume; the same with 1 thread.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
# Its chain closes no cycle, so the search past it runs: 300 boards (three
# seeds of 100), the default before it became 1500, to keep the test short.
set(BASE solve --boards 20 --route chain --beam-width 150 --endgame-depth 2 --lookahead 2 --lookahead-width 50 --shorten-window 3
         --search-boards 300 --quiet)

function(same a b what)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${a} ${b} RESULT_VARIABLE diff)
  if(NOT diff EQUAL 0)
    message(FATAL_ERROR "${what}: ${b} differs from ${a}")
  endif()
endfunction()

foreach(beam 1 2)
  set(ARGS ${BASE} --chain-beam ${beam})
  set(full ${WORK}/full-${beam}.jcgn)
  execute_process(COMMAND ${NUGGET} ${ARGS} --out ${full} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "uninterrupted solve (chain beam ${beam}) failed: ${rc}")
  endif()

  set(resumed ${WORK}/resumed-${beam}.jcgn)
  execute_process(COMMAND ${NUGGET} ${ARGS} --out ${resumed} --time-limit 0.000001 RESULT_VARIABLE rc)
  if(NOT rc EQUAL 1 OR NOT EXISTS ${resumed}.partial)
    message(FATAL_ERROR "time-limited solve should stop with a checkpoint (chain beam ${beam}, rc ${rc})")
  endif()
  execute_process(COMMAND ${NUGGET} ${ARGS} --out ${resumed} --resume RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "resumed solve (chain beam ${beam}) failed: ${rc}")
  endif()
  same(${full} ${resumed} "resumed after --time-limit, chain beam ${beam}")

  # Killed (TIMEOUT sends a kill) somewhere in the middle, then resumed.
  set(killed ${WORK}/killed-${beam}.jcgn)
  execute_process(COMMAND ${NUGGET} ${ARGS} --out ${killed} TIMEOUT 2 RESULT_VARIABLE rc)
  # --resume needs a checkpoint: none when the kill came before the first
  # board was done, or after the run had finished.
  if(EXISTS ${killed}.partial)
    execute_process(COMMAND ${NUGGET} ${ARGS} --out ${killed} --resume RESULT_VARIABLE rc)
  elseif(NOT EXISTS ${killed})
    execute_process(COMMAND ${NUGGET} ${ARGS} --out ${killed} RESULT_VARIABLE rc)
  else()
    set(rc 0)
  endif()
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "solve resumed after a kill (chain beam ${beam}) failed: ${rc}")
  endif()
  same(${full} ${killed} "resumed after a kill, chain beam ${beam}")

  execute_process(COMMAND ${NUGGET} ${ARGS} --out ${WORK}/one-${beam}.jcgn --threads 1 RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "1-thread solve failed: ${rc}")
  endif()
  same(${full} ${WORK}/one-${beam}.jcgn "1 thread, chain beam ${beam}")

  execute_process(COMMAND ${NUGGET} verify ${full} RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "valid: 20 boards")
    message(FATAL_ERROR "written entry does not verify: ${out}")
  endif()
endforeach()

foreach(bad "--boards;19" "--boards;201" "--heuristic;nope" "--out;/nonexistent-dir/x.jcgn" "--chain-beam;0" "--enter-width;0" "--enter-boards;-1" "--endgame-depth;8")
  execute_process(COMMAND ${NUGGET} solve --out ${WORK}/bad.jcgn ${bad} RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR err STREQUAL "")
    message(FATAL_ERROR "bad arguments ${bad} should exit 2 with a message (rc ${rc})")
  endif()
endforeach()
