# Run by `cmake --install` (install.cmake) once README.md and docs/ are in
# place under DOCDIR: a link whose target was not installed (the source
# tree's results/, solver/, cli/, bench/data/, ...) becomes plain text that
# names it in the repository, "TEXT (in the source repository: PATH)", or
# "PATH (in the source repository)" when the text is the path, so
# that every link left in the installed pages holds (issue 59, item 10;
# tests/install/install_test.sh checks them all). Links to the web, to an
# anchor of the page and to installed files are left as they are.
#   cmake -DDOCDIR=PREFIX/share/doc/nugget -P install_links.cmake
if(NOT DEFINED DOCDIR)
  message(FATAL_ERROR "install_links.cmake: -DDOCDIR=... missing")
endif()
file(GLOB_RECURSE pages "${DOCDIR}/*.md")
foreach(page IN LISTS pages)
  file(READ "${page}" text)
  get_filename_component(dir "${page}" DIRECTORY)
  string(REGEX MATCHALL "\\[[^]\n;]*\\]\\([^)\n ;]+\\)" links "${text}")
  list(REMOVE_DUPLICATES links)
  set(changed FALSE)
  foreach(link IN LISTS links)
    string(REGEX REPLACE "^\\[([^]]*)\\]\\(([^)]+)\\)$" "\\1" label "${link}")
    string(REGEX REPLACE "^\\[([^]]*)\\]\\(([^)]+)\\)$" "\\2" target "${link}")
    string(REGEX REPLACE "#.*$" "" path "${target}")
    if(path STREQUAL "" OR path MATCHES "^[a-zA-Z][a-zA-Z0-9+.-]*:")
      continue()  # an anchor of this page, or a URL
    endif()
    if(EXISTS "${dir}/${path}")
      continue()
    endif()
    cmake_path(SET full NORMALIZE "${dir}/${path}")
    file(RELATIVE_PATH repo "${DOCDIR}" "${full}")
    string(REPLACE "`" "" bare "${label}")
    if(bare STREQUAL repo)
      string(REPLACE "${link}" "${label} (in the source repository)" text "${text}")
    else()
      string(REPLACE "${link}" "${label} (in the source repository: ${repo})" text "${text}")
    endif()
    set(changed TRUE)
  endforeach()
  if(changed)
    file(WRITE "${page}" "${text}")
  endif()
endforeach()
