// `games bench` (bench.cpp): argv[0] is "bench".
#pragma once

namespace gamescli {
int runBench(int argc, char** argv);
}
