# Read by cpack (CPACK_PROJECT_CONFIG_FILE, cmake/package.cmake): a package
# of a -march=native build (NUGGET_NATIVE, the default) runs only on CPUs
# like the one that built it; scripts/package.sh builds with it off.
if(CPACK_NUGGET_NATIVE)
  message(WARNING "this build is tuned for its machine's CPU (NUGGET_NATIVE=ON): the package may not run on "
                  "other CPUs; scripts/package.sh builds one for any x86-64 CPU (-DNUGGET_NATIVE=OFF)")
endif()
