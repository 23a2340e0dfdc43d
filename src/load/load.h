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

/// Loads the shipped templates/: papers.yaml, cards.yaml, fonts.yaml, stocks/*.yaml,
/// designs/*.yaml, each required.
Templates load_templates(const std::string& dir, Diagnostics& d);

/// Adds the templates folder `dir` (laid out like templates/, every file optional) as a
/// layer over `t` (--templates DIR). A name defined twice in the layer is an error; one
/// that replaces or hides a name below it gets a note.
void add_templates(Templates& t, const std::string& dir, Diagnostics& d);

/// Parses one stock file's text (`name` is the file name used in diagnostics): its stock,
/// or one a paper when it names several; none after an error.
std::vector<Stock> parse_stocks(const std::string& text, const std::string& name, const Templates& t,
                                Diagnostics& d);
/// The same, for a file of one paper: its stock (the first paper's of several).
std::optional<Stock> parse_stock(const std::string& text, const std::string& name, const Templates& t,
                                 Diagnostics& d);

/// What the command line says about loading a game.
struct LoadOptions {
  bool allow_outside = false;  // files the game names (CSV, images) may lie outside its folder
};

/// Loads a game file.
std::optional<Game> load_game(const std::string& path, const Templates& t, Diagnostics& d,
                              const LoadOptions& o = {});

/// Parses a game file's text; images and CSV files resolve against `dir`. The
/// parse-from-string entry point tests use.
std::optional<Game> parse_game(const std::string& text, const std::string& name,
                               const std::string& dir, const Templates& t, Diagnostics& d,
                               const LoadOptions& o = {});

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
