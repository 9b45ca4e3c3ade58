# Runs `nugget solve` three ways and compares: uninterrupted; stopped after
# the first board (--time-limit) then --resume; the same with 1 thread.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(ARGS solve --boards 20 --beam-width 150 --endgame-depth 2 --lookahead 2 --lookahead-width 50 --shorten-window 3 --quiet)

execute_process(COMMAND ${NUGGET} ${ARGS} --out ${WORK}/full.jcgn RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "uninterrupted solve failed: ${rc}")
endif()

execute_process(COMMAND ${NUGGET} ${ARGS} --out ${WORK}/resumed.jcgn --time-limit 0.000001 RESULT_VARIABLE rc)
if(NOT rc EQUAL 1 OR NOT EXISTS ${WORK}/resumed.jcgn.partial)
  message(FATAL_ERROR "time-limited solve should stop with a checkpoint (rc ${rc})")
endif()
execute_process(COMMAND ${NUGGET} ${ARGS} --out ${WORK}/resumed.jcgn --resume RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "resumed solve failed: ${rc}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK}/full.jcgn ${WORK}/resumed.jcgn RESULT_VARIABLE diff)
if(NOT diff EQUAL 0)
  message(FATAL_ERROR "resumed entry differs from the uninterrupted one")
endif()

execute_process(COMMAND ${NUGGET} ${ARGS} --out ${WORK}/one.jcgn --threads 1 RESULT_VARIABLE rc)
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK}/full.jcgn ${WORK}/one.jcgn RESULT_VARIABLE diff)
if(NOT rc EQUAL 0 OR NOT diff EQUAL 0)
  message(FATAL_ERROR "1-thread entry differs from the multi-thread one")
endif()

execute_process(COMMAND ${NUGGET} verify ${WORK}/full.jcgn RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "valid: 20 boards")
  message(FATAL_ERROR "written entry does not verify: ${out}")
endif()

# The beam over chains: same checks (its pending boards are in the
# checkpoint; the unit test ChainBeam.* resumes from them).
execute_process(COMMAND ${NUGGET} ${ARGS} --chain-beam 2 --out ${WORK}/beam.jcgn RESULT_VARIABLE rc)
execute_process(COMMAND ${NUGGET} ${ARGS} --chain-beam 2 --out ${WORK}/beam1.jcgn --threads 1 RESULT_VARIABLE rc1)
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK}/beam.jcgn ${WORK}/beam1.jcgn RESULT_VARIABLE diff)
if(NOT rc EQUAL 0 OR NOT rc1 EQUAL 0 OR NOT diff EQUAL 0)
  message(FATAL_ERROR "--chain-beam 2: failed (${rc}, ${rc1}) or differs between 1 thread and more")
endif()
execute_process(COMMAND ${NUGGET} verify ${WORK}/beam.jcgn RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "valid: 20 boards")
  message(FATAL_ERROR "--chain-beam entry does not verify: ${out}")
endif()

foreach(bad "--boards;19" "--boards;201" "--heuristic;nope" "--out;/nonexistent-dir/x.jcgn" "--chain-beam;0")
  execute_process(COMMAND ${NUGGET} solve --out ${WORK}/bad.jcgn ${bad} RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR err STREQUAL "")
    message(FATAL_ERROR "bad arguments ${bad} should exit 2 with a message (rc ${rc})")
  endif()
endforeach()
