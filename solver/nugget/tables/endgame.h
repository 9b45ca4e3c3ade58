// Endgame table: every colour layout (face shown only) within `depth` moves
// of one of the 240 solved layouts, with its exact distance. Built once by a
// breadth-first search backwards from the goals: a predecessor of X by move
// (label, p) is undo(X) provided the move really is (label, p) there.
// Layouts that differ only in the names of the colours, or by one of the 8
// rotations and reflections of the board, are one entry (moves see white
// versus coloured only, and the rules know no direction: symmetry.h):
// depth 4 has 35,910 entries, depth 5 634,851, depth 6 11.0 million (70 MB),
// depth 7 187.5 million (1.0 GB), about an eighth of the entries keyed by
// colours alone (format 1: 286,534, 5.1 M, 88.2 M, 1.50 billion and 8.0 GB).
// Depth 8 (an estimated 3.3 billion entries, 17 GB, a 4th distance bit) is
// not offered: its build would not fit a 24 GB machine.
//
// Layout (one read-only image, the same in memory and on disk, so a file is
// used by mapping it): the 61-bit keys sorted, split into 2^b buckets by their
// top b bits; a bucket index of 2^b + 1 offsets; each entry stores only the
// key's low 61 - b bits and the distance (3 bits), in the fewest whole bytes
// (6 at depth 6, 5 at depth 7). Every layout has the distance it had in the former
// tables keyed by colours alone (the same distances, an eighth of the
// entries). See endgame_store.h for the file.
//
// The beam search treats a layout in the table as reached: the rest of the
// board is then finished optimally by walking down the distances.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "nugget/board.h"

namespace nugget::solve {

// One line of progress or a warning, for the caller to print.
using TableLog = std::function<void(const std::string&)>;
// Asked often while a table is built (about every 0.1 s, from any thread):
// true abandons the build (TableBuildStopped). Ctrl-C during the first
// build of depth 7 (minutes) must not wait for its end.
using TableStop = std::function<bool()>;

// A build abandoned because TableStop said so: nothing was written.
struct TableBuildStopped : std::runtime_error {
  TableBuildStopped() : std::runtime_error("endgame table build stopped") {}
};

struct TableSource;

// Bytes of a table image and what keeps them alive (heap, anonymous memory
// or a read-only file mapping).
struct TableImage {
  std::shared_ptr<const void> hold;
  const uint8_t* base = nullptr;
  size_t bytes = 0;
  bool mapped = false;  // a shared read-only mapping of a cache file
  bool copied = false;  // a cache file read into private memory (huge pages)
};

class EndgameTable {
 public:
  // Builds in memory (no cache): what tests and small depths want.
  // depth 0..7 (3 bits of distance).
  explicit EndgameTable(int depth, const TableLog& progress = {}, const TableStop& stop = {});

  int depth() const { return depth_; }
  size_t size() const { return size_; }
  // Distance to a solved layout, or -1 when farther than depth(). A layout
  // whose line bound (heur::lineBound, admissible) exceeds depth() is
  // answered without touching the table.
  int distance(const Position& pos) const;
  // distance() of n positions at once, into out[0..n). A lookup is two
  // dependent cache misses (the bucket index, then the bucket); here the
  // misses of all n overlap: every index slot is prefetched, then every
  // bucket, then all are searched. The beam asks for a parent's children
  // together (about 20).
  void distances(const Position* const* pos, int n, int* out) const;
  // Key of the shown face's colours up to renaming them and up to the 8
  // symmetries (the hidden face does not matter here): equal for a layout
  // and all its images. 61 bits (store::kKeyBits): the top 8 are
  // keyGroup(coloured cells), the rest a hash of the colour classes of the
  // image the key picks.
  static uint64_t key(const Position& pos);
  // A hash byte of the coloured cells alone (renaming colours keeps them),
  // equal for all their images.
  // The builder splits the key space into slices of whole groups, so it can
  // tell which slice a predecessor's key falls in before computing the key.
  static int keyGroup(Bitboard coloured);
  // Every optimal way to finish from pos (at most `limit` of them), as move
  // lists; pos must be in the table.
  std::vector<std::vector<Move>> finishes(const Position& pos, size_t limit) const;

  // Entries at distance d (0..depth()).
  size_t entriesAt(int d) const;
  // Bytes of the image (header, index, entries): memory when built, file size when mapped.
  size_t bytes() const { return image_.bytes; }
  // True when the image is a read-only mapping of a cache file (shared with
  // every process mapping the same file).
  bool mapped() const { return image_.mapped; }
  // True when the image was read from a cache file into this process's
  // memory, on huge pages (TableSource::hugePages).
  bool copied() const { return image_.copied; }
  // Read from the cache file, either way.
  bool fromCache() const { return image_.mapped || image_.copied; }

  // The image (header first, see endgame_store.h).
  const uint8_t* image() const { return image_.base; }

 private:
  friend std::shared_ptr<const EndgameTable> openEndgameTable(int, const TableSource&);
  explicit EndgameTable(TableImage image);  // adopts an image already checked
  int lookup(uint64_t key) const;
  size_t lowerBound(size_t lo, size_t hi, uint64_t want) const;
  // The distance of key k, looked for in its bucket's entries [lo, hi); -1 when absent.
  int find(uint64_t k, size_t lo, size_t hi) const;
  uint64_t entry(size_t i) const;

  TableImage image_;
  int depth_ = 0;
  size_t size_ = 0;
  int bucketBits_ = 0;  // b: a key's top b bits name its bucket
  int entryBytes_ = 0;
  uint64_t entryMask_ = 0;  // the entryBytes_ low bytes of an 8-byte load
  const uint32_t* index_ = nullptr;
  const uint8_t* entries_ = nullptr;
};

// Where a table comes from. The cache folder: `dir` when set, else
// $NUGGET_TABLE_DIR, else $XDG_CACHE_HOME/nugget, else $HOME/.cache/nugget.
struct TableSource {
  std::string dir;
  bool useCache = true;    // false: build in memory, read and write no file
  int minCachedDepth = 5;  // shallower tables build in well under a second: never cached
  TableLog progress;       // "endgame table depth 6: level 4/6, 5.1 M entries, 12 s"
  TableLog warn;           // one line per problem (bad file, unwritable folder); empty: stderr
  TableStop stop;          // a build is abandoned when it says so (TableBuildStopped); empty: never
  // A cache file is read into memory backed by huge pages (when the kernel
  // offers transparent huge pages): a lookup is a random read in hundreds of
  // MB, and with 4 KB pages nearly every one also misses the TLB (solves
  // 1.3x faster). false: mapped and shared instead, for several processes on
  // one machine (one copy in memory, not one each).
  bool hugePages = true;
};

// The table of this depth: read (or mapped) from the cache file when a
// valid one is there, else built (with progress), written to the cache
// (temp file + rename) and read back. A corrupt, truncated or foreign file is reported and
// rebuilt; an unwritable folder gives a warning and an in-memory table.
std::shared_ptr<const EndgameTable> openEndgameTable(int depth, const TableSource& source = {});

// Whether the cache holds a table of this depth whose header is valid (the
// checksum is not read here): opening it then costs its size in memory, not
// a build's peak.
bool endgameTableCached(int depth, const TableSource& source = {});

// Bytes the table of this depth takes (exact for depths 0..7, whose entry
// counts are known; an estimate beyond), for a memory guard before any work.
size_t endgameTableBytes(int depth);

// The 240 solved colour layouts (face shown; hidden face all white).
std::vector<Position> solvedLayouts();

}  // namespace nugget::solve
