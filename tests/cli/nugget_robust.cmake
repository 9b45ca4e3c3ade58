# `nugget` and issue 50 ("nothing lost, nothing unbounded"), a block an
# item: a run deletes no file it did not create (3), solve-board is under
# the memory guard of solve (4), long move lists parse in linear time and
# are refused at their first bad move (7), `verify -` names standard input
# and a CRLF line of 4096 characters is not counted as 4097 (12).
#   cmake -DNUGGET=nugget -DWORK=dir -DEXAMPLE=tests/nugget/data/example-20.jcgn -P nugget_robust.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# expect(RC REGEX ARGS...): nugget ARGS exits RC within 10 s and prints REGEX (stdout or stderr).
function(expect rc_want regex)
  execute_process(COMMAND ${NUGGET} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 10)
  if(NOT rc EQUAL rc_want OR NOT "${out}${err}" MATCHES "${regex}")
    string(SUBSTRING "${ARGN}" 0 200 args)
    message(FATAL_ERROR "nugget ${args}: expected exit ${rc_want} and \"${regex}\", got ${rc}:\n${out}${err}")
  endif()
endfunction()
# stdin(FILE RC REGEX ARGS...): the same with FILE as standard input.
function(stdin input rc_want regex)
  execute_process(COMMAND ${NUGGET} ${ARGN} INPUT_FILE ${input} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err TIMEOUT 10)
  if(NOT rc EQUAL rc_want OR NOT "${out}${err}" MATCHES "${regex}")
    message(FATAL_ERROR "nugget ${ARGN} < ${input}: expected exit ${rc_want} and \"${regex}\", got ${rc}:\n${out}${err}")
  endif()
endfunction()

# ---- item 3: only the run's own temporaries of a killed write go
set(out ${WORK}/x.jcgn)
set(theirs x.jcgn.tmp.backup x.jcgn.tmp.a1B2c3 x.jcgn.partial.tmp.Zz9yY8 x.jcgn.nugget-tmp-1-a1B2c3
           x.jcgn.nugget-tmp-999999999-toolong7 x.jcgn.nugget-tmp-999999999-a1B2c3.bak)
foreach(f ${theirs} x.jcgn.nugget-tmp-999999999-a1B2c3 x.jcgn.partial.nugget-tmp-999999999-Zz9yY8)
  file(WRITE ${WORK}/${f} "a user's file\n")
endforeach()
expect(0 "removed [^\n]*x.jcgn.nugget-tmp-999999999-a1B2c3 \\(a write cut short"
       solve --boards 20 --route chain --beam-width 30 --endgame-depth 2 --chain-beam 1 --lookahead 0 --shorten-window 0
       --cycle-tries 0 --enter-boards 0 --search-boards 0 --quiet --out ${out})
foreach(f ${theirs})
  if(NOT EXISTS ${WORK}/${f})
    message(FATAL_ERROR "nugget solve --out ${out} deleted ${f}, a file it did not create")
  endif()
endforeach()
foreach(f x.jcgn.nugget-tmp-999999999-a1B2c3 x.jcgn.partial.nugget-tmp-999999999-Zz9yY8)
  if(EXISTS ${WORK}/${f})
    message(FATAL_ERROR "the leftover ${f} of a writer no longer running was kept")
  endif()
endforeach()
expect(0 "^valid: 20 boards" verify ${out})

# ---- item 4: solve-board under solve's memory guard (a beam of 10^7 needs
# ~50 GB: refused before any work on a machine with less than ~55 GB)
file(READ /proc/meminfo meminfo)
string(REGEX MATCH "MemTotal: *([0-9]+) kB" _ "${meminfo}")
if(CMAKE_MATCH_1 AND CMAKE_MATCH_1 LESS 50000000)
  expect(2 "these settings need about [0-9.]+ GB .*this machine has [0-9.]+ GB: lower --endgame-depth or --beam-width"
         solve-board --beam-width 10000000 --endgame-depth 4 --no-table-cache)
endif()

# ---- item 7: 100,000 moves refused at the second within a second or so
# (40,000 took 3.4 s before: Boost's parser erased each word off the front)
string(REPEAT "36;" 99998 many)
expect(2 "^nugget replay: move 2 \"ZZ\": not a move" replay 36 ZZ ${many})
string(REPEAT "36 " 40000 line)
expect(2 "^nugget replay: move 2 \"ZZ\": not a move" replay "36 ZZ ${line}")

# ---- item 12: "-" is "standard input" in messages; CRLF is not counted
file(READ ${EXAMPLE} entry)
file(WRITE ${WORK}/bad.jcgn "board 1 A ZZ\n")
stdin(${WORK}/bad.jcgn 1 "^standard input:1: " verify -)
string(REPEAT "x" 4094 long)
string(REPLACE "\n" "\r\n" crlf "# ${long}\n${entry}")
file(WRITE ${WORK}/crlf.jcgn "${crlf}")
expect(0 "^valid: 20 boards" verify ${WORK}/crlf.jcgn)
stdin(${WORK}/crlf.jcgn 0 "^valid: 20 boards" verify -)
file(WRITE ${WORK}/long.jcgn "# x${long}\r\n${entry}")
expect(1 "long.jcgn:1: line longer than 4096 characters" verify ${WORK}/long.jcgn)
