# `nugget prove --bench` (issue 62): the signature (the nodes of the bench's
# fixed proofs, solver/nugget/tables/prove_bench.h) is the recorded one, and
# the same with one and two threads (each proof runs serially). A deliberate
# change of the search (a bound, a pruning rule, the move order, the
# transposition table) changes it: record the new `Bench: N` here and in the
# commit.
#   cmake -DNUGGET=path/to/nugget -P prove_bench_signature.cmake
cmake_minimum_required(VERSION 3.25)
set(expected 1657387)
foreach(threads 1 2)
  execute_process(COMMAND ${NUGGET} prove --bench --threads ${threads} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err TIMEOUT 120)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "prove --bench --threads ${threads}: exit ${rc}\n${out}${err}")
  endif()
  if(NOT out MATCHES "\nBench: ([0-9]+)\n")
    message(FATAL_ERROR "prove --bench --threads ${threads}: no `Bench: N` line in\n${out}")
  endif()
  if(NOT CMAKE_MATCH_1 STREQUAL expected)
    message(FATAL_ERROR "prove --bench --threads ${threads}: Bench ${CMAKE_MATCH_1}, recorded ${expected}\n${out}")
  endif()
  foreach(line "board 1 to 16 +at least 17" "solution -14 +optimum 11" "solution -12 +optimum 11"
               "walk 12 seed 4 +optimum 10" "walk 16 seed 3 +optimum 12")
    if(NOT out MATCHES "${line} +nodes +[0-9]+  time +[0-9]+ ms  nps +[0-9]+\n")
      message(FATAL_ERROR "prove --bench: no line for ${line} in\n${out}")
    endif()
  endforeach()
endforeach()
# The bench proves its own positions: a position or a search option is refused.
foreach(extra "--position;x.txt" "--nodes;5" "--part;1/2")
  execute_process(COMMAND ${NUGGET} prove --bench ${extra} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "--bench takes no")
    message(FATAL_ERROR "prove --bench ${extra}: exit ${rc}, expected 2\n${err}")
  endif()
endforeach()
