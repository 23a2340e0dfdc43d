// Helpers shared by the tests: the repo's templates and millimetre comparisons.
#pragma once
#include <unistd.h>

#include <filesystem>
#include <string>

#include "base/diag.h"
#include "load/load.h"
#include "model/model.h"

namespace cardstock::testing {

inline std::string source_dir() { return CARDSTOCK_SOURCE_DIR; }

/// An empty folder for one test, unique to this process and `name`. It lies under the
/// build tree (CARDSTOCK_TEST_TMP), never in the system temp folder, so tests leave
/// nothing behind outside the build.
inline std::filesystem::path fresh_dir(const std::string& name) {
  auto d = std::filesystem::path(CARDSTOCK_TEST_TMP) / (name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

/// The shipped templates/, loaded once; the test fails if they do not load cleanly.
inline const Templates& shipped_templates() {
  static const Templates t = [] {
    Diagnostics d;
    Templates t = load_templates(source_dir() + "/templates", d);
    if (d.has_errors()) throw std::runtime_error(d.str());
    return t;
  }();
  return t;
}

/// `s` with every occurrence of `from` replaced by `to` (test paths made short: "D").
inline std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  if (from.empty()) return s;
  for (size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size()) s.replace(at, from.size(), to);
  return s;
}

inline double mm(double pt) { return pt * 25.4 / 72.0; }

/// `diags` without the note that rows of a file were numbered ("2 cards are numbered ...
/// 'id_from: word' names them"): for tests of CSV and spreadsheet decks about other things.
/// The note itself is asserted in CsvCards.NumberedRowsGetOneNoteNamingAColumn.
inline std::string without_numbering_note(const std::string& diags) {
  std::string out;
  for (size_t at = 0, end; at < diags.size(); at = end + 1) {
    end = diags.find('\n', at);
    if (end == std::string::npos) end = diags.size();
    const std::string line = diags.substr(at, end - at);
    const bool numbering = line.find(": note: ") != std::string::npos &&
                           (line.find(" cards are numbered ('") != std::string::npos ||
                            line.find(" card is numbered ('") != std::string::npos);
    if (!numbering) out += line + (end < diags.size() ? "\n" : "");
  }
  return out;
}

/// Parses a game from text with the shipped templates; returns every diagnostic.
inline std::string diagnostics_of(const std::string& yaml, const std::string& name = "t.yaml") {
  Diagnostics d;
  parse_game(yaml, name, source_dir() + "/content", shipped_templates(), d);
  return d.str();
}

}  // namespace cardstock::testing
