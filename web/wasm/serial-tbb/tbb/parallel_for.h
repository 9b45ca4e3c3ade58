// Serial stand-in for oneTBB's parallel_for, for the WebAssembly build only
// (scripts/web.sh puts web/wasm/serial-tbb first on the include path; oneTBB
// does not exist in wasm). The solver's loops write each index's result to
// its own slot and merge them in index order afterwards, so running the
// indices one after another gives the same result as any number of threads
// (the native tests check that byte for byte: Beam.SameResultWithOneOrTwoThreads).
#pragma once
#include <cstddef>

#include "tbb/partitioner.h"

namespace tbb {

// The partitioner, if any (affinity_partitioner), has nothing to do here.
template <class Index, class Body, class... Partitioner>
void parallel_for(Index first, Index last, const Body& body, Partitioner&...) {
  for (Index i = first; i < last; ++i) body(i);
}

}  // namespace tbb
