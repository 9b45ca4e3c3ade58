// The CLI's output files (cli/nugget/output.h): checked before any work,
// written atomically, and a failed write (a full disk) leaves the previous
// file intact and no temporary file behind.
#include "output.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "text/write.h"

namespace fs = std::filesystem;
using namespace nugget::cli;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "nugget-output-test.XXXXXX").string();
    path = mkdtemp(t.data());
  }
  ~TempDir() { fs::remove_all(path); }
  std::string file(const std::string& name) const { return (path / name).string(); }
  size_t entries() const { return static_cast<size_t>(std::distance(fs::directory_iterator(path), {})); }
};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// write(2) as on a full disk: 10 bytes go through, then ENOSPC.
ssize_t diskFull(int fd, const void* data, size_t size) {
  static thread_local size_t written = 0;
  if (written >= 10) {
    written = 0;
    errno = ENOSPC;
    return -1;
  }
  const size_t n = std::min<size_t>(size, 10 - written);
  written += n;
  return ::write(fd, data, n);
}

ssize_t ioError(int, const void*, size_t) {
  errno = EIO;
  return -1;
}

}  // namespace

TEST(Output, WritesAtomicallyAndReplaces) {
  TempDir dir;
  const std::string f = dir.file("entry.jcgn");
  writeAtomically(f, "first\n");
  EXPECT_EQ(slurp(f), "first\n");
  writeAtomically(f, "second\n");
  EXPECT_EQ(slurp(f), "second\n");
  EXPECT_EQ(dir.entries(), 1u);  // no temporary file left
  EXPECT_NE(fs::status(f).permissions() & fs::perms::others_read, fs::perms::none) << "an ordinary file, not 0600";
}

TEST(Output, FullDiskKeepsThePreviousFile) {
  TempDir dir;
  const std::string f = dir.file("entry.jcgn.partial");
  writeAtomically(f, "the previous checkpoint\n");
  try {
    writeAtomically(f, std::string(1000, 'x'), diskFull);
    FAIL() << "a full disk went unnoticed";
  } catch (const WriteError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("No space left on device"), std::string::npos) << what;
    EXPECT_NE(what.find("is intact"), std::string::npos) << what;
    EXPECT_NE(what.find(f), std::string::npos) << what;
  }
  EXPECT_EQ(slurp(f), "the previous checkpoint\n");
  EXPECT_EQ(dir.entries(), 1u);
  EXPECT_THROW(writeAtomically(dir.file("new.jcgn"), "x", ioError), WriteError);
  EXPECT_FALSE(fs::exists(dir.file("new.jcgn")));
  EXPECT_EQ(dir.entries(), 1u);
}

TEST(Output, ProblemsFoundBeforeAnyWork) {
  TempDir dir;
  EXPECT_EQ(outputProblem(dir.file("x.jcgn"), "--out"), "");
  EXPECT_NE(outputProblem(dir.path.string(), "--out").find("is a directory"), std::string::npos);
  EXPECT_NE(outputProblem(dir.file("no/such/x.jcgn"), "--out").find("does not exist"), std::string::npos);
  writeAtomically(dir.file("plain"), "");
  EXPECT_NE(outputProblem(dir.file("plain/x.jcgn"), "--out").find("is not a folder"), std::string::npos);
  writeAtomically(dir.file("in.jcgn"), "x");
  const std::string msg = outputProblem(dir.file("./in.jcgn"), "--svg", {dir.file("in.jcgn")});
  EXPECT_NE(msg.find("same file as the input"), std::string::npos) << msg;
  EXPECT_NE(msg.find("--svg"), std::string::npos) << msg;
  EXPECT_NE(outputProblem("", "--out").find("empty"), std::string::npos);
  EXPECT_EQ(dir.entries(), 2u);  // the probes left nothing
}

TEST(Output, StaleTemporariesOfAKilledWriteAreRemovedAndNothingElse) {
  TempDir dir;
  const std::string out = dir.file("e.jcgn");
  const std::string me = std::to_string(::getpid());
  const std::string gone = "999999999";  // above any pid_max: no such process
  // A user's files that look like temporaries of other schemes, this
  // process's own, a running process's (pid 1), malformed names: all stay.
  const std::vector<std::string> kept = {
      "e.jcgn",  "e.jcgn.partial", "e.jcgn.tmp.backup", "e.jcgn.tmp.a1B2c3", "e.jcgn.partial.tmp.Zz9yY8",
      "e.jcgn.nugget-tmp-" + me + "-a1B2c3", "e.jcgn.nugget-tmp-1-a1B2c3", "e.jcgn.nugget-tmp-" + gone + "-toolong7",
      "e.jcgn.nugget-tmp--a1B2c3", "e.jcgn.nugget-tmp-12x-a1B2c3", "e.jcgn.nugget-tmp-" + gone + "-a1B2c.",
      "e.jcgn.nugget-tmp-1234567890-a1B2c3", "other.jcgn.nugget-tmp-" + gone + "-a1B2c3",
      "e.jcgn.nugget-tmp-" + gone + "-a1B2c3.backup"};
  for (const auto& name : kept) std::ofstream(dir.file(name)) << "x";
  std::ofstream(dir.file("e.jcgn.nugget-tmp-" + gone + "-a1B2c3")) << "x";
  std::ofstream(dir.file("e.jcgn.partial.nugget-tmp-" + gone + "-Zz9yY8")) << "x";
  auto removed = removeStaleTemporaries(out);
  ASSERT_EQ(removed.size(), 1u);
  EXPECT_EQ(removed[0], dir.file("e.jcgn.nugget-tmp-" + gone + "-a1B2c3"));
  removed = removeStaleTemporaries(out + ".partial");
  ASSERT_EQ(removed.size(), 1u);
  EXPECT_EQ(removed[0], dir.file("e.jcgn.partial.nugget-tmp-" + gone + "-Zz9yY8"));
  EXPECT_EQ(dir.entries(), kept.size());
  for (const auto& name : kept) EXPECT_TRUE(fs::exists(dir.file(name))) << name;
  EXPECT_TRUE(removeStaleTemporaries(out).empty());
}

// The temporary file of a write is named PATH.nugget-tmp-PID-XXXXXX (so
// that no user's file is taken for one), and a killed writer's is found by
// that name.
TEST(Output, TemporariesAreNamedWithTheWritersPid) {
  TempDir dir;
  std::string tmp;
  const int fd = text::openTemporary(dir.file("e.jcgn"), tmp);
  ASSERT_GE(fd, 0);
  ::close(fd);
  const std::string name = fs::path(tmp).filename().string();
  EXPECT_EQ(text::temporaryWriter("e.jcgn", name), ::getpid()) << name;
  EXPECT_EQ(name.rfind("e.jcgn.nugget-tmp-" + std::to_string(::getpid()) + "-", 0), 0u) << name;
  EXPECT_TRUE(removeStaleTemporaries(dir.file("e.jcgn")).empty()) << "this process's own temporary stays";
}

// A file written in pieces (a match's CSV): nothing at the name until it is
// published; unpublished, nothing is left; never linked over a file.
TEST(Output, AtomicFileInPieces) {
  TempDir dir;
  const std::string f = dir.file("m.csv");
  {
    text::AtomicFile file(f);
    ASSERT_FALSE(file.open());
    for (int i = 0; i < 20000; ++i) ASSERT_FALSE(file.append("game," + std::to_string(i) + "\n"));
    EXPECT_FALSE(fs::exists(f));
    ASSERT_FALSE(file.publish(false));
  }
  const std::string text = slurp(f);
  EXPECT_EQ(text.rfind("game,0\ngame,1\n", 0), 0u);
  EXPECT_NE(text.find("\ngame,19999\n"), std::string::npos);
  EXPECT_EQ(dir.entries(), 1u);
  {
    text::AtomicFile file(dir.file("dropped.csv"));
    ASSERT_FALSE(file.open());
    ASSERT_FALSE(file.append("x\n"));
  }
  EXPECT_EQ(dir.entries(), 1u);
  text::AtomicFile again(f);
  ASSERT_FALSE(again.open());
  ASSERT_FALSE(again.append("other\n"));
  const auto failure = again.publish(false);
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->step, "link");
  EXPECT_EQ(failure->error, EEXIST);
  EXPECT_EQ(slurp(f), text);
  EXPECT_EQ(dir.entries(), 1u);
}

// --json lines (compare, solve-board, solve): one object, keys in order,
// strings escaped, numbers with the decimals asked for, null for NaN.
TEST(Output, JsonLine) {
  EXPECT_EQ(Json().str(), "{}");
  EXPECT_EQ(Json().add("better", "A").add("n", 3).add("ok", true).add("mean", 17.3, 4).str(),
            "{\"better\": \"A\", \"n\": 3, \"ok\": true, \"mean\": 17.3000}");
  EXPECT_EQ(Json().add("s", std::string("a\"b\\c\nd\x01")).str(), "{\"s\": \"a\\\"b\\\\c\\nd\\u0001\"}");
  EXPECT_EQ(Json().add("x", std::nan(""), 2).null("y").raw("z", Json().add("k", 1).str()).str(),
            "{\"x\": null, \"y\": null, \"z\": {\"k\": 1}}");
}

TEST(Output, SolveSummary) {
  SolveSummary s;
  s.out = "e.jcgn";
  s.written = true;
  s.stop = "finished";
  s.boards = 20;
  s.moves = 552;
  s.mean = 27.6;
  s.seconds = 33.64;
  s.nodes = 12338597;
  EXPECT_EQ(solveSummaryJson(s),
            "{\"out\": \"e.jcgn\", \"written\": true, \"stop\": \"finished\", \"boards\": 20, \"moves\": 552, "
            "\"mean\": 27.6000, \"trimmed\": false, \"seconds\": 33.6, \"nodes\": 12338597, \"checkpoint\": null, "
            "\"fast_from\": null, \"kept\": null, \"cycle\": null}");
  s.stop = "time-limit";
  s.checkpoint = "e.jcgn.partial";
  s.fastFrom = 64;
  s.cycle = true;
  s.cycleFirst = 12;
  s.cyclePeriod = 8;
  s.cycleMoves = 138;
  s.cyclesOnPath = 2;
  s.cheapestCycleMean = 17.1;
  const std::string j = solveSummaryJson(s);
  EXPECT_NE(j.find("\"checkpoint\": \"e.jcgn.partial\", \"fast_from\": 64, "), std::string::npos) << j;
  EXPECT_NE(j.find("\"cycle\": {\"first\": 12, \"period\": 8, \"moves\": 138, \"mean\": 17.2500, \"symmetry\": 0, "
                   "\"cycles_on_path\": 2, \"cheapest_mean\": 17.1000}}"),
            std::string::npos)
      << j;
}
