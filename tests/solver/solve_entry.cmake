# The committed entry's command, small (issues 51, 58): `nugget solve` reads
# the committed entry's cycle (results/v21-cycle.txt), aims board 1 at the
# image the entry was aimed at (rank 3), polishes it and plays the cycle.
# The full command (docs/solver.md, 200 boards, polish width 2000) rebuilds
# results/submission-200.jcgn: board 1 in 64 moves polished to 62. This
# variant (20 boards, polish width 200) runs in seconds and must reach its
# recorded entry (board 1 in 64 moves, then 19 boards of 12: 292 moves), on
# 1 and 2 threads alike.
# cmake -DNUGGET=... -DWORK=... -DCYCLE=... -P solve_entry.cmake
set(EXPECT_MOVES 292)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(CMD solve --boards 20 --cycle-list ${CYCLE} --good-levels 0 --aim-frontier 0 --enter-width 40000 --enter-widen 1
    --polish-slack 2 --aim-from 2 --aims 1 --polish-width 200 --quiet)
foreach(threads 1 2)
  execute_process(COMMAND ${NUGGET} ${CMD} --threads ${threads} --out ${WORK}/e${threads}.jcgn
                  RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the small committed-entry command failed (${rc}): ${err}")
  endif()
  execute_process(COMMAND ${NUGGET} verify ${WORK}/e${threads}.jcgn OUTPUT_VARIABLE v RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT v MATCHES "^valid: 20 boards, ${EXPECT_MOVES} moves")
    message(FATAL_ERROR "threads ${threads}: expected valid: 20 boards, ${EXPECT_MOVES} moves; got ${v}")
  endif()
endforeach()
file(READ ${WORK}/e1.jcgn one)
file(READ ${WORK}/e2.jcgn two)
if(NOT one STREQUAL two)
  message(FATAL_ERROR "1 and 2 threads wrote different entries")
endif()
message(STATUS "ok: ${v}")
