// json_reader: a strict pull parser for JSON text that may come from anyone (the
// manifest.json of an output folder someone else built). RFC 8259 syntax only, strings
// checked as UTF-8, nesting at most kMaxJsonDepth; the first problem stops it and is kept
// with its line:col. Nothing throws, nothing is held but the text it reads.
//
//   JsonReader r(text);
//   if (r.begin_object())
//     for (std::string key; r.next_key(&key);)
//       if (key == "page") r.number(&page); else r.skip();
//   if (!r.finish()) report(r.error());
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cardstock {

/// Deepest nesting of arrays and objects accepted (a manifest needs six).
inline constexpr int kMaxJsonDepth = 64;

class JsonReader {
 public:
  enum class Type { Object, Array, String, Number, Bool, Null, Bad };

  explicit JsonReader(std::string_view text);

  /// The type of the next value, without reading it (Bad at the end of the text, on a
  /// character no value starts with, or after an error).
  Type peek();
  /// Reads '{' / '['. False (with an error) if the next value is something else.
  bool begin_object();
  bool begin_array();
  /// Inside an object: reads the next key and its ':' into *key and returns true, or
  /// reads the closing '}' and returns false (also on an error: check ok()). The caller
  /// then reads or skips the value.
  bool next_key(std::string* key);
  /// Inside an array: true if another element follows (the caller reads or skips it),
  /// false after the closing ']' (or on an error).
  bool next_item();
  /// Reads one value of that type; false with an error if the next value is another.
  bool string(std::string* out);
  bool number(double* out);
  /// A number that is a whole number in [lo, hi].
  bool integer(long* out, long lo, long hi);
  bool boolean(bool* out);
  /// Reads (and checks) any one value, keeping nothing.
  bool skip();
  /// After the top value: true if only whitespace follows and no error was met.
  bool finish();

  bool ok() const { return error_.empty(); }
  /// "line:col: what was expected and found", or "" while ok().
  std::string error() const;
  /// Records a problem with the value just read (e.g. "'rect' must have four numbers")
  /// at the place that value starts, or at byte `offset`; the reader stops. Returns false.
  bool fail_at_value(const std::string& what) { return fail(what, value_begin_); }
  bool fail_at(size_t offset, const std::string& what) { return fail(what, offset); }
  /// Byte offsets of the value last read or skipped: [value_begin(), value_end()).
  size_t value_begin() const { return value_begin_; }
  size_t value_end() const { return pos_; }
  /// The line and column (1-based, bytes) of a byte offset.
  std::pair<int, int> line_col(size_t offset) const;

 private:
  void space();
  bool fail(const std::string& what, size_t at);
  bool expect_value_start();
  bool read_string(std::string* out);
  bool read_number(double* out);
  bool literal(std::string_view word);
  bool after_value();
  std::string found() const;

  std::string_view t_;
  size_t pos_ = 0, value_begin_ = 0;
  // Per open container: whether an element has been read yet (for the commas).
  std::vector<bool> first_;
  std::string error_;
  size_t error_at_ = 0;
};

}  // namespace cardstock
