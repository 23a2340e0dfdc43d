// text_check: every string a user writes must be text that can be drawn: UTF-8, with no
// NUL byte and no control character but tab, line feed and carriage return. Checked on
// a file's raw bytes (at the exact line:col) and again on each parsed YAML scalar, since
// escapes such as "\x01" or "\0" make such characters only when the scalar is parsed.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "base/diag.h"

namespace cardstock {

/// One problem in a piece of text: where (bytes), what (words for a message) and whether
/// the text can still be drawn exactly (a warning) or not (an error).
struct TextFault {
  size_t offset = 0, length = 1;
  std::string what;  // e.g. "byte 0xE9 is not valid UTF-8", "control character U+0001"
  bool error = true;
  bool encoding = false;  // not UTF-8 at all (as opposed to a character that cannot be drawn)
};

/// The first problem in `s` at or after byte `from`, if any.
std::optional<TextFault> find_text_fault(std::string_view s, size_t from = 0);

/// Whether `text` is UTF-16, and which way round: with a byte-order mark (FF FE, FE FF),
/// or without one when every other byte of its start is zero (ASCII in UTF-16; UTF-8
/// text has no zero bytes). A spreadsheet's "Unicode text" is UTF-16LE.
enum class Utf16 { No, Le, Be };
Utf16 utf16_kind(std::string_view text);

/// Checks a whole file's bytes and reports the first problem of each line at its
/// line:col (columns count bytes, as yaml-cpp's do; a UTF-8 byte-order mark at the start
/// is skipped and not counted), the first ten lines and then how many more there are;
/// text in UTF-16 (utf16_kind) is one error at the file, saying so and how to save UTF-8. Replacement characters (U+FFFD) are reported as warnings
/// only if `replacement_chars` is set. Returns false if an error was reported.
bool check_file_text(std::string_view text, const std::string& file, bool replacement_chars,
                     Diagnostics& d);

/// The message for `f`: what it is and the fix. `in_file`: found in a file's raw bytes
/// (the fix for bytes that are not UTF-8 is then to save the file as UTF-8).
std::string text_fault_message(const TextFault& f, bool in_file);

/// `s` quoted for a message: at most `max` characters around byte `at`, with control
/// characters and bytes that are not UTF-8 written as escapes ("\x01", "\xE9").
std::string shown_text(std::string_view s, size_t at, size_t max = 40);

/// `s` as valid UTF-8 for a file another program parses (JSON): its UTF-8 characters as
/// they are, each byte that is not UTF-8 written as the four characters "\xE9", so the
/// name stays readable and nothing is dropped. Valid UTF-8 comes back unchanged.
std::string utf8_or_escaped(std::string_view s);

/// `s` for a terminal or a CI log, the one escaping of input echoed on stdout/stderr:
/// UTF-8 characters as they are; tab, line feed and carriage return as "\t", "\n", "\r";
/// other C0 controls and DEL as "\x1B", C1 controls and the characters that reorder or
/// break lines (U+2028, U+2029, bidi overrides) as "\u0085"; bytes that are not UTF-8 as
/// "\xFF". The result holds no control byte, so input never starts a line of its own.
std::string printable(std::string_view s);

/// printable(s) fit to start an output line (a file name before ":line:col", a stock id
/// in a listing): if it starts with anything but a letter, digit, '.', '/' or '_', "./"
/// goes in front (a relative path still names the same file), so no line cardstock
/// prints starts with "::" (a GitHub Actions workflow command), "-" or a space.
std::string printable_lead(std::string_view s);

/// "U+05D0", "U+1F600": the code point in the usual notation.
std::string code_point_name(char32_t c);

/// Decodes the UTF-8 character at `s[i]`, advancing `i`; a byte that is not UTF-8 gives
/// U+FFFD and advances one byte.
char32_t next_code_point(std::string_view s, size_t* i);

}  // namespace cardstock
