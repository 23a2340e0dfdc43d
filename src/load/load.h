// load: YAML files -> model. Every problem goes into Diagnostics with file:line:col;
// nothing throws. A returned model is complete only when no error was reported.
#pragma once
#include <optional>
#include <string>

#include "base/diag.h"
#include "model/model.h"
#include "base/input_limits.h"

namespace YAML {
class Node;
}

namespace cardstock {

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

/// Parses the one YAML document of a file's text as game and template files are parsed
/// (UTF-8 and control characters, duplicate keys, unclosed quotes, one document, value
/// and nesting limits), reporting every problem; false if it cannot be used. `what`
/// names the file in messages ("a printer profile").
bool parse_yaml_text(const std::string& text, const std::string& name, const std::string& what, YAML::Node* out,
                     Diagnostics& d);

/// Reads a whole file; reports an unreadable or oversized (kMaxFileBytes) file as a
/// diagnostic.
bool read_file(const std::string& path, std::string* out, Diagnostics& d);

}  // namespace cardstock
