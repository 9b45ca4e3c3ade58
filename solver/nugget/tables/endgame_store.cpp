#include "nugget/tables/endgame_store.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <bit>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <vector>

#include "search/parallel.h"

namespace nugget::solve::store {
namespace {

// An mmap'ed region, unmapped with the last TableImage that holds it.
struct Mapping {
  void* base = nullptr;
  size_t length = 0;
  ~Mapping() {
    if (base) munmap(base, length);
  }
};

TableImage adopt(void* base, size_t length, size_t bytes, bool mapped) {
  auto m = std::make_shared<Mapping>();
  m->base = base;
  m->length = length;
  return TableImage{m, static_cast<const uint8_t*>(base), bytes, mapped};
}

constexpr uint64_t kK1 = 0x9E3779B185EBCA87ull, kK2 = 0xC2B2AE3D27D4EB4Full;
uint64_t round(uint64_t acc, uint64_t w) { return std::rotl(acc + w * kK2, 31) * kK1; }
uint64_t avalanche(uint64_t h) {
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDull;
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ull;
  return h ^ (h >> 33);
}

// Four independent lanes, so the multiplies overlap (several GB/s a core).
uint64_t blockHash(const uint8_t* p, size_t n, uint64_t seed) {
  uint64_t a = seed + kK1, b = seed + kK2, c = seed, d = seed - kK1;
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    uint64_t w[4];
    std::memcpy(w, p + i, 32);
    a = round(a, w[0]);
    b = round(b, w[1]);
    c = round(c, w[2]);
    d = round(d, w[3]);
  }
  for (; i < n; ++i) a = round(a, p[i]);
  return avalanche(std::rotl(a, 1) ^ std::rotl(b, 7) ^ std::rotl(c, 12) ^ std::rotl(d, 18) ^ n);
}

std::string sizeText(size_t bytes) {
  char s[32];
  std::snprintf(s, sizeof s, "%.1f MB", bytes / 1e6);
  return s;
}

}  // namespace

int bucketBitsFor(uint64_t n) {
  const int log = n ? 63 - std::countl_zero(n) : 0;
  return std::clamp(log - 3, 8, 32);
}

uint64_t expectedEntries(int depth) {
  // Measured (entries of the table of each depth, up to symmetry); beyond
  // (never built: depth <= 7), ~17.4x a level as from 5 to 6 and 6 to 7.
  constexpr uint64_t known[] = {1, 7, 115, 2002, 35910, 634851, 11023349, 187477440};
  constexpr int last = static_cast<int>(std::size(known)) - 1;
  if (depth <= last) return known[std::max(depth, 0)];
  uint64_t n = known[last];
  for (int d = last; d < depth; ++d) n = n * 174 / 10;
  return n;
}

uint64_t keyFingerprint() {
  const Position start = Board::start().pos;
  // The format version too: a new version whose keys happen to agree on these
  // two layouts still reads no older file.
  return EndgameTable::key(start) ^ std::rotl(EndgameTable::key(solvedLayouts()[0]), 17) ^
         (uint64_t{kFormatVersion} * 0x9E3779B97F4A7C15ull);
}

uint64_t checksum(const uint8_t* image, size_t bytes) {
  Header h;
  std::memcpy(&h, image, sizeof h);
  h.checksum = 0;
  constexpr size_t kBlock = size_t{1} << 20;
  const size_t blocks = (bytes - sizeof h + kBlock - 1) / kBlock;
  std::vector<uint64_t> part(blocks);
  search::parallelFor(size_t{0}, blocks, [&](size_t i) {
    const size_t from = sizeof h + i * kBlock;
    part[i] = blockHash(image + from, std::min(kBlock, bytes - from), i);
  });
  uint64_t sum = blockHash(reinterpret_cast<const uint8_t*>(&h), sizeof h, ~uint64_t{0});
  for (uint64_t x : part) sum = avalanche(sum ^ x) + kK1;
  return sum;
}

std::string validate(const uint8_t* image, size_t bytes, int depth, bool full) {
  if (bytes < sizeof(Header)) return "truncated (" + std::to_string(bytes) + " bytes, no header)";
  Header h;
  std::memcpy(&h, image, sizeof h);
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) return "not an endgame table (bad magic)";
  if (h.version != kFormatVersion)
    return "format version " + std::to_string(h.version) + ", this program reads " + std::to_string(kFormatVersion);
  if (h.depth != static_cast<uint32_t>(depth)) return "depth " + std::to_string(h.depth) + ", wanted " + std::to_string(depth);
  if (h.keyFingerprint != keyFingerprint()) return "made with another key function";
  if (h.bucketBits < 8 || h.bucketBits > 32 || h.entryBytes != static_cast<uint32_t>(entryBytesFor(static_cast<int>(h.bucketBits))))
    return "bad layout fields";
  if (h.imageBytes != imageBytes(static_cast<int>(h.bucketBits), h.entries)) return "bad size fields";
  if (bytes != h.imageBytes)
    return (bytes < h.imageBytes ? "truncated (" : "too long (") + std::to_string(bytes) + " bytes, header says " +
           std::to_string(h.imageBytes) + ")";
  uint64_t total = 0;
  for (int d = 0; d < 8; ++d) {
    if (d > depth && h.perDistance[d]) return "entries beyond its depth";
    total += h.perDistance[d];
  }
  if (total != h.entries) return "entry counts disagree";
  if (!full) return {};
  if (checksum(image, bytes) != h.checksum) return "checksum mismatch (corrupt)";
  const auto* index = reinterpret_cast<const uint32_t*>(image + indexOffset());
  if (index[0] != 0 || index[size_t{1} << h.bucketBits] != h.entries) return "bad bucket index";
  return {};
}

TableImage anonymous(size_t reserve) {
  // Aligned to 2 MB (the region is over-reserved, then trimmed), so that
  // every whole 2 MB of it can be one huge page.
  constexpr size_t kHuge = size_t{1} << 21;
  const size_t length = (reserve + kHuge - 1) / kHuge * kHuge;
  void* p = mmap(nullptr, length + kHuge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  auto* raw = static_cast<uint8_t*>(p);
  auto* base = reinterpret_cast<uint8_t*>((reinterpret_cast<uintptr_t>(raw) + kHuge - 1) / kHuge * kHuge);
  if (base > raw) munmap(raw, static_cast<size_t>(base - raw));
  if (const size_t tail = static_cast<size_t>(raw + length + kHuge - (base + length))) munmap(base + length, tail);
  // A table lookup is a random read in hundreds of MB: with 4 KB pages
  // nearly every one also misses the TLB (lookups 1.4x faster on huge pages,
  // endgame_bench BM_NearSolved at depth 6).
#if defined(MADV_HUGEPAGE) && !defined(__EMSCRIPTEN__)  // the browser build has no madvise
  madvise(base, length, MADV_HUGEPAGE);
#endif
  return adopt(base, length, reserve, false);
}

bool hugePagesOffered() {
  std::ifstream f("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string line;
  std::getline(f, line);
  return line.find("[always]") != std::string::npos || line.find("[madvise]") != std::string::npos;
}

void shrink(TableImage& image, size_t used) {
  auto* m = static_cast<Mapping*>(const_cast<void*>(image.hold.get()));
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  const size_t keep = (used + page - 1) / page * page;
  if (keep < m->length) {
    munmap(static_cast<uint8_t*>(m->base) + keep, m->length - keep);
    m->length = keep;
  }
  image.bytes = used;
}

std::string cacheDir(const TableSource& source) {
  if (!source.dir.empty()) return source.dir;
  auto env = [](const char* name) -> std::string {
    const char* v = std::getenv(name);
    return v ? v : "";
  };
  if (auto d = env("NUGGET_TABLE_DIR"); !d.empty()) return d;
  if (auto d = env("XDG_CACHE_HOME"); !d.empty()) return d + "/nugget";
  if (auto d = env("HOME"); !d.empty()) return d + "/.cache/nugget";
  return {};
}

std::string cachePath(const std::string& dir, int depth) {
  return dir + "/endgame-depth" + std::to_string(depth) + "-v" + std::to_string(kFormatVersion) + ".tbl";
}

bool notRegular(const std::string& path, std::string* why) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return false;
  *why = S_ISDIR(st.st_mode) ? "a directory, not a table file" : S_ISFIFO(st.st_mode) ? "a FIFO, not a table file" : "not a regular file";
  return true;
}

int openChecked(const std::string& path, int depth, size_t* bytesOut, std::string* why) {
  // Without blocking: opening a FIFO for reading waits for a writer, for ever.
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    *why = std::strerror(errno);
    return -1;
  }
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    *why = S_ISDIR(st.st_mode) ? "a directory, not a table file" : S_ISFIFO(st.st_mode) ? "a FIFO, not a table file" : "not a regular file";
    close(fd);
    return -1;
  }
  const size_t bytes = static_cast<size_t>(st.st_size);
  Header h{};
  if (bytes < sizeof h || pread(fd, &h, sizeof h, 0) != static_cast<ssize_t>(sizeof h))
    *why = validate(reinterpret_cast<const uint8_t*>(&h), std::min(bytes, sizeof h), depth);
  else
    *why = validate(reinterpret_cast<const uint8_t*>(&h), bytes, depth, false);
  if (!why->empty()) {
    close(fd);
    return -1;
  }
  *bytesOut = bytes;
  return fd;
}

std::optional<TableImage> openFile(const std::string& path, int depth, bool hugePages, std::string* why) {
  // The header first, so a foreign or truncated file is not read in full.
  size_t bytes = 0;
  const int fd = openChecked(path, depth, &bytes, why);
  if (fd < 0) return std::nullopt;
  if (hugePages && hugePagesOffered()) {
    TableImage image = anonymous(bytes);
    auto* to = const_cast<uint8_t*>(image.base);
    for (size_t done = 0; done < bytes;) {
      const ssize_t r = pread(fd, to + done, std::min<size_t>(bytes - done, size_t{1} << 26), static_cast<off_t>(done));
      if (r <= 0) {
        *why = r < 0 ? std::string("read: ") + std::strerror(errno) : std::string("file shrank while read");
        close(fd);
        return std::nullopt;
      }
      done += static_cast<size_t>(r);
    }
    close(fd);
    image.copied = true;
    if (*why = validate(image.base, bytes, depth); !why->empty()) return std::nullopt;
    return image;
  }
  void* p = mmap(nullptr, bytes, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, 0);
  close(fd);
  if (p == MAP_FAILED) {
    *why = std::string("mmap: ") + std::strerror(errno);
    return std::nullopt;
  }
  TableImage image = adopt(p, bytes, bytes, true);
  if (*why = validate(image.base, bytes, depth); !why->empty()) return std::nullopt;
  return image;
}

bool writeFile(const std::string& path, const TableImage& image, std::string* why) {
  // pid and a counter: two processes (or threads) writing at once never share a temp file.
  static std::atomic<unsigned> serial{0};
  const std::string tmp = path + ".tmp." + std::to_string(getpid()) + "." + std::to_string(serial++);
  // O_EXCL: never write through whatever already has the temp file's name.
  const int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    *why = tmp + ": " + std::strerror(errno);
    return false;
  }
  size_t done = 0;
  while (done < image.bytes) {
    const ssize_t w = write(fd, image.base + done, std::min<size_t>(image.bytes - done, size_t{1} << 26));
    if (w <= 0) {
      if (w < 0 && errno == EINTR) continue;
      *why = tmp + ": " + std::strerror(w < 0 ? errno : ENOSPC);
      close(fd);
      unlink(tmp.c_str());
      return false;
    }
    done += static_cast<size_t>(w);
  }
  // No fsync: a file torn by a crash fails its checksum at the next load and is rebuilt.
  if (close(fd) != 0 || rename(tmp.c_str(), path.c_str()) != 0) {
    *why = path + ": " + std::strerror(errno);
    unlink(tmp.c_str());
    return false;
  }
  return true;
}

}  // namespace nugget::solve::store

namespace nugget::solve {

std::shared_ptr<const EndgameTable> openEndgameTable(int depth, const TableSource& source) {
  if (depth < 0 || depth > store::kMaxDepth) throw std::invalid_argument("endgame table depth must be 0..7");
  auto warn = [&](const std::string& line) {
    if (source.warn) source.warn(line); else std::cerr << "warning: " << line << '\n';
  };
  auto fromMemory = [&] { return std::make_shared<const EndgameTable>(depth, source.progress, source.stop); };
  if (!source.useCache || depth < source.minCachedDepth) return fromMemory();
  const std::string dir = store::cacheDir(source);
  if (dir.empty()) {
    warn("endgame table: no cache folder (set NUGGET_TABLE_DIR or HOME); building it in memory");
    return fromMemory();
  }
  // A folder the caller named must exist: created silently, a typo would
  // leave an 8 GB file somewhere unexpected. The default one is created.
  std::error_code ec;
  if (!source.dir.empty() && !std::filesystem::is_directory(source.dir, ec))
    throw std::invalid_argument("endgame table folder " + source.dir + " does not exist or is not a folder");
  const std::string path = store::cachePath(dir, depth);
  const auto t0 = std::chrono::steady_clock::now();
  std::string why;
  // Anything but a regular file at the path (a FIFO, a device, a folder) is
  // left alone: not read (a FIFO would block), not replaced.
  if (store::notRegular(path, &why)) {
    warn("endgame table " + path + ": " + why + "; building the table in memory and leaving it alone");
    return fromMemory();
  }
  if (std::filesystem::exists(path, ec)) {
    if (auto image = store::openFile(path, depth, source.hugePages, &why)) {
      std::shared_ptr<const EndgameTable> table(new EndgameTable(std::move(*image)));
      if (source.progress) {
        char line[512];
        std::snprintf(line, sizeof line, "endgame table depth %d: %s %s (%zu entries, %s), %.2f s", depth,
                      table->copied() ? "read into huge pages from" : "mapped", path.c_str(), table->size(), store::sizeText(table->bytes()).c_str(),
                      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        source.progress(line);
      }
      return table;
    }
    warn("endgame table " + path + ": " + why + "; rebuilding it");
  }
  // A file of an older format is never read again, and format 1's depth 7
  // took 8 GB: say where it is (deleting is the user's call).
  for (uint32_t v = 1; v < store::kFormatVersion; ++v) {
    const std::string old = dir + "/endgame-depth" + std::to_string(depth) + "-v" + std::to_string(v) + ".tbl";
    if (std::filesystem::is_regular_file(old, ec))
      warn("endgame table " + old + " is of an older format that is no longer read (" +
           store::sizeText(std::filesystem::file_size(old, ec)) + "); delete it to free the space");
  }
  TableImage built = store::buildImage(depth, source.progress, 0, source.stop);
  if (source.dir.empty()) std::filesystem::create_directories(dir, ec);
  // Checked again: something that is not a regular file may have appeared
  // at the path while the table was built (rename would replace it).
  if (store::notRegular(path, &why)) {
    warn("endgame table " + path + ": " + why + "; using the table from memory and leaving it alone");
    return std::shared_ptr<const EndgameTable>(new EndgameTable(std::move(built)));
  }
  if (!store::writeFile(path, built, &why)) {
    warn("endgame table: cannot write the cache (" + why + "); using the table from memory");
    return std::shared_ptr<const EndgameTable>(new EndgameTable(std::move(built)));
  }
  // The builder's image already is what a later run would read the file
  // into (anonymous memory on huge pages): keep it (no second copy, which at
  // depth 7 would be 8 GB more). Mapped and shared instead: open the file
  // just written and drop the builder's copy.
  if (source.hugePages && store::hugePagesOffered()) return std::shared_ptr<const EndgameTable>(new EndgameTable(std::move(built)));
  if (auto image = store::openFile(path, depth, source.hugePages, &why)) return std::shared_ptr<const EndgameTable>(new EndgameTable(std::move(*image)));
  warn("endgame table " + path + ": " + why + " right after writing it; using the table from memory");
  return std::shared_ptr<const EndgameTable>(new EndgameTable(std::move(built)));
}

bool endgameTableCached(int depth, const TableSource& source) {
  if (!source.useCache || depth < source.minCachedDepth || depth < 0 || depth > store::kMaxDepth) return false;
  const std::string dir = store::cacheDir(source);
  if (dir.empty()) return false;
  size_t bytes = 0;
  std::string why;
  const int fd = store::openChecked(store::cachePath(dir, depth), depth, &bytes, &why);
  if (fd < 0) return false;
  close(fd);
  return true;
}

size_t endgameTableBytes(int depth) {
  const uint64_t n = store::expectedEntries(depth);
  return store::imageBytes(store::bucketBitsFor(n), n);
}

}  // namespace nugget::solve
