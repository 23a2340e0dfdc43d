// JSON, through one library (nlohmann-json): every JSON cardstock reads or writes goes
// through this header. Json keeps keys in the order written (same input, same bytes).
// json_quote never throws: bytes that are not UTF-8 are kept readable as "\xE9".
#pragma once
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace cardstock {

using Json = nlohmann::ordered_json;

/// `s` as a JSON string literal, quotes included (control characters escaped).
std::string json_quote(std::string_view s);

}  // namespace cardstock
