#include "common/options.h"

#include <charconv>
#include <sstream>
#include <stdexcept>

#include "common/command.h"

namespace cli {

void checkRange(const std::string& option, long long value, long long lo, long long hi) {
  if (value < lo || value > hi)
    throw UsageError(option + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " +
                     std::to_string(value));
}

void checkRange(const std::string& option, double value, double lo, double hi) {
  if (!(value >= lo && value <= hi)) {  // false for NaN too
    std::ostringstream s;
    s << option << " must be a number in " << lo << ".." << hi << ", got " << value;
    throw UsageError(s.str());
  }
}

uint64_t parseUnsigned(const std::string& option, const std::string& text, uint64_t max) {
  uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || text[0] == '-' || text[0] == '+' || ec != std::errc{} || end != text.data() + text.size() ||
      v > max)
    throw UsageError(option + " must be a whole number in 0.." + std::to_string(max) + ", got \"" + text + "\"");
  return v;
}

OptionTable::Row& OptionTable::push(const char* name, Kind kind, void* field, std::string help) {
  Row r;
  r.name = name;
  r.kind = kind;
  r.field = field;
  r.help = std::move(help);
  r.section = section_;
  rows_.push_back(std::move(r));
  return rows_.back();
}

OptionTable& OptionTable::integer(const char* name, int& field, long long lo, long long hi, std::string help) {
  Row& r = push(name, Kind::Integer, &field, std::move(help));
  r.lo = lo;
  r.hi = hi;
  return *this;
}

OptionTable& OptionTable::real(const char* name, double& field, double lo, double hi, std::string help) {
  Row& r = push(name, Kind::Real, &field, std::move(help));
  r.rlo = lo;
  r.rhi = hi;
  return *this;
}

OptionTable& OptionTable::real(const char* name, double& field, std::string help) {
  push(name, Kind::Real, &field, std::move(help)).ranged = false;
  return *this;
}

OptionTable& OptionTable::whole(const char* name, uint64_t& field, uint64_t max, std::string help) {
  Row& r = push(name, Kind::Whole, &field, std::move(help));
  r.max = max;
  r.wholeDefault = std::to_string(field);
  return *this;
}

OptionTable& OptionTable::text(const char* name, std::string& field, std::string help) {
  push(name, Kind::Text, &field, std::move(help)).showDefault = !field.empty();
  return *this;
}

OptionTable& OptionTable::flag(const char* name, bool& field, std::string help) {
  push(name, Kind::Flag, &field, std::move(help)).showDefault = false;
  return *this;
}

OptionTable::Row& OptionTable::last() {
  if (rows_.empty()) throw std::logic_error("OptionTable: a modifier before any row");
  return rows_.back();
}
OptionTable& OptionTable::valueName(const char* name) {
  last().valueName = name;
  return *this;
}
OptionTable& OptionTable::required() {
  last().required = true;
  last().showDefault = false;
  return *this;
}
OptionTable& OptionTable::noDefault() {
  last().showDefault = false;
  return *this;
}
OptionTable& OptionTable::check(std::function<void()> c) {
  last().check = std::move(c);
  return *this;
}

OptionTable& OptionTable::advanced() {
  last().advanced = true;
  return *this;
}

OptionTable& OptionTable::section(std::string caption) {
  section_ = std::move(caption);
  for (Row& r : rows_) r.section = section_;
  return *this;
}

OptionTable& OptionTable::append(const OptionTable& other) {
  for (const Row& r : other.rows_) {
    rows_.push_back(r);
    if (rows_.back().section.empty()) rows_.back().section = section_;
  }
  return *this;
}

std::vector<std::string> OptionTable::givenRows(const po::variables_map& vm) const {
  std::vector<std::string> names;
  for (const Row& r : rows_)
    if (given(vm, r.name)) names.emplace_back(r.name);
  return names;
}

void OptionTable::addTo(po::options_description& into) const { addTo(into, nullptr); }

void OptionTable::addTo(po::options_description& into, po::options_description* rare) const {
  addTo(into, rare, nullptr);
}

void OptionTable::addTo(po::options_description& into, po::options_description* rare,
                        const std::function<po::options_description&(const std::string&)>& section) const {
  for (const Row& r : rows_) {
    po::options_description& where =
        !r.section.empty() && section ? section(r.section)
        : (r.advanced || !r.section.empty()) && rare ? *rare
                                                     : into;
    auto add = where.add_options();
    // The Boost value of the row: its default shown (=V) or not, required
    // or not, a value name or Boost's "arg".
    auto value = [&r]<class T>(po::typed_value<T>* v, const T& shown) {
      if (r.showDefault) v->default_value(shown);
      if (r.required) v->required();
      if (r.valueName) v->value_name(r.valueName);
      return v;
    };
    const char* help = r.help.c_str();
    switch (r.kind) {
      case Kind::Integer: add(r.name, value(po::value(&at<int>(r)), at<int>(r)), help); break;
      case Kind::Real: add(r.name, value(po::value(&at<double>(r)), at<double>(r)), help); break;
      case Kind::Text: add(r.name, value(po::value(&at<std::string>(r)), at<std::string>(r)), help); break;
      // Read as text: parsed and checked by apply() (Boost reads "-1" as 2^64-1).
      case Kind::Whole: add(r.name, value(po::value<std::string>(), r.wholeDefault), help); break;
      case Kind::Flag: add(r.name, help); break;
    }
  }
}

void OptionTable::apply(const po::variables_map& vm) const {
  // Flags first: a row's check may ask for a flag of a later row.
  for (const Row& r : rows_)
    if (r.kind == Kind::Flag) at<bool>(r) = vm.count(r.name) > 0;
  for (const Row& r : rows_) {
    const std::string option = std::string("--") + r.name;
    // A number without a default is checked (range and check()) only when
    // given; its field keeps the value the command gave it.
    const bool given = vm.count(r.name) > 0;
    if (!given && r.kind != Kind::Text && r.kind != Kind::Flag && !r.showDefault) continue;
    switch (r.kind) {
      case Kind::Integer: checkRange(option, static_cast<long long>(at<int>(r)), r.lo, r.hi); break;
      case Kind::Real:
        if (r.ranged) checkRange(option, at<double>(r), r.rlo, r.rhi);
        break;
      case Kind::Whole:
        if (vm.count(r.name)) at<uint64_t>(r) = parseUnsigned(option, vm[r.name].as<std::string>(), r.max);
        break;
      case Kind::Text:
      case Kind::Flag: break;
    }
    if (r.check) r.check();
  }
}

}  // namespace cli
