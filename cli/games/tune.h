// `games tune` (tune.cpp): argv[0] is the subcommand.
#pragma once

namespace gamescli {
int runTune(int argc, char** argv);
}  // namespace gamescli
