# `nugget prove --part K/N`, `--combine`, `--checkpoint` and `--resume`
# (issue 62, solver/nugget/tables/prove_split.h), on a position 11 moves
# from solved (board 1 after 28 moves of the bench's solution) with a
# depth-4 table built in memory: about 1 M nodes, a second a run.
#   MODE=split: the two halves of the proof of bounds up to 11 combine into
#     the whole run's optimum and solution; bad combinations are refused.
#   MODE=resume: a run stopped by --nodes, resumed, stopped again and
#     resumed, ends with the optimum, the solution and the checkpoint bytes
#     of an uninterrupted run; bad resumes are refused.
#   cmake -DNUGGET=path/to/nugget -DWORK=dir -DMODE=split|resume -P prove_split.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(tiles "20 6 11 1 48 18 4 13 21 7 17 5 19 24 10 8 29 15 3 28 2 36 25 31 27 9 33 16 42 23 37 32 35 41 22 14 43 45 38 39 49 34 30 26 46 44 47 12 40")
set(BASE prove --start ${tiles} --endgame-depth 4 --no-table-cache --beam-width 0 --tt-mb 16 --quiet --json)

# Runs nugget with the arguments; fails unless it exits `want`; its output in `out`.
function(run want)
  execute_process(COMMAND ${NUGGET} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE o ERROR_VARIABLE e TIMEOUT 60)
  if(NOT rc EQUAL ${want})
    message(FATAL_ERROR "nugget ${ARGN}: exit ${rc}, expected ${want}\n${o}${e}")
  endif()
  set(out "${o}" PARENT_SCOPE)
  set(err "${e}" PARENT_SCOPE)
endfunction()
# The verdict of a JSON line: everything but the cost and the file name.
function(verdict json var)
  string(REGEX REPLACE ", \"(checkpoint|nodes|seconds)\": [^,}]*" "" v "${json}")
  string(REGEX REPLACE "\"part\": \"[0-9]+/[0-9]+\", " "" v "${v}")
  set(${var} "${v}" PARENT_SCOPE)
endfunction()

run(0 ${BASE} --threads 1 --checkpoint ${WORK}/whole.ck)
verdict("${out}" whole)
if(NOT whole MATCHES "\"done\": true, \"lower_bound\": 11, \"upper_bound\": 11")
  message(FATAL_ERROR "the whole proof: ${out}")
endif()

if(MODE STREQUAL "split")
  # Bounds up to 11: the share without an 11-move solution rules out 10 and
  # 11; the other finds one. Part 2 on two threads: a share's answer does
  # not depend on them.
  run(0 ${BASE} --max-bound 11 --threads 1 --part 1/2 --checkpoint ${WORK}/p1.ck)
  run(0 ${BASE} --max-bound 11 --threads 2 --part 2/2 --checkpoint ${WORK}/p2.ck)
  run(0 prove --json --combine ${WORK}/p1.ck,${WORK}/p2.ck)
  string(JSON moves GET "${whole}" moves)
  if(NOT out MATCHES "\"optimum\": 11, \"proven\": true, \"lower_bound\": 11, \"upper_bound\": 11, \"moves\": \"${moves}\"")
    message(FATAL_ERROR "the two halves combined: ${out}\nthe whole: ${whole}")
  endif()
  run(1 prove --combine ${WORK}/p1.ck)              # a part missing
  if(NOT err MATCHES "1 files for a proof in 2 parts")
    message(FATAL_ERROR "one part of two: ${err}")
  endif()
  run(1 prove --combine ${WORK}/p1.ck,${WORK}/p1.ck)  # a part twice
  run(1 prove --combine ${WORK}/p1.ck,${WORK}/whole.ck)  # another N
  run(2 prove --combine ${WORK}/p1.ck, )            # an empty name
  run(2 ${BASE} --part 3/2)
  run(2 ${BASE} --part 1/0)
  run(2 ${BASE} --part x)
elseif(MODE STREQUAL "resume")
  set(ck ${WORK}/stopped.ck)
  run(5 ${BASE} --threads 1 --checkpoint ${ck} --nodes 300000)
  file(READ ${ck} first)
  if(NOT first MATCHES "\ndone [0-9]")
    message(FATAL_ERROR "the stopped run's checkpoint has no subtree done:\n${first}")
  endif()
  run(2 ${BASE} --threads 1 --checkpoint ${ck})       # exists: --resume or remove it
  run(2 ${BASE} --threads 1 --checkpoint ${ck} --resume --part 1/2)  # another share
  run(2 ${BASE} --threads 1 --checkpoint ${ck} --resume --split-depth 3)  # other settings
  run(5 ${BASE} --threads 2 --checkpoint ${ck} --resume --nodes 300000)
  run(0 ${BASE} --threads 1 --checkpoint ${ck} --resume)
  verdict("${out}" resumed)
  if(NOT resumed STREQUAL whole)
    message(FATAL_ERROR "resumed: ${resumed}\nuninterrupted: ${whole}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK}/whole.ck ${ck} RESULT_VARIABLE diff)
  if(NOT diff EQUAL 0)
    message(FATAL_ERROR "the resumed run's checkpoint differs from the uninterrupted run's")
  endif()
  # A damaged checkpoint is refused (exit 1), naming the file.
  string(REPLACE "part 1/1" "part 1/2" bad "${first}")
  file(WRITE ${WORK}/bad.ck "${bad}")
  run(1 ${BASE} --threads 1 --checkpoint ${WORK}/bad.ck --resume)
  if(NOT err MATCHES "bad.ck: the checksum does not match")
    message(FATAL_ERROR "a damaged checkpoint: ${err}")
  endif()
  run(2 ${BASE} --threads 1 --checkpoint ${WORK}/none.ck --resume)
  run(2 ${BASE} --resume)
endif()
