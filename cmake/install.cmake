# What `cmake --install build --prefix P` puts under P besides the two
# programs (cli/nugget, cli/games) and their man pages (cli/CMakeLists.txt),
# with GNUInstallDirs' folders (issue 52):
#   share/doc/nugget/           README.md and docs/ (rules, CLI, formats, ...),
#                               laid out as in the repository; a link to what
#                               is not installed (results/, solver/, cli/,
#                               bench/data/) is made plain text naming its
#                               place in the repository (install_links.cmake),
#                               so every link left holds
#   share/doc/nugget/examples/  examples/nugget and examples/games
#   share/nugget/web/           the browser edition
# The installed programs read nothing of these and nothing of the source
# tree: the endgame table cache is $NUGGET_TABLE_DIR, else
# $XDG_CACHE_HOME/nugget, else $HOME/.cache/nugget (solver/nugget/tables/endgame_store.cpp).

# The browser edition is built outside CMake (scripts/web.sh, Emscripten):
# when its site exists at configure time (NUGGET_WEB_SITE, the rings/nugget/
# placement .wasm modules and the rendered rules page with it), that site is
# installed; otherwise only its static sources (web/src: pages, scripts,
# styles, the rules page's template), which need the .wasm modules of
# scripts/web.sh to run, are installed and configuring says so.
set(NUGGET_WEB_SITE ${PROJECT_SOURCE_DIR}/build/web CACHE PATH
    "The browser edition as scripts/web.sh builds it, installed to DATADIR/nugget/web when present")
set(NUGGET_WEB_DESTINATION ${CMAKE_INSTALL_DATADIR}/nugget/web)
if(EXISTS ${NUGGET_WEB_SITE}/nugget-engine.wasm AND EXISTS ${NUGGET_WEB_SITE}/index.html)
  install(DIRECTORY ${NUGGET_WEB_SITE}/ DESTINATION ${NUGGET_WEB_DESTINATION}
          FILES_MATCHING PATTERN "*.html" PATTERN "*.js" PATTERN "*.css" PATTERN "*.wasm")
else()
  message(STATUS "Install: the browser edition's static sources only (web/src); "
                 "scripts/web.sh builds its WebAssembly modules, then configure again to install the site")
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/web/src/ DESTINATION ${NUGGET_WEB_DESTINATION}
          FILES_MATCHING PATTERN "*.html" PATTERN "*.js" PATTERN "*.css")
endif()

install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)
# After the pages and the examples: the links to what was not installed.
install(CODE "execute_process(COMMAND \"${CMAKE_COMMAND}\" \"-DDOCDIR=\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DOCDIR}\"
                                      -P \"${CMAKE_CURRENT_LIST_DIR}/install_links.cmake\" COMMAND_ERROR_IS_FATAL ANY)")
