// What `--version` prints, the same for every program: one version, the
// CMake project's (CMakeLists.txt), passed in as NUGGET_VERSION.
#pragma once
#include <string>

#ifndef NUGGET_VERSION
#define NUGGET_VERSION "unknown"
#endif

namespace cli {

// "nugget 0.5.0", "games 0.5.0": the program's name, then the version.
inline std::string versionLine(const std::string& program) { return program + " " NUGGET_VERSION; }

}  // namespace cli
