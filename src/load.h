// load: YAML files -> model. Every problem goes into Diagnostics with file:line:col;
// nothing throws. A returned model is complete only when no error was reported.
#pragma once
#include <optional>
#include <string>

#include "diag.h"
#include "model.h"

namespace cardstock {

/// Most copies a single card row may ask for; more is surely a typo.
inline constexpr long kMaxCardCount = 100000;

/// Largest content file (game file, booklet source) read; bigger is surely not a game.
inline constexpr long kMaxFileBytes = 16L << 20;

/// Longest card field, in bytes: a card holds a few hundred characters at most, and
/// fitting megabytes of text would take minutes.
inline constexpr size_t kMaxFieldLength = 10000;

/// Loads templates/: papers.yaml, cards.yaml, fonts.yaml, stocks/*.yaml, designs/*.yaml.
Templates load_templates(const std::string& dir, Diagnostics& d);

/// Parses one stock file's text (`name` is the file name used in diagnostics).
std::optional<Stock> parse_stock(const std::string& text, const std::string& name,
                                 const Templates& t, Diagnostics& d);

/// Loads a game file.
std::optional<Game> load_game(const std::string& path, const Templates& t, Diagnostics& d);

/// Parses a game file's text; images resolve against `dir`. The parse-from-string entry
/// point tests use.
std::optional<Game> parse_game(const std::string& text, const std::string& name,
                               const std::string& dir, const Templates& t, Diagnostics& d);

/// Reads a whole file; reports an unreadable or oversized (kMaxFileBytes) file as a
/// diagnostic.
bool read_file(const std::string& path, std::string* out, Diagnostics& d);

}  // namespace cardstock
