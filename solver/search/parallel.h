// The fork-join loops of every parallel algorithm here (beam, chain beam,
// endgame table, MCTS): oneTBB's parallel_for and parallel_sort, through one
// header, so that a ThreadSanitizer build (CMake option NUGGET_TSAN,
// scripts/tsan.sh) can be told where they synchronise.
//
// Why: Debian's libtbb is not instrumented. The hand-over of a loop's body
// to the workers, and their return, happen inside it, out of TSan's sight,
// so every read of the caller's variables inside a body would be reported
// as a race. Under TSan the loop announces its fork (a release before it,
// an acquire at the start of each body) and its join (a release at the end
// of each body, an acquire after it): exactly the order parallel_for
// guarantees and nothing more, so two bodies touching the same memory are
// still reported. Sorting runs serially under TSan (its tasks are all
// inside TBB, with no body of ours to annotate); the order it gives is the
// same, the keys sorted being total orders.
#pragma once
#include <algorithm>
#include <functional>

#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/parallel_sort.h>

#if defined(__SANITIZE_THREAD__)
#define NUGGET_TSAN_ANNOTATE 1
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#endif

namespace search {

#ifdef NUGGET_TSAN_ANNOTATE
namespace detail {
// The body as oneTBB calls it: by reference to this object, so `this` comes
// in a register and the sync point it names is known before anything of
// the caller's is read (reading a captured variable first would itself be
// a report). The object's first byte names the fork, its second the join.
template <class Index, class Body>
struct Annotated {
  const Body* body;
  void operator()(Index i) const {
    __tsan_acquire(const_cast<Annotated*>(this));
    (*body)(i);
    __tsan_release(reinterpret_cast<char*>(const_cast<Annotated*>(this)) + 1);
  }
};
}  // namespace detail
#endif

// body(i) for every i in [first, last), in parallel. With an
// affinity_partitioner (oneTBB's), the loop gives each index to the thread
// that had it in the last loop run with that partitioner over the same
// range, so that data a loop wrote is read where it is.
template <class Index, class Body, class... Affinity>
void parallelFor(Index first, Index last, const Body& body, Affinity&... affinity) {
  static_assert(sizeof...(Affinity) <= 1, "one partitioner at most");
#ifdef NUGGET_TSAN_ANNOTATE
  const detail::Annotated<Index, Body> annotated{&body};
  __tsan_release(const_cast<detail::Annotated<Index, Body>*>(&annotated));
  tbb::parallel_for(first, last, annotated, affinity...);
  __tsan_acquire(reinterpret_cast<char*>(const_cast<detail::Annotated<Index, Body>*>(&annotated)) + 1);
#else
  tbb::parallel_for(first, last, body, affinity...);
#endif
}

template <class It, class Less = std::less<>>
void parallelSort(It first, It last, const Less& less = {}) {
#ifdef NUGGET_TSAN_ANNOTATE
  std::sort(first, last, less);
#else
  tbb::parallel_sort(first, last, less);
#endif
}

}  // namespace search
