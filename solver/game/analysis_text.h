// The text and JSON of an analysis (analysis.h): one engine-style line per
// principal line, and one JSON object per iteration. The front end says how
// a move is named and how a line's score reads in its unit.
#pragma once
#include <cstdio>
#include <string>
#include <string_view>

#include "game/analysis.h"
#include "game/search.h"
#include "text/json.h"

namespace game::analysis {

// ---------------------------------------------------------------- printing

// How a front end shows a line's score: `number` in the stated unit (for
// JSON and text), `text` for people (e.g. "+12", "proven win in 3 plies").
struct Score {
  double number = 0;
  std::string text;
};

inline std::string proofWord(game::Proof p) {
  switch (p) {
    case game::Proof::Win: return "win";
    case game::Proof::Loss: return "loss";
    case game::Proof::Draw: return "draw";
    case game::Proof::None: break;
  }
  return "";
}

// A JSON string (the project's one escaper, text/json.h).
inline std::string jsonString(const std::string& s) {
  std::string out(1, '"');
  out += text::jsonEscape(s);
  return out + '"';
}

inline std::string number(double x, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  // A value that rounds to zero from below prints "-0.0": no sign for zero.
  if (buf[0] == '-' && std::string_view(buf + 1).find_first_not_of("0.") == std::string_view::npos)
    return buf + 1;
  return buf;
}

// One text line per line of the iteration, engine style:
//   depth 3  nodes 5120  nps 1280000  time 4 ms  score +12  pv D4 E5 C3
template <class Move, class Name, class ScoreOf>
std::string textLines(const Iteration<Move>& it, const std::string& depthWord, bool multipv, Name name, ScoreOf score) {
  std::string out;
  for (std::size_t k = 0; k < it.lines.size(); ++k) {
    const auto& line = it.lines[k];
    out += depthWord + " " + std::to_string(it.depth);
    if (multipv) out += "  multipv " + std::to_string(k + 1);
    out += "  nodes " + std::to_string(it.nodes) + "  nps " + number(it.nodesPerSecond(), 0) + "  time " +
           number(it.elapsedMs, 0) + " ms  score " + score(line).text + "  pv";
    for (const Move& m : line.pv) {
      out += ' ';
      out += name(m);
    }
    out += '\n';
  }
  return out;
}

// The iteration as a JSON object (one element of "iterations").
template <class Move, class Name, class ScoreOf>
std::string jsonIteration(const Iteration<Move>& it, const std::string& depthWord, Name name, ScoreOf score) {
  std::string out = "{\"" + depthWord + "\":" + std::to_string(it.depth) + ",\"nodes\":" + std::to_string(it.nodes) +
                    ",\"nps\":" + number(it.nodesPerSecond(), 0) + ",\"time_ms\":" + number(it.elapsedMs, 1) +
                    ",\"lines\":[";
  for (std::size_t k = 0; k < it.lines.size(); ++k) {
    const auto& line = it.lines[k];
    const Score sc = score(line);
    if (k) out += ',';
    out += "{\"multipv\":" + std::to_string(k + 1) + ",\"move\":" +
           jsonString(name(line.pv[0])) + ",\"score\":" + number(sc.number, 4) + ",\"score_text\":" +
           jsonString(sc.text);
    if (line.proof != game::Proof::None)
      out += ",\"proof\":" + jsonString(proofWord(line.proof)) + ",\"proof_plies\":" + std::to_string(line.proofPlies);
    out += ",\"pv\":[";
    for (std::size_t i = 0; i < line.pv.size(); ++i) {
      if (i) out += ',';
      out += jsonString(name(line.pv[i]));
    }
    out += "]}";
  }
  return out + "]}";
}

}  // namespace game::analysis
