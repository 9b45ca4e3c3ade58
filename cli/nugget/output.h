// Files the nugget commands write (entries, checkpoints, SVG pictures):
// checked before any work, written atomically in their own folder.
#pragma once
#include <sys/types.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace nugget::cli {

// Why `path` cannot be written as an output of option `option` ("--out"),
// or "" when it can: its folder must exist and be writable (tried by
// creating and removing a file there), it must not be a directory, and it
// must not be the same file as any of `inputs`. Run before any work, so a
// long solve never fails at its end for a reason known at its start.
std::string outputProblem(const std::string& path, const std::string& option,
                          const std::vector<std::string>& inputs = {});

// A failed write: the message names the file and the system's reason.
struct WriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The write(2) the writer uses; tests pass one that fails like a full disk.
using WriteFn = ssize_t (*)(int fd, const void* data, size_t size);

// Writes `text` to a new temporary file in path's own folder (so the rename
// cannot cross file systems), flushes it to disk, then renames it over
// `path`. On any failure the temporary file is removed, `path` is left as it
// was (a previous checkpoint stays intact) and WriteError is thrown.
void writeAtomically(const std::string& path, const std::string& text, WriteFn write = nullptr);

// Removes the temporary files writeAtomically(path) leaves when the process
// is killed mid-write (kill -9, power loss): `path`.tmp.XXXXXX in path's
// folder. Returns the names removed. A solve calls it for its entry and its
// checkpoint before its first write: one solve writes a given output.
std::vector<std::string> removeStaleTemporaries(const std::string& path);

}  // namespace nugget::cli
