# The committed entry's command, small (issue 51): `nugget solve` reads a
# cycle list, aims board 1 at a batch of its ranked images, polishes every
# aim within the slack and plays the cycle. The full command (940 cycles,
# ranks 41-140, width 100000) rebuilt results/submission-200.jcgn
# (results/README.md); this variant (5 cycles, ranks 3-5, width 10000) runs
# in seconds and must reach its recorded entry (board 1 in 84 moves, then
# the cycle: 350 moves, mean 17.5), on 1 and 2 threads alike.
# cmake -DNUGGET=... -DWORK=... -DDATA=... -P solve_entry.cmake
set(EXPECT_MOVES 350)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(CMD solve --boards 20 --cycle-list ${DATA}/cycles-5.txt --aim-from 2 --aims 3 --enter-width 10000 --enter-widen 1
    --polish-slack 3 --polish-width 200 --quiet)
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
