# ctest smoke test of the nugget CLI. Arguments: -DNUGGET=path/to/nugget
# -DEXAMPLE=valid.jcgn -DWORK=scratch dir.
file(MAKE_DIRECTORY ${WORK})

function(run_nugget expect_rc expect_text)
  execute_process(COMMAND ${NUGGET} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 30)
  set(all "${out}${err}")
  if(NOT rc STREQUAL "${expect_rc}")
    message(FATAL_ERROR "nugget ${ARGN}: exit ${rc}, expected ${expect_rc}\n${all}")
  endif()
  string(FIND "${all}" "${expect_text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "nugget ${ARGN}: output lacks \"${expect_text}\":\n${all}")
  endif()
  message(STATUS "ok: nugget ${ARGN} -> ${rc}")
endfunction()

run_nugget(0 "valid: 20 boards, 543 moves, mean 27.1500" verify ${EXAMPLE})
run_nugget(0 "\"ok\": true" verify ${EXAMPLE} --json)

# A corrupted copy: the first move of board 1 (H6) with a wrong p.
file(READ ${EXAMPLE} text)
string(REPLACE "board 1 A 36 H6 " "board 1 A 36 H5 " bad "${text}")
if(bad STREQUAL text)
  message(FATAL_ERROR "the example changed: cannot corrupt it")
endif()
file(WRITE ${WORK}/bad.jcgn "${bad}")
run_nugget(1 "bad.jcgn:2: move 1 \"H5\": farthest white is at 6" verify ${WORK}/bad.jcgn)
run_nugget(1 "\"line\": 2" verify ${WORK}/bad.jcgn --json)

# Files that are not entries at all.
file(WRITE ${WORK}/empty.jcgn "")
run_nugget(1 "empty.jcgn:1: 20 boards needed, got 0" verify ${WORK}/empty.jcgn)
run_nugget(1 "is a directory" verify ${WORK})
run_nugget(1 "missing.jcgn: cannot open: No such file or directory" verify ${WORK}/missing.jcgn)

# Ranking, replay and usage.
run_nugget(1 "B is invalid" compare ${EXAMPLE} ${WORK}/bad.jcgn)
run_nugget(0 "equal: the entries rank equal" compare ${EXAMPLE} ${EXAMPLE})
run_nugget(0 "P7 54 L6" replay "P 5" L)
run_nugget(2 "move 3 \"L5\": farthest white is at 6" replay P 5 L5)
run_nugget(0 "solved (vertical stripes)" show ${EXAMPLE} --board 3 --no-color)
run_nugget(0 "Usage: nugget verify" verify --help)
run_nugget(2 "unknown subcommand" frobnicate)

# evaluate --moves: the solution it reports for board 1 really solves it.
set(start "")
foreach(t RANGE 1 49)
  string(APPEND start "${t} ")
endforeach()
file(WRITE ${WORK}/board1.txt "${start}A\n")
execute_process(COMMAND ${NUGGET} evaluate --boards-file ${WORK}/board1.txt --heuristic chain --beam-width 200
                        --endgame-depth 2 --moves
                RESULT_VARIABLE rc OUTPUT_VARIABLE out TIMEOUT 60)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^chain,200,1,A,([0-9]+),[^\n]*,1,,,([A-U1-7 ]+)\n$")
  message(FATAL_ERROR "nugget evaluate --moves: exit ${rc}, unexpected output:\n${out}")
endif()
set(solution "${CMAKE_MATCH_2}")
run_nugget(0 "solved (" show --moves "${solution}" --no-color)
message(STATUS "ok: evaluate --moves solution of ${CMAKE_MATCH_1} moves solves board 1")
