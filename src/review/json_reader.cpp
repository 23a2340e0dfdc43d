#include "review/json_reader.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace cardstock {

JsonReader::JsonReader(std::string_view text) : t_(text) {
  // A UTF-8 byte-order mark is not JSON, but harmless: skipped.
  if (t_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
}

std::pair<int, int> JsonReader::line_col(size_t offset) const {
  int line = 1, col = 1;
  for (size_t i = 0; i < offset && i < t_.size(); ++i) {
    if (t_[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return {line, col};
}

std::string JsonReader::error() const {
  if (error_.empty()) return "";
  const auto [line, col] = line_col(error_at_);
  return std::to_string(line) + ":" + std::to_string(col) + ": " + error_;
}

bool JsonReader::fail(const std::string& what, size_t at) {
  if (error_.empty()) {
    error_ = what;
    error_at_ = at;
  }
  return false;
}

std::string JsonReader::found() const {
  if (pos_ >= t_.size()) return "the end of the text";
  const unsigned char c = static_cast<unsigned char>(t_[pos_]);
  if (c >= 0x21 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
  char buf[16];
  std::snprintf(buf, sizeof buf, "byte 0x%02X", c);
  return buf;
}

void JsonReader::space() {
  while (pos_ < t_.size() && (t_[pos_] == ' ' || t_[pos_] == '\t' || t_[pos_] == '\n' || t_[pos_] == '\r'))
    ++pos_;
}

JsonReader::Type JsonReader::peek() {
  if (!ok()) return Type::Bad;
  space();
  if (pos_ >= t_.size()) return Type::Bad;
  switch (t_[pos_]) {
    case '{': return Type::Object;
    case '[': return Type::Array;
    case '"': return Type::String;
    case 't': case 'f': return Type::Bool;
    case 'n': return Type::Null;
    default:
      return (t_[pos_] == '-' || (t_[pos_] >= '0' && t_[pos_] <= '9')) ? Type::Number : Type::Bad;
  }
}

namespace {

const char* type_name(JsonReader::Type t) {
  switch (t) {
    case JsonReader::Type::Object: return "an object";
    case JsonReader::Type::Array: return "an array";
    case JsonReader::Type::String: return "a string";
    case JsonReader::Type::Number: return "a number";
    case JsonReader::Type::Bool: return "true or false";
    case JsonReader::Type::Null: return "null";
    case JsonReader::Type::Bad: break;
  }
  return "a value";
}

}  // namespace

bool JsonReader::expect_value_start() {
  if (!ok()) return false;
  space();
  value_begin_ = pos_;
  return true;
}

bool JsonReader::begin_object() {
  if (!expect_value_start()) return false;
  if (pos_ >= t_.size() || t_[pos_] != '{') {
    const Type t = peek();
    return fail(std::string("expected an object, found ") + (t == Type::Bad ? found() : type_name(t)), pos_);
  }
  if (static_cast<int>(first_.size()) >= kMaxJsonDepth)
    return fail("nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels", pos_);
  ++pos_;
  first_.push_back(true);
  return true;
}

bool JsonReader::begin_array() {
  if (!expect_value_start()) return false;
  if (pos_ >= t_.size() || t_[pos_] != '[') {
    const Type t = peek();
    return fail(std::string("expected an array, found ") + (t == Type::Bad ? found() : type_name(t)), pos_);
  }
  if (static_cast<int>(first_.size()) >= kMaxJsonDepth)
    return fail("nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels", pos_);
  ++pos_;
  first_.push_back(true);
  return true;
}

bool JsonReader::next_key(std::string* key) {
  if (!ok() || first_.empty()) return false;
  space();
  if (pos_ < t_.size() && t_[pos_] == '}') {
    ++pos_;
    first_.pop_back();
    return false;
  }
  if (!first_.back()) {
    if (pos_ >= t_.size() || t_[pos_] != ',') return fail("expected ',' or '}' in an object, found " + found(), pos_);
    ++pos_;
    space();
  }
  if (pos_ >= t_.size() || t_[pos_] != '"') return fail("expected a key (a string), found " + found(), pos_);
  if (!read_string(key)) return false;
  space();
  if (pos_ >= t_.size() || t_[pos_] != ':') return fail("expected ':' after the key, found " + found(), pos_);
  ++pos_;
  first_.back() = false;
  return true;
}

bool JsonReader::next_item() {
  if (!ok() || first_.empty()) return false;
  space();
  if (pos_ < t_.size() && t_[pos_] == ']') {
    ++pos_;
    first_.pop_back();
    return false;
  }
  if (!first_.back()) {
    if (pos_ >= t_.size() || t_[pos_] != ',') return fail("expected ',' or ']' in an array, found " + found(), pos_);
    ++pos_;
  }
  first_.back() = false;
  return true;
}

namespace {

void put_utf8(char32_t c, std::string* out) {
  if (c < 0x80) {
    *out += static_cast<char>(c);
  } else if (c < 0x800) {
    *out += static_cast<char>(0xC0 | (c >> 6));
    *out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    *out += static_cast<char>(0xE0 | (c >> 12));
    *out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    *out += static_cast<char>(0xF0 | (c >> 18));
    *out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    *out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// Length of the well-formed UTF-8 sequence at s[i] (RFC 3629: no overlong forms, no
// surrogates, nothing past U+10FFFF), or 0.
size_t utf8_length(std::string_view s, size_t i) {
  const auto b = [&](size_t k) { return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0u; };
  const unsigned c = b(0);
  const auto cont = [&](size_t k) { return (b(k) & 0xC0) == 0x80; };
  if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    if (!cont(1) || !cont(2)) return 0;
    if (c == 0xE0 && b(1) < 0xA0) return 0;   // overlong
    if (c == 0xED && b(1) >= 0xA0) return 0;  // a surrogate
    return 3;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0;
    if (c == 0xF0 && b(1) < 0x90) return 0;   // overlong
    if (c == 0xF4 && b(1) >= 0x90) return 0;  // past U+10FFFF
    return 4;
  }
  return 0;
}

int hex4(std::string_view s, size_t i) {
  if (i + 4 > s.size()) return -1;
  int v = 0;
  for (size_t k = 0; k < 4; ++k) {
    const char c = s[i + k];
    v <<= 4;
    if (c >= '0' && c <= '9') v |= c - '0';
    else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
    else return -1;
  }
  return v;
}

}  // namespace

bool JsonReader::read_string(std::string* out) {
  out->clear();
  ++pos_;  // the opening quote
  while (true) {
    if (pos_ >= t_.size()) return fail("a string is not closed", value_begin_);
    const unsigned char c = static_cast<unsigned char>(t_[pos_]);
    if (c == '"') {
      ++pos_;
      return true;
    }
    if (c < 0x20) return fail("a control character (" + found() + ") inside a string; write it as an escape", pos_);
    if (c >= 0x80) {
      const size_t n = utf8_length(t_, pos_);
      if (n == 0) return fail(found() + " is not UTF-8", pos_);
      out->append(t_.substr(pos_, n));
      pos_ += n;
      continue;
    }
    if (c != '\\') {
      *out += static_cast<char>(c);
      ++pos_;
      continue;
    }
    const size_t at = pos_;
    if (pos_ + 1 >= t_.size()) return fail("a string is not closed", value_begin_);
    const char e = t_[pos_ + 1];
    pos_ += 2;
    switch (e) {
      case '"': *out += '"'; break;
      case '\\': *out += '\\'; break;
      case '/': *out += '/'; break;
      case 'b': *out += '\b'; break;
      case 'f': *out += '\f'; break;
      case 'n': *out += '\n'; break;
      case 'r': *out += '\r'; break;
      case 't': *out += '\t'; break;
      case 'u': {
        int u = hex4(t_, pos_);
        if (u < 0) return fail("'\\u' wants four hex digits", at);
        pos_ += 4;
        char32_t cp = static_cast<char32_t>(u);
        if (u >= 0xD800 && u <= 0xDBFF) {  // a high surrogate: its low half must follow
          const int lo = t_.substr(pos_, 2) == "\\u" ? hex4(t_, pos_ + 2) : -1;
          if (lo < 0xDC00 || lo > 0xDFFF) return fail("a lone surrogate '\\u" + std::string(t_.substr(at + 2, 4)) + "'", at);
          pos_ += 6;
          cp = 0x10000 + ((static_cast<char32_t>(u) - 0xD800) << 10) + (static_cast<char32_t>(lo) - 0xDC00);
        } else if (u >= 0xDC00 && u <= 0xDFFF) {
          return fail("a lone surrogate '\\u" + std::string(t_.substr(at + 2, 4)) + "'", at);
        }
        put_utf8(cp, out);
        break;
      }
      default:
        pos_ = at + 1;
        return fail("unknown escape '\\" + found().substr(1, 1) + "' in a string", at);
    }
  }
}

bool JsonReader::read_number(double* out) {
  const size_t start = pos_;
  auto digits = [&] {
    const size_t from = pos_;
    while (pos_ < t_.size() && t_[pos_] >= '0' && t_[pos_] <= '9') ++pos_;
    return pos_ > from;
  };
  if (pos_ < t_.size() && t_[pos_] == '-') ++pos_;
  if (pos_ < t_.size() && t_[pos_] == '0') {
    ++pos_;
  } else if (!digits()) {
    return fail("a number wants digits, found " + found(), pos_);
  }
  if (pos_ < t_.size() && t_[pos_] == '.') {
    ++pos_;
    if (!digits()) return fail("a number wants digits after '.', found " + found(), pos_);
  }
  if (pos_ < t_.size() && (t_[pos_] == 'e' || t_[pos_] == 'E')) {
    ++pos_;
    if (pos_ < t_.size() && (t_[pos_] == '+' || t_[pos_] == '-')) ++pos_;
    if (!digits()) return fail("a number wants digits in its exponent, found " + found(), pos_);
  }
  double v = 0;
  const auto r = std::from_chars(t_.data() + start, t_.data() + pos_, v);
  if (r.ec != std::errc() || !std::isfinite(v))
    return fail("the number " + std::string(t_.substr(start, std::min<size_t>(pos_ - start, 40))) +
                    " is out of range",
                start);
  *out = v;
  return true;
}

bool JsonReader::literal(std::string_view word) {
  if (t_.substr(pos_, word.size()) != word) return fail("expected a value, found " + found(), pos_);
  pos_ += word.size();
  return true;
}

bool JsonReader::string(std::string* out) {
  if (!expect_value_start()) return false;
  if (peek() != Type::String) return fail("expected a string, found " + std::string(peek() == Type::Bad ? found() : type_name(peek())), pos_);
  return read_string(out);
}

bool JsonReader::number(double* out) {
  if (!expect_value_start()) return false;
  if (peek() != Type::Number) return fail("expected a number, found " + std::string(peek() == Type::Bad ? found() : type_name(peek())), pos_);
  return read_number(out);
}

bool JsonReader::integer(long* out, long lo, long hi) {
  double v = 0;
  if (!number(&v)) return false;
  if (v != std::floor(v) || v < static_cast<double>(lo) || v > static_cast<double>(hi)) {
    fail_at_value("expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", found " +
                  std::string(t_.substr(value_begin_, std::min<size_t>(pos_ - value_begin_, 40))));
    return false;
  }
  *out = static_cast<long>(v);
  return true;
}

bool JsonReader::boolean(bool* out) {
  if (!expect_value_start()) return false;
  if (t_.substr(pos_, 4) == "true") {
    pos_ += 4;
    *out = true;
    return true;
  }
  if (t_.substr(pos_, 5) == "false") {
    pos_ += 5;
    *out = false;
    return true;
  }
  return fail("expected true or false, found " + std::string(peek() == Type::Bad ? found() : type_name(peek())), pos_);
}

bool JsonReader::skip() {
  if (!expect_value_start()) return false;
  const size_t start = pos_;
  bool done = false;
  switch (peek()) {
    case Type::Object: {
      std::string key;
      if (!begin_object()) return false;
      while (next_key(&key)) skip();
      done = ok();
      break;
    }
    case Type::Array:
      if (!begin_array()) return false;
      while (next_item()) skip();
      done = ok();
      break;
    case Type::String: {
      std::string s;
      done = read_string(&s);
      break;
    }
    case Type::Number: {
      double v;
      done = read_number(&v);
      break;
    }
    case Type::Bool:
      done = literal(t_[pos_] == 't' ? "true" : "false");
      break;
    case Type::Null:
      done = literal("null");
      break;
    case Type::Bad:
      return fail("expected a value, found " + found(), pos_);
  }
  value_begin_ = start;
  return done;
}

bool JsonReader::finish() {
  if (!ok()) return false;
  space();
  if (!first_.empty()) return fail("the text ends inside an object or array", pos_);
  if (pos_ != t_.size()) return fail("unexpected " + found() + " after the end of the JSON value", pos_);
  return true;
}

}  // namespace cardstock
