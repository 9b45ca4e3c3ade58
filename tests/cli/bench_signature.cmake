# `nugget bench` (issue 60, item 5): the signature (the work of a small fixed
# run of the default route, solver/nugget/run/bench.h) is the recorded one,
# and the same with one and two threads; every step has its line. A
# deliberate change of the cycles, the good set, the aims' beam or the
# polish changes it: record the new `Bench: N` here and in the commit.
#   cmake -DNUGGET=path/to/nugget -P bench_signature.cmake
cmake_minimum_required(VERSION 3.25)
set(expected 20463136)
foreach(threads 1 2)
  execute_process(COMMAND ${NUGGET} bench --threads ${threads} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                  TIMEOUT 120)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "nugget bench --threads ${threads}: exit ${rc}\n${out}${err}")
  endif()
  if(NOT out MATCHES "\nBench: ([0-9]+)\n")
    message(FATAL_ERROR "nugget bench --threads ${threads}: no `Bench: N` line in\n${out}")
  endif()
  if(NOT CMAKE_MATCH_1 STREQUAL expected)
    message(FATAL_ERROR "nugget bench --threads ${threads}: Bench ${CMAKE_MATCH_1}, recorded ${expected}\n${out}")
  endif()
  foreach(step "cycles    nodes" "good set  nodes" "aims      children" "polish    children")
    if(NOT out MATCHES "(^|\n)${step} +[0-9]+  time +[0-9]+ ms [^\n]*\\(")
      message(FATAL_ERROR "nugget bench: no line for the step `${step}` in\n${out}")
    endif()
  endforeach()
  if(NOT out MATCHES "\nthreads ${threads}, time [0-9]+ ms\n")
    message(FATAL_ERROR "nugget bench --threads ${threads}: no total line in\n${out}")
  endif()
endforeach()
