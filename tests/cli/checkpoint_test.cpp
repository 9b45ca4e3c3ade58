// The checkpoint format (solver/nugget/run/checkpoint.h): round trip, and every
// kind of foreign or damaged file reported as such, with its line.
#include "nugget/run/checkpoint.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "text/sha256.h"

using namespace nugget;
using namespace nugget::solve;

namespace {

jcgn::Entry example(int boards) {
  jcgn::Verdict v = jcgn::verifyFile(NUGGET_EXAMPLE);
  EXPECT_TRUE(v.ok);
  v.entry.boards.resize(boards);
  return v.entry;
}

std::vector<Move> moves(const std::string& text) {
  std::vector<Move> out;
  std::istringstream in(text);
  for (std::string t; in >> t;) {
    const auto m = parseMove(t);
    out.push_back(Move{static_cast<uint8_t>(m->label), static_cast<uint8_t>(*m->p)});
  }
  return out;
}

Checkpoint chainCheckpoint() {
  Checkpoint cp;
  cp.settings = "heuristic=chain width=60";
  cp.entry = example(3);
  cp.pending = {{-1, moves("P7 54")}, {0, moves("L6")}, {-1, moves("A7")}};
  cp.live = {1, 2};
  return cp;
}

// The text with a valid checksum again (for damage behind the checksum).
std::string resealed(std::string text) {
  text.erase(text.rfind("# sha256 "));
  return text + "# sha256 " + text::sha256Hex(text) + "\n";
}

// `text` with its first `from` replaced by `to`, resealed, so that only
// the edit is judged.
std::string edited(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return resealed(std::move(text));
}

int errorLine(const std::string& text, std::string* reason = nullptr) {
  try {
    parseCheckpoint(text);
  } catch (const CheckpointError& e) {
    if (reason) *reason = e.reason();
    return e.line();
  }
  ADD_FAILURE() << "accepted:\n" << text;
  return -1;
}

}  // namespace

TEST(Checkpoint, Sha256KnownVectors) {
  EXPECT_EQ(text::sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(text::sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(text::sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(text::sha256Hex(std::string(1000, 'a')), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
}

TEST(Checkpoint, ChainRoundTrip) {
  const Checkpoint cp = chainCheckpoint();
  const std::string text = formatCheckpoint(cp);
  EXPECT_EQ(text.rfind("# jcgn-1\n# nugget-checkpoint 2\n# settings: heuristic=chain width=60\nboard 1 ", 0), 0u);
  const Checkpoint back = parseCheckpoint(text);
  EXPECT_EQ(back.settings, cp.settings);
  EXPECT_EQ(back.entry.boards.size(), 3u);
  EXPECT_EQ(back.pending, cp.pending);
  EXPECT_EQ(back.live, cp.live);
  EXPECT_FALSE(back.cycles);
  EXPECT_EQ(back.pendingDepth(), 2);
  EXPECT_EQ(formatCheckpoint(back), text);
  // Still a partial jcgn-1 entry for any jcgn reader.
  std::istringstream in(text);
  EXPECT_TRUE(jcgn::verify(in, true).ok);
}

TEST(Checkpoint, CycleRoundTrip) {
  Checkpoint cp;
  cp.settings = "s";
  cp.entry = example(2);
  cp.cycles = Checkpoint::CyclePath{4, 30, {{{moves("P7")}, {moves("54"), moves("L6 A7")}, 2}, {{}, {moves("B7")}, 4}}, {}, {}};
  const std::string text = formatCheckpoint(cp);
  const Checkpoint back = parseCheckpoint(text);
  EXPECT_EQ(back.cycles->cycles.at(0).foundBy, 2);
  EXPECT_EQ(back.cycles->cycles.at(1).foundBy, 4);
  ASSERT_TRUE(back.cycles);
  EXPECT_EQ(back.cycles->triesDone, 4);
  EXPECT_EQ(back.cycles->cycleBoards, 30);
  ASSERT_EQ(back.cycles->cycles.size(), 2u);
  EXPECT_EQ(back.cycles->cycles[0].lead.size(), 1u);
  EXPECT_EQ(back.cycles->cycles[0].turn.size(), 2u);
  EXPECT_EQ(back.cycles->cycles[1].turn[0], moves("B7"));
  EXPECT_EQ(formatCheckpoint(back), text);
}

// An exploration of the cycle tries under way (cycle_tries.h, Parked): the
// cycles after "# cycle-parked F" are the ones set aside after the path's
// cycle F; read back as written. F must name a cycle the path's explored
// one follows, and the exploration is over by the exact search and the aims.
TEST(Checkpoint, AParkedExplorationRoundTrip) {
  Checkpoint cp;
  cp.settings = "s";
  cp.entry = example(2);
  cp.cycles = Checkpoint::CyclePath{9, 16, {{{moves("P7")}, {moves("54"), moves("L6 A7")}, 2}, {{moves("C7")}, {moves("B7")}, 9}},
                                    1, {{{moves("D7")}, {moves("E7"), moves("F7")}, 5}}};
  const std::string text = formatCheckpoint(cp);
  EXPECT_NE(text.find("# cycle-end 9\n# cycle-parked 1\n# cycle-lead D7\n"), std::string::npos) << text;
  const Checkpoint back = parseCheckpoint(text);
  ASSERT_TRUE(back.cycles && back.cycles->parkedFrom);
  EXPECT_EQ(*back.cycles->parkedFrom, 1);
  ASSERT_EQ(back.cycles->cycles.size(), 2u);
  ASSERT_EQ(back.cycles->parked.size(), 1u);
  EXPECT_EQ(back.cycles->parked[0].foundBy, 5);
  EXPECT_EQ(back.cycles->parked[0].turn.at(1), moves("F7"));
  EXPECT_EQ(formatCheckpoint(back), text);

  // Parked after the path's last cycle (2 saved: F is 0 or 1), twice, or not a number.
  EXPECT_THROW(parseCheckpoint(edited(text, "# cycle-parked 1", "# cycle-parked 2")), CheckpointError);
  EXPECT_THROW(parseCheckpoint(edited(text, "# cycle-parked 1\n", "# cycle-parked 1\n# cycle-parked 0\n")),
               CheckpointError);
  EXPECT_THROW(parseCheckpoint(edited(text, "# cycle-parked 1", "# cycle-parked x")), CheckpointError);
  // With the aims, or before the tries line.
  EXPECT_THROW(parseCheckpoint(edited(text, "# cycle-parked 1\n", "# cycle-parked 1\n# aims-done 0\n")),
               CheckpointError);
  EXPECT_THROW(parseCheckpoint(edited(text, "# cycle-tries-done 9 16\n", "# cycle-parked 0\n# cycle-tries-done 9 16\n")),
               CheckpointError);
}

// The search past the chain's last board: its stretches and boards while
// it runs, then the cycle it found with the tries after it and the aims;
// each read back as written, and lines out of place refused.
TEST(Checkpoint, SearchAndAimsRoundTrip) {
  Checkpoint running;
  running.settings = "s";
  running.entry = example(2);
  running.search = Checkpoint::SearchPast{3, {moves("P7"), moves("54 L6")}, std::nullopt};
  const std::string a = formatCheckpoint(running);
  const Checkpoint backA = parseCheckpoint(a);
  ASSERT_TRUE(backA.search);
  EXPECT_EQ(backA.search->stretchesDone, 3);
  EXPECT_EQ(backA.search->boards.size(), 2u);
  EXPECT_FALSE(backA.search->found);
  EXPECT_FALSE(backA.cycles);
  EXPECT_EQ(formatCheckpoint(backA), a);

  Checkpoint found;
  found.settings = "s";
  found.entry = example(2);
  found.search = Checkpoint::SearchPast{4, {}, Checkpoint::SavedCycle{{moves("A7")}, {moves("B7"), moves("C7 D7")}, 0}};
  found.cycles = Checkpoint::CyclePath{2, 16, {{{moves("P7")}, {moves("54")}, 1}}, {}, {}};
  found.aims = Checkpoint::Aims{6, 4, moves("L6 A7 B7")};
  const std::string b = formatCheckpoint(found);
  const Checkpoint backB = parseCheckpoint(b);
  ASSERT_TRUE(backB.search && backB.search->found && backB.aims && backB.cycles);
  EXPECT_EQ(backB.search->found->lead.size(), 1u);
  EXPECT_EQ(backB.search->found->turn.at(1), moves("C7 D7"));
  EXPECT_EQ(backB.aims->done, 6);
  EXPECT_EQ(backB.aims->best, 4);
  EXPECT_EQ(backB.aims->bestMoves, moves("L6 A7 B7"));
  EXPECT_EQ(formatCheckpoint(backB), b);

  // Aims without a best yet: no aim-best line.
  found.aims = Checkpoint::Aims{2, -1, {}};
  EXPECT_EQ(parseCheckpoint(formatCheckpoint(found)).aims->best, -1);

  EXPECT_THROW(parseCheckpoint(edited(b, "# aim-best 4", "# aim-best 6")), CheckpointError);  // not an aim done
  EXPECT_THROW(parseCheckpoint(edited(b, "# search-done 4", "# search-done x")), CheckpointError);
  EXPECT_THROW(parseCheckpoint(edited(a, "# search-board P7", "# search-board Q9")), CheckpointError);
  // Tries before the search found a cycle.
  EXPECT_THROW(parseCheckpoint(edited(b, "# search-lead A7\n", "# search-board A7\n")), CheckpointError);
}

// The cycle route's aims: done and kept, read back as written; an aim kept
// that was not done, lines out of order, or chain-route state beside them
// refused.
TEST(Checkpoint, CycleAimsRoundTrip) {
  Checkpoint cp;
  cp.settings = "s";
  cp.cycleAims = AimsDone{7, {{2, moves("P7 A7")}, {5, moves("B7 C7 D7")}}};
  const std::string text = formatCheckpoint(cp);
  EXPECT_NE(text.find("\n# cycle-aims-done 7\n# cycle-aim 2 P7 A7\n# cycle-aim 5 B7 C7 D7\n"), std::string::npos) << text;
  const Checkpoint back = parseCheckpoint(text);
  ASSERT_TRUE(back.cycleAims);
  EXPECT_EQ(back.cycleAims->done, 7);
  EXPECT_EQ(back.cycleAims->kept, cp.cycleAims->kept);
  EXPECT_EQ(formatCheckpoint(back), text);
  EXPECT_THROW(parseCheckpoint(edited(text, "# cycle-aim 5", "# cycle-aim 7")), CheckpointError);  // not done
  EXPECT_THROW(parseCheckpoint(edited(text, "# cycle-aim 5", "# cycle-aim 1")), CheckpointError);  // out of order
  EXPECT_THROW(parseCheckpoint(edited(text, "# cycle-aim 5 B7", "# cycle-aim 5 Q9")), CheckpointError);
  cp.cycles = Checkpoint::CyclePath{1, 16, {}, {}, {}};
  EXPECT_THROW(parseCheckpoint(formatCheckpoint(cp)), CheckpointError);
}

TEST(Checkpoint, ACycleEndWithoutItsTryIsReadAsTryZero) {
  // Session 5 wrote "# cycle-end" alone; such a checkpoint still resumes.
  Checkpoint cp;
  cp.settings = "s";
  cp.entry = example(2);
  cp.cycles = Checkpoint::CyclePath{4, 30, {{{}, {moves("B7")}, 3}}, {}, {}};
  std::string text = formatCheckpoint(cp);
  text = text.substr(0, text.find("# sha256 "));
  const size_t at = text.find("# cycle-end 3");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 13, "# cycle-end");
  text += "# sha256 " + text::sha256Hex(text) + "\n";
  EXPECT_EQ(parseCheckpoint(text).cycles->cycles.at(0).foundBy, 0);
  text.replace(text.find("# cycle-end"), 11, "# cycle-end x");
  EXPECT_THROW(parseCheckpoint(text), CheckpointError);
}

// The chain phase of 3 processes: the chains of ranks 1 and 2 in their
// sections, read back as written; sections out of order or malformed are
// refused with their line.
TEST(Checkpoint, RankChainsRoundTrip) {
  Checkpoint cp = chainCheckpoint();
  cp.settings += " processes=3";
  cp.ranks = {{{moves("P7 54"), moves("L6")}, {{-1, moves("A7")}}, {0}}, {{}, {{-1, moves("B7")}, {0, moves("C4")}}, {1}}};
  const std::string text = formatCheckpoint(cp);
  EXPECT_NE(text.find("\n# rank 1\n# rank-board P7 54\n# rank-board L6\n# rank-pending -1 A7\n# rank-live 0\n# rank 2\n"),
            std::string::npos);
  const Checkpoint back = parseCheckpoint(text);
  ASSERT_EQ(back.ranks.size(), 2u);
  EXPECT_EQ(back.ranks[0], cp.ranks[0]);
  EXPECT_EQ(back.ranks[1], cp.ranks[1]);
  EXPECT_EQ(back.pending, cp.pending);
  EXPECT_EQ(formatCheckpoint(back), text);
  // The team's message of one rank is the same lines.
  EXPECT_EQ(parseRankChain(formatRankChain(cp.ranks[1])), cp.ranks[1]);
  EXPECT_THROW(parseRankChain("# pending -1 A7\n"), CheckpointError);
  std::string reason;
  std::string edited = text;
  edited.replace(edited.find("# rank 2"), 8, "# rank 3");
  EXPECT_GT(errorLine(resealed(edited), &reason), 0);
  EXPECT_NE(reason.find("a rank out of order"), std::string::npos);
  edited = text;
  edited.replace(edited.find("# rank-live 1"), 13, "# rank-live 5");
  EXPECT_GT(errorLine(resealed(edited), &reason), 0);
  EXPECT_NE(reason.find("no pending board"), std::string::npos);
}

TEST(Checkpoint, ForeignFilesAreNamedSo) {
  std::string reason;
  EXPECT_EQ(errorLine("", &reason), 0);
  EXPECT_NE(reason.find("not a nugget solve checkpoint"), std::string::npos);
  EXPECT_EQ(errorLine(std::string("\x7f" "ELF\x02\x01\x01\0\0\0", 10), &reason), 1);
  EXPECT_NE(reason.find("not a nugget solve checkpoint"), std::string::npos);
  // An entry, or a checkpoint of the format before this module (no header).
  std::ifstream in(NUGGET_EXAMPLE);
  std::ostringstream entry;
  entry << in.rdbuf();
  EXPECT_EQ(errorLine(entry.str(), &reason), 2);
  EXPECT_NE(reason.find("not a nugget solve checkpoint"), std::string::npos);
  // A newer version.
  std::string text = formatCheckpoint(chainCheckpoint());
  text.replace(text.find("checkpoint 2"), 12, "checkpoint 3");
  EXPECT_EQ(errorLine(text, &reason), 2);
  EXPECT_NE(reason.find("this build reads 2"), std::string::npos);
}

TEST(Checkpoint, DamageIsFoundWithItsLine) {
  const std::string text = formatCheckpoint(chainCheckpoint());
  const int lines = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  std::string reason;
  // Cut short (a copy stopped by a full disk): no checksum line at the end.
  const std::string half = text.substr(0, text.size() / 2);
  EXPECT_EQ(errorLine(half, &reason), std::count(half.begin(), half.end(), '\n') + (half.back() != '\n'));
  EXPECT_NE(reason.find("incomplete"), std::string::npos);
  EXPECT_EQ(errorLine(text.substr(0, text.size() - 1), &reason), lines);
  // One byte changed.
  std::string flipped = text;
  flipped[text.find("P7 54")] = 'Q';
  EXPECT_EQ(errorLine(flipped, &reason), lines);
  EXPECT_NE(reason.find("checksum mismatch"), std::string::npos);
  // Damage a valid checksum does not catch (a hand edit): the line itself.
  std::string edited = text;
  edited.replace(edited.find("# pending 0"), 11, "# pending 7");
  EXPECT_EQ(errorLine(resealed(edited), &reason), 11);  // header 3, boards 6, pending 2
  EXPECT_NE(reason.find("bad pending board"), std::string::npos);
  edited = text;
  edited.replace(edited.find("# live 1 2"), 10, "# live 1 9");
  EXPECT_EQ(errorLine(resealed(edited), &reason), 13);
  // A board that does not replay: jcgn::verify's line.
  edited = text;
  edited.replace(edited.find("board 2 B "), 10, "board 2 A ");
  EXPECT_EQ(errorLine(resealed(edited)), 6);
  // No settings.
  edited = text;
  edited.replace(edited.find("# settings: "), 12, "# setting: ");
  errorLine(resealed(edited), &reason);
  EXPECT_NE(reason.find("settings"), std::string::npos);
}
