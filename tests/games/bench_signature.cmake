# `games bench` (issue 49): the signature (the nodes of every game's fixed
# searches, solver/registry/bench.h) is the recorded one, and the same with
# one and two threads. A deliberate change of an engine, an evaluation or a
# search changes it: record the new `Bench: N` here and in the commit.
#   cmake -DGAMES=path/to/games -P bench_signature.cmake
cmake_minimum_required(VERSION 3.25)
set(expected 3205286)
foreach(threads 1 2)
  execute_process(COMMAND ${GAMES} bench --threads ${threads} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                  TIMEOUT 120)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "games bench --threads ${threads}: exit ${rc}\n${out}${err}")
  endif()
  if(NOT out MATCHES "\nBench: ([0-9]+)\n")
    message(FATAL_ERROR "games bench --threads ${threads}: no `Bench: N` line in\n${out}")
  endif()
  if(NOT CMAKE_MATCH_1 STREQUAL expected)
    message(FATAL_ERROR "games bench --threads ${threads}: Bench ${CMAKE_MATCH_1}, recorded ${expected}\n${out}")
  endif()
  foreach(line "shock   alphabeta" "shock   mcts" "attract alphabeta" "attract mcts" "rings   paranoid" "rings   mcts")
    if(NOT out MATCHES "${line} [^\n]*positions 8  nodes +[0-9]+[^\n]*nps +[0-9]+\n")
      message(FATAL_ERROR "games bench: no line for ${line} in\n${out}")
    endif()
  endforeach()
endforeach()
execute_process(COMMAND ${GAMES} bench --threads 0 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--threads must be 1..256")
  message(FATAL_ERROR "games bench --threads 0: exit ${rc}, expected 2\n${err}")
endif()
