# Writes a man page from a program's --help with help2man, run by the build
# (cli/CMakeLists.txt: target `man`) and by the test nugget_man_page.
#   cmake -DHELP2MAN=/usr/bin/help2man -DPROGRAM=build/bin/nugget -DNAME="short description"
#         -DVERSION=0.5.0 -DOUT=nugget.1 [-DSUBCOMMANDS=verify,compare,...] -P manpage.cmake
# With SUBCOMMANDS, each `PROGRAM CMD --help` becomes a part of the page's
# SUBCOMMANDS section, so the one page documents every subcommand.
# --version-string: help2man need not run `PROGRAM --version`.
foreach(var HELP2MAN PROGRAM NAME VERSION OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "manpage.cmake: -D${var}=... missing")
  endif()
endforeach()
get_filename_component(program ${PROGRAM} NAME)
set(include ${OUT}.include)
set(text "")
string(REPLACE "," ";" SUBCOMMANDS "${SUBCOMMANDS}")
if(SUBCOMMANDS)
  string(APPEND text "[SUBCOMMANDS]\n")
  foreach(cmd IN LISTS SUBCOMMANDS)
    execute_process(COMMAND ${PROGRAM} ${cmd} --help RESULT_VARIABLE rc OUTPUT_VARIABLE help ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${program} ${cmd} --help: exit ${rc}\n${err}")
    endif()
    # roff: a backslash is \e, a line starting with . or ' is escaped by \&.
    string(REPLACE "\\" "\\e" help "${help}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
    string(APPEND text ".SS \"${program} ${cmd}\"\n.nf\n${help}.fi\n")
  endforeach()
endif()
string(APPEND text "[SEE ALSO]\nThe rules: docs/RULES.md; the commands: docs/cli.md; the file formats: docs/formats/; examples: examples/.\n")
file(WRITE ${include} "${text}")
execute_process(COMMAND ${HELP2MAN} --no-info --version-string=${VERSION} --name=${NAME} --include=${include}
                        --output=${OUT} ${PROGRAM}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man ${program}: exit ${rc}\n${err}")
endif()
file(REMOVE ${include})
# -DCHECK=ON (the test): the page is a man page with the program's name, its
# version and every subcommand, and man(1) renders it without warnings.
if(CHECK)
  file(READ ${OUT} page)
  string(TOUPPER ${program} upper)
  if(NOT page MATCHES "\\.TH ${upper} \"1\"[^\n]*${VERSION}")
    message(FATAL_ERROR "${OUT}: no .TH line with ${upper} and ${VERSION}")
  endif()
  foreach(cmd IN LISTS SUBCOMMANDS)
    if(NOT page MATCHES "\\.SS \"${program} ${cmd}\"\n\\.nf\n[Uu]sage: ${program} ${cmd}")
      message(FATAL_ERROR "${OUT}: no part for ${cmd}")
    endif()
  endforeach()
  find_program(MAN man)
  if(MAN)
    execute_process(COMMAND ${MAN} --warnings -l ${OUT} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE warnings)
    if(NOT rc EQUAL 0 OR warnings)
      message(FATAL_ERROR "man -l ${OUT}: exit ${rc}
${warnings}")
    endif()
  endif()
endif()
