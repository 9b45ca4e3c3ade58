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

template <class Index, class Body>
void parallel_for(Index first, Index last, const Body& body) {
  for (Index i = first; i < last; ++i) body(i);
}

template <class Index, class Body>
void parallel_for(Index first, Index last, const Body& body, affinity_partitioner&) {
  parallel_for(first, last, body);
}

}  // namespace tbb
