// The endgame table's image and its cache file (internal to solver/nugget).
//
// Image = file, byte for byte (little-endian, as the machines we run on):
//   Header (128 bytes) | bucket index: (2^b + 1) uint32 | entries: n x W bytes | 8 zero bytes
// Entry i of bucket j (keys whose top b bits are j) holds, in its W low
// bytes, (key's low kKeyBits-b bits) << 3 | distance; entries sorted, so a bucket
// is sorted by key. The trailing zero bytes let every entry be read with one
// unaligned 8-byte load.
//
// Trust: a file is used only when its magic, format version, depth, key
// fingerprint (key() of fixed layouts: a changed key function makes old files
// foreign), layout fields, size and checksum all agree. The checksum
// (64-bit, over everything but its own field) is verified in full on every
// load: at depth 6 (format 1, 563 MB) that was 0.2-0.3 s from the page
// cache and ~0.5 s when the file must be read again (two threads, measured), and it pre-faults the
// pages the lookups will touch anyway, so a sampled check would save little
// and trust more.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "nugget/tables/endgame.h"

namespace nugget::solve::store {

constexpr char kMagic[8] = {'J', 'C', 'G', 'N', '-', 'E', 'G', 'T'};
// 2: keys up to symmetry (an eighth of version 1's entries); a version 1
// file has another name (cachePath) and another key fingerprint.
constexpr uint32_t kFormatVersion = 2;
constexpr int kMaxDepth = 7;  // distances take 3 bits

struct Header {
  char magic[8];
  uint32_t version;
  uint32_t depth;
  uint32_t bucketBits;
  uint32_t entryBytes;
  uint64_t keyFingerprint;
  uint64_t entries;
  uint64_t perDistance[8];
  uint64_t imageBytes;  // the whole file
  uint64_t checksum;    // of the image with this field read as zero
  uint8_t reserved[128 - 120];
};
static_assert(sizeof(Header) == 128);

// b for a table of about n entries: buckets of 8 to 16 entries on average.
int bucketBitsFor(uint64_t n);
// Keys are kKeyBits wide: the key group in the top 8, a hash below. 61
// bits, not 64: the table of depth 7 has an eighth of format 1's entries,
// so 3 bits fewer give any layout not in it the same small chance as then
// of matching an entry (entries / 2^kKeyBits, 1e-10 at depth 7), and they
// make its entries 5 bytes, not 6 (1.0 GB, not 1.2).
constexpr int kKeyBits = 61;
inline uint64_t lowKeyMask(int bucketBits) { return (uint64_t{1} << (kKeyBits - bucketBits)) - 1; }
// W: whole bytes for kKeyBits - b key bits and 3 distance bits.
inline int entryBytesFor(int bucketBits) { return (kKeyBits - bucketBits + 3 + 7) / 8; }
inline size_t indexOffset() { return sizeof(Header); }
inline size_t entriesOffset(int bucketBits) { return indexOffset() + ((size_t{1} << bucketBits) + 1) * 4; }
inline size_t imageBytes(int bucketBits, uint64_t n) {
  return entriesOffset(bucketBits) + n * entryBytesFor(bucketBits) + 8;
}
// Entries of the table of this depth: known counts for 0..7 (measured), an estimate beyond.
uint64_t expectedEntries(int depth);

uint64_t keyFingerprint();
// Checksum of an image (Header::checksum read as zero), in parallel blocks.
uint64_t checksum(const uint8_t* image, size_t bytes);
// Why an image of `bytes` bytes is not a valid table of this depth (empty:
// it is). Not `full`: the header alone (image may be just the header).
std::string validate(const uint8_t* image, size_t bytes, int depth, bool full = true);

// Bytes of one level's candidates held at a time while building (estimated
// at 48 a layout of the level before, which the depths measured here come
// close to): a level with more is built in that many slices, passes over
// its frontier. Depth 6: 256 MB, one slice, 0.35 GB at the peak. Depth 7:
// 512 MB, 7 slices; 1.7 GB at the peak (the 1.0 GB image, the 0.25 GB
// frontier, one slice's candidates), 161 s of CPU, most of it sorting
// (measured; format 1's depth 7 took 17 slices, 926 s and 14.2 GB).
size_t candidateBudget(int depth);
// Builds the image of this depth in anonymous memory (endgame.cpp). The
// image does not depend on the budget (a test builds it in many slices).
// `stop` abandons the build (throws TableBuildStopped) within about 0.1 s
// of saying so, the sort of one slice aside (~1 s at depth 7 on 2 cores).
TableImage buildImage(int depth, const TableLog& progress, size_t budget = 0,  // 0: candidateBudget(depth)
                      const TableStop& stop = {});

// Anonymous zeroed memory of `reserve` bytes, committed only where written,
// on huge pages where the kernel offers them.
TableImage anonymous(size_t reserve);
// Gives back the untouched tail of an anonymous image beyond `used` bytes.
void shrink(TableImage& image, size_t used);

// The cache folder as TableSource says (empty when none can be named).
std::string cacheDir(const TableSource& source);
std::string cachePath(const std::string& dir, int depth);
// Whether the kernel backs anonymous memory with huge pages when asked
// (transparent huge pages `always` or `madvise`).
bool hugePagesOffered();
// Whether something that is not a regular file (a FIFO, a device, a
// folder) is at path (following links), with what it is in *why.
bool notRegular(const std::string& path, std::string* why);
// Opens a file whose header is a valid table header of this depth for its
// size (the checksum is not read): the descriptor, and its size in
// *bytes; -1 with the reason when not. Opened without blocking, and
// refused unless a regular file: a FIFO at the path never makes it wait.
int openChecked(const std::string& path, int depth, size_t* bytes, std::string* why);
// Opens a cache file: read into anonymous memory backed by huge pages
// (hugePages, and the kernel offers them), else mapped read-only and shared;
// nullopt with the reason when it is not a valid table of this depth.
std::optional<TableImage> openFile(const std::string& path, int depth, bool hugePages, std::string* why);
// Writes the image to a temp file in the same folder (named with the pid and
// a counter), then renames it onto path; false with the reason on any failure.
bool writeFile(const std::string& path, const TableImage& image, std::string* why);

}  // namespace nugget::solve::store
