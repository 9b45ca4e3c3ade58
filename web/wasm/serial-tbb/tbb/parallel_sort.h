// Serial stand-in for oneTBB's parallel_sort (see parallel_for.h beside it).
// The solver sorts with strict total orders (keys, or keys then origin), so
// std::sort gives the same order as the parallel sort.
#pragma once
#include <algorithm>
#include <functional>

namespace tbb {

template <class It>
void parallel_sort(It first, It last) {
  std::sort(first, last);
}
template <class It, class Compare>
void parallel_sort(It first, It last, const Compare& comp) {
  std::sort(first, last, comp);
}

}  // namespace tbb
