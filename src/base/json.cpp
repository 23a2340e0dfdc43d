#include "base/json.h"

#include <algorithm>
#include <cmath>

#include "base/text_check.h"

namespace cardstock {

std::string json_quote(std::string_view s) {
  // Printable ASCII without a quote or backslash is written as it is, as nlohmann's dump
  // would write it, without building a value and a serializer (the manifest quotes a few
  // strings per card).
  if (std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7F && c != '"' && c != '\\'; }))
    return "\"" + std::string(s) + "\"";
  // nlohmann throws on bytes that are not UTF-8; a file name in Latin-1 is escaped first,
  // so that a manifest stays JSON whatever a user's file system holds.
  return Json(utf8_or_escaped(s)).dump();
}

namespace {

// A copy of `j` with every string and key made valid UTF-8 (utf8_or_escaped).
Json escaped_copy(const Json& j) {
  if (j.is_string()) return utf8_or_escaped(j.get_ref<const std::string&>());
  if (j.is_array()) {
    Json out = Json::array();
    for (const auto& v : j) out.push_back(escaped_copy(v));
    return out;
  }
  if (j.is_object()) {
    Json out = Json::object();
    for (const auto& [k, v] : j.items()) out[utf8_or_escaped(k)] = escaped_copy(v);
    return out;
  }
  return j;
}

}  // namespace

std::string json_text(const Json& j, int indent) {
  // The usual case costs one dump; only a text nlohmann refuses (type_error 316, bytes
  // that are not UTF-8) is copied with its strings escaped, as json_quote escapes them.
  try {
    return j.dump(indent);
  } catch (const Json::type_error&) {
    return escaped_copy(j).dump(indent);
  }
}

namespace {

// Builds the value and its spans from nlohmann's SAX events. The events carry no
// positions, so each value's place is found in the text itself, past the end of the one
// before: nlohmann has checked the text up to there, so a step over whitespace, ',' and
// ':' reaches the value's first byte, and its end is found from its first byte.
class LocatingSax {
 public:
  explicit LocatingSax(std::string_view text, JsonParsed* out) : t_(text), out_(out) {
    if (t_.substr(0, 3) == "\xEF\xBB\xBF") after_ = 3;
  }

  bool null() { return scalar(nullptr, after_literal(4)); }
  bool boolean(bool v) { return scalar(v, after_literal(v ? 4 : 5)); }
  bool number_integer(Json::number_integer_t v) { return scalar(v, after_number()); }
  bool number_unsigned(Json::number_unsigned_t v) { return scalar(v, after_number()); }
  bool number_float(Json::number_float_t v, const std::string&) { return scalar(v, after_number()); }
  bool string(std::string& v) { return scalar(std::move(v), after_string()); }
  bool binary(Json::binary_t&) { return false; }  // JSON text has none
  bool start_object(size_t) { return open(Json::object()); }
  bool start_array(size_t) { return open(Json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(std::string& k) {
    const size_t at = next(after_);
    after_ = string_end(at);
    if (open_.back().first->contains(k)) return fail(at, "the key " + json_quote(k) + " is given twice in one object");
    key_ = std::move(k);
    return true;
  }
  bool parse_error(size_t position, const std::string&, const nlohmann::detail::exception& ex) {
    // "[json.exception.parse_error.101] parse error at line 1, column 4: syntax error
    // while parsing array - unexpected number literal; expected ']'" -> from "syntax".
    std::string why = ex.what();
    if (const size_t id = why.find("] "); id != std::string::npos) why.erase(0, id + 2);
    if (why.rfind("parse error", 0) == 0)
      if (const size_t col = why.find(": ", why.find("column")); col != std::string::npos) why.erase(0, col + 2);
    // The bytes read are quoted back raw; they may be anything (not UTF-8, a megabyte).
    if (const size_t last = why.find("; last read: '"); last != std::string::npos) {
      const size_t expected = why.find("'; expected ", last);
      why.erase(last, expected == std::string::npos ? std::string::npos : expected + 1 - last);
    }
    return fail(std::min(position > 0 ? position - 1 : 0, t_.size()), why);
  }

 private:
  bool fail(size_t at, std::string why) {
    if (out_->error.empty()) out_->error = std::move(why), out_->error_at = at;
    return false;
  }
  static bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  // The first byte of the next token from `at`, past whitespace and separators.
  size_t next(size_t at) const {
    while (at < t_.size() && (space(t_[at]) || t_[at] == ',' || t_[at] == ':')) ++at;
    return at;
  }
  size_t string_end(size_t at) const {  // `at`: the opening quote
    for (size_t i = at + 1; i < t_.size(); ++i) {
      if (t_[i] == '\\') ++i;
      else if (t_[i] == '"') return i + 1;
    }
    return t_.size();
  }
  size_t after_literal(size_t n) const { return next(after_) + n; }
  size_t after_number() const {
    size_t i = next(after_);
    while (i < t_.size() && std::string_view("+-.eE0123456789").find(t_[i]) != std::string_view::npos) ++i;
    return i;
  }
  size_t after_string() const { return string_end(next(after_)); }

  // Puts `v`, ending at byte `end`, where the text has it; returns it and its span.
  std::pair<Json*, JsonSpan*> place(Json v, size_t end) {
    const size_t begin = next(after_);
    after_ = end;
    if (open_.empty()) {
      out_->value = std::move(v);
      out_->span = {begin, end, {}};
      return {&out_->value, &out_->span};
    }
    auto& [parent, span] = open_.back();
    span->items.push_back({begin, end, {}});
    Json* slot = parent->is_array() ? &parent->emplace_back(std::move(v)) : &((*parent)[key_] = std::move(v));
    return {slot, &span->items.back()};
  }
  bool scalar(Json v, size_t end) {
    if (v.is_number_float() && !std::isfinite(v.get<double>()))
      return fail(next(after_), "the number " + std::string(t_.substr(next(after_), end - next(after_))) +
                                    " is out of range");
    place(std::move(v), end);
    return true;
  }
  bool open(Json v) {
    const size_t at = next(after_);
    if (open_.size() >= static_cast<size_t>(kMaxJsonDepth))
      return fail(at, "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    open_.push_back(place(std::move(v), at + 1));
    return true;
  }
  bool close() {
    after_ = next(after_) + 1;  // past the '}' or ']'
    open_.back().second->end = after_;
    open_.pop_back();
    return true;
  }

  std::string_view t_;
  JsonParsed* out_;
  size_t after_ = 0;  // just past the last token placed
  std::string key_;   // the key of the value to come, inside an object
  std::vector<std::pair<Json*, JsonSpan*>> open_;
};

}  // namespace

JsonParsed parse_json(std::string_view text) {
  JsonParsed out;
  LocatingSax sax(text, &out);
  try {
    Json::sax_parse(text.begin(), text.end(), &sax);
  } catch (const std::exception& e) {  // sax_parse reports through parse_error; this is a net
    if (out.error.empty()) out.error = e.what();
  }
  if (!out.error.empty()) out.value = nullptr, out.span = {};
  return out;
}

std::pair<int, int> json_line_col(std::string_view text, size_t offset) {
  int line = 1, col = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') ++line, col = 1;
    else ++col;
  }
  return {line, col};
}

std::string json_place(std::string_view text, size_t offset) {
  const auto [line, col] = json_line_col(text, offset);
  return std::to_string(line) + ":" + std::to_string(col);
}

}  // namespace cardstock
