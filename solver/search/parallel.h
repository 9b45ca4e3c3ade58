// The parallel boundary of the project: every parallel algorithm (beam,
// chain beam, endgame table, MCTS) forks and joins through this header and
// names no oneTBB type of its own. It owns
//   parallelFor, parallelSort   the fork-join loops;
//   AffinityPartitioner         loops that give an index to the thread that
//                               had it last time (beam.h's chunk loops);
//   onThreads(n, body)          body(0..n-1) on up to n threads of their own
//                               arena (MCTS's root-parallel trees);
//   ThreadLimit                 at most n threads for the program's loops
//                               while it lives;
// and the serial path: under Emscripten (the browser build: oneTBB does not
// exist in wasm) or with NUGGET_SERIAL defined (CMake option NUGGET_SERIAL)
// every loop runs its indices one after another on the calling thread. The
// algorithms write each index's result to its own slot and merge in index
// order, and sort by total orders, so the serial path gives the same results
// as any number of threads (Beam.SameResultWithOneOrTwoThreads checks that).
//
// Why the loops are wrapped at all: a ThreadSanitizer build (CMake option
// NUGGET_TSAN, scripts/tsan.sh) must be told where they synchronise.
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
#include <cstddef>
#include <functional>
#include <memory>

#if defined(__EMSCRIPTEN__) || defined(NUGGET_SERIAL)
#define NUGGET_SERIAL_LOOPS 1
#else
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>
#endif

#if defined(__SANITIZE_THREAD__)
#define NUGGET_TSAN_ANNOTATE 1
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#endif

namespace search {

#ifdef NUGGET_SERIAL_LOOPS
// With one thread there is no affinity to keep.
struct AffinityPartitioner {};
#else
using AffinityPartitioner = tbb::affinity_partitioner;
#endif

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
// AffinityPartitioner, the loop gives each index to the thread that had it
// in the last loop run with that partitioner over the same range, so that
// data a loop wrote is read where it is.
template <class Index, class Body, class... Affinity>
void parallelFor(Index first, Index last, const Body& body, Affinity&... affinity) {
  static_assert(sizeof...(Affinity) <= 1, "one partitioner at most");
#if defined(NUGGET_SERIAL_LOOPS)
  ((void)affinity, ...);
  for (Index i = first; i < last; ++i) body(i);
#elif defined(NUGGET_TSAN_ANNOTATE)
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
#if defined(NUGGET_SERIAL_LOOPS) || defined(NUGGET_TSAN_ANNOTATE)
  std::sort(first, last, less);
#else
  tbb::parallel_sort(first, last, less);
#endif
}

// body(t) for every t in [0, threads), each on a thread of an arena of
// `threads` threads (so that the loop gets them even when the program's
// other loops are limited to fewer); serially on the serial path.
template <class Body>
void onThreads(int threads, const Body& body) {
#ifdef NUGGET_SERIAL_LOOPS
  for (int t = 0; t < threads; ++t) body(t);
#else
  tbb::task_arena arena(threads);
  arena.execute([&] { parallelFor(0, threads, body); });
#endif
}

// While it lives, the program's parallel loops use at most `threads`
// threads (0: no limit). Serially there is one thread anyway.
class ThreadLimit {
 public:
  explicit ThreadLimit(int threads) {
#ifndef NUGGET_SERIAL_LOOPS
    if (threads > 0)
      control_ = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                       static_cast<std::size_t>(threads));
#else
    (void)threads;
#endif
  }

 private:
#ifndef NUGGET_SERIAL_LOOPS
  std::unique_ptr<tbb::global_control> control_;
#endif
};

}  // namespace search
