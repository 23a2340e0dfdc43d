// yaml_syntax: a light second look at YAML text for the mistakes yaml-cpp reports in the
// wrong place: a '[', '{' or quote that is never closed is noticed only at the end of
// the file or a line later. Pure text scanning; positions are 1-based.
#pragma once
#include <optional>
#include <string>

namespace cardstock {

struct Unclosed {
  int line = 0, col = 0;  // where the opening character is
  char open = 0;          // '[', '{', '"' or '\''
};

/// The innermost flow collection, or the quoted scalar, of `text` still open at the end of the
/// file, if any. Comments, block scalars (| and >), anchors, tags and quotes inside plain
/// scalars ("it's") are understood well enough not to be mistaken for openings.
std::optional<Unclosed> find_unclosed(const std::string& text);

/// A place in YAML text (1-based) and what is there.
struct Slip {
  int line = 0, col = 0;
  std::string text;
};

/// The first '#' that starts a comment where a value was due, followed by what reads as
/// a colour: `green: #2e9e44`, `- #fff`, `{fill: #000}`. YAML takes it for a comment and
/// the value for nothing. `text` is the colour ("#2e9e44").
std::optional<Slip> find_hash_value(const std::string& text);

/// The first tab in the indentation of a line (outside quotes and block scalars) that
/// has something after it: YAML indents with spaces only.
std::optional<Slip> find_indent_tab(const std::string& text);

/// What would close every '[' and '{' still open at the end of `text`, innermost first
/// ("]}]"); "" if none is open or a quote is.
std::string flow_closers(const std::string& text);

}  // namespace cardstock
