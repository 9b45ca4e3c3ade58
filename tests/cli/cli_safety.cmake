# `nugget` never loses a run and never works on bad arguments (issue 17):
# outputs are checked before any work and nothing is left behind; an
# existing checkpoint is never replaced silently; a foreign or corrupt one
# is reported with its line; --resume never rewrites a finished entry; every
# numeric option is range-checked with an error naming it (exit 2).
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
# --search-boards 300: the default before it became 1500, so that a chain
# that closes no cycle keeps the test as short as it was.
set(FAST solve --boards 20 --route chain --beam-width 30 --endgame-depth 2 --chain-beam 1 --lookahead 0 --shorten-window 0
         --cycle-tries 0 --enter-boards 0 --search-boards 300 --quiet)

# expect(RC REGEX ARGS...): nugget ARGS exits RC and prints REGEX (stdout or stderr).
function(expect rc_want regex)
  execute_process(COMMAND ${NUGGET} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL rc_want OR NOT "${out}${err}" MATCHES "${regex}")
    message(FATAL_ERROR "nugget ${ARGN}: expected exit ${rc_want} and \"${regex}\", got ${rc}:\n${out}${err}")
  endif()
endfunction()
function(same a b what)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${a} ${b} RESULT_VARIABLE diff)
  if(NOT diff EQUAL 0)
    message(FATAL_ERROR "${what}: ${b} changed")
  endif()
endfunction()
function(nothing_left_in dir what)
  file(GLOB left ${dir}/*)
  if(left)
    message(FATAL_ERROR "${what}: left behind: ${left}")
  endif()
endfunction()

# ---- outputs, before any work
file(MAKE_DIRECTORY ${WORK}/out)
expect(2 "--out ${WORK}/out: is a directory" ${FAST} --out ${WORK}/out)
expect(2 "its folder ${WORK}/out/no does not exist" ${FAST} --out ${WORK}/out/no/x.jcgn)
file(GLOB left ${WORK}/out.* ${WORK}/out/*)
if(left)
  message(FATAL_ERROR "a refused --out left files behind: ${left}")
endif()
expect(2 "--svg /no/such/dir/x.svg: its folder /no/such/dir does not exist" show --svg /no/such/dir/x.svg)
# A table folder named on the command line must exist: never made by a typo.
expect(2 "--table-dir ${WORK}/no/tables: no such folder" ${FAST} --table-dir ${WORK}/no/tables --out ${WORK}/t.jcgn)
expect(2 "--table-dir ${WORK}/no/tables: no such folder" solve-board --endgame-depth 2 --table-dir ${WORK}/no/tables)
if(EXISTS ${WORK}/no OR EXISTS ${WORK}/t.jcgn)
  message(FATAL_ERROR "a refused --table-dir left something behind")
endif()
file(COPY ${EXAMPLE} DESTINATION ${WORK})
get_filename_component(example ${EXAMPLE} NAME)
expect(2 "same file as the input" show ${WORK}/${example} --svg ${WORK}/./${example})
same(${EXAMPLE} ${WORK}/${example} "show --svg onto its input")

# ---- checkpoints: never replaced silently, foreign ones named
file(MAKE_DIRECTORY ${WORK}/cp)
file(WRITE ${WORK}/cp/e.jcgn.partial "random junk")
file(COPY ${WORK}/cp/e.jcgn.partial DESTINATION ${WORK}/keep)
expect(2 "e.jcgn.partial is the checkpoint of an unfinished solve: --resume continues it, --restart discards it"
       ${FAST} --out ${WORK}/cp/e.jcgn)
same(${WORK}/keep/e.jcgn.partial ${WORK}/cp/e.jcgn.partial "a fresh run over a checkpoint")
expect(2 "checkpoint ${WORK}/cp/e.jcgn.partial:1: not a nugget solve checkpoint" ${FAST} --out ${WORK}/cp/e.jcgn --resume)
file(WRITE ${WORK}/cp/e.jcgn.partial "")
expect(2 "checkpoint ${WORK}/cp/e.jcgn.partial: not a nugget solve checkpoint" ${FAST} --out ${WORK}/cp/e.jcgn --resume)
# A checkpoint of the format before the checkpoint module (no header, no checksum).
file(WRITE ${WORK}/cp/e.jcgn.partial "# jcgn-1\n# settings: heuristic=chain\n")
expect(2 "e.jcgn.partial:2: not a nugget solve checkpoint" ${FAST} --out ${WORK}/cp/e.jcgn --resume)
expect(2 "--resume and --restart exclude each other" ${FAST} --out ${WORK}/cp/e.jcgn --resume --restart)
expect(0 "wrote ${WORK}/cp/e.jcgn: valid: 20 boards" ${FAST} --out ${WORK}/cp/e.jcgn --restart)
if(EXISTS ${WORK}/cp/e.jcgn.partial)
  message(FATAL_ERROR "a finished run left its checkpoint")
endif()
# A finished entry and no checkpoint: --resume says so and leaves the entry.
file(COPY ${WORK}/cp/e.jcgn DESTINATION ${WORK}/keep)
expect(2 "--resume: there is no checkpoint ${WORK}/cp/e.jcgn.partial \\(${WORK}/cp/e.jcgn is a finished entry"
       ${FAST} --out ${WORK}/cp/e.jcgn --resume)
same(${WORK}/keep/e.jcgn ${WORK}/cp/e.jcgn "--resume after a finished run")
# A checkpoint of other settings.
execute_process(COMMAND ${NUGGET} ${FAST} --out ${WORK}/cp/t.jcgn --time-limit 0.000001 RESULT_VARIABLE rc)
expect(2 "made with other settings" ${FAST} --out ${WORK}/cp/t.jcgn --seed 5 --resume)
# One changed byte.
file(READ ${WORK}/cp/t.jcgn.partial text)
string(REPLACE "board 1 A" "board 1 B" text "${text}")
file(WRITE ${WORK}/cp/t.jcgn.partial "${text}")
expect(2 "t.jcgn.partial:[0-9]+: checksum mismatch" ${FAST} --out ${WORK}/cp/t.jcgn --resume)
nothing_left_in(${WORK}/out "refused runs")

# ---- never clobber (issue 30): an existing output is refused (exit 2, its
# bytes unchanged) unless --force; --keep-better keeps the better-ranked entry.
file(MAKE_DIRECTORY ${WORK}/clobber ${WORK}/keep/clobber)
file(WRITE ${WORK}/clobber/e.jcgn "not an entry, and not ours to replace\n")
file(COPY ${WORK}/clobber/e.jcgn DESTINATION ${WORK}/keep/clobber)
expect(2 "--out ${WORK}/clobber/e.jcgn: exists \\(--force replaces it, --keep-better keeps the better-ranked entry\\)"
       ${FAST} --out ${WORK}/clobber/e.jcgn)
same(${WORK}/keep/clobber/e.jcgn ${WORK}/clobber/e.jcgn "solve --out onto an existing file")
expect(2 "--keep-better: ${WORK}/clobber/e.jcgn is not an entry to compare with \\(${WORK}/clobber/e.jcgn:1: "
       ${FAST} --out ${WORK}/clobber/e.jcgn --keep-better)
same(${WORK}/keep/clobber/e.jcgn ${WORK}/clobber/e.jcgn "solve --keep-better onto a file that is no entry")
expect(2 "--force and --keep-better exclude each other" ${FAST} --out ${WORK}/clobber/e.jcgn --force --keep-better)
nothing_left_in(${WORK}/out "refused runs")
file(GLOB left ${WORK}/clobber/e.jcgn.*)
if(left)
  message(FATAL_ERROR "a refused run left files behind: ${left}")
endif()
expect(0 "wrote ${WORK}/clobber/e.jcgn: valid: 20 boards" ${FAST} --out ${WORK}/clobber/e.jcgn --force)
file(WRITE ${WORK}/clobber/p.svg "a picture of mine\n")
file(COPY ${WORK}/clobber/p.svg DESTINATION ${WORK}/keep/clobber)
expect(2 "--svg ${WORK}/clobber/p.svg: exists \\(--force replaces it\\)" show ${EXAMPLE} --svg ${WORK}/clobber/p.svg --no-color)
same(${WORK}/keep/clobber/p.svg ${WORK}/clobber/p.svg "show --svg onto an existing file")
expect(0 "wrote ${WORK}/clobber/p.svg" show ${EXAMPLE} --svg ${WORK}/clobber/p.svg --no-color --force)
# --keep-better in both orders: beam width 30 gives a worse entry than 120.
set(RANKED solve --boards 20 --route chain --endgame-depth 2 --chain-beam 1 --lookahead 0 --shorten-window 0 --cycle-tries 0
           --enter-boards 0 --search-boards 300 --quiet)
expect(0 "wrote" ${RANKED} --beam-width 30 --out ${WORK}/clobber/worse.jcgn)
expect(0 "wrote" ${RANKED} --beam-width 120 --out ${WORK}/clobber/better.jcgn)
expect(4 "better: B" compare ${WORK}/clobber/worse.jcgn ${WORK}/clobber/better.jcgn)
file(COPY ${WORK}/clobber/worse.jcgn DESTINATION ${WORK}/clobber/kb1)
expect(0 "kept the new entry: it ranks better than the one it replaced \\(mean moves per board.*wrote"
       ${RANKED} --beam-width 120 --out ${WORK}/clobber/kb1/worse.jcgn --keep-better)
same(${WORK}/clobber/better.jcgn ${WORK}/clobber/kb1/worse.jcgn "--keep-better with a worse entry on disk")
file(COPY ${WORK}/clobber/better.jcgn DESTINATION ${WORK}/clobber/kb2)
expect(0 "kept ${WORK}/clobber/kb2/better.jcgn, the entry on disk: the new one ranks worse \\(mean moves per board\\)"
       ${RANKED} --beam-width 30 --out ${WORK}/clobber/kb2/better.jcgn --keep-better --json)
same(${WORK}/clobber/better.jcgn ${WORK}/clobber/kb2/better.jcgn "--keep-better with a better entry on disk")
file(GLOB left ${WORK}/clobber/kb1/*.partial ${WORK}/clobber/kb1/*.lock ${WORK}/clobber/kb2/*.partial ${WORK}/clobber/kb2/*.lock)
if(left)
  message(FATAL_ERROR "--keep-better left files behind: ${left}")
endif()

# ---- honest progress (issue 30): the chain beam's boards that are not final
# yet are marked provisional, the mean is over final boards only, and no
# board shows 0 moves.
execute_process(COMMAND ${NUGGET} solve --boards 20 --route chain --beam-width 30 --endgame-depth 2 --chain-beam 4 --cycle-tries 0
                        --enter-boards 0 --search-boards 0 --out ${WORK}/progress.jcgn
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT err MATCHES "board [0-9]+/20: [1-9][0-9]* moves \\(provisional\\), (no board final yet|mean [0-9.]+ over [0-9]+ final boards?)"
   OR err MATCHES "board [0-9]+/20: 0 moves")
  message(FATAL_ERROR "chain beam progress: provisional figures not marked, or 0 moves shown:\n${err}")
endif()
execute_process(COMMAND ${NUGGET} solve --boards 20 --route chain --beam-width 30 --endgame-depth 2 --chain-beam 1 --lookahead 0
                        --shorten-window 0 --cycle-tries 0 --enter-boards 0 --search-boards 300
                        --out ${WORK}/progress2.jcgn
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR err MATCHES "provisional" OR NOT err MATCHES "board 20/20: [1-9][0-9]* moves, mean [0-9.]+,")
  message(FATAL_ERROR "one chain's progress: every board is final:\n${err}")
endif()

# ---- numeric options, every subcommand: exit 2, the option named
foreach(bad "--next-weight;nan" "--next-weight;inf" "--next-weight;-1e308" "--threads;100000" "--threads;-1"
            "--seed;-1" "--seed;1e3" "--time-limit;-1" "--time-limit;inf" "--time-limit;nan" "--beam-width;0"
            "--beam-width;99999999999" "--candidates;0" "--slack;11" "--shorten-window;9" "--lookahead;-1"
            "--lookahead-width;0" "--chain-beam;1001" "--enter-boards;201" "--enter-width;0" "--enter-images;0" "--enter-images;9" "--cycle-tries;-1"
            "--cycle-boards;1" "--endgame-depth;-1" "--boards;1000000")
  list(GET bad 0 option)
  expect(2 "${option}" solve --out ${WORK}/bad.jcgn ${bad})
endforeach()
foreach(bad "--limit;-1" "--beam-width;0" "--beam-width;-5" "--endgame-depth;8" "--node-limit;-1" "--node-limit;0"
            "--node-limit;nan")
  list(GET bad 0 option)
  expect(2 "${option}" evaluate --boards-file /nonexistent --heuristic chain ${bad})
endforeach()
expect(2 "--board must be in 1..20" show ${EXAMPLE} --board 0 --no-color)
expect(2 "--board" show ${EXAMPLE} --board nan --no-color)
if(EXISTS ${WORK}/bad.jcgn OR EXISTS ${WORK}/bad.jcgn.partial)
  message(FATAL_ERROR "a refused run wrote its output")
endif()
