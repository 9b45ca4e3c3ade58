# The Debian package (issue 52): `cpack -G DEB` in the build folder makes
# nugget-VERSION-Linux.deb of everything `cmake --install` installs, under
# /usr. scripts/package.sh makes it from a build for any x86-64 CPU
# (-DNUGGET_NATIVE=OFF): a package of a -march=native build runs only on
# CPUs like the one that built it, and cpack warns about that
# (cmake/package_config.cmake).
set(CPACK_PACKAGE_NAME nugget)
set(CPACK_PACKAGE_VENDOR "golden_nugget")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "JC Golden Nugget solver and tools, JC Shock, JC Attract and 5RINGS")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
       "nugget verifies, compares, replays, shows and solves JC Golden Nugget chains (jcgn-1 entries); "
       "games plays and analyses JC Shock, JC Attract and 5RINGS.\n"
       "Documentation and examples in /usr/share/doc/nugget, the browser edition in /usr/share/nugget/web.")
set(CPACK_PACKAGE_CONTACT "golden_nugget maintainers" CACHE STRING "The Debian package's Maintainer field")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Dependencies: from what the programs really link (oneTBB, Boost.Program_options,
# Open MPI when built with it, libstdc++, libc), by dpkg-shlibdeps when it is
# there (package dpkg-dev); else the names of Debian 12 (bookworm) for what
# this configuration links.
find_program(DPKG_SHLIBDEPS dpkg-shlibdeps)
if(DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
  set(deps "libtbb12" "libboost-program-options${Boost_MAJOR_VERSION}.${Boost_MINOR_VERSION}.${Boost_SUBMINOR_VERSION}"
           "libstdc++6" "libc6")
  if(MPI_CXX_FOUND)
    list(APPEND deps "libopenmpi3")
  endif()
  list(JOIN deps ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
endif()
set(CPACK_NUGGET_NATIVE ${NUGGET_NATIVE})  # read by package_config.cmake at cpack time
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_CURRENT_LIST_DIR}/package_config.cmake)
include(CPack)
