# The cycle phase of `nugget solve` end to end, from a checkpoint whose last
# board closes a cycle (tests/solver/data/cycle-6.jcgn, boards 1-3: board 4
# would start as board 2 did): the cycle is played again to the last board,
# the cycle tries run, and a --time-limit there is a budget: it ends the
# tries and the run with an entry (resumes between tries after a kill are
# tests/cli/solve_kills.sh).
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(BASE solve --boards 20 --route chain --beam-width 60 --endgame-depth 2 --chain-beam 2 --shorten-window 3 --quiet
         --cycle-tries 2 --cycle-boards 3 --enter-boards 0)

# The settings line a checkpoint of these options carries.
execute_process(COMMAND ${NUGGET} ${BASE} --out ${WORK}/probe.jcgn --time-limit 0.000001 RESULT_VARIABLE rc)
file(STRINGS ${WORK}/probe.jcgn.partial settings REGEX "^# settings: ")
if(settings STREQUAL "")
  message(FATAL_ERROR "no settings line in the probe checkpoint (rc ${rc})")
endif()

# A checkpoint of boards 1-3 of the fixture.
file(STRINGS ${DATA}/cycle-6.jcgn records REGEX "^(board|final) ")
list(SUBLIST records 0 6 first3)
list(JOIN first3 "\n" body)
# The checkpoint header and checksum of solver/nugget/run/checkpoint.h.
set(text "# jcgn-1\n# nugget-checkpoint 2\n${settings}\n${body}\n")
string(SHA256 sum "${text}")
foreach(name full budget)
  file(WRITE ${WORK}/${name}.jcgn.partial "${text}# sha256 ${sum}\n")
endforeach()

execute_process(COMMAND ${NUGGET} ${BASE} --out ${WORK}/full.jcgn --resume RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "solve resumed at a closed cycle failed: ${rc}")
endif()
execute_process(COMMAND ${NUGGET} verify ${WORK}/full.jcgn RESULT_VARIABLE rc OUTPUT_VARIABLE out)
# Board 1 (82 moves), then the cycle's 19 and 18 moves in turn: 82 + 10*19 + 9*18 = 434, unless a try found cheaper.
if(NOT rc EQUAL 0 OR NOT out MATCHES "valid: 20 boards")
  message(FATAL_ERROR "the chain played round the cycle does not verify: ${out}")
endif()
string(REGEX MATCH "([0-9]+) moves" m "${out}")
if(CMAKE_MATCH_1 GREATER 434)
  message(FATAL_ERROR "the cycle phase made the chain dearer: ${out}")
endif()

# A time limit in the cycle phase is a budget: the first try runs, no more
# start, and the run ends with a verified entry (no checkpoint left behind).
execute_process(COMMAND ${NUGGET} ${BASE} --out ${WORK}/budget.jcgn --resume --time-limit 0.000001
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR EXISTS ${WORK}/budget.jcgn.partial)
  message(FATAL_ERROR "a time limit in the cycle phase should end with an entry and no checkpoint (rc ${rc})")
endif()
execute_process(COMMAND ${NUGGET} verify ${WORK}/budget.jcgn RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "valid: 20 boards")
  message(FATAL_ERROR "the entry of a budget run does not verify: ${out}")
endif()
string(REGEX MATCH "([0-9]+) moves" m "${out}")
if(CMAKE_MATCH_1 GREATER 434)
  message(FATAL_ERROR "the budget run made the chain dearer than the cycle as found: ${out}")
endif()
if(EXISTS ${WORK}/full.jcgn.partial)
  message(FATAL_ERROR "a finished solve should remove its checkpoint")
endif()
