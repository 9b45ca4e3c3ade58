// jcgn-1 reader and verifier (engine/nugget/jcgn.h): any bytes give a
// verdict, never a crash; a valid entry written again verifies the same.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "nugget/jcgn.h"

using namespace nugget;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (bool partial : {false, true}) {
    std::istringstream in(text);
    const jcgn::Verdict v = jcgn::verify(in, partial);
    (void)v.message("fuzz");
    if (!v.ok) continue;
    std::istringstream again(jcgn::toString(v.entry));
    const jcgn::Verdict w = jcgn::verify(again, partial);
    if (!w.ok || w.entry.movesPerBoard() != v.entry.movesPerBoard()) std::abort();
  }
  return 0;
}
