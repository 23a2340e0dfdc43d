// JSON, through one library (nlohmann-json): every JSON cardstock reads or writes goes
// through this header. Json keeps keys in the order written (same input, same bytes).
// json_quote and json_text never throw: bytes that are not UTF-8 are kept readable as "\xE9".
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace cardstock {

using Json = nlohmann::ordered_json;

/// `s` as a JSON string literal, quotes included (control characters escaped).
std::string json_quote(std::string_view s);

/// `j` as JSON text (`indent` as nlohmann's dump: -1 one line), always valid UTF-8: a
/// string or key holding bytes that are not UTF-8 (a Latin-1 file name) is written as
/// json_quote writes it, each such byte as the four characters "\xE9". Never throws.
std::string json_text(const Json& j, int indent = -1);

/// Deepest nesting of arrays and objects parse_json accepts (a manifest needs six).
inline constexpr int kMaxJsonDepth = 64;

/// Where a parsed value is in its text: bytes [begin, end), and where its elements are
/// (an array's in order; an object's values in the order written).
struct JsonSpan {
  size_t begin = 0, end = 0;
  std::vector<JsonSpan> items;
};

/// A parsed text, or the first problem in it: `error` ("" when parsed) at byte `error_at`.
struct JsonParsed {
  Json value;
  JsonSpan span;
  std::string error;  // nlohmann's reason, or "nesting deeper than 64 levels", "the key
                      // \"a\" is given twice in one object"
  size_t error_at = 0;
  bool ok() const { return error.empty(); }
};

/// Parses `text` that may come from anyone, strictly (RFC 8259, strings checked as UTF-8,
/// no duplicate keys, numbers finite, nesting at most kMaxJsonDepth; a UTF-8 byte-order
/// mark is skipped) and says where each value is. Never throws.
JsonParsed parse_json(std::string_view text);

/// The line and column (1-based, bytes) of byte `offset` of `text`.
std::pair<int, int> json_line_col(std::string_view text, size_t offset);

/// "line:col" of byte `offset` of `text`.
std::string json_place(std::string_view text, size_t offset);

}  // namespace cardstock
