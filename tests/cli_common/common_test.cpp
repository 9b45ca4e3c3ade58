// cli/common: an option table's rows make both the --help text and the
// range checks; Command's help layout and parse; guarded's exit codes; the
// JSON writer.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "common/command.h"
#include "common/json.h"
#include "common/options.h"
#include "common/terminal.h"
#include "text/lines.h"

namespace {

// argv from words (argv[0] is the subcommand's name).
struct Args {
  std::vector<std::string> words;
  std::vector<char*> argv;
  explicit Args(std::vector<std::string> w) : words(std::move(w)) {
    for (auto& x : words) argv.push_back(x.data());
  }
  int argc() const { return static_cast<int>(argv.size()); }
  char** data() { return argv.data(); }
};

struct Settings {
  int width = 100;
  double weight = 0.5;
  uint64_t seed = 0;
  std::string name = "chain";
  std::string dir;
  bool quiet = false;
};

cli::OptionTable table(Settings& s) {
  cli::OptionTable t;
  t.integer("width", s.width, 1, 1000, "beam width, 1..1000")
      .real("weight", s.weight, 0.0, 100.0, "weight, 0..100")
      .whole("seed", s.seed, 999, "salt, 0..999")
      .text("name", s.name, "a name")
      .check([&s] {
        if (s.name == "bad") throw cli::UsageError("unknown name \"bad\"");
      })
      .text("dir", s.dir, "a folder")
      .valueName("DIR")
      .flag("quiet", s.quiet, "no progress");
  return t;
}

// Parses through a Command with the table; returns the UsageError's text ("" = none).
std::string parse(Settings& s, std::vector<std::string> words) {
  cli::Command c("tool", "sub", "tool sub [options]", "About.", "0 ok");
  cli::OptionTable t = table(s);
  t.addTo(c.visible);
  Args a(std::move(words));
  cli::po::variables_map vm;
  try {
    if (!c.parse(a.argc(), a.data(), vm)) return "(help)";
    t.apply(vm);
  } catch (const cli::UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(OptionTable, HelpShowsEachRowWithItsDefault) {
  Settings s;
  cli::Command c("tool", "sub", "tool sub [options]", "About.", "0 ok");
  table(s).addTo(c.visible);
  const std::string help = c.help();
  EXPECT_EQ(help.rfind("Usage: tool sub [options]\n\nAbout.\n\nExit codes:\n  0 ok\n\nOptions:\n", 0), 0u) << help;
  EXPECT_NE(help.find("--width arg (=100)"), std::string::npos) << help;
  EXPECT_NE(help.find("--weight arg (=0.5)"), std::string::npos) << help;
  EXPECT_NE(help.find("--seed arg (=0)"), std::string::npos) << help;
  EXPECT_NE(help.find("--name arg (=chain)"), std::string::npos) << help;
  EXPECT_NE(help.find("--dir DIR "), std::string::npos) << help;  // no default shown for an empty text
  EXPECT_NE(help.find("--quiet "), std::string::npos) << help;
  EXPECT_LT(help.find("--width"), help.find("--quiet"));  // row order
}

TEST(OptionTable, FillsFieldsAndChecksRanges) {
  Settings s;
  EXPECT_EQ(parse(s, {"sub", "--width", "7", "--weight", "2.5", "--seed", "12", "--quiet", "--dir", "d"}), "");
  EXPECT_EQ(s.width, 7);
  EXPECT_DOUBLE_EQ(s.weight, 2.5);
  EXPECT_EQ(s.seed, 12u);
  EXPECT_EQ(s.dir, "d");
  EXPECT_TRUE(s.quiet);
  Settings d;
  EXPECT_EQ(parse(d, {"sub"}), "");
  EXPECT_EQ(d.width, 100);
  EXPECT_FALSE(d.quiet);

  // Each from the defaults (a row's default is its field's value when added).
  auto fresh = [](std::vector<std::string> words) {
    Settings t;
    return parse(t, std::move(words));
  };
  EXPECT_EQ(fresh({"sub", "--width", "0"}), "--width must be in 1..1000, got 0");
  EXPECT_EQ(fresh({"sub", "--weight", "nan"}), "--weight must be a number in 0..100, got nan");
  EXPECT_EQ(fresh({"sub", "--seed", "-1"}), "--seed must be a whole number in 0..999, got \"-1\"");
  EXPECT_EQ(fresh({"sub", "--seed", "1000"}), "--seed must be a whole number in 0..999, got \"1000\"");
  EXPECT_EQ(fresh({"sub", "--name", "bad"}), "unknown name \"bad\"");
  // Rows are checked in row order: the first bad one is reported.
  EXPECT_EQ(fresh({"sub", "--name", "bad", "--width", "0"}), "--width must be in 1..1000, got 0");
  EXPECT_EQ(fresh({"sub", "--help"}), "(help)");
}

TEST(OptionTable, RequiredRowIsCheckedAfterHelp) {
  std::string out;
  cli::OptionTable t;
  t.text("out", out, "output file").required();
  cli::Command c("tool", "sub", "tool sub --out FILE", "About.", "0 ok");
  t.addTo(c.visible);
  cli::po::variables_map vm;
  Args none({"sub"});
  EXPECT_THROW(c.parse(none.argc(), none.data(), vm), cli::po::required_option);
  cli::po::variables_map vm2;
  Args help({"sub", "--help"});
  testing::internal::CaptureStdout();
  EXPECT_FALSE(c.parse(help.argc(), help.data(), vm2));
  EXPECT_NE(testing::internal::GetCapturedStdout().find("--out arg "), std::string::npos);
}

TEST(OptionTable, ANumberWithoutDefaultIsCheckedOnlyWhenGiven) {
  int k = 0;  // outside the range, but not given: no error
  cli::OptionTable t;
  t.integer("board", k, 1, 200, "board K").valueName("K").noDefault();
  cli::Command c("tool", "sub", "tool sub", "About.", "0 ok");
  t.addTo(c.visible);
  EXPECT_NE(c.help().find("--board K "), std::string::npos);
  EXPECT_EQ(c.help().find("(=0)"), std::string::npos);
  for (auto [words, error] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"sub"}, ""}, {{"sub", "--board", "7"}, ""}, {{"sub", "--board", "0"}, "--board must be in 1..200, got 0"}}) {
    Args a(words);
    cli::po::variables_map vm;
    std::string got;
    try {
      c.parse(a.argc(), a.data(), vm);
      t.apply(vm);
    } catch (const cli::UsageError& e) {
      got = e.what();
    }
    EXPECT_EQ(got, error) << words.size();
  }
  EXPECT_EQ(k, 0);  // the last parse stored 0
}

TEST(Guarded, ErrorsBecomeExitCodesAndMessages) {
  testing::internal::CaptureStderr();
  EXPECT_EQ(cli::guarded("tool", "sub", [] () -> int { throw cli::UsageError("bad flag"); }), cli::kExitUsage);
  EXPECT_EQ(cli::guarded("tool", "sub", [] () -> int { throw cli::DataError("f:3: bad"); }), cli::kExitInvalid);
  EXPECT_EQ(cli::guarded("tool", "sub", [] () -> int { throw std::runtime_error("disk"); }), cli::kExitUsage);
  EXPECT_EQ(cli::guarded("tool", "sub", [] { return 4; }), 4);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "tool sub: bad flag\nsee 'tool sub --help'\ntool sub: f:3: bad\ntool sub: error: disk\n");
}

TEST(Style, AnotherToolWordsHelpAndErrorsItsOwnWay) {
  cli::Style games;
  games.usageLabel = "usage: ";
  games.optionsFirst = true;
  games.hintOnSameLine = true;
  games.otherErrorsAreData = true;
  cli::Command c("games", "moves", "games moves --game G", "Lists the moves.", "Exit codes: 0 ok\n");
  c.style = games;
  c.files = "Formats: ...\n";
  bool json = false;
  cli::OptionTable t;
  t.flag("json", json, "print JSON");
  t.addTo(c.visible);
  const std::string help = c.help();
  EXPECT_EQ(help.rfind("usage: games moves --game G\n\nLists the moves.\n\nOptions:\n", 0), 0u) << help;
  EXPECT_NE(help.find("--json"), std::string::npos);
  EXPECT_TRUE(help.ends_with("print JSON\n\nFormats: ...\nExit codes: 0 ok\n")) << help;
  testing::internal::CaptureStderr();
  EXPECT_EQ(cli::guarded("games", "moves", [] () -> int { throw cli::UsageError("no --game"); }, games),
            cli::kExitUsage);
  EXPECT_EQ(cli::guarded("games", "moves", [] () -> int { throw std::runtime_error("bad square"); }, games),
            cli::kExitInvalid);
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "games moves: no --game (see 'games moves --help')\ngames moves: bad square\n");
  // Issue 59, item 6: running out of memory is no bad data (exit 1 before)
  // but a failure of its own words, exit 2, in every tool's style.
  testing::internal::CaptureStderr();
  EXPECT_EQ(cli::guarded("games", "solve", [] () -> int { throw std::bad_alloc(); }, games), cli::kExitUsage);
  EXPECT_EQ(cli::guarded("nugget", "prove", [] () -> int { throw std::bad_alloc(); }), cli::kExitUsage);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err.rfind("games solve: error: out of memory (", 0), 0u) << err;
  EXPECT_NE(err.find("\nnugget prove: error: out of memory ("), std::string::npos) << err;
}

TEST(Style, CaptionVersionHelpAndAbbreviations) {
  namespace po = cli::po;
  cli::Style games;
  games.optionsCaption = "options";
  games.versionHelp = "print the version";
  games.abbreviations = true;
  cli::Command c("games", "moves", "games moves", "Lists the moves.", "", games);
  c.visible.add_options()("game", po::value<std::string>(), "the game");
  const std::string help = c.help();
  EXPECT_NE(help.find("\n\noptions:\n"), std::string::npos) << help;
  EXPECT_NE(help.find("print the version\n"), std::string::npos) << help;
  EXPECT_EQ(help.find("and exit"), std::string::npos) << help;
  const char* argv[] = {"moves", "--ga", "rings"};
  po::variables_map vm;
  ASSERT_TRUE(c.parse(3, const_cast<char**>(argv), vm));
  EXPECT_EQ(vm["game"].as<std::string>(), "rings");
  cli::Command strict("nugget", "verify", "nugget verify", "Verifies.", "");
  strict.visible.add_options()("game", po::value<std::string>(), "the game");
  po::variables_map vm2;
  EXPECT_THROW(strict.parse(3, const_cast<char**>(argv), vm2), po::error);
  EXPECT_NE(strict.help().find("print the version and exit"), std::string::npos);
}

TEST(Json, OneObjectOnOneLine) {
  EXPECT_EQ(cli::Json().add("ok", true).add("mean", 17.3, 4).add("n", 3).null("x").str(),
            "{\"ok\": true, \"mean\": 17.3000, \"n\": 3, \"x\": null}");
  EXPECT_EQ(cli::Json().str(), "{}");
  EXPECT_EQ(cli::Json(cli::Json::Compact).add("game", "5RINGS").add("over", true).add("n", 3).str(),
            "{\"game\":\"5RINGS\",\"over\":true,\"n\":3}");
  EXPECT_EQ(cli::jsonEscape("a\"b\\c\n\x01\xc3"), "a\\\"b\\\\c\\n\\u0001\\u003f");
}

}  // namespace

// Positional words (a move list) in any number and among options: each
// word reaches its positional option once, in order, as Boost's own parser
// gives them; an option's value is never taken for a word, "-" and "" are
// words, everything after "--" is a word. 100,000 words parse in linear time
// (Boost's parser alone took ~10 s for them: a vector erase per word).
namespace {
struct Parsed {
  std::vector<std::string> words, tags;
  int n = 0;
  bool flag = false;
};
Parsed parseWords(std::vector<std::string> argv) {
  cli::Command c("tool", "sub", "tool sub [options] WORDS...", "About.", "0 ok");
  c.visible.add_options()("n", cli::po::value<int>()->default_value(0), "a number")("flag", "a flag")(
      "tag", cli::po::value<std::vector<std::string>>()->composing(), "a tag (repeatable)");
  c.hidden.add_options()("words", cli::po::value<std::vector<std::string>>(), "");
  c.positional.add("words", -1);
  Args a(std::move(argv));
  cli::po::variables_map vm;
  EXPECT_TRUE(c.parse(a.argc(), a.data(), vm));
  Parsed p;
  if (vm.count("words")) p.words = vm["words"].as<std::vector<std::string>>();
  if (vm.count("tag")) p.tags = vm["tag"].as<std::vector<std::string>>();
  p.n = vm["n"].as<int>();
  p.flag = vm.count("flag") > 0;
  return p;
}
}  // namespace

TEST(CommandParse, WordsAmongOptionsKeepTheirOrder) {
  const Parsed p = parseWords({"sub", "a", "--n", "7", "b", "-", "", "--flag", "c", "--", "--n", "d"});
  EXPECT_EQ(p.words, (std::vector<std::string>{"a", "b", "-", "", "c", "--n", "d"}));
  EXPECT_EQ(p.n, 7);
  EXPECT_TRUE(p.flag);
  EXPECT_EQ(parseWords({"sub", "--n=-3", "x"}).n, -3);
  // An option's value that is a word, even "" or another option's name, stays its value.
  EXPECT_EQ(parseWords({"sub", "--tag", "", "x"}).tags, (std::vector<std::string>{""}));
  EXPECT_EQ(parseWords({"sub", "--tag", "flag", "x"}).tags, (std::vector<std::string>{"flag"}));
  EXPECT_EQ(parseWords({"sub", "--tag", "words", "x"}).words, (std::vector<std::string>{"x"}));
  EXPECT_EQ(parseWords({"sub", "--n", "-3", "x"}).words, (std::vector<std::string>{"x"}));
}

TEST(CommandParse, AHundredThousandWordsArriveWholeAndInOrder) {
  for (const int options : {0, 1, 50}) {  // options spread among the words
    std::vector<std::string> argv{"sub"}, expected, tags;
    const int n = 100'000;
    for (int i = 0; i < n; ++i) {
      if (options && i % (n / options) == n / options / 2) {
        argv.push_back("--tag");
        argv.push_back(std::to_string(i));
        tags.push_back(argv.back());
      }
      argv.push_back(std::to_string(i));
      argv.back().insert(argv.back().begin(), 'w');  // "w17" (GCC 12 warns falsely on "w" + string)
      expected.push_back(argv.back());
    }
    const Parsed p = parseWords(argv);
    EXPECT_EQ(p.words, expected) << options << " options";
    EXPECT_EQ(p.tags, tags) << options << " options";
    EXPECT_EQ(p.tags.size(), size_t(options));
  }
}

TEST(CommandParse, AnUnknownOptionAfterManyWordsIsStillRefused) {
  std::vector<std::string> argv{"sub"};
  for (int i = 0; i < 100'000; ++i) argv.push_back("w");
  argv.push_back("--nope");
  cli::Command c("tool", "sub", "tool sub WORDS...", "About.", "0 ok");
  c.hidden.add_options()("words", cli::po::value<std::vector<std::string>>(), "");
  c.positional.add("words", -1);
  Args a(std::move(argv));
  cli::po::variables_map vm;
  EXPECT_THROW(c.parse(a.argc(), a.data(), vm), cli::po::unknown_option);
}

// The readers' line bound (engine/text/lines.h) counts a line without its
// ending, "\r\n" as well as "\n" (issue 50: a 4096-character CRLF line was
// refused as 4097); a '\r' inside a line counts.
TEST(LineBound, ACrlfEndingIsNotCounted) {
  const std::string full(4096, 'x');
  EXPECT_FALSE(text::checkText(full + "\r\n" + full + "\r\n"));
  EXPECT_FALSE(text::checkText(full + "\r"));  // the last line's CR (splitLines drops it)
  EXPECT_TRUE(text::checkText(full + "x\r\n"));
  EXPECT_TRUE(text::checkText(full + "\rx\n"));
  EXPECT_TRUE(text::checkText(full + "\r\r\n"));
  text::LineChecker chunked;  // the CR and LF in separate chunks
  EXPECT_FALSE(chunked.feed(full + "\r"));
  EXPECT_FALSE(chunked.feed("\n" + full));
  EXPECT_TRUE(chunked.feed("\ry"));
  std::istringstream in(full + "\r\n" + full + "x\r\n");
  std::string line;
  EXPECT_EQ(text::getLine(in, line), text::LineRead::Ok);
  EXPECT_EQ(line, full);
  EXPECT_EQ(text::getLine(in, line), text::LineRead::Refused);
}

// Issue 59, item 7: the resume command `nugget solve` prints is safe to
// paste. Each word, quoted by shellWord, is read back by bash as exactly
// that one argument (printf '%s\0' "$@" through a pipe); before, a ; # ` |
// or a newline in an --out name was left bare (a second command, a
// comment, a substitution, a pipe).
TEST(ShellWord, BashReadsEveryWordBackAsItWas) {
  const std::vector<std::string> words = {
      "plain.jcgn", "a b", "x;rm -rf y", "#c", "a#b", "`id`", "$(id)", "a|b", "a&b", "line1\nline2", "tab\tx",
      "it's", "back\\slash", "\"q\"", "~", "*", "?", "[a]", "{a,b}", "!x", "<in", ">out", "(x)", "=cmd", "",
      "\x01\x7f", "ünï", "--out=a;b"};
  std::string command = "printf '%s\\0'";
  for (const auto& w : words) {  // appended, not " " + ...: GCC 12's -Wrestrict false alarm
    command += ' ';
    command += cli::shellWord(w);
  }
  const std::string script = testing::TempDir() + "shellword.sh";
  {
    std::ofstream f(script, std::ios::binary);
    f << command << '\n';
  }
  FILE* p = ::popen(("bash " + script).c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  ASSERT_EQ(::pclose(p), 0) << command;
  std::string expected;
  for (const auto& w : words) expected += w + '\0';
  EXPECT_EQ(out, expected) << command;
  // Safe words stay as they are; the rest are quoted.
  EXPECT_EQ(cli::shellWord("--out"), "--out");
  EXPECT_EQ(cli::shellWord("results/a-1.jcgn"), "results/a-1.jcgn");
  EXPECT_EQ(cli::shellWord("a;b"), "'a;b'");
  EXPECT_EQ(cli::shellWord("a\nb"), "$'a\\nb'");
}
