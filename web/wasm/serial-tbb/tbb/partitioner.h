// Serial stand-in for oneTBB's affinity_partitioner, for the WebAssembly
// build only (see parallel_for.h beside it): with one thread there is no
// affinity to keep.
#pragma once

namespace tbb {

class affinity_partitioner {};

}  // namespace tbb
