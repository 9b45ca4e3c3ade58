// The endgame table's compact layout against a plain breadth-first search,
// and its cache file: written, mapped, equal to a built table; corrupt,
// truncated or foreign files rebuilt; no cache and an unwritable folder still
// give a table. Every cache lives in a fresh temp folder, never the home one.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <algorithm>
#include <random>
#include <thread>
#include <unordered_map>

#include "nugget/tables/endgame.h"
#include "nugget/tables/endgame_store.h"
#include "nugget/symmetry.h"

using namespace nugget;
using namespace nugget::solve;
namespace fs = std::filesystem;

namespace {

// A layout's key up to renaming colours only (no symmetry): the format 1
// table's classes. The colour masks in order of their lowest cell, hashed.
uint64_t renamedKey(const Position& pos) {
  auto masks = pos.colourMasks();
  std::sort(masks.begin(), masks.end(), [](Bitboard a, Bitboard b) {
    return (a ? a & (~a + 1) : ~Bitboard{0}) < (b ? b & (~b + 1) : ~Bitboard{0});
  });
  uint64_t h = 0x243F6A8885A308D3ull;
  for (Bitboard x : masks) h = (h ^ x) * 0x9E3779B97F4A7C15ull ^ (h >> 29);
  return h;
}

// The former table's definition, kept simple and without symmetry: a map
// from renamedKey to the first level that reached it, the frontier expanded
// by every real predecessor. `layouts` gets one layout of each class.
std::unordered_map<uint64_t, int> referenceTable(int depth, std::vector<Position>* layouts = nullptr) {
  std::unordered_map<uint64_t, int> dist;
  std::vector<Position> frontier;
  for (const Position& p : solvedLayouts())
    if (dist.emplace(renamedKey(p), 0).second) frontier.push_back(p);
  if (layouts) *layouts = frontier;
  for (int d = 1; d <= depth; ++d) {
    std::vector<Position> next;
    for (const Position& x : frontier)
      for (int label = 0; label < kLabels; ++label)
        for (int p = 2; p <= 7; ++p) {
          const Move m{static_cast<uint8_t>(label), static_cast<uint8_t>(p)};
          Position prev = x;
          prev.undo(m);
          if (prev.farthestWhite(label) == p && dist.emplace(renamedKey(prev), d).second) next.push_back(prev);
        }
    if (layouts) layouts->insert(layouts->end(), next.begin(), next.end());
    frontier.swap(next);
  }
  return dist;
}

// Layouts 0..8 random legal moves away from a solved one (forward moves, so
// some come back closer), the mix the beam asks about near its goals.
std::vector<Position> nearSolved(int count, uint32_t seed) {
  std::mt19937 rng(seed);
  const auto goals = solvedLayouts();
  std::vector<Position> out;
  for (int i = 0; i < count; ++i) {
    Position p = goals[rng() % goals.size()];
    for (int s = i % 9; s > 0; --s) {
      const MoveList moves = p.legalMoves();
      p.apply(moves[static_cast<int>(rng() % moves.size)]);
    }
    out.push_back(p);
  }
  return out;
}

struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "endgame_test.XXXXXX").string();
    path = mkdtemp(tmpl.data());
  }
  ~TempDir() { fs::remove_all(path); }
};

// A source caching every depth in `dir`, with its warnings collected.
struct Source {
  TableSource source;
  Source(const Source&) = delete;  // the warning hook points at this object
  std::vector<std::string> warnings;
  explicit Source(const fs::path& dir) {
    source.dir = dir.string();
    source.minCachedDepth = 0;
    source.warn = [this](const std::string& w) { warnings.push_back(w); };
  }
};

void expectSameTable(const EndgameTable& a, const EndgameTable& b) {
  ASSERT_EQ(a.depth(), b.depth());
  EXPECT_EQ(a.size(), b.size());
  for (int d = 0; d <= a.depth(); ++d) EXPECT_EQ(a.entriesAt(d), b.entriesAt(d));
  for (const Position& p : nearSolved(3000, 17)) ASSERT_EQ(a.distance(p), b.distance(p));
}

void patchFile(const fs::path& file, size_t offset, const void* bytes, size_t n) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(static_cast<std::streamoff>(offset));
  f.write(static_cast<const char*>(bytes), static_cast<std::streamsize>(n));
}

}  // namespace

TEST(EndgameTable, SameDistancesAsAPlainSearchWithoutSymmetry) {
  for (int depth = 0; depth <= 4; ++depth) {
    const EndgameTable table(depth);
    std::vector<Position> layouts;
    const auto ref = referenceTable(depth, &layouts);
    // One entry per class of the plain search's layouts under the symmetries.
    std::set<uint64_t> classes;
    for (const Position& p : layouts) classes.insert(EndgameTable::key(p));
    ASSERT_EQ(table.size(), classes.size()) << depth;
    EXPECT_LT(table.size() * 7, ref.size() + 300) << depth;  // about an eighth (depth 4: 286,534 without symmetry)
    EXPECT_EQ(table.size(), store::expectedEntries(depth)) << depth;
    EXPECT_EQ(table.bytes(), endgameTableBytes(depth)) << depth;
    size_t sum = 0;
    for (int d = 0; d <= depth; ++d) sum += table.entriesAt(d);
    EXPECT_EQ(sum, table.size());
    for (const Position& p : nearSolved(5000, 3 + depth)) {
      const auto it = ref.find(renamedKey(p));
      ASSERT_EQ(table.distance(p), it == ref.end() ? -1 : it->second) << depth;
    }
    // Every layout of the plain search, and its images, at its distance.
    std::mt19937 rng(depth);
    for (int i = 0; i < 3000 && !layouts.empty(); ++i) {
      const Position& p = layouts[rng() % layouts.size()];
      const Position image = mapPosition(static_cast<int>(rng() % kSymmetries), p);
      ASSERT_EQ(table.distance(image), ref.at(renamedKey(p))) << depth;
    }
  }
}

TEST(EndgameTable, KeyIsEqualForAllImagesOfALayout) {
  // Random layouts far from and near the goals (their coloured cells often
  // have a symmetry of their own there, which the tie-break settles), the
  // goals themselves, and all renamings of the colours of a few.
  std::vector<Position> positions = nearSolved(2000, 41);
  std::mt19937 rng(43);
  Position walk = Board::start().pos;
  for (int i = 0; i < 2000; ++i) {
    const MoveList moves = walk.legalMoves();
    walk.apply(moves[static_cast<int>(rng() % moves.size)]);
    positions.push_back(walk);
  }
  for (const Position& p : solvedLayouts()) positions.push_back(p);
  std::set<uint64_t> keys;
  for (const Position& p : positions) {
    const uint64_t k = EndgameTable::key(p);
    keys.insert(k);
    for (int g = 0; g < kSymmetries; ++g) {
      const Position image = mapPosition(g, p);
      ASSERT_EQ(EndgameTable::key(image), k) << g;
      ASSERT_EQ(EndgameTable::keyGroup(image.coloured()), static_cast<int>(k >> (store::kKeyBits - 8))) << g;
    }
  }
  // Distinct classes keep distinct keys (the walk's layouts are nearly all distinct).
  EXPECT_GT(keys.size(), 3000u);
  // All 240 goals are one class: the colours renamed and the stripes turned.
  std::set<uint64_t> goals;
  for (const Position& p : solvedLayouts()) goals.insert(EndgameTable::key(p));
  EXPECT_EQ(goals.size(), 1u);
}

TEST(EndgameTable, DepthFiveDistancesAgreeWithEveryMove) {
  // Depth 5 is too large for the plain search in a test; its distances are
  // checked by what defines them: 0 exactly at the goals, else one more than
  // the least over the legal moves (-1: no move leads within depth - 1).
  const EndgameTable table(5);
  EXPECT_EQ(table.size(), store::expectedEntries(5));
  for (const Position& p : nearSolved(4000, 47)) {
    const int d = table.distance(p);
    int best = -1;
    for (Move m : p.legalMoves()) {
      Position child = p;
      child.apply(m);
      const int c = table.distance(child);
      if (c >= 0 && (best < 0 || c < best)) best = c;
    }
    if (p.solved()) {
      ASSERT_EQ(d, 0);
    } else if (best >= 0 && best < table.depth()) {
      ASSERT_EQ(d, best + 1);
    } else {
      ASSERT_EQ(d, -1);
    }
  }
}

TEST(EndgameTable, BuiltInSlicesEqualsBuiltAtOnce) {
  // Depths 6 and 7 are built in slices of the key space (ranges of the key's
  // top byte, keyGroup); a budget of a few KB makes depth 4 take many slices
  // at every level: the image must be the same, byte for byte.
  const TableImage whole = store::buildImage(4, {});
  std::vector<std::string> lines;
  const TableImage sliced = store::buildImage(4, [&](const std::string& l) { lines.push_back(l); }, 4096);
  ASSERT_EQ(whole.bytes, sliced.bytes);
  EXPECT_EQ(std::memcmp(whole.base, sliced.base, whole.bytes), 0);
  bool manyParts = false;
  for (const auto& l : lines) manyParts |= l.find("level 4/4 part 2/") != std::string::npos;
  EXPECT_TRUE(manyParts) << "the budget did not split the last level";
}

TEST(EndgameTable, LayoutsWalkedBackFromSolvedAreFound) {
  // Every layout d real moves before a solved one (all of them, for d <= 2,
  // then a sample) is in the depth-3 table at distance <= d.
  const EndgameTable table(3);
  std::vector<Position> frontier = solvedLayouts();
  for (int d = 0; d <= 3; ++d) {
    std::vector<Position> next;
    for (const Position& x : frontier) {
      const int got = table.distance(x);
      ASSERT_GE(got, 0) << d;
      ASSERT_LE(got, d);
      for (int label = 0; label < kLabels && next.size() < 50000; ++label)
        for (int p = 2; p <= 7; ++p) {
          const Move m{static_cast<uint8_t>(label), static_cast<uint8_t>(p)};
          Position prev = x;
          prev.undo(m);
          if (prev.farthestWhite(label) == p) next.push_back(prev);
        }
    }
    frontier.swap(next);
  }
}

TEST(EndgameCache, WrittenThenMappedAndEqualToABuiltTable) {
  TempDir tmp;
  Source s(tmp.path);
  std::vector<std::string> progress;
  s.source.progress = [&](const std::string& line) { progress.push_back(line); };
  const auto built = openEndgameTable(4, s.source);
  EXPECT_TRUE(s.warnings.empty());
  ASSERT_TRUE(fs::exists(store::cachePath(tmp.path.string(), 4)));
  // On huge pages the builder's image is kept (a read of the file would give
  // the same memory); mapped, the builder's copy is dropped for the file's.
  EXPECT_EQ(built->fromCache(), !(s.source.hugePages && store::hugePagesOffered()));
  ASSERT_FALSE(progress.empty());
  EXPECT_NE(progress.front().find("endgame table depth 4: level 0/4"), std::string::npos) << progress.front();

  progress.clear();
  const auto loaded = openEndgameTable(4, s.source);
  EXPECT_TRUE(s.warnings.empty());
  EXPECT_TRUE(loaded->fromCache());
  ASSERT_EQ(progress.size(), 1u);
  EXPECT_NE(progress[0].find(loaded->copied() ? "read into huge pages from" : "mapped"), std::string::npos) << progress[0];
  EXPECT_EQ(fs::file_size(store::cachePath(tmp.path.string(), 4)), loaded->bytes());
  expectSameTable(EndgameTable(4), *loaded);
  // No temp file is left behind.
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(tmp.path)) ++files;
  EXPECT_EQ(files, 1);
}

TEST(EndgameCache, CachedTellsAValidFileFromNoneOrABadOne) {
  // The memory guard counts a cached table at its size, a build at 2x.
  TempDir tmp;
  Source s(tmp.path);
  EXPECT_FALSE(endgameTableCached(3, s.source));
  openEndgameTable(3, s.source);
  EXPECT_TRUE(endgameTableCached(3, s.source));
  EXPECT_FALSE(endgameTableCached(2, s.source));  // another depth
  s.source.useCache = false;
  EXPECT_FALSE(endgameTableCached(3, s.source));
  s.source.useCache = true;
  fs::resize_file(store::cachePath(tmp.path.string(), 3), 1000);  // truncated
  EXPECT_FALSE(endgameTableCached(3, s.source));
}

TEST(EndgameCache, CorruptTruncatedOrForeignFilesAreRebuilt) {
  TempDir tmp;
  Source s(tmp.path);
  const fs::path file = store::cachePath(tmp.path.string(), 3);
  openEndgameTable(3, s.source);
  const auto good = fs::file_size(file);
  const EndgameTable reference(3);

  auto reopen = [&](const char* expected) {
    s.warnings.clear();
    const auto t = openEndgameTable(3, s.source);
    ASSERT_EQ(s.warnings.size(), 1u) << expected;
    EXPECT_NE(s.warnings[0].find(expected), std::string::npos) << s.warnings[0];
    EXPECT_NE(s.warnings[0].find("rebuilding"), std::string::npos) << s.warnings[0];
    expectSameTable(reference, *t);
    // The rebuilt file is good again.
    s.warnings.clear();
    EXPECT_TRUE(openEndgameTable(3, s.source)->fromCache());
    EXPECT_TRUE(s.warnings.empty());
    EXPECT_EQ(fs::file_size(file), good);
  };

  // One flipped bit in the entries, then in the bucket index.
  for (size_t offset : {static_cast<size_t>(good - 20), store::indexOffset() + 100}) {
    char byte = 0;
    std::ifstream(file, std::ios::binary).seekg(static_cast<std::streamoff>(offset)).read(&byte, 1);
    byte ^= 0x10;
    patchFile(file, offset, &byte, 1);
    reopen("checksum");
  }
  fs::resize_file(file, good - 1000);
  reopen("truncated");
  fs::resize_file(file, 60);
  reopen("truncated");
  patchFile(file, 0, "NOTATABL", 8);
  reopen("bad magic");
  const uint32_t version = 99;
  patchFile(file, offsetof(store::Header, version), &version, 4);
  reopen("format version");
  // A file of this version whose keys were made another way (as format 1's,
  // without symmetry): its fingerprint differs.
  const uint64_t fingerprint = store::keyFingerprint() ^ 1;
  patchFile(file, offsetof(store::Header, keyFingerprint), &fingerprint, 8);
  reopen("another key function");
  // The depth-2 table under the depth-3 name: foreign.
  openEndgameTable(2, s.source);
  fs::copy_file(store::cachePath(tmp.path.string(), 2), file, fs::copy_options::overwrite_existing);
  reopen("depth 2, wanted 3");
  {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << "not a table at all, but long enough to hold a header? "
                                                                  "no: a text file of a few dozen bytes\n";
  }
  reopen("truncated");
}

// A cache file is read into huge pages when the kernel offers them, and
// mapped (shared) when asked to or when it does not; the same table either way.
TEST(EndgameCache, ReadIntoHugePagesOrMappedOnRequest) {
  TempDir tmp;
  Source s(tmp.path);
  openEndgameTable(4, s.source);
  const auto copied = openEndgameTable(4, s.source);
  EXPECT_EQ(copied->copied(), store::hugePagesOffered());
  EXPECT_EQ(copied->mapped(), !store::hugePagesOffered());
  s.source.hugePages = false;
  const auto mapped = openEndgameTable(4, s.source);
  EXPECT_TRUE(mapped->mapped());
  EXPECT_FALSE(mapped->copied());
  EXPECT_TRUE(s.warnings.empty());
  expectSameTable(*copied, *mapped);
}

TEST(EndgameCache, DisabledWritesNothing) {
  TempDir tmp;
  Source s(tmp.path);
  s.source.useCache = false;
  const auto t = openEndgameTable(3, s.source);
  EXPECT_FALSE(t->fromCache());
  EXPECT_TRUE(fs::is_empty(tmp.path));
  expectSameTable(EndgameTable(3), *t);
  // Small depths are not cached by default either.
  s.source.useCache = true;
  s.source.minCachedDepth = 5;
  EXPECT_FALSE(openEndgameTable(3, s.source)->fromCache());
  EXPECT_TRUE(fs::is_empty(tmp.path));
}

TEST(EndgameCache, UnwritableFolderWarnsAndBuildsInMemory) {
  TempDir tmp;
  // A folder below a regular file can be neither made nor written, even by
  // root. The default folder (here from the environment) is made when missing.
  std::ofstream(tmp.path / "file") << "x";
  const char* was = getenv("NUGGET_TABLE_DIR");
  const std::string saved = was ? was : "";
  setenv("NUGGET_TABLE_DIR", (tmp.path / "file" / "cache").c_str(), 1);
  Source s(tmp.path);
  s.source.dir.clear();
  const auto t = openEndgameTable(3, s.source);
  if (was) setenv("NUGGET_TABLE_DIR", saved.c_str(), 1); else unsetenv("NUGGET_TABLE_DIR");
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find("cannot write"), std::string::npos) << s.warnings[0];
  EXPECT_FALSE(t->fromCache());
  expectSameTable(EndgameTable(3), *t);
}

TEST(EndgameCache, AnOlderFormatsFileIsNamedAndLeftAlone) {
  TempDir tmp;
  Source s(tmp.path);
  const fs::path old = tmp.path / "endgame-depth3-v1.tbl";
  std::ofstream(old) << "format 1 table";
  EXPECT_FALSE(openEndgameTable(3, s.source)->fromCache());
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find("older format"), std::string::npos) << s.warnings[0];
  EXPECT_TRUE(fs::exists(old));
  s.warnings.clear();
  EXPECT_TRUE(openEndgameTable(3, s.source)->fromCache());  // once the new file is there, no more word
  EXPECT_TRUE(s.warnings.empty());
}

TEST(EndgameCache, ANamedFolderThatDoesNotExistIsRefusedAndNotMade) {
  TempDir tmp;
  Source s(tmp.path / "missing" / "dir");
  try {
    openEndgameTable(3, s.source);
    FAIL() << "a missing named folder was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("does not exist"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(tmp.path / "missing"));
}

TEST(EndgameCache, AFifoOrAFolderAtTheCachePathNeitherBlocksNorIsReplaced) {
  // Opening a FIFO for reading would wait for a writer for ever; renaming
  // the built table onto it would replace what someone put there.
  TempDir tmp;
  Source s(tmp.path);
  const fs::path file = store::cachePath(tmp.path.string(), 3);
  ASSERT_EQ(mkfifo(file.c_str(), 0644), 0);
  const auto t = openEndgameTable(3, s.source);
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find("FIFO"), std::string::npos) << s.warnings[0];
  EXPECT_FALSE(t->fromCache());
  expectSameTable(EndgameTable(3), *t);
  EXPECT_TRUE(fs::is_fifo(file));
  EXPECT_FALSE(endgameTableCached(3, s.source));
  size_t bytes = 0;
  std::string why;
  EXPECT_LT(store::openChecked(file.string(), 3, &bytes, &why), 0);
  EXPECT_NE(why.find("FIFO"), std::string::npos) << why;

  fs::remove(file);
  fs::create_directory(file);
  s.warnings.clear();
  EXPECT_FALSE(openEndgameTable(3, s.source)->fromCache());
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find("directory"), std::string::npos) << s.warnings[0];
  EXPECT_TRUE(fs::is_directory(file));
}

TEST(EndgameCache, FolderFromTheEnvironment) {
  TempDir tmp;
  const char* was = getenv("NUGGET_TABLE_DIR");
  const std::string saved = was ? was : "";
  setenv("NUGGET_TABLE_DIR", tmp.path.c_str(), 1);
  EXPECT_EQ(store::cacheDir({}), tmp.path.string());
  TableSource explicitDir;
  explicitDir.dir = "/somewhere/else";
  EXPECT_EQ(store::cacheDir(explicitDir), "/somewhere/else");
  if (was) setenv("NUGGET_TABLE_DIR", saved.c_str(), 1); else unsetenv("NUGGET_TABLE_DIR");
}

TEST(EndgameCache, TwoWritersAtOnceLeaveOneGoodFile) {
  TempDir tmp;
  std::vector<std::shared_ptr<const EndgameTable>> tables(2);
  std::vector<std::thread> writers;
  Source a(tmp.path), b(tmp.path);
  Source* sources[2] = {&a, &b};
  for (int i = 0; i < 2; ++i) writers.emplace_back([&, i] { tables[i] = openEndgameTable(4, sources[i]->source); });
  for (auto& w : writers) w.join();
  const EndgameTable reference(4);
  for (const auto& t : tables) expectSameTable(reference, *t);
  Source again(tmp.path);
  EXPECT_TRUE(openEndgameTable(4, again.source)->fromCache());
  EXPECT_TRUE(again.warnings.empty());
}

// The batched lookup the beam uses gives distance() for every position, in
// any batch size (below, at and above its internal batch of 32).
TEST(EndgameTable, BatchedDistancesEqualSingleLookups) {
  const EndgameTable table(4);
  const auto positions = nearSolved(500, 31);
  for (int n : {1, 7, 32, 33, 100, 500}) {
    std::vector<const Position*> ptr;
    for (int i = 0; i < n; ++i) ptr.push_back(&positions[static_cast<size_t>(i)]);
    std::vector<int> out(static_cast<size_t>(n), -7);
    table.distances(ptr.data(), n, out.data());
    int found = 0;
    for (int i = 0; i < n; ++i) {
      ASSERT_EQ(out[static_cast<size_t>(i)], table.distance(positions[static_cast<size_t>(i)])) << n << " " << i;
      found += out[static_cast<size_t>(i)] >= 0;
    }
    if (n >= 100) {
      EXPECT_GT(found, n / 4);  // the check sees both answers
    }
  }
}
