#include "common/command.h"

#include <cstddef>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "version.h"

namespace cli {

namespace {
// Boost's parser takes one token at a time off the front of a vector of
// all that are left (an erase each: quadratic; 100,000 moves took 12-20 s).
// This style parser, tried first, takes a whole run of words that are no
// option (they do not start with '-', or are "-") in one erase, each a
// positional word as Boost's own fallback would make it: the same result,
// in time linear in the words (an option and its value still go through
// Boost's parsers, which take the value off the vector themselves).
std::vector<po::option> positionalRun(std::vector<std::string>& args) {
  std::vector<po::option> out;
  std::size_t n = 0;
  while (n < args.size() && (args[n].empty() || args[n][0] != '-' || args[n] == "-")) ++n;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    po::option o;
    o.value.push_back(std::move(args[i]));
    o.original_tokens.push_back(o.value.back());
    out.push_back(std::move(o));
  }
  args.erase(args.begin(), args.begin() + static_cast<std::ptrdiff_t>(n));
  return out;
}
}  // namespace

Command::Command(std::string p, std::string n, std::string s, std::string a, std::string e, Style st)
    : program(std::move(p)),
      name(std::move(n)),
      synopsis(std::move(s)),
      about(std::move(a)),
      exits(std::move(e)),
      style(std::move(st)) {
  visible.add_options()("help,h", "show this help")("version", style.versionHelp.c_str());
}

bool Command::parse(int argc, char** argv, po::variables_map& vm) const {
  po::options_description all;
  all.add(visible).add(hidden);
  std::size_t rareCount = advanced.options().size();
  for (const auto& s : sections) rareCount += s->options().size();
  const bool rare = rareCount > 0;
  if (rare) all.add(advanced);
  for (const auto& s : sections) all.add(*s);
  po::options_description helpAll;
  if (rare) {
    helpAll.add_options()("help-all", "show this help with the advanced options");
    all.add(helpAll);
  }
  // No guessing of abbreviations (unless the tool's style allows them): a
  // typo is reported instead of picking the option it starts.
  const int guessing = style.abbreviations ? 0 : po::command_line_style::allow_guessing;
  const int parseStyle = po::command_line_style::unix_style & ~guessing;
  // Boost also asks its style parsers whether an option's value looks like
  // an option (a vector of that one word, not the list being parsed): the
  // run of words answers only for the list, so a value stays a value.
  const std::vector<std::string>* list = nullptr;
  auto words = [&list](std::vector<std::string>& args) {
    if (!list) list = &args;  // the first call is the parse loop's, with the whole list
    return &args == list ? positionalRun(args) : std::vector<po::option>{};
  };
  po::store(po::command_line_parser(argc, argv)
                .options(all)
                .positional(positional)
                .style(parseStyle)
                .extra_style_parser(words)
                .run(),
            vm);
  if (vm.count("help") || vm.count("help-all")) {
    std::cout << help();
    if (rare && vm.count("help-all")) {
      if (!advanced.options().empty()) std::cout << '\n' << advanced;
      for (const auto& s : sections) std::cout << '\n' << *s;
    }
    if (rare && !vm.count("help-all"))
      std::cout << "\n" << rareCount << " advanced options: --help-all lists them\n";
    return false;
  }
  if (vm.count("version")) {
    std::cout << versionLine(program.c_str()) << '\n';
    return false;
  }
  po::notify(vm);
  return true;
}

po::options_description& Command::section(const std::string& caption) {
  for (std::size_t i = 0; i < sections.size(); ++i)
    if (sectionCaptions[i] == caption) return *sections[i];
  sections.push_back(std::make_unique<po::options_description>(caption));
  sectionCaptions.push_back(caption);
  return *sections.back();
}

bool Command::parse(int argc, char** argv, po::variables_map& vm, const OptionTable& table) {
  table.addTo(visible, &advanced, [this](const std::string& caption) -> po::options_description& {
    return section(caption);
  });
  if (!parse(argc, argv, vm)) return false;
  table.apply(vm);
  return true;
}

namespace {
// Each line of a paragraph indented by two spaces.
std::string indented(const std::string& text) {
  std::string out = "  ";
  for (char ch : text) out += ch == '\n' ? std::string("\n  ") : std::string(1, ch);
  return out;
}
}  // namespace

std::string Command::help() const {
  std::ostringstream s;
  s << style.usageLabel << synopsis << "\n\n" << about << "\n\n";
  if (style.optionsFirst) {
    s << visible << '\n' << files << exits;
    return s.str();
  }
  if (!files.empty()) s << "Files:\n" << indented(files) << "\n\n";
  s << "Exit codes:\n" << indented(exits) << "\n\n" << visible;
  return s.str();
}

std::string helpHint(const std::string& program, const std::string& name) {
  return "see '" + program + " " + (name.empty() ? std::string() : name + " ") + "--help'";
}

int reportUsage(const std::string& program, const std::string& name, const std::string& message,
                const Style& style) {
  std::cerr << program << ' ' << name << ": " << message;
  if (style.hintOnSameLine)
    std::cerr << " (" << helpHint(program, name) << ")\n";
  else
    std::cerr << '\n' << helpHint(program, name) << '\n';
  return kExitUsage;
}

int reportBadData(const std::string& program, const std::string& name, const std::string& message) {
  std::cerr << program << ' ' << name << ": " << message << '\n';
  return kExitInvalid;
}

int reportFailure(const std::string& program, const std::string& name, const std::string& message) {
  std::cerr << program << ' ' << name << ": error: " << message << '\n';
  return kExitUsage;
}

}  // namespace cli
