// A command's options as data: one row per flag, with its name, the field it
// fills, its range (or another check) and its help. The same rows give the
// --help text (through Boost.Program_options) and the range checks run
// before any work, in row order, so an option is added, documented and
// checked by adding one row:
//
//   OptionTable t;
//   t.integer("beam-width", opt.beamWidth, 1, 10'000'000, "beam width per level, 1..10000000");
//   t.flag("quiet", quiet, "no progress output");
//   t.addTo(command.visible);
//   ... parse ...
//   t.apply(vm);  // flags set, ranges checked: "--beam-width must be in 1..10000000, got 0"
//
// A row's default is the field's value when the row is added, shown by
// --help as "(=V)" unless the row says noDefault().
#pragma once
#include <boost/program_options.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cli {

namespace po = boost::program_options;

// Range checks, for rows and for checks that depend on two options: UsageError
//   "--NAME must be in LO..HI, got V" (whole numbers)
//   "--NAME must be a number in LO..HI, got V" (real numbers; NaN and the
//   infinities fail every range).
void checkRange(const std::string& option, long long value, long long lo, long long hi);
void checkRange(const std::string& option, double value, double lo, double hi);
inline void checkRange(const std::string& option, int value, int lo, int hi) {
  checkRange(option, static_cast<long long>(value), static_cast<long long>(lo), static_cast<long long>(hi));
}
// An unsigned number given as text: digits only (Boost would read "-1" as
// 2^64-1), at most `max`; UsageError "--NAME must be a whole number in 0..MAX, got "TEXT"".
uint64_t parseUnsigned(const std::string& option, const std::string& text, uint64_t max = UINT64_MAX);

class OptionTable {
 public:
  // A whole number in lo..hi.
  OptionTable& integer(const char* name, int& field, long long lo, long long hi, std::string help);
  // A real number in lo..hi.
  OptionTable& real(const char* name, double& field, double lo, double hi, std::string help);
  // A real number with no range: its check() says what it accepts (for a
  // message of its own).
  OptionTable& real(const char* name, double& field, std::string help);
  // An unsigned 64-bit number in 0..max, read as text (parseUnsigned).
  OptionTable& whole(const char* name, uint64_t& field, uint64_t max, std::string help);
  // Text; its check (if any) is a row's check().
  OptionTable& text(const char* name, std::string& field, std::string help);
  // Present or not: the field is true when given.
  OptionTable& flag(const char* name, bool& field, std::string help);

  // Modifiers of the row added last.
  OptionTable& valueName(const char* name);  // "SEC" in "--budget SEC"
  OptionTable& required();                   // Boost's "the option '--out' is required but missing"
  // --help shows no "(=V)"; the field keeps its value unless given, and a
  // number's range and check() run only when it is given.
  OptionTable& noDefault();
  OptionTable& check(std::function<void()> check);  // run by apply() after the row's range check
  // Rarely needed: listed by --help-all only (Command::advanced), parsed as any row.
  OptionTable& advanced();
  // Every row of this table (those added before and after) listed by
  // --help-all only, under this caption (Command::groups): the options of a
  // route or mode the default does not take, parsed as any row.
  OptionTable& section(std::string caption);

  // Another table's rows appended (their fields and checks kept; its
  // section, if any, kept on its rows). A command made of parts, one table
  // each, parses them as one and still asks each part what was given.
  OptionTable& append(const OptionTable& other);
  // The names of this table's rows given on the command line, in row order.
  std::vector<std::string> givenRows(const po::variables_map& vm) const;

  // The rows as Boost options, in row order, appended to `into`.
  void addTo(po::options_description& into) const;
  // The same, the advanced rows into `rare` (none there when it is null).
  void addTo(po::options_description& into, po::options_description* rare) const;
  // The same, the rows of a section into `section(caption)`.
  void addTo(po::options_description& into, po::options_description* rare,
             const std::function<po::options_description&(const std::string&)>& section) const;
  // After the parse: flags and whole numbers filled in, then each row's
  // range and check run in row order (UsageError on the first failure).
  void apply(const po::variables_map& vm) const;
  // The option was on the command line (not only its default).
  static bool given(const po::variables_map& vm, const char* name) {
    return vm.count(name) && !vm[name].defaulted();
  }

 private:
  enum class Kind { Integer, Real, Whole, Text, Flag };
  struct Row {
    const char* name = nullptr;
    Kind kind = Kind::Flag;
    void* field = nullptr;
    long long lo = 0, hi = 0;   // Integer
    double rlo = 0, rhi = 0;    // Real
    bool ranged = true;         // Real: false when check() alone decides
    uint64_t max = 0;           // Whole
    std::string help;
    const char* valueName = nullptr;
    bool required = false, showDefault = true, advanced = false;
    std::string section;        // listed under this caption by --help-all ("" = none)
    std::string wholeDefault;   // Whole: the default as text
    std::function<void()> check;
  };
  // The field a row fills, as the type its kind says.
  template <class T>
  static T& at(const Row& r) {
    return *static_cast<T*>(r.field);
  }
  Row& push(const char* name, Kind kind, void* field, std::string help);
  Row& last();
  std::vector<Row> rows_;
  std::string section_;  // the caption of every row added (section())
};

}  // namespace cli
